// ForEach: how a campaign runs its independent items (seeds, sweep points,
// shrinks). sim/ starts no thread; the command line hands in one that spreads
// items over threads (--jobs), the library and tests run them in order. The
// result never depends on which: each item writes only its own slot.
#ifndef TIDEMARK_SIM_SESSION_FOR_EACH_H_
#define TIDEMARK_SIM_SESSION_FOR_EACH_H_

#include <cstddef>
#include <functional>
#include <string_view>

namespace tidemark::sim {

// Calls body(i) once for every i in [0, n); `stage` names the work for a
// progress display ("explore", "shrinking").
using ForEach =
    std::function<void(size_t n, std::string_view stage, const std::function<void(size_t)>& body)>;

// One item after the other, on the calling thread.
inline void InOrder(size_t n, std::string_view /*stage*/, const std::function<void(size_t)>& body) {
  for (size_t i = 0; i < n; ++i) body(i);
}

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SESSION_FOR_EACH_H_
