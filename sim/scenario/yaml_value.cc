#include "sim/scenario/yaml_value.h"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "engine/core/input_error_list.h"
#include "engine/core/nearest_name.h"
#include "sim/scenario/duration_text.h"
#include "sim/scenario/internal/scenario_text.h"

namespace tidemark::sim {

using engine::InputError;
using engine::SourceLocation;

namespace {
SourceLocation FromMark(const std::string& file, const YAML::Mark& mark) {
  if (mark.is_null()) return {file, 0, 0};
  return {file, mark.line + 1, mark.column + 1};
}

std::string Describe(const YAML::Node& node) {
  if (node.IsMap()) return "a mapping";
  if (node.IsSequence()) return "a list";
  if (node.IsNull()) return "nothing";
  return fmt::format("'{}'", node.Scalar());
}
}  // namespace

SourceLocation YamlValue::where() const { return FromMark(file_, node_.Mark()); }

SourceLocation YamlValue::text_start() const {
  SourceLocation at = where();
  if (node_.IsScalar() && node_.Tag() == "!") return at.Advanced(1);
  return at;
}

void YamlValue::Fail(std::string message, std::string hint) const {
  throw InputError(where(), std::move(message), std::move(hint));
}

std::string YamlValue::AsString(std::string_view what) const {
  if (!node_.IsScalar()) {
    Fail(fmt::format("expected {}, got {}", what, Describe(node_)),
         "write a single value here, not a list or a mapping");
  }
  return node_.Scalar();
}

int64_t YamlValue::AsInt(std::string_view what) const {
  const std::string text = AsString(what);
  int64_t value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size()) {
    Fail(fmt::format("expected {} (a whole number), got '{}'", what, text),
         "digits only, e.g. 42: no unit, quotes or decimal point");
  }
  return value;
}

double YamlValue::AsDouble(std::string_view what) const {
  const std::string text = AsString(what);
  double value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size()) {
    Fail(fmt::format("expected {} (a number), got '{}'", what, text), "e.g. 0.5 or 12");
  }
  return value;
}

bool YamlValue::AsBool(std::string_view what) const {
  const std::string text = AsString(what);
  if (text == "true") return true;
  if (text == "false") return false;
  Fail(fmt::format("expected {} (true or false), got '{}'", what, text), "write true or false");
}

engine::Duration YamlValue::AsDuration(std::string_view what) const {
  const std::string text = AsString(what);
  auto parsed = ParseDuration(text);
  if (!parsed)
    Fail(fmt::format("expected {} (a duration), got '{}'", what, text), std::string(kDurationHint));
  return *parsed;
}

std::vector<YamlValue> YamlValue::Items(std::string_view what) const {
  if (node_.IsNull()) return {};
  if (!node_.IsSequence()) {
    Fail(fmt::format("expected {} (a list), got {}", what, Describe(node_)),
         "write the items as [a, b] or one '- item' per line");
  }
  std::vector<YamlValue> items;
  for (const YAML::Node& item : node_) items.emplace_back(item, file_);
  return items;
}

YamlMap::YamlMap(const YamlValue& value, std::string_view what, std::vector<std::string> known_keys)
    : value_(value), what_(what) {
  if (value.IsNull()) return;
  if (!value.IsMap()) {
    value.Fail(fmt::format("expected {} (a mapping of keys to values), got {}", what,
                           Describe(value.node())));
  }
  // Every bad key of the map is reported at once (engine/core/input_error_list.h).
  engine::InputErrorCollector errors;
  for (auto it = value.node().begin(); it != value.node().end(); ++it) {
    try {
      YamlValue key(it->first, value.file());
      const std::string name = key.AsString(fmt::format("a key of {}", what));
      if (!known_keys.empty() &&
          std::find(known_keys.begin(), known_keys.end(), name) == known_keys.end()) {
        key.Fail(fmt::format("unknown key '{}' in {}", name, what),
                 engine::UnknownNameHint(name, known_keys));
      }
      for (const Entry& seen : entries_) {
        if (seen.key == name) {
          key.Fail(fmt::format("duplicate key '{}' in {}", name, what),
                   fmt::format("it was first given at line {}", seen.key_where.line));
        }
      }
      entries_.push_back({name, key.where(), YamlValue(it->second, value.file())});
    } catch (const InputError& e) {
      errors.Add(e);
    }
  }
  errors.ThrowIfAny();
}

bool YamlMap::Has(std::string_view key) const { return Get(key).has_value(); }

std::optional<YamlValue> YamlMap::Get(std::string_view key) const {
  for (const Entry& entry : entries_) {
    if (entry.key == key) return entry.value;
  }
  return std::nullopt;
}

YamlValue YamlMap::Require(std::string_view key) const {
  if (auto found = Get(key)) return *found;
  value_.Fail(fmt::format("missing key '{}' in {}", key, what_),
              fmt::format("add '{}: ...' here (docs/scenario-format.md lists every key)", key));
}

YamlValue LoadYamlText(const std::string& text, const std::string& file) {
  try {
    return YamlValue(internal::LoadSingleDocument(text, file), file);
  } catch (const YAML::Exception& e) {
    throw InputError(FromMark(file, e.mark), fmt::format("invalid YAML: {}", e.msg),
                     "check indentation, colons and quotes around this point");
  }
}

std::vector<std::pair<std::string, std::string>> ReadCells(
    const YamlValue& v, std::string_view what, std::vector<engine::SourceLocation>* where,
    std::vector<engine::SourceLocation>* key_where, std::vector<bool>* null) {
  YamlMap map(v, what, {});
  std::vector<std::pair<std::string, std::string>> cells;
  for (const auto& entry : map.entries()) {
    std::string text;
    if (!entry.value.IsNull()) text = entry.value.AsString("a value");
    cells.emplace_back(entry.key, std::move(text));
    where->push_back(entry.value.IsNull() ? entry.key_where : entry.value.where());
    key_where->push_back(entry.key_where);
    null->push_back(entry.value.IsNull());
  }
  return cells;
}

engine::Timestamp ReadTime(const YamlValue& v, std::string_view what) {
  const std::string text = v.AsString(what);
  if (text == "+inf") return engine::Timestamp::Max();
  if (text == "-inf") return engine::Timestamp::Min();
  return engine::Timestamp::Millis(v.AsInt(what));
}

}  // namespace tidemark::sim
