// tidemark's public API: load a scenario, run it with a seed, read its sinks
// and ledger, check its expectations, explore its schedules.
//
// This header and the ones it includes are all a user of the installed
// library includes; they use the standard library only. docs/library.md
// has a complete example; `find_package(tidemark CONFIG)` and link
// `tidemark::tidemark`.
#ifndef TIDEMARK_TIDEMARK_H_
#define TIDEMARK_TIDEMARK_H_

#include <string_view>

#include "tidemark/check_result.h"
#include "tidemark/error.h"
#include "tidemark/explore_result.h"
#include "tidemark/run_result.h"
#include "tidemark/scenario.h"
#include "tidemark/value.h"

namespace tidemark {

// The library's version, "MAJOR.MINOR.PATCH" (the CMake package's version).
std::string_view Version();

}  // namespace tidemark

#endif  // TIDEMARK_TIDEMARK_H_
