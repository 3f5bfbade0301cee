#include "sim/explore/shard_environment.h"

#include <charconv>

#include <fmt/format.h>

#include "engine/core/input_error.h"

namespace tidemark::sim {

namespace {

const engine::SourceLocation kAuto{"--shard auto", 0, 0};

constexpr std::string_view kCountHint =
    "set TIDEMARK_SHARD_INDEX and TIDEMARK_SHARD_COUNT, or run under a Kubernetes Indexed Job, "
    "a Slurm array, GitLab parallel, CircleCI or Buildkite parallelism; or give --shard I/K";

const std::string* Find(const Environment& env, const std::string& name) {
  const auto it = env.find(name);
  return it == env.end() ? nullptr : &it->second;
}

// A whole number, or an error naming the variable.
uint64_t Number(const Environment& env, const std::string& name) {
  const std::string& text = *Find(env, name);
  uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    throw engine::InputError(kAuto, fmt::format("{}='{}' is not a whole number", name, text),
                             "the variable should hold the job's number");
  }
  return value;
}

std::string From(const Environment& env, const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) {
    if (const std::string* value = Find(env, name)) {
      out += fmt::format("{}{}={}", out.empty() ? "" : ", ", name, *value);
    }
  }
  return out;
}

// index/count from two variables, the index counted from `base`; nullopt
// when the index variable is not set.
std::optional<EnvironmentShard> Pair(const Environment& env, std::string system,
                                     const std::string& index_name, const std::string& count_name,
                                     uint64_t base) {
  if (!Find(env, index_name)) return std::nullopt;
  if (!Find(env, count_name)) {
    throw engine::InputError(kAuto, fmt::format("{} is set but {} is not", index_name, count_name),
                             fmt::format("{} numbers the shards; set {} too", system, count_name));
  }
  const uint64_t index = Number(env, index_name);
  if (index < base) {
    throw engine::InputError(
        kAuto, fmt::format("{}={} but {} counts from {}", index_name, index, system, base));
  }
  return EnvironmentShard{{index - base, Number(env, count_name)},
                          std::move(system),
                          From(env, {index_name, count_name})};
}

std::optional<EnvironmentShard> Kubernetes(const Environment& env, std::optional<uint64_t> count) {
  const std::string index_name = "JOB_COMPLETION_INDEX";
  if (!Find(env, index_name)) return std::nullopt;
  std::optional<uint64_t> k = count;
  std::string from = From(env, {index_name});
  if (!k && Find(env, "TIDEMARK_SHARD_COUNT")) {
    k = Number(env, "TIDEMARK_SHARD_COUNT");
    from += fmt::format(", TIDEMARK_SHARD_COUNT={}", *k);
  } else if (k) {
    from += fmt::format(", --shard-count {}", *k);
  }
  if (!k) {
    throw engine::InputError(kAuto,
                             "JOB_COMPLETION_INDEX is set but the number of shards is not known",
                             "a Kubernetes Job does not tell its pods its completions: give "
                             "--shard-count K or set TIDEMARK_SHARD_COUNT to spec.completions");
  }
  return EnvironmentShard{{Number(env, index_name), *k}, "Kubernetes Indexed Job", from};
}

