// WindowResult: one firing of one window for one key, and the schema window
// results have as records.
//
// FiringKind says why a window emitted (product: "on time, late firing within
// allowed lateness, early/count"):
//   kOnTime  fired by a timer whose timestamp equals the window's max
//            timestamp: EventTimeTrigger when the watermark passes end - 1,
//            ProcessingTimeTrigger at end - 1 on the processing clock, the
//            final firing of Continuous/EndOfStream triggers. The main firing.
//   kLate    fired by an element that arrived when the window's max timestamp
//            was already <= the watermark (processing time, for processing-time
//            assigners) but before its cleanup time (§1.7): each such element
//            re-fires the window, whether or not it had an on-time firing.
//            Also a timer firing with timestamp > max timestamp (no built-in
//            trigger does that).
//   kEarly   fired before the clock reached the max timestamp: by a count
//            trigger's element, or a continuous trigger's intermediate timer.
#ifndef TIDEMARK_ENGINE_WINDOW_RESULT_H_
#define TIDEMARK_ENGINE_WINDOW_RESULT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/schema.h"
#include "engine/core/value.h"
#include "engine/windows/aggregate_spec.h"
#include "engine/windows/time_window.h"

namespace tidemark::engine {

enum class FiringKind { kOnTime, kLate, kEarly };

// "on_time", "late", "early": the `firing` column of window result records.
std::string_view FiringKindName(FiringKind kind);

struct WindowResult {
  Value key;
  bool keyed = true;  // false for windowAll: no key column
  TimeWindow window;
  std::vector<Value> aggregates;  // in AggregateSpec order
  FiringKind kind = FiringKind::kOnTime;
  Timestamp timestamp;         // always window.max_timestamp(), as Flink emits it
  uint64_t element_count = 0;  // elements in the emitted contents

  // The result as a record of WindowResultSchema: key (when keyed), window_start,
  // window_end, aggregates..., firing. The global window prints as
  // [Min, Max). Its timestamp is `timestamp`, its id kNoRecordId.
  std::vector<Value> ToValues() const;
};

// Column names the result schema reserves around the aggregates.
inline constexpr std::string_view kKeyColumn = "key";
inline constexpr std::string_view kWindowStartColumn = "window_start";
inline constexpr std::string_view kWindowEndColumn = "window_end";
inline constexpr std::string_view kFiringColumn = "firing";

// Why the aggregates cannot form a result schema over `input` (an invalid
// aggregate, or an output name used twice or equal to a reserved column).
std::optional<std::string> ValidateWindowAggregates(const Schema& input,
                                                    const std::vector<AggregateSpec>& specs);

// {key: <key type>, window_start: int, window_end: int, <aggregates>..., firing: string};
// without a key field (windowAll) no key column.
// REQUIRES: !ValidateWindowAggregates(input, specs), key_field < input.size().
Schema WindowResultSchema(const Schema& input, std::optional<size_t> key_field,
                          const std::vector<AggregateSpec>& specs);

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_WINDOW_RESULT_H_
