// Durations as scenario files write them: "500ms", "2s", "1m", "1h", "1d", or a
// bare integer meaning milliseconds. Negative values ("-1s") parse; callers
// reject them where Flink does.
#ifndef TIDEMARK_SIM_SCENARIO_DURATION_TEXT_H_
#define TIDEMARK_SIM_SCENARIO_DURATION_TEXT_H_

#include <optional>
#include <string>
#include <string_view>

#include "engine/core/time.h"

namespace tidemark::sim {

std::optional<engine::Duration> ParseDuration(std::string_view text);

// The shortest exact spelling: 10000 -> "10s", 1500 -> "1500ms", 0 -> "0ms".
std::string FormatDuration(engine::Duration d);

inline constexpr std::string_view kDurationHint =
    "write a whole number with a unit: 500ms, 2s, 1m, 1h, 1d (a bare number means ms)";

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SCENARIO_DURATION_TEXT_H_
