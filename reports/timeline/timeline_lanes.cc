#include "reports/timeline/timeline_lanes.h"

#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>

namespace tidemark::reports {

using engine::Timestamp;
using sim::NodeIndex;
using sim::PlannedNode;

namespace {

struct ValueLess {
  bool operator()(const engine::Value& a, const engine::Value& b) const {
    return engine::CompareValues(a, b) < 0;
  }
};

bool IsLate(Verdict verdict) {
  return verdict == Verdict::kDroppedLate || verdict == Verdict::kLateToSideOutput ||
         verdict == Verdict::kWithinLateness;
}

// The first keyed operator whose key every source with rows gives directly.
std::optional<NodeIndex> LaneNode(const RunStory& story, std::string& reason) {
  const sim::JobPlan& plan = story.plan();
  bool keyed = false, window_all = false;
  for (NodeIndex n = 0; n < plan.nodes.size(); ++n) {
    const PlannedNode& node = plan.nodes[n];
    if (node.kind != PlannedNode::Kind::kWindow && node.kind != PlannedNode::Kind::kKeyedProcess) {
      continue;
    }
    if (!node.key_field) {
      window_all = true;
      continue;
    }
    keyed = true;
    bool every_source = true;
    for (uint32_t s = 0; s < plan.sources.size(); ++s) {
      const auto& reaching = story.SourcesReaching(n);
      const bool reaches = std::find(reaching.begin(), reaching.end(), s) != reaching.end();
      if (!reaches || !story.KeyFieldInSource(n, s)) every_source = false;
    }
    if (every_source) return n;
  }
  reason = keyed        ? "the key is not a field of every source's rows"
           : window_all ? "windowAll: no key"
                        : "no keyed operator";
  return std::nullopt;
}

struct KeyTally {
  std::tuple<Timestamp, uint32_t, engine::RecordId> first;  // arrival, source, row
  uint64_t records = 0, late = 0;
  std::vector<std::pair<NodeIndex, uint32_t>> judges;
};

// Adds (node, subtask) in order, once.
void AddJudge(std::pair<NodeIndex, uint32_t> judge,
              std::vector<std::pair<NodeIndex, uint32_t>>& to) {
  const auto at = std::lower_bound(to.begin(), to.end(), judge);
  if (at == to.end() || *at != judge) to.insert(at, judge);
}

void AddJudges(const RunStory& story, const RecordStory& r,
               std::vector<std::pair<NodeIndex, uint32_t>>& judges) {
  const auto& entries = story.result().ledger.entries();
  for (size_t i : r.ledger) {
    const PlannedNode::Kind kind = story.plan().nodes[entries[i].node].kind;
    if (kind == PlannedNode::Kind::kWindow || kind == PlannedNode::Kind::kKeyedProcess) {
      AddJudge({entries[i].node, entries[i].subtask}, judges);
    }
  }
}

}  // namespace

int32_t TimelineLanes::LaneOfKey(const engine::Value& key) const {
  int32_t other = -1;
  for (size_t i = 0; i < lanes.size(); ++i) {
    switch (lanes[i].kind) {
      case TimelineLane::Kind::kAll: return static_cast<int32_t>(i);
      case TimelineLane::Kind::kOtherKeys: other = static_cast<int32_t>(i); break;
      case TimelineLane::Kind::kKey:
        if (engine::CompareValues(lanes[i].key, key) == 0) return static_cast<int32_t>(i);
        break;
    }
  }
  return other;
}

TimelineLanes AssignLanes(const RunStory& story, Timestamp from, Timestamp to, size_t max_lanes) {
  TimelineLanes out;
  out.node = LaneNode(story, out.single_lane_reason);
  const auto& records = story.records();
  out.lane_of.assign(records.size(), -1);
  auto drawn = [&](const RecordStory& r) {
    return r.kind == sim::TraceRowKind::kEvent && r.arrived && from <= r.arrival && r.arrival <= to;
  };
  if (!out.node) {
    TimelineLane all;
    for (size_t i = 0; i < records.size(); ++i) {
      if (!drawn(records[i])) continue;
      out.lane_of[i] = 0;
      ++all.records;
      if (IsLate(records[i].verdict)) ++all.late;
    }
    out.lanes.push_back(std::move(all));
    return out;
  }
  const NodeIndex node = *out.node;
  std::map<engine::Value, KeyTally, ValueLess> tallies;
  for (const RecordStory& r : records) {
    if (!drawn(r)) continue;
    const engine::Value& key = r.record.values[*story.KeyFieldInSource(node, r.source)];
    auto [it, fresh] = tallies.try_emplace(key);
    KeyTally& t = it->second;
    const auto first = std::tuple(r.arrival, r.source, r.record.id);
    if (fresh || first < t.first) t.first = first;
    ++t.records;
    if (IsLate(r.verdict)) ++t.late;
    AddJudges(story, r, t.judges);
  }
  // Which keys get a lane of their own: the most late records, the most records, the earliest.
  std::vector<const std::pair<const engine::Value, KeyTally>*> ranked;
  for (const auto& entry : tallies) ranked.push_back(&entry);
  std::stable_sort(ranked.begin(), ranked.end(), [](auto* a, auto* b) {
    return std::tuple(b->second.late, b->second.records, a->second.first) <
           std::tuple(a->second.late, a->second.records, b->second.first);
  });
  const size_t own = ranked.size() <= max_lanes ? ranked.size() : max_lanes - 1;
  std::vector<const std::pair<const engine::Value, KeyTally>*> chosen(ranked.begin(),
                                                                      ranked.begin() + own);
  std::stable_sort(chosen.begin(), chosen.end(),
                   [](auto* a, auto* b) { return a->second.first < b->second.first; });
  for (const auto* entry : chosen) {
    out.lanes.push_back({.kind = TimelineLane::Kind::kKey,
                         .key = entry->first,
                         .keys = 1,
                         .records = entry->second.records,
                         .late = entry->second.late,
                         .judges = entry->second.judges});
  }
  if (own < ranked.size()) {
    TimelineLane other{.kind = TimelineLane::Kind::kOtherKeys};
    for (size_t i = own; i < ranked.size(); ++i) {
      ++other.keys;
      other.records += ranked[i]->second.records;
      other.late += ranked[i]->second.late;
      for (const auto& judge : ranked[i]->second.judges) AddJudge(judge, other.judges);
    }
    out.lanes.push_back(std::move(other));
  }
  for (size_t i = 0; i < records.size(); ++i) {
    if (!drawn(records[i])) continue;
    out.lane_of[i] =
        out.LaneOfKey(records[i].record.values[*story.KeyFieldInSource(node, records[i].source)]);
  }
  return out;
}

std::string CutLabel(std::string_view text, size_t max_chars) {
  size_t chars = 0, at = 0;
  while (at < text.size()) {
    if (chars == max_chars) return std::string(text.substr(0, at)) + "…";
    ++at;
    // Continuation bytes (10xxxxxx) belong to the character before them.
    while (at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) ++at;
    ++chars;
  }
  return std::string(text);
}

namespace {

std::string Label(const TimelineLanes& lanes, const TimelineLane& lane, size_t max_chars) {
  switch (lane.kind) {
    case TimelineLane::Kind::kKey:
      return "key " + CutLabel(engine::FormatValue(lane.key), max_chars);
    case TimelineLane::Kind::kOtherKeys: return fmt::format("{} other keys", lane.keys);
    case TimelineLane::Kind::kAll:
      return fmt::format("every record ({})", lanes.single_lane_reason);
  }
  return "";
}

}  // namespace

std::string LaneLabel(const TimelineLanes& lanes, const TimelineLane& lane) {
  return Label(lanes, lane, kMaxLabelChars);
}

std::string LaneTitle(const TimelineLanes& lanes, const TimelineLane& lane) {
  return Label(lanes, lane, SIZE_MAX);
}

}  // namespace tidemark::reports
