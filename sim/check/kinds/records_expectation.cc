#include "sim/check/kinds/records_expectation.h"

#include <algorithm>
#include <filesystem>
#include <memory>

#include <fmt/format.h>

#include "engine/core/input_error_list.h"
#include "engine/core/nearest_name.h"
#include "sim/check/kinds/records_block.h"
#include "sim/check/kinds/records_diff.h"
#include "sim/scenario/path_confinement.h"
#include "sim/scenario/yaml_text.h"
#include "sim/scenario/yaml_value.h"

namespace tidemark::sim {

namespace {

// ---- Reading the block.

// The metadata an expected record may check besides its fields.
const std::vector<std::string>& MetadataNames() {
  static const std::vector<std::string> names = {"@timestamp", "@watermark", "@at"};
  return names;
}

ExpectedRow ReadExpectedRow(const YamlValue& row) {
  ExpectedRow expected;
  expected.where = row.where();
  expected.cells = ReadCells(row, "an expected record", &expected.cell_where,
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
      element.watermark = ReadTime(value, "a watermark");
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

SinkExpectation ReadExpectation(const std::string& sink, const SourceLocation& where,
                                const YamlValue& v, const ScenarioPlace& place) {
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
      e.golden = ResolveConfinedPath(e.golden_as_written, place.folder, place.paths,
                                     golden->where(), "golden file");
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

// ---- The kind.

struct ParsedRecords final : ParsedExpectation {
  using ParsedExpectation::ParsedExpectation;
  std::vector<SinkExpectation> sinks;
};

class BoundRecords final : public Expectation {
 public:
  BoundRecords(const ExpectationKind& kind, std::vector<SinkExpectation> sinks,
               std::vector<size_t> sink_index)
      : Expectation(kind), sinks_(std::move(sinks)), sink_index_(std::move(sink_index)) {}

  const std::vector<SinkExpectation>& sinks() const { return sinks_; }
  bool Empty() const override { return sinks_.empty(); }

  void Configure(RunOptions& options) const override {
    for (const SinkExpectation& e : sinks_) options.sink_elements |= e.has_output;
  }

  void Check(const JobPlan& /*plan*/, const RunResult& run,
             std::vector<SinkDiff>& diffs) const override {
    for (size_t i = 0; i < sinks_.size(); ++i) {
      const SinkExpectation& e = sinks_[i];
      std::vector<Mismatch> mismatches;
      std::vector<std::string> lines = internal::DiffSink(e, run.sinks[sink_index_[i]], mismatches);
      if (lines.empty()) continue;
      diffs.push_back(
          {e.sink, fmt::format("sink '{}'", e.sink), std::move(lines), std::move(mismatches)});
    }
  }

 private:
  std::vector<SinkExpectation> sinks_;
  std::vector<size_t> sink_index_;  // of each, into the plan's sinks
};

// Every field an expected row names must be the sink's (metadata cells were
// checked while reading).
void CheckFields(const SinkExpectation& e, const engine::Schema& schema,
                 engine::InputErrorCollector& errors) {
  std::vector<const ExpectedRow*> rows;
  for (const ExpectedRow& row : e.rows) rows.push_back(&row);
  for (const ExpectedElement& element : e.output) {
    if (element.kind == ExpectedElement::Kind::kRecord) rows.push_back(&element.record);
  }
  for (const ExpectedRow* row : rows) {
    for (size_t c = 0; c < row->cells.size(); ++c) {
      const std::string& name = row->cells[c].first;
      if (name.starts_with('@') || schema.IndexOf(name)) continue;
      errors.Add(engine::InputError(row->cell_key_where[c],
                                    fmt::format("sink '{}' has no field '{}'", e.sink, name),
                                    engine::UnknownNameHint(name, schema.names())));
    }
  }
}

const std::vector<SinkExpectation>& SinksOf(const Expectation* bound) {
  static const std::vector<SinkExpectation> kNone;
  return bound ? static_cast<const BoundRecords*>(bound)->sinks() : kNone;
}

class RecordsKind final : public ExpectationKind {
 public:
  std::string_view key() const override { return "expect"; }

  std::shared_ptr<const ParsedExpectation> Parse(const YamlValue& block,
                                                 const SourceLocation& key_where,
                                                 const ScenarioPlace& place) const override {
    auto parsed = std::make_shared<ParsedRecords>(*this, key_where);
    YamlMap map(block, "expectations", {});
    engine::InputErrorCollector errors;
    for (const YamlMap::Entry& entry : map.entries()) {
      try {
        parsed->sinks.push_back(ReadExpectation(entry.key, entry.key_where, entry.value, place));
      } catch (const engine::InputError& e) {
        errors.Add(e);
      }
    }
    errors.ThrowIfAny();
    return parsed;
  }

  std::shared_ptr<const Expectation> Bind(const ParsedExpectation& parsed,
                                          const JobPlan& plan) const override {
    const auto& read = static_cast<const ParsedRecords&>(parsed);
    std::vector<std::string> sink_names;
    for (const PlannedSink& s : plan.sinks) sink_names.push_back(s.name);
    engine::InputErrorCollector errors;
    std::vector<size_t> sink_index;
    for (const SinkExpectation& e : read.sinks) {
      const PlannedSink* sink = plan.FindSink(e.sink);
      if (!sink) {
        errors.Add(engine::InputError(
            e.where, fmt::format("expectation for '{}', which is not a sink", e.sink),
            engine::UnknownNameHint(e.sink, sink_names)));
        continue;
      }
      sink_index.push_back(static_cast<size_t>(sink - plan.sinks.data()));
      CheckFields(e, plan.nodes[sink->node].schema, errors);
    }
    errors.ThrowIfAny();
    return std::make_shared<BoundRecords>(*this, read.sinks, std::move(sink_index));
  }

  bool NeedsUpdate(const JobPlan& plan, const Expectation* bound) const override {
    const std::vector<SinkExpectation>& sinks = SinksOf(bound);
    const bool golden_missing =
        std::any_of(sinks.begin(), sinks.end(), [](const SinkExpectation& e) {
          std::error_code unreadable;  // a golden file that cannot be looked at is written anew
          return !e.golden.empty() && !std::filesystem::exists(e.golden, unreadable);
        });
    return golden_missing || internal::WithEverySink(sinks, plan).size() > sinks.size();
  }

  void Update(const JobPlan& plan, const Expectation* bound, const RunResult& run,
              ExpectationRewrite& rewrite) const override {
    const std::vector<SinkExpectation>& sinks = SinksOf(bound);
    const std::vector<SinkExpectation> all = internal::WithEverySink(sinks, plan);
    for (const SinkExpectation& e : sinks) {
      if (e.golden.empty()) {
        rewrite.rewrite_scenario = true;
        continue;
      }
      if (rewrite.files != ExpectationRewrite::Files::kWrite) continue;
      const SinkOutput& output =
          run.sinks[static_cast<size_t>(plan.FindSink(e.sink) - plan.sinks.data())];
      internal::WriteFile(e.golden, internal::GoldenText(e.golden, output));
      rewrite.written.push_back(e.golden);
    }
    if (all.size() > sinks.size()) rewrite.rewrite_scenario = true;  // a sink gets one
    if (all.empty()) return;
    std::string block = "expect:\n";
    for (const SinkExpectation& e : all) {
      const PlannedSink* sink = plan.FindSink(e.sink);
      block += internal::SinkBlock(e, run.sinks[static_cast<size_t>(sink - plan.sinks.data())]);
    }
    rewrite.text = ReplaceTopLevelBlock(rewrite.text, "expect", block);
  }
};

}  // namespace

const ExpectationKind& RecordsExpectationKind() {
  static const RecordsKind kind;
  return kind;
}

}  // namespace tidemark::sim
