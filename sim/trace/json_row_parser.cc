#include "sim/trace/json_row_parser.h"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/core/nearest_name.h"
#include "sim/trace/csv_cell.h"
#include "sim/trace/internal/json_locate.h"

namespace tidemark::sim {

using engine::ValueType;
using internal::JsonPart;

namespace {

// A JSON scalar as the handler sees it, with its text for the typed-cell rules.
struct Scalar {
  enum class Kind { kNull, kBool, kInt, kFloat, kString } kind = Kind::kNull;
  bool boolean = false;
  int64_t integer = 0;
  bool integer_fits = true;  // false: an unsigned integer above INT64_MAX
  double number = 0;
  std::string_view text;  // strings, floats (as written) and ints (formatted)
};

// "true", "an object", "'hot'": a JSON value named in a message.
std::string Shown(const Scalar& s) {
  switch (s.kind) {
    case Scalar::Kind::kNull: return "null";
    case Scalar::Kind::kBool: return s.boolean ? "true" : "false";
    case Scalar::Kind::kString: return fmt::format("the string {}", QuoteForMessage(s.text));
    default: return std::string(s.text);
  }
}

constexpr const char* kOneObjectHint =
    "each line is one JSON object, such as {\"id\": \"a\", \"ts\": 1000}";

}  // namespace

// The SAX handler: the state of one object being read into one row.
struct JsonRowParser::Handler : nlohmann::json_sax<nlohmann::json> {
  // What the current key's value goes to. A member type rather than one of the
  // anonymous namespace: Handler has external linkage, and GCC warns
  // (-Wsubobject-linkage) when its members' types have internal linkage outside
  // the main file, as in a unity build.
  enum class Target { kSkip, kField, kArrival, kPartition, kKind };

  explicit Handler(Options o) : options(std::move(o)) {
    names.reserve(options.schema.size());
    for (size_t i = 0; i < options.schema.size(); ++i)
      names.push_back(options.schema.field(i).name);
  }

  // Begins a row. Values are overwritten in place, keeping their buffers.
  void Begin(TraceRow& r) {
    row = &r;
    r.kind = TraceRowKind::kEvent;
    r.record.timestamp = engine::Timestamp::Min();
    r.arrival.reset();
    r.partition.reset();
    r.watermark = engine::Timestamp::Min();
    r.record.values.resize(options.schema.size());
    seen.assign(options.schema.size(), false);
    seen_reserved = {false, false, false};
    path.clear();
    prefixes.clear();
    started = false;
    skip = 0;
    in_list = false;
    target = Target::kSkip;
    failure.reset();
  }

  // --- the SAX interface; each returns false to stop at an error ---
  bool null() override { return OnScalar({.kind = Scalar::Kind::kNull, .text = "null"}); }
  bool boolean(bool v) override {
    return OnScalar({.kind = Scalar::Kind::kBool, .boolean = v, .text = v ? "true" : "false"});
  }
  bool number_integer(number_integer_t v) override {
    const fmt::format_int text(v);
    int_text.assign(text.data(), text.size());
    return OnScalar({.kind = Scalar::Kind::kInt,
                     .integer = v,
                     .number = static_cast<double>(v),
                     .text = int_text});
  }
  bool number_unsigned(number_unsigned_t v) override {
    const fmt::format_int text(v);
    int_text.assign(text.data(), text.size());
    const bool fits = v <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    return OnScalar({.kind = Scalar::Kind::kInt,
                     .integer = fits ? static_cast<int64_t>(v) : 0,
                     .integer_fits = fits,
                     .number = static_cast<double>(v),
                     .text = int_text});
  }
  bool number_float(number_float_t v, const string_t& raw) override {
    return OnScalar({.kind = Scalar::Kind::kFloat, .number = v, .text = raw});
  }
  bool string(string_t& v) override { return OnScalar({.kind = Scalar::Kind::kString, .text = v}); }
  bool binary(binary_t&) override { return true; }  // JSON text has none
  bool start_object(std::size_t) override;
  bool key(string_t& k) override;
  bool end_object() override;
  bool start_array(std::size_t) override;
  bool end_array() override;
  bool parse_error(std::size_t position, const std::string& token,
                   const nlohmann::detail::exception& e) override;

  bool OnScalar(const Scalar& s);
  bool SetField(size_t field, const Scalar& s);
  bool SetReserved(const Scalar& s);
  // The checks once the object is read: missing fields, kind, event time, keys.
  bool Finish();

