// Confinement: the files a scenario names (traces, golden files) stay inside
// one folder tree, the root. Scenarios come from pull requests; a path that
// leaves the tree could read a credentials file into an error message or a
// sink, or let `check --update` overwrite a file elsewhere.
//
// The root is the scenario's own folder unless the command line gives
// `--root DIR` (`check DIR` uses DIR). A path field is refused, located at the
// YAML value that names it, when it is absolute, when it climbs out with
// `..`, or when a symbolic link on its way (even one that dangles) leads out.
// Paths are compared once every link is resolved (as weakly_canonical does,
// and dangling links followed too), so `../sensors/x.csv` is fine from
// `routing/` under a root that holds both. `--allow-outside-root` turns the
// rule off. A path given on the command line (`--trace SOURCE=FILE`) is the
// user's own and is not confined.
#ifndef TIDEMARK_SIM_SCENARIO_PATH_CONFINEMENT_H_
#define TIDEMARK_SIM_SCENARIO_PATH_CONFINEMENT_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "engine/core/input_error.h"

namespace tidemark::sim {

// Whether a path may lead outside the root (`--allow-outside-root`).
enum class OutsideRoot { kRefuse, kAllow };

struct PathConfinement {
  // The folder tree paths must stay inside; empty: the scenario's own folder.
  std::string root;
  OutsideRoot outside = OutsideRoot::kRefuse;
};

// The longest file name (one part of a path) a file system keeps: NAME_MAX.
inline constexpr size_t kMaxFileNameBytes = 255;

// The path field `as_written` (`field` names it: "trace", "golden file")
// resolved against the scenario's `folder` the way it is opened: lexically
// normal, or as written when absolute. Throws engine::InputError at `where`
// when `rule` refuses it, or when a part of it is longer than
// kMaxFileNameBytes; the message quotes the value as written (cut to 200
// characters by InputError) and never the file's content.
std::string ResolveConfinedPath(const std::string& as_written, const std::string& folder,
                                const PathConfinement& rule, const engine::SourceLocation& where,
                                std::string_view field);

// Throws engine::InputError located at `file` when the scenario file `file`,
// found under the folder `rule.root`, leads out of it through a symbolic link.
// Called before the file is read, so nothing of the target is echoed.
// REQUIRES: rule.root is not empty.
void CheckScenarioFileInRoot(const std::string& file, const PathConfinement& rule);

// True when `path`, with every symbolic link resolved, lies inside the tree of
// the folder `root` (or is `root` itself).
bool LiesInside(const std::string& path, const std::string& root);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SCENARIO_PATH_CONFINEMENT_H_
