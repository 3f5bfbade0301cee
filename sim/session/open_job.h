// OpenJob: a scenario file opened the way every command and the library open
// it — read and shape-checked, the files it names confined to the root
// (path_confinement.h), the sources the user points elsewhere read from there
// (`--trace SOURCE=FILE`), and planned. The plan's warnings say what Flink
// accepts but is most likely a mistake.
#ifndef TIDEMARK_SIM_SESSION_OPEN_JOB_H_
#define TIDEMARK_SIM_SESSION_OPEN_JOB_H_

#include <string>
#include <vector>

#include "sim/planner/job_plan.h"
#include "sim/scenario/path_confinement.h"

namespace tidemark::sim {

struct OpenOptions {
  PathConfinement paths = {};
  // "SOURCE=FILE" each: read SOURCE from FILE instead of the scenario's
  // trace or rows. FILE is the user's own path: relative to the current
  // folder and not confined.
  std::vector<std::string> traces = {};
};

// Throws engine::InputError: every error of the file that the loader finds at
// once, else the planner's first, else an override naming no source.
JobPlan OpenJob(const std::string& file, const OpenOptions& options = {});

// The same for a scenario's text: `file` names it in errors and `folder`
// resolves its relative paths (and is the default root). For tests, fuzzing
// and generated scenarios.
JobPlan OpenJobText(const std::string& text, const std::string& file, const std::string& folder,
                    const OpenOptions& options = {});

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SESSION_OPEN_JOB_H_
