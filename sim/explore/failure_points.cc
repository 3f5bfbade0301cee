#include "sim/explore/failure_points.h"

#include <algorithm>
#include <tuple>

#include <fmt/format.h>

#include "sim/random/prng.h"

namespace tidemark::sim {

namespace {

// Where a task can fail: the latest row arrival or source end, at least 1 ms.
int64_t LastMoment(const JobPlan& plan, const JobRows& rows) {
  int64_t last = 1;
  for (const SourceRows& source : rows) {
    for (const TraceRow& row : source.rows) {
      if (row.arrival) last = std::max(last, row.arrival->millis());
    }
  }
  for (const SourcePlan& source : plan.sources) {
    if (source.end_at) last = std::max(last, source.end_at->millis());
  }
  return last;
}

size_t EventRows(const JobRows& rows) {
  size_t n = 0;
  for (const SourceRows& source : rows) {
    for (const TraceRow& row : source.rows) n += row.kind == TraceRowKind::kEvent ? 1 : 0;
  }
  return n;
}

}  // namespace

std::vector<FailurePoint> SeededFailures(const JobPlan& plan, const JobRows& rows, uint64_t seed,
                                         uint64_t count) {
  std::vector<uint32_t> tasks;
  for (uint32_t n = 0; n < plan.nodes.size(); ++n) {
    const PlannedNode::Kind kind = plan.nodes[n].kind;
    if (kind != PlannedNode::Kind::kUnion && kind != PlannedNode::Kind::kSideOutput) {
      tasks.push_back(n);
    }
  }
  const int64_t last = LastMoment(plan, rows);
  const auto records = static_cast<int64_t>(std::max<size_t>(EventRows(rows), 1));
  Prng prng = Prng::ForComponent(seed, "failures");
  std::vector<FailurePoint> out;
  for (uint64_t i = 0; i < count; ++i) {
    FailurePoint f;
    const bool on_sink = !plan.sinks.empty() && prng.Below(4) == 0;
    if (on_sink || tasks.empty()) {
      f.kind = FailurePoint::Kind::kOnRecord;
      f.sink = plan.sinks[prng.Below(plan.sinks.size())].name;
      f.count = static_cast<uint64_t>(prng.Between(1, records));
    } else {
      const PlannedNode& node = plan.nodes[tasks[prng.Below(tasks.size())]];
      f.kind = FailurePoint::Kind::kAt;
      f.task = node.name;
      f.subtask = static_cast<int>(prng.Below(static_cast<uint64_t>(node.parallelism)));
      f.at = engine::Timestamp::Millis(prng.Between(0, last));
    }
    out.push_back(std::move(f));
  }
  std::sort(out.begin(), out.end(), [](const FailurePoint& a, const FailurePoint& b) {
    return std::tuple(a.kind != FailurePoint::Kind::kAt, a.at.millis(), a.task, a.subtask, a.sink,
                      a.count) < std::tuple(b.kind != FailurePoint::Kind::kAt, b.at.millis(),
                                            b.task, b.subtask, b.sink, b.count);
  });
  return out;
}

}  // namespace tidemark::sim
