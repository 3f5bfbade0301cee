// PendingWindow: a window still holding contents or timers when a run ends,
// for "why did my window never fire?" (§1.13).
//
// A window that never fired holds records whose contribution no result has
// carried: each record counts (and with tracking, is named) in the window it
// would leave first — the one with the smallest max timestamp among those that
// took it, the first to fire under a time trigger — and only if it joined some
// window on time. A firing of that window settles them; so does a purge.
#ifndef TIDEMARK_ENGINE_PENDING_WINDOW_H_
#define TIDEMARK_ENGINE_PENDING_WINDOW_H_

#include <cstdint>
#include <vector>

#include "engine/core/record.h"
#include "engine/core/time.h"
#include "engine/core/value.h"
#include "engine/windows/time_window.h"

namespace tidemark::engine {

struct PendingWindow {
  Value key = {};  // the key (windowAll: null)
  bool keyed = true;
  TimeWindow window = {};                         // the visible window (after session merging)
  uint64_t element_count = 0;                     // elements in its contents
  uint64_t unfired = 0;                           // records it holds that no firing has carried yet
  std::vector<RecordId> unfired_ids = {};         // those records, when the operator tracks ids
  bool fired = false;                             // it has emitted at least once
  Timestamp cleanup_time = {};                    // §1.2: when its state goes
  std::vector<Timestamp> event_timers = {};       // registered, ascending
  std::vector<Timestamp> processing_timers = {};  // registered, ascending
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_PENDING_WINDOW_H_
