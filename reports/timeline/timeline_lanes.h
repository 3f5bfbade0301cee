// The lanes of the report's timeline: one per key of the keyed operator that
// decides lateness, so that records (and windows, and firings) of different
// keys never overlap, each lane labelled with its key in plain text.
//
// The lane operator is the first window or keyed-process operator whose key
// can be read from the source rows (only filters and unions between it and
// its sources, RunStory::KeyAt). A job without one — windowAll, a key
// computed by a map, no keyed operator — has a single lane of every record.
//
// At most `max_lanes` lanes: when there are more keys, the keys with the
// most late records (then the most records, then the earliest) get a lane
// each and the rest share one "other keys" lane at the bottom. Lanes are in
// order of their first record's arrival (schedule order, which is
// deterministic), so the page reads top-down as the run went.
#ifndef TIDEMARK_REPORTS_TIMELINE_LANES_H_
#define TIDEMARK_REPORTS_TIMELINE_LANES_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/time.h"
#include "engine/core/value.h"
#include "reports/story/run_story.h"

namespace tidemark::reports {

inline constexpr size_t kMaxLanes = 8;
// Visible labels are cut to this many characters (the title has them all),
// so a long key can never run out of the picture.
inline constexpr size_t kMaxLabelChars = 48;

struct TimelineLane {
  enum class Kind : uint8_t {
    kKey,        // one key
    kOtherKeys,  // the keys beyond max_lanes - 1
    kAll,        // every record: the job has no key the lanes can use
  };
  Kind kind = Kind::kAll;
  engine::Value key = {};  // kKey
  uint64_t keys = 0;       // keys in the lane (0 for kAll)
  uint64_t records = 0;    // event rows drawn in it
  uint64_t late = 0;       // of those, late (within lateness, side output, dropped)
  // The subtasks of window and keyed-process operators that took its
  // records, as (operator, subtask), ascending: whose watermark judged them.
  std::vector<std::pair<sim::NodeIndex, uint32_t>> judges = {};
};

struct TimelineLanes {
  std::optional<sim::NodeIndex> node;  // the lane operator; nullopt: a single kAll lane
  // Why there is a single lane when `node` is nullopt, for its label.
  std::string single_lane_reason;
  std::vector<TimelineLane> lanes;
  // Per story.records(): its lane, or -1 (not an event row, never read, or
  // arrived outside the range drawn).
  std::vector<int32_t> lane_of;

  // The lane holding `key`'s records: its own lane, else the other-keys lane;
  // -1 when neither exists. With a single kAll lane, that lane.
  int32_t LaneOfKey(const engine::Value& key) const;
};

// The lanes of the event rows that arrived in [from, to] (processing time).
TimelineLanes AssignLanes(const RunStory& story, engine::Timestamp from, engine::Timestamp to,
                          size_t max_lanes = kMaxLanes);

// "key sensor_1", "7 other keys", "every record (windowAll: no key)"; the key
// cut to kMaxLabelChars characters. Not escaped.
std::string LaneLabel(const TimelineLanes& lanes, const TimelineLane& lane);
// The same, uncut: the lane's title.
std::string LaneTitle(const TimelineLanes& lanes, const TimelineLane& lane);

// `text` cut to at most `max_chars` characters (UTF-8 code points), with "…"
// in place of the rest; never splits a multi-byte character.
std::string CutLabel(std::string_view text, size_t max_chars);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_TIMELINE_LANES_H_
