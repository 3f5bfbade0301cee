// `--shard auto`: which shard this job is, read from the numbering a CI or
// batch system gives its parallel jobs. A pure function of the variables it
// is given (the command reads them from the process), so each system's
// numbering is tested without touching the real environment.
//
//   system                  index (from 0 unless said)          count
//   tidemark (any CI, e.g.  TIDEMARK_SHARD_INDEX                TIDEMARK_SHARD_COUNT
//     a GitHub matrix)
//   Kubernetes Indexed Job  JOB_COMPLETION_INDEX                --shard-count or
//   TIDEMARK_SHARD_COUNT Slurm job array         (SLURM_ARRAY_TASK_ID - _MIN) / _STEP
//   SLURM_ARRAY_TASK_COUNT GitLab parallel         CI_NODE_INDEX - 1 (it counts from 1)
//   CI_NODE_TOTAL CircleCI                CIRCLE_NODE_INDEX                   CIRCLE_NODE_TOTAL
//   Buildkite               BUILDKITE_PARALLEL_JOB              BUILDKITE_PARALLEL_JOB_COUNT
//
// When several systems' variables are set they must name the same shard;
// when none is, or a value is not a number or out of range, the error says
// which variables were read and what to set.
#ifndef TIDEMARK_SIM_EXPLORE_SHARD_ENVIRONMENT_H_
#define TIDEMARK_SIM_EXPLORE_SHARD_ENVIRONMENT_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/explore/explore.h"

namespace tidemark::sim {

// Variable name -> value; only the names ShardVariables() lists are read.
using Environment = std::map<std::string, std::string>;

// Every variable ShardFromEnvironment may read, for the caller to collect.
const std::vector<std::string>& ShardVariables();

struct EnvironmentShard {
  Shard shard;
  std::string system;  // "Slurm job array", ...
  std::string from;    // the variables it was read from: "SLURM_ARRAY_TASK_ID=12, ..."
};

// The shard named by `env`; `count` is --shard-count when given (needed for a
// Kubernetes Indexed Job, checked against the others). Throws
// engine::InputError (at "--shard auto") when no system's variables are set,
// when they conflict, or when a value is malformed.
EnvironmentShard ShardFromEnvironment(const Environment& env, std::optional<uint64_t> count);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_EXPLORE_SHARD_ENVIRONMENT_H_