  // Records an error at the value (or key) of `at_path`; returns false.
  // Not failure.emplace(): inside this struct, clang 14 decides that Failure is
  // not default-constructible before it has parsed its member initializers.
  bool FailAt(JsonPart part, std::string at_path, std::string message, std::string hint,
              int occurrence = 1) {
    failure = Failure();
    Failure& f = *failure;
    f.part = part;
    f.path = std::move(at_path);
    f.occurrence = occurrence;
    f.message = std::move(message);
    f.hint = std::move(hint);
    return false;
  }
  // Records an error at the start of the object, or at byte `offset`.
  bool FailAtStart(std::string message, std::string hint, std::optional<size_t> offset = {}) {
    failure = Failure();
    Failure& f = *failure;
    f.message = std::move(message);
    f.hint = std::move(hint);
    f.offset = offset;
    return false;
  }
  bool FailValue(std::string message, std::string hint) {
    return FailAt(JsonPart::kValue, path, std::move(message), std::move(hint));
  }
  bool FailType(const std::string& name, ValueType type, std::string_view got) {
    return FailValue(fmt::format("field '{}' expects {} {}, got {}", name, Article(type),
                                 engine::TypeName(type), got),
                     type == ValueType::kList
                         ? "a list is an array of strings, such as [\"a\", \"b\"]"
                         : "write a JSON number, string, bool or null");
  }
  std::string_view TargetName() const {
    switch (target) {
      case Target::kArrival: return "@arrival";
      case Target::kPartition: return "@partition";
      case Target::kKind: return "@kind";
      default: return names[field];
    }
  }

  struct Failure {
    JsonPart part = JsonPart::kValue;
    std::string path;  // empty: the start of the object, or `offset` when set
    int occurrence = 1;
    std::string message;
    std::string hint;
    std::optional<size_t> offset;
    std::string missing_field;  // "the event has no field": for the hint
  };

  Options options;
  std::vector<std::string> names;
  TraceRow* row = nullptr;
  std::vector<bool> seen;
  std::array<bool, 3> seen_reserved = {false, false, false};  // @arrival, @partition, @kind
  std::string path;                                           // of the current key
  std::vector<size_t> prefixes;  // per open object: the length of its path
  bool started = false;
  int skip = 0;  // depth inside a value that names no field
  bool in_list = false;
  Target target = Target::kSkip;
  size_t field = 0;  // Target::kField
  std::string int_text;
  std::optional<Failure> failure;
};

bool JsonRowParser::Handler::start_object(std::size_t) {
  if (skip > 0) {
    ++skip;
    return true;
  }
  if (!started) {
    started = true;
    prefixes.push_back(0);
    return true;
  }
  if (in_list) return FailType(names[field], ValueType::kList, "an array holding an object");
  if (target == Target::kField) {
    return FailValue(fmt::format("field '{}' expects {} {}, got an object", names[field],
                                 Article(options.schema.field(field).type),
                                 engine::TypeName(options.schema.field(field).type)),
                     fmt::format("the fields of a nested object are named by path, such as '{}.{}'",
                                 names[field], "id"));
  }
  if (target != Target::kSkip) {
    return FailValue(fmt::format("'{}' expects a scalar, got an object", TargetName()), "");
  }
  prefixes.push_back(path.size());
  return true;
}

bool JsonRowParser::Handler::key(string_t& k) {
  if (skip > 0) return true;
  const bool top = prefixes.size() == 1;
  path.resize(prefixes.back());
  if (!top) path += '.';
  path += k;
  target = Target::kSkip;
  if (top && k.starts_with("@")) {
    static const std::vector<std::string> reserved = {"@arrival", "@partition", "@kind"};
    size_t r = 0;
    while (r < reserved.size() && reserved[r] != k) ++r;
    if (r == reserved.size()) {
      return FailAt(JsonPart::kKey, path,
                    fmt::format("unknown reserved key {}", QuoteForMessage(k)),
                    engine::UnknownNameHint(k, reserved));
    }
    if (r < 2 && !options.timing_keys) {
      return FailAt(JsonPart::kKey, path, fmt::format("a Kafka record's value cannot set '{}'", k),
                    "the record's timestamp is its @arrival and its partition its @partition");
    }
    if (seen_reserved[r]) {
      return FailAt(JsonPart::kKey, path, fmt::format("key '{}' appears twice", k),
                    "write each key once", 2);
    }
    seen_reserved[r] = true;
    target = r == 0 ? Target::kArrival : r == 1 ? Target::kPartition : Target::kKind;
    return true;
  }
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] != path) continue;
    if (seen[i]) {
      return FailAt(JsonPart::kKey, path, fmt::format("field '{}' appears twice", path),
                    "write each field once", 2);
    }
    seen[i] = true;
    target = Target::kField;
    field = i;
    return true;
  }
  return true;
}

bool JsonRowParser::Handler::end_object() {
  if (skip > 0) {
    --skip;
    return true;
  }
  prefixes.pop_back();
  target = Target::kSkip;
  return true;
}

