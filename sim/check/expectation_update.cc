#include "sim/check/expectation_update.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "sim/check/expectations.h"
#include "sim/check/internal/ledger_check.h"
#include "sim/check/internal/recovery_check.h"
#include "sim/check/internal/typed_rows.h"
#include "sim/scenario/yaml_text.h"
#include "sim/trace/csv_writer.h"

namespace tidemark::sim {

namespace {

// What an expected row checks: a field (by index) or a metadata value.
struct Column {
  std::string name;
  std::optional<size_t> field;
  std::optional<internal::Metadata> metadata;
};

std::vector<Column> ColumnsOf(const ExpectedRow& row, const engine::Schema& schema) {
  std::vector<Column> columns;
  for (const auto& [name, text] : row.cells) {
    columns.push_back({name, schema.IndexOf(name), internal::ParseMetadataName(name)});
  }
  return columns;
}

// The columns every row names, in their order, when they all name the same
// ones; otherwise every field of the sink, then the metadata any row checks.
std::vector<Column> ColumnsToWrite(const std::vector<const ExpectedRow*>& rows,
                                   const engine::Schema& schema) {
  std::vector<Column> all;
  for (size_t i = 0; i < schema.size(); ++i) all.push_back({schema.field(i).name, i, std::nullopt});
  if (rows.empty()) return all;
  for (const internal::Metadata m :
       {internal::Metadata::kTimestamp, internal::Metadata::kWatermark, internal::Metadata::kAt}) {
    const std::string name(internal::MetadataName(m));
    const bool named = std::any_of(rows.begin(), rows.end(), [&](const ExpectedRow* row) {
      return std::any_of(row->cells.begin(), row->cells.end(),
                         [&](const auto& cell) { return cell.first == name; });
    });
    if (named) all.push_back({name, std::nullopt, m});
  }
  const std::vector<Column> shared = ColumnsOf(*rows.front(), schema);
  for (const ExpectedRow* row : rows) {
    const std::vector<Column> columns = ColumnsOf(*row, schema);
    if (columns.size() != shared.size()) return all;
    for (size_t c = 0; c < columns.size(); ++c) {
      if (columns[c].name != shared[c].name) return all;
    }
  }
  return shared;
}

std::string RecordLine(const std::vector<Column>& columns, const SinkOutput& output, size_t r) {
  std::vector<std::string> cells;
  const internal::ActualRecord actual{&output.records[r], &output.emissions[r]};
  for (const Column& c : columns) {
    const std::string value =
        c.field ? YamlScalar(output.records[r].values[*c.field])
                : FormatMetadataTime(internal::MetadataOf(actual, *c.metadata),
                                     *c.metadata == internal::Metadata::kTimestamp);
    // Metadata names start with '@', which YAML reserves: quote them.
    cells.push_back(c.field ? fmt::format("{}: {}", c.name, value)
                            : fmt::format("\"{}\": {}", c.name, value));
  }
  return fmt::format("{{{}}}", fmt::join(cells, ", "));
}

std::string ElementLine(const std::vector<Column>& columns, const SinkOutput& output,
                        const SinkElement& element) {
  switch (element.kind) {
    case SinkElement::Kind::kRecord: return RecordLine(columns, output, element.record);
    case SinkElement::Kind::kWatermark:
      return fmt::format("{{watermark: {}}}", FormatMetadataTime(element.watermark, false));
    case SinkElement::Kind::kStatus:
      return fmt::format("{{status: {}}}",
                         element.status == engine::WatermarkStatus::kIdle ? "idle" : "active");
  }
  return "{}";
}

std::string SinkBlock(const SinkExpectation& e, const SinkOutput& output) {
  if (!e.golden.empty()) return fmt::format("  {}: {{golden: {}}}\n", e.sink, e.golden_as_written);
  std::vector<const ExpectedRow*> rows;
  for (const ExpectedRow& row : e.rows) rows.push_back(&row);
  for (const ExpectedElement& element : e.output) {
    if (element.kind == ExpectedElement::Kind::kRecord) rows.push_back(&element.record);
  }
  const std::vector<Column> columns = ColumnsToWrite(rows, output.schema);
  const bool options =
      e.has_output || e.order == SinkExpectation::Order::kUnordered || e.tolerance != 1e-9;
  std::string out = fmt::format("  {}:", e.sink);
  const size_t entries = e.has_output ? output.elements.size() : output.records.size();
  if (entries == 0 && !options) return out + " []\n";
  out += "\n";
  std::string indent = "    ";
  if (options) {
    if (e.order == SinkExpectation::Order::kUnordered) out += "    order: unordered\n";
    if (e.tolerance != 1e-9) out += fmt::format("    tolerance: {}\n", e.tolerance);
    const char* key = e.has_output ? "output" : "records";
    out += entries == 0 ? fmt::format("    {}: []\n", key) : fmt::format("    {}:\n", key);
    indent = "      ";
  }
  if (e.has_output) {
    for (const SinkElement& element : output.elements) {
      out += fmt::format("{}- {}\n", indent, ElementLine(columns, output, element));
    }
    return out;
  }
  for (size_t r = 0; r < output.records.size(); ++r) {
    out += fmt::format("{}- {}\n", indent, RecordLine(columns, output, r));
  }
  return out;
}

std::string LedgerBlock(const JobPlan& plan, const RunResult& result) {
  std::string out = "ledger:\n";
  for (const LedgerExpectation& e : plan.spec.ledger) {
    NodeIndex node = 0;
    while (plan.nodes[node].name != e.stream) ++node;
    std::vector<std::string> counters;
    for (const LedgerExpectation::Counter& c : e.counters) {
      engine::Fate fate = engine::Fate::kEmitted;
      for (const LedgerCounterName& n : LedgerCounters()) {
        if (n.name == c.name) fate = n.fate;
      }
      counters.push_back(
          fmt::format("{}: {}", c.name, internal::CounterValue(result.ledger, node, fate)));
    }
    if (!e.tags.empty()) {
      std::vector<std::string> tags;
      const auto& outputs = plan.nodes[node].side_outputs;
      for (const LedgerExpectation::Counter& c : e.tags) {
        engine::Port port = 1;
        while (outputs[port - 1].id != c.name) ++port;
        tags.push_back(fmt::format("{}: {}", YamlScalar(engine::Value(c.name)),
                                   internal::TagValue(result.ledger, node, port)));
      }
      counters.push_back(fmt::format("to: {{{}}}", fmt::join(tags, ", ")));
    }
    out += fmt::format("  {}: {{{}}}\n", e.stream, fmt::join(counters, ", "));
  }
  return out;
}

// The `recovery:` block with the run's counters, in the order and grouping
// the scenario wrote them: job-wide counters, `replayed_rows` per source,
// then `sinks` per sink. A counter the run has no value for keeps its count.
std::string RecoveryBlock(const JobPlan& plan, const RunResult& result) {
  const RecoveryExpectation& e = *plan.spec.recovery_expectation;
  auto value = [&](const RecoveryExpectation::Counter& c) {
    return internal::RecoveryValue(plan, result, c).value_or(c.count);
  };
  std::string out = "recovery:\n";
  std::vector<std::string> replayed;
  std::vector<std::pair<std::string, std::vector<std::string>>> sinks;
  for (const RecoveryExpectation::Counter& c : e.counters) {
    if (c.scope.empty()) {
      out += c.name == "job_failed"
                 ? fmt::format("  job_failed: {}\n", value(c) != 0 ? "true" : "false")
                 : fmt::format("  {}: {}\n", c.name, value(c));
      continue;
    }
    const std::string entry = fmt::format(
        "{}: {}", c.name == "replayed_rows" ? YamlScalar(engine::Value(c.scope)) : c.name,
        value(c));
    if (c.name == "replayed_rows") {
      replayed.push_back(entry);
      continue;
    }
    auto sink =
        std::find_if(sinks.begin(), sinks.end(), [&](const auto& s) { return s.first == c.scope; });
    if (sink == sinks.end()) sink = sinks.insert(sinks.end(), {c.scope, {}});
    sink->second.push_back(entry);
  }
  if (!replayed.empty()) out += fmt::format("  replayed_rows: {{{}}}\n", fmt::join(replayed, ", "));
  if (!sinks.empty()) out += "  sinks:\n";
  for (const auto& [sink, counters] : sinks) {
    out +=
        fmt::format("    {}: {{{}}}\n", YamlScalar(engine::Value(sink)), fmt::join(counters, ", "));
  }
  return out;
}

// The metadata columns after the fields of an existing golden file, so that
// a rewrite keeps them; none when it does not exist yet.
std::vector<internal::Metadata> GoldenMetadata(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string header;
  std::getline(in, header);
  std::vector<internal::Metadata> metadata;
  size_t at = 0;
  while (at <= header.size()) {
    const size_t comma = std::min(header.find(',', at), header.size());
    std::string cell = header.substr(at, comma - at);
    if (!cell.empty() && cell.back() == '\r') cell.pop_back();
    if (auto m = internal::ParseMetadataName(cell)) metadata.push_back(*m);
    at = comma + 1;
  }
  return metadata;
}

std::string GoldenText(const std::string& path, const SinkOutput& output) {
  const std::vector<internal::Metadata> metadata = GoldenMetadata(path);
  std::string csv = CsvHeader(output.schema);
  for (internal::Metadata m : metadata) csv += fmt::format(",{}", internal::MetadataName(m));
  csv += "\n";
  for (size_t r = 0; r < output.records.size(); ++r) {
    csv += CsvRow(output.records[r]);
    const internal::ActualRecord actual{&output.records[r], &output.emissions[r]};
    for (internal::Metadata m : metadata) {
      const engine::Timestamp t = internal::MetadataOf(actual, m);
      const bool ts = m == internal::Metadata::kTimestamp;
      csv += "," + (ts && t.is_min() ? std::string() : FormatMetadataTime(t, ts));
    }
    csv += "\n";
  }
  return csv;
}

// The scenario's expectations, with one for every sink that has none.
std::vector<SinkExpectation> WithEverySink(const JobPlan& plan) {
  std::vector<SinkExpectation> all = plan.spec.expectations;
  for (const PlannedSink& sink : plan.sinks) {
    const bool has = std::any_of(all.begin(), all.end(),
                                 [&](const SinkExpectation& e) { return e.sink == sink.name; });
    if (has) continue;
    SinkExpectation e;
    e.sink = sink.name;
    all.push_back(std::move(e));
  }
  return all;
}

void WriteFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw engine::InputError({path, 0, 0}, "cannot write the file");
}

}  // namespace

