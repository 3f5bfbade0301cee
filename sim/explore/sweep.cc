#include "sim/explore/sweep.h"

#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "sim/explore/explore_trace.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/duration_text.h"
#include "sim/scenario/setting_values.h"

namespace tidemark::sim {

namespace {

// FROM..TO:STEP over durations (or plain integers, which read as ms).
std::vector<std::string> Range(const std::string& key, const std::string& text) {
  const size_t dots = text.find("..");
  const size_t colon = text.find(':', dots);
  if (colon == std::string::npos) {
    throw engine::InputError({"--set", 0, 0}, fmt::format("'{}' is not FROM..TO:STEP", text),
                             "write e.g. 0s..10s:1s");
  }
  const bool durations = key != "seed" && !key.ends_with("parallelism");
  auto parse = [&](const std::string& v) {
    return durations ? SettingDuration(key, v, false).millis()
                     : SettingInt(key, v, 0, INT64_MAX / 2);
  };
  const int64_t from = parse(text.substr(0, dots));
  const int64_t to = parse(text.substr(dots + 2, colon - dots - 2));
  const int64_t step = parse(text.substr(colon + 1));
  if (step <= 0 || to < from || (to - from) / step >= 1000) {
    throw engine::InputError({"--set", 0, 0}, fmt::format("range '{}' is empty or too long", text),
                             "FROM <= TO, STEP > 0, at most 1000 values");
  }
  // Counted, not stepped to TO: v + step may pass INT64_MAX (1..MAX:MAX
  // once wrapped and never ended).
  const int64_t count = (to - from) / step + 1;
  std::vector<std::string> values;
  for (int64_t i = 0; i < count; ++i) {
    const int64_t v = from + i * step;
    values.push_back(durations ? FormatDuration(engine::Duration::Millis(v)) : std::to_string(v));
  }
  return values;
}

}  // namespace

SweepSetting ParseSweepSetting(const std::string& text, const std::string& flag) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) {
    throw engine::InputError(
        {flag, 0, 0}, fmt::format("'{}' is not KEY=VALUES", text),
        "write e.g. sources.readings.watermarks.max_out_of_orderness=0s,1s,2s");
  }
  SweepSetting s{text.substr(0, eq), {}};
  const std::string values = text.substr(eq + 1);
  s.values = values.find("..") != std::string::npos ? Range(s.key, values) : SplitAt(values, ',');
  return s;
}

std::vector<SweepPoint> SweepGrid(const std::vector<SweepSetting>& settings) {
  // Counted before anything is built: three settings of 1000 values each
  // would be a billion points.
  uint64_t size = 1;
  for (const SweepSetting& s : settings) {
    size *= std::max<uint64_t>(s.values.size(), 1);
    if (size > kMaxSweepPoints) {
      throw engine::InputError(
          {"--set", 0, 0},
          fmt::format("the settings make a grid of more than {} points", kMaxSweepPoints),
          "each point is a run of its own: sweep fewer values, or one setting at a time");
    }
  }
  std::vector<SweepPoint> points = {{}};
  for (const SweepSetting& s : settings) {
    std::vector<SweepPoint> next;
    for (const SweepPoint& p : points) {
      for (const std::string& v : s.values) {
        SweepPoint q = p;
        q.emplace_back(s.key, v);
        next.push_back(std::move(q));
      }
    }
    points = std::move(next);
  }
  return points;
}

SweepMetrics MeasurePoint(const JobPlan& base, const SweepPoint& point) {
  const JobPlan plan = base.source->Plan({.settings = point});
  const JobRows rows = ReadJobRows(plan);
  const RunResult r =
      RunJob(plan, {.seed = plan.info.seed, .detail = engine::Ledger::Detail::kEveryRecord});
  SweepMetrics m;
  m.records_in = r.records_in;
  m.side_output = r.ledger.Total(engine::Fate::kLateToTag);
  m.dropped = r.ledger.Total(engine::Fate::kDroppedLate);
  m.late = m.side_output + m.dropped;
  m.late_share =
      m.records_in == 0 ? 0.0 : static_cast<double>(m.late) / static_cast<double>(m.records_in);
  // (arrival, event time) of every event row, by arrival; then the running
  // maximum of event time, so the first row at or past E is a binary search.
  std::vector<std::pair<int64_t, int64_t>> seen;
  for (const SourceRows& s : rows) {
    for (const TraceRow& row : s.rows) {
      if (row.kind == TraceRowKind::kEvent) {
        seen.emplace_back(row.arrival->millis(), row.record.timestamp.millis());
      }
    }
  }
  std::stable_sort(seen.begin(), seen.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (size_t i = 1; i < seen.size(); ++i)
    seen[i].second = std::max(seen[i].second, seen[i - 1].second);
  std::map<std::tuple<uint32_t, std::string, int64_t, int64_t>, int64_t> first_firing;
  for (const FiringRecord& f : r.firings) {
    const auto& window = plan.nodes[f.node].window;
    if (!window || window->time_domain != engine::TimeDomain::kEventTime) continue;
    const auto key =
        std::make_tuple(f.node, engine::FormatValue(f.result.key), f.result.window.start().millis(),
                        f.result.window.end().millis());
    first_firing.emplace(key, f.time.millis());  // firings come in time order: keeps the first
  }
  std::vector<int64_t> latencies;
  for (const auto& [key, fired] : first_firing) {
    ++m.windows;
    const int64_t end = std::get<3>(key);
    const auto it = std::lower_bound(seen.begin(), seen.end(), end,
                                     [](const auto& row, int64_t e) { return row.second < e; });
    if (it == seen.end()) {
      ++m.windows_at_end;
      continue;
    }
    latencies.push_back(fired - it->first);
  }
  if (!latencies.empty()) {
    std::sort(latencies.begin(), latencies.end());
    m.latency_median_ms = latencies[(latencies.size() - 1) / 2];
    m.latency_max_ms = latencies.back();
  }
  return m;
}

}  // namespace tidemark::sim