bool JsonRowParser::Handler::start_array(std::size_t) {
  if (skip > 0) {
    ++skip;
    return true;
  }
  if (!started) {
    return FailAtStart("a row is one JSON object, got an array", kOneObjectHint);
  }
  if (in_list) return FailType(names[field], ValueType::kList, "an array holding an array");
  if (target == Target::kField && options.schema.field(field).type == ValueType::kList) {
    in_list = true;
    engine::Value& v = row->record.values[field];
    if (auto* list = std::get_if<engine::StringList>(&v)) {
      list->clear();
    } else {
      v = engine::StringList{};
    }
    return true;
  }
  if (target == Target::kField)
    return FailType(names[field], options.schema.field(field).type, "an array");
  if (target != Target::kSkip) {
    return FailValue(fmt::format("'{}' expects a scalar, got an array", TargetName()), "");
  }
  skip = 1;
  return true;
}

bool JsonRowParser::Handler::end_array() {
  if (skip > 0) {
    --skip;
    return true;
  }
  in_list = false;
  target = Target::kSkip;
  return true;
}

bool JsonRowParser::Handler::parse_error(std::size_t position, const std::string& token,
                                         const nlohmann::detail::exception& e) {
  // nlohmann's message is "[json.exception.parse_error.101] parse error at
  // line 1, column 6: syntax error while parsing value - invalid literal;
  // last read: '...'": keep what is wrong, and show the token shortened.
  std::string what = e.what();
  const size_t tag = what.find("] ");
  if (tag != std::string::npos) what.erase(0, tag + 2);
  if (const size_t colon = what.find(": ");
      what.starts_with("parse error") && colon != std::string::npos) {
    what.erase(0, colon + 2);
  }
  const std::string last = fmt::format("; last read: '{}'", token);
  if (const size_t at = what.find(last); at != std::string::npos) {
    what.replace(at, last.size(), "; last read " + QuoteForMessage(token));
  }
  return FailAtStart("invalid JSON: " + what, kOneObjectHint, position > 0 ? position - 1 : 0);
}

bool JsonRowParser::Handler::OnScalar(const Scalar& s) {
  if (skip > 0) return true;
  if (!started) {
    return FailAtStart(fmt::format("a row is one JSON object, got {}", Shown(s)), kOneObjectHint);
  }
  if (in_list) {
    if (s.kind == Scalar::Kind::kNull) {
      return FailValue(
          fmt::format("field '{}' holds a list of strings, got a null item", names[field]),
          "leave the item out, or make the whole field null");
    }
    std::get<engine::StringList>(row->record.values[field]).emplace_back(s.text);
    return true;
  }
  switch (target) {
    case Target::kSkip: return true;
    case Target::kField: target = Target::kSkip; return SetField(field, s);
    default: {
      const bool ok = SetReserved(s);
      target = Target::kSkip;
      return ok;
    }
  }
}

bool JsonRowParser::Handler::SetField(size_t i, const Scalar& s) {
  engine::Value& v = row->record.values[i];
  if (s.kind == Scalar::Kind::kNull) {
    v = std::monostate();
    return true;
  }
  const ValueType type = options.schema.field(i).type;
  switch (type) {
    case ValueType::kInt:
      if (s.kind == Scalar::Kind::kInt && s.integer_fits) {
        v = s.integer;
        return true;
      }
      if (s.kind == Scalar::Kind::kBool) return FailType(names[i], type, Shown(s));
      break;  // a string, a fraction or an integer out of range: the cell rules say why
    case ValueType::kDouble:
      if (s.kind == Scalar::Kind::kInt) {
        v = s.number;
        return true;
      }
      if (s.kind == Scalar::Kind::kBool) return FailType(names[i], type, Shown(s));
      break;  // floats through the cell rules, which refuse infinities as CSV does
    case ValueType::kBool:
      if (s.kind == Scalar::Kind::kBool) {
        v = s.boolean;
        return true;
      }
      if (s.kind != Scalar::Kind::kString) return FailType(names[i], type, Shown(s));
      break;
    case ValueType::kString:
      if (auto* text = std::get_if<std::string>(&v)) {
        text->assign(s.text);
      } else {
        v = std::string(s.text);
      }
      return true;
    case ValueType::kList:
      if (s.kind != Scalar::Kind::kString) return FailType(names[i], type, Shown(s));
      break;
    default: break;
  }
  if (ParseCellInto(s.text, type, v, nullptr)) return true;
  CellError error;
  engine::Value scratch;
  ParseCellInto(s.text, type, scratch, &error);
  return FailValue(fmt::format("field '{}' {}", names[i], error.message), std::move(error.hint));
}

