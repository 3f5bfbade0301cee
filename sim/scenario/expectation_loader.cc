// Reads the expectation keys of a scenario: per-sink `expect:` entries
// (records, golden files, `output:` with watermarks and statuses), `ledger:`
// counters per stream, and `expect_error:`.
#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/nearest_name.h"
#include "sim/scenario/internal/read_values.h"
#include "sim/scenario/internal/yaml_value.h"
#include "sim/scenario/scenario.h"

namespace tidemark::sim {

namespace {

using internal::YamlMap;
using internal::YamlValue;

constexpr std::array<LedgerCounterName, 12> kLedgerCounters = {{
    {"emitted", engine::Fate::kEmitted},
    {"routed_to_tags", engine::Fate::kRoutedToTag},
    {"filtered", engine::Fate::kFiltered},
    {"unrouted", engine::Fate::kUnrouted},
    {"in_window", engine::Fate::kInWindow},
    {"in_window_late", engine::Fate::kInWindowLate},
    {"late_to_side_output", engine::Fate::kLateToTag},
    {"dropped_late", engine::Fate::kDroppedLate},
    {"discarded", engine::Fate::kDiscarded},
    {"unconsumed", engine::Fate::kUnconsumed},
    {"sunk", engine::Fate::kSunk},
    {"pending", engine::Fate::kPending},
}};

// The metadata an expected record may check besides its fields.
const std::vector<std::string>& MetadataNames() {
  static const std::vector<std::string> names = {"@timestamp", "@watermark", "@at"};
  return names;
}

ExpectedRow ReadExpectedRow(const YamlValue& row) {
  ExpectedRow expected;
  expected.where = row.where();
  expected.cells = internal::ReadCells(row, "an expected record", &expected.cell_where,
                                       &expected.cell_key_where, &expected.cell_null);
  for (size_t c = 0; c < expected.cells.size(); ++c) {
    const std::string& name = expected.cells[c].first;
    if (!name.starts_with('@')) continue;
    const auto& names = MetadataNames();
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      throw engine::InputError(expected.cell_key_where[c],
                               fmt::format("unknown record metadata '{}'", name),
                               engine::UnknownNameHint(name, names));
    }
    if (expected.cell_null[c] && name != "@timestamp") {
      throw engine::InputError(expected.cell_where[c], fmt::format("'{}' needs a time", name),
                               "write milliseconds, '+inf' or '-inf'; only @timestamp may be "
                               "null (no timestamp)");
    }
  }
  return expected;
}

// `{watermark: N}`, `{status: idle|active}`, `{record: {...}}` or a record.
ExpectedElement ReadOutputEntry(const YamlValue& v) {
  ExpectedElement element;
  element.where = v.where();
  // A key that is not a scalar ({[a]: 1}) is no element kind: the record
  // reader reports it with its location.
  if (v.IsMap() && v.node().size() == 1 && v.node().begin()->first.IsScalar()) {
    const std::string key = v.node().begin()->first.Scalar();
    const YamlValue value(v.node().begin()->second, v.file());
    if (key == "watermark") {
      element.kind = ExpectedElement::Kind::kWatermark;
      element.watermark = internal::ReadTime(value, "a watermark");
      return element;
    }
    if (key == "status") {
      element.kind = ExpectedElement::Kind::kStatus;
      const std::string status = value.AsString("a watermark status");
      if (status != "idle" && status != "active") {
        value.Fail(fmt::format("unknown watermark status '{}'", status),
                   "expected 'idle' or 'active'");
      }
      element.idle = status == "idle";
      return element;
    }
    if (key == "record") {
      element.record = ReadExpectedRow(value);
      return element;
    }
  }
  element.record = ReadExpectedRow(v);
  return element;
}

SinkExpectation::Order ReadOrder(const YamlValue& order) {
  const std::string o = order.AsString("an order");
  if (o == "ordered") return SinkExpectation::Order::kOrdered;
  if (o != "unordered") {
    order.Fail(fmt::format("unknown order '{}'", o), "expected 'ordered' or 'unordered'");
  }
  return SinkExpectation::Order::kUnordered;
}

}  // namespace

std::span<const LedgerCounterName> LedgerCounters() { return kLedgerCounters; }

