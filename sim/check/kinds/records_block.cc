#include "sim/check/kinds/records_block.h"

#include <algorithm>
#include <fstream>
#include <optional>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "sim/check/expectations.h"
#include "sim/check/internal/typed_rows.h"
#include "sim/scenario/yaml_text.h"
#include "sim/trace/csv_writer.h"
#include "sim/trace/output_file.h"

namespace tidemark::sim::internal {

namespace {

// What an expected row checks: a field (by index) or a metadata value.
struct Column {
  std::string name;
  std::optional<size_t> field;
  std::optional<Metadata> metadata;
};

std::vector<Column> ColumnsOf(const ExpectedRow& row, const engine::Schema& schema) {
  std::vector<Column> columns;
  for (const auto& [name, text] : row.cells) {
    columns.push_back({name, schema.IndexOf(name), ParseMetadataName(name)});
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
  for (const Metadata m : {Metadata::kTimestamp, Metadata::kWatermark, Metadata::kAt}) {
    const std::string name(MetadataName(m));
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
  const ActualRecord actual{&output.records[r], &output.emissions[r]};
  for (const Column& c : columns) {
    const std::string value = c.field ? YamlScalar(output.records[r].values[*c.field])
                                      : FormatMetadataTime(MetadataOf(actual, *c.metadata),
                                                           *c.metadata == Metadata::kTimestamp);
    // Metadata names start with '@', which YAML reserves: quote them.
    cells.push_back(c.field ? fmt::format("{}: {}", YamlKey(c.name), value)
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

}  // namespace

std::string SinkBlock(const SinkExpectation& e, const SinkOutput& output) {
  if (!e.golden.empty()) {
    return fmt::format("  {}: {{golden: {}}}\n", YamlKey(e.sink),
                       YamlScalar(engine::Value(e.golden_as_written)));
  }
  std::vector<const ExpectedRow*> rows;
  for (const ExpectedRow& row : e.rows) rows.push_back(&row);
  for (const ExpectedElement& element : e.output) {
    if (element.kind == ExpectedElement::Kind::kRecord) rows.push_back(&element.record);
  }
  const std::vector<Column> columns = ColumnsToWrite(rows, output.schema);
  const bool options =
      e.has_output || e.order == SinkExpectation::Order::kUnordered || e.tolerance != 1e-9;
  std::string out = fmt::format("  {}:", YamlKey(e.sink));
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

// The metadata columns after the fields of an existing golden file, so that
// a rewrite keeps them; none when it does not exist yet.
namespace {

std::vector<Metadata> GoldenMetadata(const std::string& path) {
  // The header line only, read no further than a header could reach.
  constexpr size_t kMaxHeaderBytes = size_t{1} << 20;
  std::ifstream in(path, std::ios::binary);
  std::string header;
  for (char c = 0; header.size() < kMaxHeaderBytes && in.get(c) && c != '\n';) header += c;
  std::vector<Metadata> metadata;
  size_t at = 0;
  while (at <= header.size()) {
    const size_t comma = std::min(header.find(',', at), header.size());
    std::string cell = header.substr(at, comma - at);
    if (!cell.empty() && cell.back() == '\r') cell.pop_back();
    if (auto m = ParseMetadataName(cell)) metadata.push_back(*m);
    at = comma + 1;
  }
  return metadata;
}

}  // namespace

std::string GoldenText(const std::string& path, const SinkOutput& output) {
  const std::vector<Metadata> metadata = GoldenMetadata(path);
  std::string csv = CsvHeader(output.schema);
  for (Metadata m : metadata) csv += fmt::format(",{}", MetadataName(m));
  csv += "\n";
  for (size_t r = 0; r < output.records.size(); ++r) {
    csv += CsvRow(output.records[r]);
    const ActualRecord actual{&output.records[r], &output.emissions[r]};
    for (Metadata m : metadata) {
      const engine::Timestamp t = MetadataOf(actual, m);
      const bool ts = m == Metadata::kTimestamp;
      csv += "," + (ts && t.is_min() ? std::string() : FormatMetadataTime(t, ts));
    }
    csv += "\n";
  }
  return csv;
}

std::vector<SinkExpectation> WithEverySink(const std::vector<SinkExpectation>& expectations,
                                           const JobPlan& plan) {
  std::vector<SinkExpectation> all = expectations;
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
  sim::WriteOutputFile(path, text);  // a link at the golden file's name is replaced
}

}  // namespace tidemark::sim::internal
