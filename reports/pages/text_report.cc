#include "reports/pages/text_report.h"

#include <fmt/format.h>

#include "reports/story/pending_text.h"
#include "reports/story/recovery_text.h"
#include "sim/trace/csv_writer.h"

namespace tidemark::reports {

using engine::Fate;

namespace {
std::string Plural(uint64_t n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}
}  // namespace

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
            parts.push_back(
                fmt::format("{} to unconsumed '{}'", count, node.side_outputs[tag - 1].id));
          }
          break;
        default: parts.push_back(fmt::format("{} {}", count, engine::FateName(fate)));
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

std::string FormatSinkHeading(const sim::SinkOutput& sink) {
  return fmt::format("== {} ({}) ==\n", sink.name, Plural(sink.count, "record")) +
         sim::CsvHeader(sink.schema) + "\n";
}

std::string FormatRunTail(const sim::JobPlan& plan, const sim::RunResult& result) {
  return FormatLedgerSummary(plan, result) + "\n" + FormatRecoveryText(plan, result) +
         FormatPendingText(plan, result);
}

std::string FormatRunText(const sim::JobPlan& plan, const sim::RunResult& result) {
  std::string out;
  for (const sim::SinkOutput& sink : result.sinks) {
    out += FormatSinkHeading(sink);
    for (const engine::Record& record : sink.records) out += sim::CsvRow(record) + "\n";
    out += "\n";
  }
  return out + FormatRunTail(plan, result);
}

}  // namespace tidemark::reports
