// Located, typed access to a parsed YAML document.
//
// Every accessor that meets the wrong shape throws engine::InputError naming
// file:line:column (1-based; yaml-cpp's marks are 0-based) and what was
// expected. YamlMap checks for unknown keys when it is built, so a misspelt
// key is reported with the nearest known one.
#ifndef TIDEMARK_SIM_SCENARIO_YAML_VALUE_H_
#define TIDEMARK_SIM_SCENARIO_YAML_VALUE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "engine/core/input_error.h"
#include "engine/core/time.h"

namespace tidemark::sim {

class YamlValue {
 public:
  YamlValue(YAML::Node node, std::string file) : node_(std::move(node)), file_(std::move(file)) {}

  const YAML::Node& node() const { return node_; }
  const std::string& file() const { return file_; }

  // Where the node starts (for a quoted scalar: at the quote).
  engine::SourceLocation where() const;
  // Where a scalar's text starts (after the opening quote, if any), so that
  // offsets into the text map to file columns.
  engine::SourceLocation text_start() const;

  bool IsMap() const { return node_.IsMap(); }
  bool IsSequence() const { return node_.IsSequence(); }
  bool IsScalar() const { return node_.IsScalar(); }
  bool IsNull() const { return node_.IsNull(); }
  // A plain (unquoted) scalar, as opposed to '...' or "...".
  bool IsPlainScalar() const { return node_.IsScalar() && node_.Tag() != "!"; }

  // Each REQUIRES nothing and throws a located InputError on the wrong shape;
  // `what` names the thing expected ("a window size", "the source's parallelism").
  std::string AsString(std::string_view what) const;
  int64_t AsInt(std::string_view what) const;
  double AsDouble(std::string_view what) const;
  bool AsBool(std::string_view what) const;
  engine::Duration AsDuration(std::string_view what) const;
  std::vector<YamlValue> Items(std::string_view what) const;

  [[noreturn]] void Fail(std::string message, std::string hint = "") const;

 private:
  YAML::Node node_;
  std::string file_;
};

// A mapping whose keys are checked against the known ones when it is built.
class YamlMap {
 public:
  // Throws if `value` is not a mapping (a null value counts as an empty map)
  // or has a key outside `known_keys`.
  YamlMap(const YamlValue& value, std::string_view what, std::vector<std::string> known_keys);

  const YamlValue& value() const { return value_; }
  bool Has(std::string_view key) const;
  std::optional<YamlValue> Get(std::string_view key) const;
  // Throws "missing key '<key>' in <what>" located at the map.
  YamlValue Require(std::string_view key) const;
  // Keys and values in document order, with the key's own location.
  struct Entry {
    std::string key;
    engine::SourceLocation key_where;
    YamlValue value;
  };
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  YamlValue value_;
  std::string what_;
  std::vector<Entry> entries_;
};

// A map of cells as written (inline rows, expected rows): names and texts, with
// the location of each value and key and whether it was written as null.
std::vector<std::pair<std::string, std::string>> ReadCells(
    const YamlValue& v, std::string_view what, std::vector<engine::SourceLocation>* where,
    std::vector<engine::SourceLocation>* key_where, std::vector<bool>* null);

// A time in milliseconds, or '+inf' / '-inf' (Long.MAX_VALUE / MIN_VALUE).
engine::Timestamp ReadTime(const YamlValue& v, std::string_view what);

// Parses YAML text of one document (scenario_text.h); syntax errors become
// located InputErrors naming `file`.
YamlValue LoadYamlText(const std::string& text, const std::string& file);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SCENARIO_YAML_VALUE_H_
