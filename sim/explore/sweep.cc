#include "sim/explore/sweep.h"

#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/nearest_name.h"
#include "sim/explore/explore_trace.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/duration_text.h"

namespace tidemark::sim {

namespace {

const std::vector<std::string>& KnownKeys() {
  static const std::vector<std::string> keys = {"seed",
                                                "channels.latency.min",
                                                "channels.latency.max",
                                                "sources.NAME.parallelism",
                                                "sources.NAME.watermarks.max_out_of_orderness",
                                                "sources.NAME.watermarks.interval",
                                                "sources.NAME.watermarks.idleness",
                                                "streams.NAME.parallelism",
                                                "streams.NAME.window.size",
                                                "streams.NAME.window.slide",
                                                "streams.NAME.window.gap",
                                                "streams.NAME.window.offset",
                                                "streams.NAME.window.allowed_lateness"};
  return keys;
}

[[noreturn]] void Unknown(const std::string& key) {
  throw engine::InputError({"--set", 0, 0}, fmt::format("unknown setting '{}'", key),
                           fmt::format("settings: {}", fmt::join(KnownKeys(), ", ")));
}

engine::Duration DurationValue(const std::string& key, const std::string& value, bool positive) {
  const auto d = ParseDuration(value);
  if (!d || d->millis() < 0 || (positive && d->millis() == 0)) {
    throw engine::InputError({"--set", 0, 0},
                             fmt::format("'{}' is no valid duration for '{}'", value, key),
                             std::string(kDurationHint));
  }
  return *d;
}

int64_t IntValue(const std::string& key, const std::string& value, int64_t low, int64_t high) {
  size_t used = 0;
  int64_t v = 0;
  try {
    v = std::stoll(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != value.size() || v < low || v > high) {
    throw engine::InputError({"--set", 0, 0},
                             fmt::format("'{}' is no valid value for '{}'", value, key),
                             fmt::format("write a whole number from {} to {}", low, high));
  }
  return v;
}

std::vector<std::string> Split(const std::string& text, char at) {
  std::vector<std::string> parts;
  size_t begin = 0;
  for (size_t end = text.find(at); end != std::string::npos; end = text.find(at, begin)) {
    parts.push_back(text.substr(begin, end - begin));
    begin = end + 1;
  }
  parts.push_back(text.substr(begin));
  return parts;
}

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
    return durations ? DurationValue(key, v, false).millis() : IntValue(key, v, 0, INT64_MAX / 2);
  };
  const int64_t from = parse(text.substr(0, dots));
  const int64_t to = parse(text.substr(dots + 2, colon - dots - 2));
  const int64_t step = parse(text.substr(colon + 1));
  if (step <= 0 || to < from || (to - from) / step >= 1000) {
    throw engine::InputError({"--set", 0, 0}, fmt::format("range '{}' is empty or too long", text),
                             "FROM <= TO, STEP > 0, at most 1000 values");
  }
  std::vector<std::string> values;
  for (int64_t v = from; v <= to; v += step) {
    values.push_back(durations ? FormatDuration(engine::Duration::Millis(v)) : std::to_string(v));
  }
  return values;
}

template <typename T>
T& Named(std::vector<T>& items, const std::string& name, const std::string& key, const char* what) {
  std::vector<std::string> names;
  for (T& item : items) {
    if (item.name == name) return item;
    names.push_back(item.name);
  }
  throw engine::InputError({"--set", 0, 0}, fmt::format("'{}': no {} '{}'", key, what, name),
                           engine::UnknownNameHint(name, names));
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
  s.values = values.find("..") != std::string::npos ? Range(s.key, values) : Split(values, ',');
  return s;
}

void ApplySetting(ScenarioSpec& spec, const std::string& key, const std::string& value) {
  const std::vector<std::string> parts = Split(key, '.');
  if (key == "seed") {
    spec.seed = static_cast<uint64_t>(IntValue(key, value, 0, INT64_MAX));
  } else if (key == "channels.latency.min" || key == "channels.latency.max") {
    (parts[2] == "min" ? spec.channels.min_latency : spec.channels.max_latency) =
        DurationValue(key, value, false);
    if (spec.channels.max_latency < spec.channels.min_latency) {
      throw engine::InputError({"--set", 0, 0},
                               fmt::format("'{}={}': latency max below min", key, value));
    }
  } else if (parts.size() >= 3 && parts[0] == "sources") {
    SourceSpec& source = Named(spec.sources, parts[1], key, "source");
    const std::string rest = key.substr(parts[0].size() + parts[1].size() + 2);
    if (rest == "parallelism") {
      source.parallelism = static_cast<int>(IntValue(key, value, 1, 32768));
    } else if (rest == "watermarks.max_out_of_orderness") {
      if (source.watermarks.strategy != WatermarkSpec::Strategy::kBoundedOutOfOrderness) {
        throw engine::InputError({"--set", 0, 0},
                                 fmt::format("source '{}' has no bounded_out_of_orderness "
                                             "watermarks",
                                             parts[1]));
      }
      source.watermarks.max_out_of_orderness = DurationValue(key, value, false);
    } else if (rest == "watermarks.interval") {
      source.watermarks.interval = DurationValue(key, value, false);
    } else if (rest == "watermarks.idleness") {
      source.watermarks.idleness = DurationValue(key, value, true);
    } else {
      Unknown(key);
    }
  } else if (parts.size() >= 3 && parts[0] == "streams") {
    StreamSpec& stream = Named(spec.streams, parts[1], key, "stream");
    const std::string rest = key.substr(parts[0].size() + parts[1].size() + 2);
    if (rest == "parallelism") {
      stream.parallelism = static_cast<int>(IntValue(key, value, 1, 32768));
      return;
    }
    if (!rest.starts_with("window.")) Unknown(key);
    if (!stream.window) {
      throw engine::InputError({"--set", 0, 0}, fmt::format("stream '{}' has no window", parts[1]));
    }
    WindowSpec& w = *stream.window;
    const std::string field = rest.substr(7);
    if (field == "size") {
      w.size = DurationValue(key, value, true);
    } else if (field == "slide") {
      w.slide = DurationValue(key, value, true);
    } else if (field == "gap") {
      w.gap = DurationValue(key, value, true);
    } else if (field == "offset") {
      w.offset = DurationValue(key, value, false);
    } else if (field == "allowed_lateness") {
      w.allowed_lateness = DurationValue(key, value, false);
    } else {
      Unknown(key);
    }
  } else {
    Unknown(key);
  }
}

std::vector<SweepPoint> SweepGrid(const std::vector<SweepSetting>& settings) {
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

SweepMetrics MeasurePoint(const ScenarioSpec& base, const SweepPoint& point) {
  ScenarioSpec spec = base;
  for (const auto& [key, value] : point) ApplySetting(spec, key, value);
  const ScenarioRows rows = ReadScenarioRows(spec);
  const JobPlan plan = PlanJob(std::move(spec));
  const RunResult r =
      RunJob(plan, {.seed = plan.spec.seed, .detail = engine::Ledger::Detail::kEveryRecord});
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
    const StreamSpec* stream = nullptr;
    for (const StreamSpec& s : plan.spec.streams) {
      if (s.name == plan.nodes[f.node].name) stream = &s;
    }
    if (!window || !stream || !stream->window || stream->window->time != WindowSpec::Time::kEvent) {
      continue;
    }
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