// Slurm numbers array tasks by the ids of --array=MIN-MAX:STEP; the shard is
// the task's place in that range. A list of ids (--array=1,4,9) has no such
// place and is refused.
std::optional<EnvironmentShard> Slurm(const Environment& env) {
  if (!Find(env, "SLURM_ARRAY_TASK_ID")) return std::nullopt;
  const std::vector<std::string> names{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN",
                                       "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP",
                                       "SLURM_ARRAY_TASK_COUNT"};
  if (!Find(env, "SLURM_ARRAY_TASK_COUNT")) {
    throw engine::InputError(kAuto, "SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not",
                             "run as a job array: sbatch --array=0-(K-1)");
  }
  const uint64_t id = Number(env, "SLURM_ARRAY_TASK_ID");
  const uint64_t count = Number(env, "SLURM_ARRAY_TASK_COUNT");
  const uint64_t min = Find(env, "SLURM_ARRAY_TASK_MIN") ? Number(env, "SLURM_ARRAY_TASK_MIN") : 0;
  const uint64_t step =
      Find(env, "SLURM_ARRAY_TASK_STEP") ? Number(env, "SLURM_ARRAY_TASK_STEP") : 1;
  const bool in_range = id >= min && step > 0 && (id - min) % step == 0;
  const bool evenly = !Find(env, "SLURM_ARRAY_TASK_MAX") || count == 0 ||
                      Number(env, "SLURM_ARRAY_TASK_MAX") == min + (count - 1) * step;
  if (!in_range || !evenly) {
    throw engine::InputError(
        kAuto,
        fmt::format("the Slurm array is not a range of evenly spaced ids ({})", From(env, names)),
        "submit it as --array=0-(K-1) (or MIN-MAX:STEP), not a list of ids");
  }
  return EnvironmentShard{{(id - min) / step, count}, "Slurm job array", From(env, names)};
}

}  // namespace

const std::vector<std::string>& ShardVariables() {
  static const std::vector<std::string> names{
      "TIDEMARK_SHARD_INDEX",   "TIDEMARK_SHARD_COUNT",        "JOB_COMPLETION_INDEX",
      "SLURM_ARRAY_TASK_ID",    "SLURM_ARRAY_TASK_MIN",        "SLURM_ARRAY_TASK_MAX",
      "SLURM_ARRAY_TASK_STEP",  "SLURM_ARRAY_TASK_COUNT",      "CI_NODE_INDEX",
      "CI_NODE_TOTAL",          "CIRCLE_NODE_INDEX",           "CIRCLE_NODE_TOTAL",
      "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT"};
  return names;
}

EnvironmentShard ShardFromEnvironment(const Environment& env, std::optional<uint64_t> count) {
  std::vector<EnvironmentShard> found;
  auto add = [&](std::optional<EnvironmentShard> s) {
    if (s) found.push_back(std::move(*s));
  };
  add(Pair(env, "tidemark", "TIDEMARK_SHARD_INDEX", "TIDEMARK_SHARD_COUNT", 0));
  add(Kubernetes(env, count));
  add(Slurm(env));
  add(Pair(env, "GitLab parallel", "CI_NODE_INDEX", "CI_NODE_TOTAL", 1));
  add(Pair(env, "CircleCI", "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", 0));
  add(Pair(env, "Buildkite", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", 0));
  if (found.empty()) {
    throw engine::InputError(kAuto, "no CI or batch system's job number is set",
                             std::string(kCountHint));
  }
  for (const EnvironmentShard& s : found) {
    const Shard& a = s.shard;
    const Shard& b = found.front().shard;
    if (a.index != b.index || a.count != b.count) {
      throw engine::InputError(
          kAuto,
          fmt::format("the environment names two shards: {}/{} ({}: {}) and {}/{} ({}: {})",
                      b.index, b.count, found.front().system, found.front().from, a.index, a.count,
                      s.system, s.from),
          "unset the variables of the system that does not run this job, or give --shard I/K");
    }
  }
  EnvironmentShard chosen = found.front();
  if (count && *count != chosen.shard.count) {
    throw engine::InputError(kAuto,
                             fmt::format("--shard-count {} but {} says {} shards ({})", *count,
                                         chosen.system, chosen.shard.count, chosen.from),
                             "drop --shard-count, or make it agree");
  }
  if (chosen.shard.count == 0 || chosen.shard.index >= chosen.shard.count) {
    throw engine::InputError(
        kAuto,
        fmt::format("shard {} of {} does not exist ({}: {})", chosen.shard.index,
                    chosen.shard.count, chosen.system, chosen.from),
        "the index must be below the count");
  }
  return chosen;
}

}  // namespace tidemark::sim