bool JsonRowParser::Handler::SetReserved(const Scalar& s) {
  if (s.kind == Scalar::Kind::kNull) return true;
  if (target == Target::kKind) {
    const std::optional<TraceRowKind> kind =
        s.kind == Scalar::Kind::kString ? ParseTraceRowKind(s.text) : std::nullopt;
    if (!kind) {
      static const std::vector<std::string> kinds = {"event", "watermark", "idle", "active"};
      return FailValue(
          fmt::format("key '@kind' expects event, watermark, idle or active, got {}", Shown(s)),
          s.kind == Scalar::Kind::kString ? engine::UnknownNameHint(s.text, kinds)
                                          : "write the kind as a string, such as \"watermark\"");
    }
    row->kind = *kind;
    return true;
  }
  int64_t n = 0;
  const bool whole = s.kind == Scalar::Kind::kInt      ? s.integer_fits && (n = s.integer, true)
                     : s.kind == Scalar::Kind::kString ? ParseIntCell(s.text, &n)
                                                       : false;
  if (target == Target::kArrival) {
    if (!whole) {
      return FailValue(fmt::format("key '@arrival' expects a whole number, got {}", Shown(s)),
                       "@arrival is the processing time in milliseconds at which the row arrives");
    }
    row->arrival = engine::Timestamp::Millis(n);
    return true;
  }
  if (!whole || n < 0 || n > std::numeric_limits<int32_t>::max()) {
    return FailValue(fmt::format("key '@partition' expects a partition number, got {}", Shown(s)),
                     "partitions are numbered 0, 1, 2, ... (at most 2147483647)");
  }
  row->partition = static_cast<int32_t>(n);
  return true;
}

bool JsonRowParser::Handler::Finish() {
  TraceRow& r = *row;
  const bool event = r.kind == TraceRowKind::kEvent;
  for (size_t i = 0; i < seen.size(); ++i) {
    if (seen[i]) continue;
    if (event) {
      FailAtStart(fmt::format("the event has no field '{}'", names[i]),
                  "an event names every schema field; write null for no value");
      failure->missing_field = names[i];
      return false;
    }
    r.record.values[i] = std::monostate();
  }
  const size_t time_field = options.event_time_field;
  const std::string& time_name = names[time_field];
  const int64_t* ms = std::get_if<int64_t>(&r.record.values[time_field]);
  if (ms != nullptr) r.record.timestamp = engine::Timestamp::Millis(*ms);
  if (r.kind == TraceRowKind::kWatermark) {
    if (ms == nullptr) {
      return FailAt(
          JsonPart::kValue, seen[time_field] ? time_name : "",
          fmt::format("watermark row has no '{}'", time_name),
          fmt::format("a watermark row carries its watermark in the event-time field '{}'",
                      time_name));
    }
    r.watermark = r.record.timestamp;
  }
  if (!event) return true;
  if (ms == nullptr) {
    return FailAt(JsonPart::kValue, time_name,
                  fmt::format("event-time field '{}' is null", time_name),
                  fmt::format("every event needs its event time in '{}'", time_name));
  }
  for (const KeyField& key : options.key_fields) {
    if (!std::holds_alternative<std::monostate>(r.record.values[key.field])) continue;
    return FailAt(JsonPart::kValue, names[key.field],
                  NullKeyMessage(names[key.field], key.keyed_stream),
                  NullKeyHint(options.dead_letter));
  }
  return true;
}

JsonRowParser::JsonRowParser(Options options)
    : plain_(options.schema, options.event_time_field, options.key_fields, options.timing_keys),
      plain_rows_(options.plain_rows) {
  handler_ = std::make_unique<Handler>(std::move(options));
}

JsonRowParser::~JsonRowParser() = default;

bool JsonRowParser::Parse(std::string_view text, TraceRow& row, RowError& error) {
  if (plain_rows_ && plain_.Parse(text, row)) return true;
  Handler& h = *handler_;
  h.Begin(row);
  const bool ok = nlohmann::json::sax_parse(text.begin(), text.end(), &h) && h.Finish();
  if (ok) return true;
  Handler::Failure& f = *h.failure;
  if (f.offset) {
    error.offset = std::min(*f.offset, text.size());
  } else if (f.path.empty()) {
    error.offset = internal::LocateJsonPath(text, "", JsonPart::kValue, 0);
  } else {
    error.offset = internal::LocateJsonPath(text, f.path, f.part, f.occurrence);
  }
  error.message = std::move(f.message);
  error.hint = std::move(f.hint);
  if (!f.missing_field.empty()) {
    // A misspelt key is the likeliest cause: name the nearest one written.
    if (auto near = engine::NearestName(f.missing_field, internal::JsonKeyPaths(text))) {
      error.hint = fmt::format("did you mean '{}'? {}", *near, error.hint);
    }
  }
  return false;
}

}  // namespace tidemark::sim
