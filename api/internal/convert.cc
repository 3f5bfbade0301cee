#include "api/internal/convert.h"

#include <string>
#include <type_traits>

#include "engine/core/record.h"
#include "engine/core/schema.h"
#include "engine/operators/router.h"

namespace tidemark::api::internal {

namespace {

// Public and engine values are the same variant, so records copy as they are.
static_assert(std::is_same_v<Value, engine::Value>);

Sink ToSink(const sim::SinkOutput& out) {
  Sink sink{.name = out.name};
  for (const engine::Field& f : out.schema.fields()) {
    sink.fields.push_back({.name = f.name, .type = static_cast<Type>(f.type)});
  }
  sink.records.reserve(out.records.size());
  for (size_t i = 0; i < out.records.size(); ++i) {
    const engine::Record& r = out.records[i];
    SinkRecord record{.values = r.values, .timestamp = Timestamp::Millis(r.timestamp.millis())};
    if (i < out.emissions.size()) {
      record.watermark = Timestamp::Millis(out.emissions[i].watermark.millis());
      record.emitted_at = Timestamp::Millis(out.emissions[i].at.millis());
    }
    sink.records.push_back(std::move(record));
  }
  return sink;
}

// The side output or sink a ledger count's tag names (empty: the main output).
std::string TagName(const sim::JobPlan& plan, const sim::PlannedNode& node, engine::Fate fate,
                    uint32_t tag) {
  if (fate == engine::Fate::kSunk) return tag < plan.sinks.size() ? plan.sinks[tag].name : "";
  if (tag == engine::kMainPort || tag > node.side_outputs.size()) return "";
  return node.side_outputs[tag - 1].id;
}

}  // namespace

Location ToLocation(const engine::SourceLocation& where) {
  return {.file = where.file, .line = where.line, .column = where.column};
}

Error ToError(const engine::InputError& error) {
  return Error(ToLocation(error.where()), error.message(), error.hint(), error.what());
}

Fate ToFate(engine::Fate fate) {
  switch (fate) {
    case engine::Fate::kEmitted: return Fate::kEmitted;
    case engine::Fate::kRoutedToTag: return Fate::kRoutedToTag;
    case engine::Fate::kFiltered: return Fate::kFiltered;
    case engine::Fate::kUnrouted: return Fate::kUnrouted;
    case engine::Fate::kInWindow: return Fate::kInWindow;
    case engine::Fate::kInWindowLate: return Fate::kInWindowLate;
    case engine::Fate::kLateToTag: return Fate::kLateToSideOutput;
    case engine::Fate::kDroppedLate: return Fate::kDroppedLate;
    case engine::Fate::kDiscarded: return Fate::kDiscarded;
    case engine::Fate::kUnconsumed: return Fate::kUnconsumed;
    case engine::Fate::kSunk: return Fate::kSunk;
    case engine::Fate::kPending: return Fate::kPending;
  }
  return Fate::kEmitted;  // unreachable: the switch names every fate
}

engine::Fate ToEngineFate(Fate fate) {
  switch (fate) {
    case Fate::kEmitted: return engine::Fate::kEmitted;
    case Fate::kRoutedToTag: return engine::Fate::kRoutedToTag;
    case Fate::kFiltered: return engine::Fate::kFiltered;
    case Fate::kUnrouted: return engine::Fate::kUnrouted;
    case Fate::kInWindow: return engine::Fate::kInWindow;
    case Fate::kInWindowLate: return engine::Fate::kInWindowLate;
    case Fate::kLateToSideOutput: return engine::Fate::kLateToTag;
    case Fate::kDroppedLate: return engine::Fate::kDroppedLate;
    case Fate::kDiscarded: return engine::Fate::kDiscarded;
    case Fate::kUnconsumed: return engine::Fate::kUnconsumed;
    case Fate::kSunk: return engine::Fate::kSunk;
    case Fate::kPending: return engine::Fate::kPending;
  }
  return engine::Fate::kEmitted;  // unreachable: the switch names every fate
}

RunResult ToRunResult(const sim::JobPlan& plan, const sim::RunResult& result, uint64_t seed) {
  RunResult run{.seed = seed};
  for (const sim::SinkOutput& out : result.sinks) run.sinks.push_back(ToSink(out));
  run.ledger.records_in = result.records_in;
  // counts() is ordered by (node, fate, tag).
  for (const auto& [key, count] : result.ledger.counts()) {
    const auto [node, fate, tag] = key;
    if (count == 0 || node >= plan.nodes.size()) continue;
    const sim::PlannedNode& planned = plan.nodes[node];
    run.ledger.counts.push_back({.stream = planned.name,
                                 .fate = ToFate(fate),
                                 .tag = TagName(plan, planned, fate, tag),
                                 .count = count});
  }
  return run;
}

CheckResult ToCheckResult(const sim::CheckVerdict& verdict, const sim::JobPlan* plan,
                          uint64_t seed) {
  CheckResult check;
  switch (verdict.status) {
    case sim::CheckStatus::kPassed:
    case sim::CheckStatus::kUpdated: check.status = CheckStatus::kPassed; break;
    case sim::CheckStatus::kFailed: check.status = CheckStatus::kFailed; break;
    case sim::CheckStatus::kSkipped: check.status = CheckStatus::kSkipped; break;
    case sim::CheckStatus::kBadInput: check.status = CheckStatus::kBadInput; break;
  }
  check.refused_as_expected = verdict.refused_as_expected;
  if (verdict.run && plan) check.run = ToRunResult(*plan, *verdict.run, seed);
  for (const sim::SinkDiff& diff : verdict.diffs) {
    ExpectationDiff out{.subject = diff.subject, .lines = diff.lines};
    for (const sim::Mismatch& m : diff.mismatches) {
      out.mismatches.push_back({.where = ToLocation(m.where), .message = m.message});
    }
    check.diffs.push_back(std::move(out));
  }
  for (const sim::LintFinding& f : verdict.lint) check.lint.push_back(sim::FormatLintFinding(f));
  if (verdict.error) check.error = ToError(*verdict.error);
  return check;
}

}  // namespace tidemark::api::internal
