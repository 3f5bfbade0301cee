#include "reports/text_report.h"

#include <fmt/format.h>

namespace tidemark::reports {

using engine::Fate;

namespace {
std::string CsvCell(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string Plural(uint64_t n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}
}  // namespace

std::string FormatCsvHeader(const engine::Schema& schema) {
  std::string out;
  for (size_t i = 0; i < schema.size(); ++i) {
    if (i > 0) out += ',';
    out += CsvCell(schema.field(i).name);
  }
  return out;
}

std::string FormatCsvRow(const engine::Record& record) {
  std::string out;
  for (size_t i = 0; i < record.values.size(); ++i) {
    if (i > 0) out += ',';
    // Null prints as an empty cell, as the trace reader reads it back.
    if (engine::TypeOf(record.values[i]) != engine::ValueType::kNull) {
      out += CsvCell(engine::FormatValue(record.values[i]));
    }
  }
  return out;
}

std::string FormatLedgerSummary(const sim::JobPlan& plan, const sim::RunResult& result) {
  std::string out = fmt::format("ledger: {} in", Plural(result.records_in, "record"));
  for (sim::NodeIndex n = 0; n < plan.nodes.size(); ++n) {
    const sim::PlannedNode& node = plan.nodes[n];
    if (node.kind == sim::PlannedNode::Kind::kSource) continue;
    std::vector<std::string> parts;
    for (const auto& [key, count] : result.ledger.counts()) {
      const auto [node_index, fate, tag] = key;
      if (node_index != n || fate == Fate::kSunk) continue;
      switch (fate) {
        case Fate::kRoutedToTag:
          parts.push_back(fmt::format("{} to '{}'", count, node.side_outputs[tag - 1].id));
          break;
        case Fate::kUnconsumed:
          if (tag == engine::kMainPort) {
            parts.push_back(fmt::format("{} unconsumed", count));
          } else {
            parts.push_back(fmt::format("{} to unconsumed '{}'", count,
                                        node.side_outputs[tag - 1].id));
          }
          break;
        default:
          parts.push_back(fmt::format("{} {}", count, engine::FateName(fate)));
      }
    }
    if (parts.empty()) continue;
    out += fmt::format("; {}: {}", node.name, fmt::join(parts, ", "));
  }
  std::vector<std::string> sinks;
  for (const sim::SinkOutput& sink : result.sinks) {
    sinks.push_back(fmt::format("{} {}", sink.name, sink.count));
  }
  out += fmt::format("; sinks: {}", fmt::join(sinks, ", "));
  return out;
}

std::string FormatRunText(const sim::JobPlan& plan, const sim::RunResult& result) {
  std::string out;
  for (const sim::SinkOutput& sink : result.sinks) {
    out += fmt::format("== {} ({}) ==\n", sink.name, Plural(sink.records.size(), "record"));
    out += FormatCsvHeader(sink.schema) + "\n";
    for (const engine::Record& record : sink.records) out += FormatCsvRow(record) + "\n";
    out += "\n";
  }
  out += FormatLedgerSummary(plan, result) + "\n";
  return out;
}

}  // namespace tidemark::reports
