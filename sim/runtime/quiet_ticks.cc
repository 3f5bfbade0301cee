#include "sim/runtime/quiet_ticks.h"

#include <limits>

#include "engine/core/check.h"

namespace tidemark::sim {

using engine::Duration;
using engine::Timestamp;

std::optional<Timestamp> NextGridTick(Timestamp base, Duration interval, Timestamp t) {
  TIDEMARK_CHECK(interval > Duration::Zero());
  if (t <= base) return base;
  // In unsigned arithmetic: t - base may exceed int64 when base is negative.
  const uint64_t gap = static_cast<uint64_t>(t.millis()) - static_cast<uint64_t>(base.millis());
  const uint64_t step = static_cast<uint64_t>(interval.millis());
  const uint64_t steps = gap / step + (gap % step != 0 ? 1 : 0);
  const uint64_t room = static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) -
                        static_cast<uint64_t>(base.millis());
  if (steps > room / step) return std::nullopt;
  return Timestamp::Millis(
      static_cast<int64_t>(static_cast<uint64_t>(base.millis()) + steps * step));
}

std::optional<Timestamp> FirstTickThatMayAct(Timestamp next, Duration interval,
                                             Timestamp quiet_until) {
  if (quiet_until.is_max()) return std::nullopt;
  return NextGridTick(next, interval, quiet_until);
}

}  // namespace tidemark::sim
