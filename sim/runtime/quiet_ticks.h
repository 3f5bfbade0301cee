// Passing over periodic watermark ticks that would change nothing.
//
// A source subtask ticks every auto-watermark interval (200 ms by default)
// for as long as the job runs, also across an hour with no row, or a trace
// whose next @arrival lies years ahead. Once its generators are stable
// (SourceSubtask::QuietUntil), every tick until the subtask's next row or the
// next idleness timeout repeats the last one. Stepping through them costs
// time without limit; the runtime instead jumps to the next tick that can act.
//
// Every tick also takes part in the seeded order of actions due at the same
// time: it draws its rank when pushed. Skipping ticks therefore changes the
// interleavings drawn after the skip. So the first
// RunOptions::max_stepped_quiet_ticks quiet ticks of a stretch (ten
// thousand: about 33 minutes of processing time at 200 ms) are still stepped,
// tick by tick, exactly as before, and only the rest of a longer stretch is
// jumped: a run stays byte-identical unless it holds such a stretch, which
// before took a tick per interval to cross. After a jump the run is still
// fully determined by its seed; its interleavings are another legal choice.
//
// A stepped quiet tick still draws its rank and comes off the agenda in its
// place, but does no work: the runtime keeps what QuietUntil said when it
// pushed the tick (until a row reaches the subtask) and, while the tick lies
// before that time, only moves the subtask's tick clock
// (SourceSubtask::PassQuietTick). At parallelism 1,000 most ticks are quiet.
#ifndef TIDEMARK_SIM_RUNTIME_QUIET_TICKS_H_
#define TIDEMARK_SIM_RUNTIME_QUIET_TICKS_H_

#include <optional>

#include "engine/core/time.h"

namespace tidemark::sim {

// The first tick of the grid base, base + interval, base + 2 interval, ...
// at or after `t`; nullopt when it would lie beyond the end of time.
// REQUIRES: interval > 0.
std::optional<engine::Timestamp> NextGridTick(engine::Timestamp base, engine::Duration interval,
                                              engine::Timestamp t);

// Where a quiet stretch that starts with the tick `next` ends: the first tick
// of its grid at or after `quiet_until`, or nullopt when none is due until a
// row comes (quiet_until being the end of time).
std::optional<engine::Timestamp> FirstTickThatMayAct(engine::Timestamp next,
                                                     engine::Duration interval,
                                                     engine::Timestamp quiet_until);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_RUNTIME_QUIET_TICKS_H_
