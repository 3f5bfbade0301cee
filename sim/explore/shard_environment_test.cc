#include "sim/explore/shard_environment.h"

#include <boost/test/unit_test.hpp>

#include "engine/core/input_error.h"

namespace tidemark::sim {
namespace {

// The message of the error ShardFromEnvironment throws, or "" when it does not.
std::string ShardError(const Environment& env, std::optional<uint64_t> count = std::nullopt) {
  try {
    ShardFromEnvironment(env, count);
  } catch (const engine::InputError& e) {
    return e.message();
  }
  return "";
}

void ExpectShard(const Environment& env, uint64_t index, uint64_t count, const std::string& system,
                 std::optional<uint64_t> count_flag = std::nullopt) {
  const EnvironmentShard s = ShardFromEnvironment(env, count_flag);
  BOOST_TEST(s.shard.index == index);
  BOOST_TEST(s.shard.count == count);
  BOOST_TEST(s.system == system);
}

BOOST_AUTO_TEST_SUITE(shard_environment)

BOOST_AUTO_TEST_CASE(tidemark_variables_as_a_github_matrix_sets_them) {
  ExpectShard({{"TIDEMARK_SHARD_INDEX", "2"}, {"TIDEMARK_SHARD_COUNT", "4"}}, 2, 4, "tidemark");
}

BOOST_AUTO_TEST_CASE(kubernetes_indexed_job_takes_the_count_from_the_flag_or_env) {
  ExpectShard({{"JOB_COMPLETION_INDEX", "3"}}, 3, 5, "Kubernetes Indexed Job", 5);
  ExpectShard({{"JOB_COMPLETION_INDEX", "0"}, {"TIDEMARK_SHARD_COUNT", "8"}}, 0, 8,
              "Kubernetes Indexed Job");
  BOOST_TEST(ShardError({{"JOB_COMPLETION_INDEX", "3"}}) ==
             "JOB_COMPLETION_INDEX is set but the number of shards is not known");
}

BOOST_AUTO_TEST_CASE(slurm_array_counts_from_its_minimum_in_steps) {
  ExpectShard({{"SLURM_ARRAY_TASK_ID", "1"},
               {"SLURM_ARRAY_TASK_COUNT", "4"},
               {"SLURM_ARRAY_TASK_MIN", "0"},
               {"SLURM_ARRAY_TASK_MAX", "3"}},
              1, 4, "Slurm job array");
  // --array=10-13: task 12 is the third, shard 2.
  ExpectShard({{"SLURM_ARRAY_TASK_ID", "12"},
               {"SLURM_ARRAY_TASK_COUNT", "4"},
               {"SLURM_ARRAY_TASK_MIN", "10"},
               {"SLURM_ARRAY_TASK_MAX", "13"}},
              2, 4, "Slurm job array");
  // --array=5-11:3 is tasks 5, 8, 11: task 11 is shard 2 of 3.
  ExpectShard({{"SLURM_ARRAY_TASK_ID", "11"},
               {"SLURM_ARRAY_TASK_COUNT", "3"},
               {"SLURM_ARRAY_TASK_MIN", "5"},
               {"SLURM_ARRAY_TASK_MAX", "11"},
               {"SLURM_ARRAY_TASK_STEP", "3"}},
              2, 3, "Slurm job array");
  // --array=1,4,9: no shard numbering.
  BOOST_TEST(ShardError({{"SLURM_ARRAY_TASK_ID", "4"},
                         {"SLURM_ARRAY_TASK_COUNT", "3"},
                         {"SLURM_ARRAY_TASK_MIN", "1"},
                         {"SLURM_ARRAY_TASK_MAX", "9"}})
                 .starts_with("the Slurm array is not a range of evenly spaced ids"));
  BOOST_TEST(ShardError({{"SLURM_ARRAY_TASK_ID", "4"}}) ==
             "SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not");
}

BOOST_AUTO_TEST_CASE(gitlab_counts_from_one) {
  ExpectShard({{"CI_NODE_INDEX", "1"}, {"CI_NODE_TOTAL", "3"}}, 0, 3, "GitLab parallel");
  ExpectShard({{"CI_NODE_INDEX", "3"}, {"CI_NODE_TOTAL", "3"}}, 2, 3, "GitLab parallel");
  BOOST_TEST(ShardError({{"CI_NODE_INDEX", "0"}, {"CI_NODE_TOTAL", "3"}}) ==
             "CI_NODE_INDEX=0 but GitLab parallel counts from 1");
}

BOOST_AUTO_TEST_CASE(circleci_and_buildkite_count_from_zero) {
  ExpectShard({{"CIRCLE_NODE_INDEX", "0"}, {"CIRCLE_NODE_TOTAL", "2"}}, 0, 2, "CircleCI");
  ExpectShard({{"BUILDKITE_PARALLEL_JOB", "4"}, {"BUILDKITE_PARALLEL_JOB_COUNT", "5"}}, 4, 5,
              "Buildkite");
  BOOST_TEST(ShardError({{"BUILDKITE_PARALLEL_JOB", "5"}, {"BUILDKITE_PARALLEL_JOB_COUNT", "5"}})
                 .starts_with("shard 5 of 5 does not exist"));
}

BOOST_AUTO_TEST_CASE(nothing_set_conflicts_and_malformed_values_are_errors) {
  BOOST_TEST(ShardError({}) == "no CI or batch system's job number is set");
  // The count alone names no job.
  BOOST_TEST(ShardError({{"TIDEMARK_SHARD_COUNT", "4"}}) ==
             "no CI or batch system's job number is set");
  BOOST_TEST(ShardError({{"CI_NODE_INDEX", "2"},
                         {"CI_NODE_TOTAL", "3"},
                         {"CIRCLE_NODE_INDEX", "0"},
                         {"CIRCLE_NODE_TOTAL", "3"}})
                 .starts_with("the environment names two shards: 1/3 (GitLab parallel"));
  // Two systems that agree are one shard.
  ExpectShard({{"TIDEMARK_SHARD_INDEX", "1"},
               {"TIDEMARK_SHARD_COUNT", "3"},
               {"CI_NODE_INDEX", "2"},
               {"CI_NODE_TOTAL", "3"}},
              1, 3, "tidemark");
  BOOST_TEST(ShardError({{"CIRCLE_NODE_INDEX", "x1"}, {"CIRCLE_NODE_TOTAL", "2"}}) ==
             "CIRCLE_NODE_INDEX='x1' is not a whole number");
  BOOST_TEST(ShardError({{"CIRCLE_NODE_INDEX", "1"}}) ==
             "CIRCLE_NODE_INDEX is set but CIRCLE_NODE_TOTAL is not");
  BOOST_TEST(ShardError({{"CIRCLE_NODE_INDEX", "1"}, {"CIRCLE_NODE_TOTAL", "2"}}, 3)
                 .starts_with("--shard-count 3 but CircleCI says 2 shards"));
}

BOOST_AUTO_TEST_CASE(only_listed_variables_are_read) {
  // Every variable a system uses is in the list the command collects.
  for (const char* name :
       {"TIDEMARK_SHARD_INDEX", "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_STEP", "CI_NODE_TOTAL", "BUILDKITE_PARALLEL_JOB_COUNT"}) {
    BOOST_TEST(std::count(ShardVariables().begin(), ShardVariables().end(), name) == 1);
  }
  const EnvironmentShard s =
      ShardFromEnvironment({{"CI_NODE_INDEX", "2"}, {"CI_NODE_TOTAL", "3"}}, std::nullopt);
  BOOST_TEST(s.from == "CI_NODE_INDEX=2, CI_NODE_TOTAL=3");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
