#include "sim/trace/json_plain_row.h"

#include <cstdint>
#include <limits>

#include "sim/trace/csv_cell.h"

namespace tidemark::sim {

using engine::ValueType;

JsonPlainRowParser::JsonPlainRowParser(const engine::Schema& schema, size_t event_time_field,
                                       const std::vector<KeyField>& key_fields, bool timing_keys)
    : event_time_field_(event_time_field), timing_keys_(timing_keys) {
  for (size_t i = 0; i < schema.size(); ++i) {
    names_.push_back(schema.field(i).name);
    types_.push_back(schema.field(i).type);
  }
  for (const KeyField& key : key_fields) key_fields_.push_back(key.field);
}

void JsonPlainRowParser::SkipSpace() {
  while (at_ < text_.size() &&
         (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) {
    ++at_;
  }
}

bool JsonPlainRowParser::String(std::string_view& out) {
  if (at_ >= text_.size() || text_[at_] != '"') return false;
  const size_t start = ++at_;
  while (at_ < text_.size()) {
    const auto c = static_cast<unsigned char>(text_[at_]);
    if (c == '"') {
      out = text_.substr(start, at_ - start);
      ++at_;
      return true;
    }
    // An escape, a control character (invalid JSON) or a byte of a UTF-8
    // sequence (which JSON requires valid): the general path's.
    if (c == '\\' || c < 0x20 || c >= 0x80) return false;
    ++at_;
  }
  return false;
}

// JSON's number grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
bool JsonPlainRowParser::Number(std::string_view& out, bool& integral) {
  const size_t start = at_;
  auto digit = [&] { return at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9'; };
  if (at_ < text_.size() && text_[at_] == '-') ++at_;
  if (!digit()) return false;
  if (text_[at_] == '0') {
    ++at_;
  } else {
    while (digit()) ++at_;
  }
  integral = true;
  if (at_ < text_.size() && text_[at_] == '.') {
    integral = false;
    ++at_;
    if (!digit()) return false;
    while (digit()) ++at_;
  }
  if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
    integral = false;
    ++at_;
    if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
    if (!digit()) return false;
    while (digit()) ++at_;
  }
  out = text_.substr(start, at_ - start);
  return true;
}

bool JsonPlainRowParser::Literal(std::string_view word) {
  if (text_.substr(at_, word.size()) != word) return false;
  at_ += word.size();
  return true;
}

bool JsonPlainRowParser::Value(size_t field, int depth) {
  if (at_ >= text_.size()) return false;
  const char c = text_[at_];
  if (field == kArrival || field == kPartition) {
    std::string_view number;
    bool integral = false;
    int64_t n = 0;
    if (!Number(number, integral) || !integral || !ParseIntCell(number, &n)) return false;
    if (field == kArrival) {
      row_->arrival = engine::Timestamp::Millis(n);
      return true;
    }
    if (n < 0 || n > std::numeric_limits<int32_t>::max()) return false;
    row_->partition = static_cast<int32_t>(n);
    return true;
  }
  if (c == '{') {
    // A nested object names fields by path; a field itself never holds one.
    return field == kSkip && depth < kMaxDepth && Object(path_.size(), depth + 1);
  }
  if (c == '[') return false;  // lists, and arrays under unknown keys
  engine::Value* value = field == kSkip ? nullptr : &row_->record.values[field];
  if (c == 'n') {
    if (!Literal("null")) return false;
    if (value != nullptr) *value = std::monostate();
    return true;
  }
  if (c == 't' || c == 'f') {
    const bool truth = c == 't';
    if (!Literal(truth ? "true" : "false")) return false;
    if (value == nullptr) return true;
    if (types_[field] != ValueType::kBool) return false;
    *value = truth;
    return true;
  }
  if (c == '"') {
    std::string_view text;
    if (!String(text)) return false;
    if (value == nullptr) return true;
    if (types_[field] != ValueType::kString) return false;  // typed strings: the general path
    if (auto* held = std::get_if<std::string>(value)) {
      held->assign(text);
    } else {
      *value = std::string(text);
    }
    return true;
  }
  std::string_view number;
  bool integral = false;
  if (!Number(number, integral)) return false;
  if (value == nullptr) {
    // nlohmann refuses a number beyond the double range even where nothing
    // reads it: take only those that surely fit.
    int64_t n = 0;
    engine::Value scratch;
    return integral ? ParseIntCell(number, &n) : ParseCellInto(number, ValueType::kDouble, scratch);
  }
  switch (types_[field]) {
    case ValueType::kInt: {
      int64_t n = 0;
      if (!integral || !ParseIntCell(number, &n)) return false;
      *value = n;
      return true;
    }
    case ValueType::kDouble: {
      if (integral) {
        // As JsonRowParser: a JSON integer converted, when it fits an int64.
        int64_t n = 0;
        if (!ParseIntCell(number, &n)) return false;
        *value = static_cast<double>(n);
        return true;
      }
      return ParseCellInto(number, ValueType::kDouble, *value, nullptr);
    }
    default: return false;  // a number for a string, bool or list field: the general path
  }
}

bool JsonPlainRowParser::Object(size_t path_length, int depth) {
  const bool top = depth == 0;
  ++at_;  // '{'
  SkipSpace();
  if (at_ < text_.size() && text_[at_] == '}') {
    ++at_;
    return true;
  }
  for (;;) {
    std::string_view key;
    if (!String(key)) return false;
    path_.resize(path_length);
    if (!top) path_ += '.';
    path_ += key;
    size_t field = kSkip;
    if (top && key.starts_with('@')) {
      if (!timing_keys_) return false;
      if (key == "@arrival" && !seen_arrival_) {
        seen_arrival_ = true;
        field = kArrival;
      } else if (key == "@partition" && !seen_partition_) {
        seen_partition_ = true;
        field = kPartition;
      } else {
        return false;  // @kind, an unknown or repeated reserved key
      }
    } else {
      for (size_t i = 0; i < names_.size(); ++i) {
        if (names_[i] != path_) continue;
        if (seen_[i]) return false;
        seen_[i] = true;
        field = i;
        break;
      }
    }
    SkipSpace();
    if (at_ >= text_.size() || text_[at_] != ':') return false;
    ++at_;
    SkipSpace();
    if (!Value(field, depth)) return false;
    SkipSpace();
    if (at_ >= text_.size()) return false;
    if (text_[at_] == '}') {
      ++at_;
      path_.resize(path_length);
      return true;
    }
    if (text_[at_] != ',') return false;
    ++at_;
    SkipSpace();
  }
}

bool JsonPlainRowParser::Parse(std::string_view text, TraceRow& row) {
  text_ = text;
  at_ = 0;
  row_ = &row;
  row.kind = TraceRowKind::kEvent;
  row.record.timestamp = engine::Timestamp::Min();
  row.arrival.reset();
  row.partition.reset();
  row.watermark = engine::Timestamp::Min();
  row.record.values.resize(names_.size());
  seen_.assign(names_.size(), false);
  seen_arrival_ = seen_partition_ = false;
  path_.clear();
  SkipSpace();
  if (at_ >= text_.size() || text_[at_] != '{' || !Object(0, 0)) return false;
  SkipSpace();
  if (at_ != text_.size()) return false;
  // An event names every field, with its event time and keys not null.
  for (size_t i = 0; i < seen_.size(); ++i) {
    if (!seen_[i]) return false;
  }
  const int64_t* ms = std::get_if<int64_t>(&row.record.values[event_time_field_]);
  if (ms == nullptr) return false;
  row.record.timestamp = engine::Timestamp::Millis(*ms);
  for (size_t key : key_fields_) {
    if (std::holds_alternative<std::monostate>(row.record.values[key])) return false;
  }
  return true;
}

}  // namespace tidemark::sim