namespace internal {

engine::Timestamp ReadTime(const YamlValue& v, std::string_view what) {
  const std::string text = v.AsString(what);
  if (text == "+inf") return engine::Timestamp::Max();
  if (text == "-inf") return engine::Timestamp::Min();
  return engine::Timestamp::Millis(v.AsInt(what));
}

SinkExpectation ReadExpectation(const std::string& sink, const SourceLocation& where,
                                const YamlValue& v, const std::string& folder,
                                const PathConfinement& paths) {
  SinkExpectation e;
  e.sink = sink;
  e.where = where;
  YamlValue rows = v;
  if (v.IsMap()) {
    YamlMap map(v, fmt::format("the expectation for '{}'", sink),
                {"records", "golden", "output", "order", "tolerance"});
    const int forms = map.Has("records") + map.Has("golden") + map.Has("output");
    if (forms > 1) {
      map.value().Fail("give one of 'records', 'golden' or 'output'",
                       "keep the form you mean and delete the others");
    }
    if (auto golden = map.Get("golden")) {
      e.golden_as_written = golden->AsString("a golden CSV file name");
      e.golden =
          ResolveConfinedPath(e.golden_as_written, folder, paths, golden->where(), "golden file");
    } else if (auto output = map.Get("output")) {
      e.has_output = true;
      for (const YamlValue& entry : output->Items("the expected output")) {
        e.output.push_back(ReadOutputEntry(entry));
      }
    } else {
      rows = map.Require("records");
    }
    if (auto order = map.Get("order")) e.order = ReadOrder(*order);
    if (auto tolerance = map.Get("tolerance")) {
      e.tolerance = tolerance->AsDouble("a tolerance");
      if (!(e.tolerance >= 0)) {
        tolerance->Fail("the tolerance cannot be negative",
                        "write the largest difference a value may have, e.g. 0.001");
      }
    }
  }
  if (!e.golden.empty() || e.has_output) return e;
  for (const YamlValue& row : rows.Items("expected records"))
    e.rows.push_back(ReadExpectedRow(row));
  return e;
}

std::vector<LedgerExpectation> ReadLedger(const YamlValue& v) {
  std::vector<std::string> known = {"to"};
  for (const LedgerCounterName& c : kLedgerCounters) known.emplace_back(c.name);
  std::vector<LedgerExpectation> ledger;
  YamlMap streams(v, "the expected ledger", {});
  for (const auto& entry : streams.entries()) {
    LedgerExpectation e;
    e.stream = entry.key;
    e.where = entry.key_where;
    YamlMap counters(entry.value, fmt::format("the ledger counters of '{}'", entry.key), known);
    auto count = [](const YamlValue& value) {
      const int64_t n = value.AsInt("a count");
      if (n < 0) value.Fail("a count cannot be negative", "write 0 or more, e.g. 2");
      return static_cast<uint64_t>(n);
    };
    for (const auto& counter : counters.entries()) {
      if (counter.key == "to") {
        YamlMap tags(counter.value, "records sent per tag", {});
        for (const auto& tag : tags.entries()) {
          e.tags.push_back({tag.key, count(tag.value), tag.key_where});
        }
        continue;
      }
      e.counters.push_back({counter.key, count(counter.value), counter.key_where});
    }
    ledger.push_back(std::move(e));
  }
  return ledger;
}

ExpectedError ReadExpectedErrorValue(const YamlValue& v) {
  YamlMap map(v, "the expected error", {"contains", "line"});
  ExpectedError e;
  e.where = v.where();
  e.contains = map.Require("contains").AsString("the text the error must contain");
  if (e.contains.empty()) {
    map.Require("contains")
        .Fail("give the text the error must contain",
              "copy a few words of the expected error message");
  }
  if (auto line = map.Get("line")) {
    const int64_t n = line->AsInt("a line number");
    if (n < 1 || n > 100'000'000) {
      line->Fail("a line number starts at 1", "give the line the error points at, e.g. 12");
    }
    e.line = static_cast<int>(n);
  }
  return e;
}

}  // namespace internal

std::optional<ExpectedError> ReadExpectedError(const std::string& text, const std::string& file) {
  std::optional<YamlValue> root;
  try {
    root = internal::LoadYamlText(text, file);
  } catch (const engine::InputError&) {
    return std::nullopt;  // unreadable YAML cannot say what it expects
  }
  if (!root->IsMap()) return std::nullopt;
  const YAML::Node node = root->node()["expect_error"];
  if (!node) return std::nullopt;
  return internal::ReadExpectedErrorValue(YamlValue(node, file));
}

}  // namespace tidemark::sim
