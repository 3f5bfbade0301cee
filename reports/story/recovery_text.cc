#include "reports/story/recovery_text.h"

#include <algorithm>

#include <fmt/format.h>

#include "sim/trace/csv_writer.h"

namespace tidemark::reports {

using engine::FormatTimestamp;
using sim::FailureRecord;
using sim::RecoveryResult;

namespace {

std::string Count(uint64_t n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

// Failures listed one by one in `run`'s block; the rest are counted.
constexpr size_t kFailuresShown = 10;
// Duplicates traced to their first delivery in a sink's line.
constexpr size_t kDuplicatesShown = 3;

}  // namespace

std::string_view CheckpointOutcomeName(sim::CheckpointRecord::Outcome outcome) {
  switch (outcome) {
    case sim::CheckpointRecord::Outcome::kPending: return "pending";
    case sim::CheckpointRecord::Outcome::kCompleted: return "completed";
    case sim::CheckpointRecord::Outcome::kAborted: return "aborted";
  }
  return "?";
}

std::string_view FailureOutcomeName(FailureRecord::Outcome outcome) {
  switch (outcome) {
    case FailureRecord::Outcome::kRestarted: return "restarted";
    case FailureRecord::Outcome::kMerged: return "merged";
    case FailureRecord::Outcome::kJobFailed: return "job_failed";
    case FailureRecord::Outcome::kIgnored: return "ignored";
  }
  return "?";
}

std::string RecoveryHeadline(const sim::JobPlan& plan, const RecoveryResult& recovery) {
  std::string out =
      fmt::format("{} completed, {} aborted; {}, {}",
                  Count(recovery.checkpoints_completed, "checkpoint"), recovery.checkpoints_aborted,
                  Count(recovery.failure_count, "failure"), Count(recovery.restarts, "restart"));
  std::vector<std::string> replayed;
  for (size_t s = 0; s < recovery.replayed_rows.size() && s < plan.sources.size(); ++s) {
    if (recovery.replayed_rows[s] == 0) continue;
    replayed.push_back(fmt::format("{} {}", plan.sources[s].name(), recovery.replayed_rows[s]));
  }
  if (!replayed.empty()) out += fmt::format("; rows replayed: {}", fmt::join(replayed, ", "));
  return out;
}

std::string FailureText(const sim::JobPlan& plan, const FailureRecord& failure) {
  const std::string who = fmt::format("{}[{}]", plan.nodes[failure.node].name, failure.subtask);
  std::string out =
      fmt::format("at {}: {} failed ({})", FormatTimestamp(failure.at), who, failure.cause);
  const std::string from = failure.restored_checkpoint == 0
                               ? std::string("with empty state (no checkpoint completed)")
                               : fmt::format("from checkpoint {}", failure.restored_checkpoint);
  switch (failure.outcome) {
    case FailureRecord::Outcome::kRestarted:
      out += fmt::format("; {} restart at {} {}", Count(failure.restarted.size(), "task"),
                         FormatTimestamp(failure.restart_at), from);
      break;
    case FailureRecord::Outcome::kMerged:
      out += fmt::format("; folded into the pending restart: {} restart at {} {}",
                         Count(failure.restarted.size(), "task"),
                         FormatTimestamp(failure.restart_at), from);
      break;
    case FailureRecord::Outcome::kJobFailed:
      out += fmt::format("; the job is FAILED: {}", failure.refusal);
      break;
    case FailureRecord::Outcome::kIgnored: out += "; ignored: the task was not running"; break;
  }
  return out;
}

std::string SinkRecoveryText(const sim::JobPlan& plan, const RecoveryResult& recovery,
                             size_t sink) {
  const sim::SinkRecovery& s = recovery.sinks[sink];
  const sim::PlannedSink& planned = plan.sinks[sink];
  std::string out = fmt::format("{} ({}): {} written, {} visible", planned.name,
                                sim::SinkGuaranteeName(planned.guarantee), s.written, s.visible);
  if (planned.guarantee == sim::SinkGuarantee::kExactlyOnce) {
    out += fmt::format(", {} aborted, {} uncommitted", s.aborted, s.uncommitted);
  }
  out += fmt::format(", {}", Count(s.duplicates, "duplicate"));
  if (!s.listed_duplicates.empty()) {
    std::vector<std::string> shown;
    for (size_t i = 0; i < s.listed_duplicates.size() && i < kDuplicatesShown; ++i) {
      const sim::DuplicateRecord& d = s.listed_duplicates[i];
      shown.push_back(fmt::format("row {} repeats row {}", d.index + 1, d.first + 1));
    }
    if (s.duplicates > shown.size()) shown.push_back("...");
    out += fmt::format(" ({})", fmt::join(shown, ", "));
  }
  if (planned.guarantee == sim::SinkGuarantee::kExactlyOnce && s.visible > 0) {
    out += fmt::format("; visible up to {}ms after written", s.max_visibility_latency.millis());
  }
  return out;
}

std::string DuplicateText(const sim::SinkOutput& sink, const sim::DuplicateRecord& d) {
  const auto row = [&sink](uint64_t index) {
    std::string out = fmt::format("row {}", index + 1);
    if (index < sink.emissions.size()) {
      out += fmt::format(" written at {}", FormatTimestamp(sink.emissions[index].at));
    }
    return out;
  };
  std::string values;
  if (d.index < sink.records.size())
    values = fmt::format(" ({})", sim::CsvRow(sink.records[d.index]));
  return fmt::format("{}{} repeats {}", row(d.index), values, row(d.first));
}

std::string JobFailedText(const RecoveryResult& recovery) {
  if (recovery.job_failed.empty()) return "";
  return fmt::format("FAILED at {}: {}", FormatTimestamp(recovery.failed_at), recovery.job_failed);
}

std::string FormatRecoveryText(const sim::JobPlan& plan, const sim::RunResult& result) {
  if (!result.recovery) return "";
  const RecoveryResult& r = *result.recovery;
  std::string out = fmt::format("recovery: {}\n", RecoveryHeadline(plan, r));
  const size_t shown = std::min(r.failures.size(), kFailuresShown);
  for (size_t i = 0; i < shown; ++i)
    out += fmt::format("  failure {}\n", FailureText(plan, r.failures[i]));
  if (r.failure_count > shown)
    out += fmt::format("  and {} more failures\n", r.failure_count - shown);
  for (size_t s = 0; s < r.sinks.size(); ++s) {
    out += fmt::format("  sink {}\n", SinkRecoveryText(plan, r, s));
  }
  if (!r.job_failed.empty()) out += fmt::format("  job {}\n", JobFailedText(r));
  return out;
}

}  // namespace tidemark::reports