std::string RewriteExpectationBlock(const std::string& scenario_text, const JobPlan& plan,
                                    const RunResult& result) {
  const std::vector<SinkExpectation> expectations = WithEverySink(plan);
  std::string text = scenario_text;
  bool any_sink = false;
  std::string block = "expect:\n";
  for (const SinkExpectation& e : expectations) {
    const PlannedSink* sink = plan.FindSink(e.sink);
    block += SinkBlock(e, result.sinks[static_cast<size_t>(sink - plan.sinks.data())]);
    any_sink = true;
  }
  if (any_sink) text = ReplaceTopLevelBlock(text, "expect", block);
  if (!plan.spec.ledger.empty())
    text = ReplaceTopLevelBlock(text, "ledger", LedgerBlock(plan, result));
  if (plan.spec.recovery_expectation) {
    text = ReplaceTopLevelBlock(text, "recovery", RecoveryBlock(plan, result));
  }
  return text;
}

size_t SinksWithoutExpectations(const JobPlan& plan) {
  return WithEverySink(plan).size() - plan.spec.expectations.size();
}

std::vector<std::string> UpdateExpectations(const JobPlan& plan, const RunResult& result) {
  std::vector<std::string> written;
  bool inline_rows = !plan.spec.ledger.empty() || plan.spec.recovery_expectation ||
                     SinksWithoutExpectations(plan) > 0;
  for (const SinkExpectation& e : plan.spec.expectations) {
    const PlannedSink* sink = plan.FindSink(e.sink);
    const SinkOutput& output = result.sinks[static_cast<size_t>(sink - plan.sinks.data())];
    if (e.golden.empty()) {
      inline_rows = true;
      continue;
    }
    WriteFile(e.golden, GoldenText(e.golden, output));
    written.push_back(e.golden);
  }
  if (inline_rows) {
    std::ifstream in(plan.file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    WriteFile(plan.file, RewriteExpectationBlock(text.str(), plan, result));
    written.push_back(plan.file);
  }
  return written;
}

}  // namespace tidemark::sim
