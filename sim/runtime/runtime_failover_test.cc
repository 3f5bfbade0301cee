// Failover in the runtime (runtime_failover.cc): what a cancelled region
// must not do before its restart.
#include <boost/test/unit_test.hpp>

#include "engine/core/value.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/run_text_test_util.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

BOOST_AUTO_TEST_SUITE(runtime_failover)

// A replay row due while its reader is down is not handed to it. Found by
// property_tests/recovery_property_test.cc (a slow replay and a second
// failure during it counted a row twice).
//
// Rows a@1 (arrival 0) and a@2 (arrival 10); the bounded input ends with the
// second. Every channel takes 60 ms. key_by makes the job one failover region.
//    50  windows fails (the +inf watermark that would fire [0,10) reaches it
//        at 70); no checkpoint is configured, so the restart at 150 (fixed
//        delay 100 ms) restores empty state and the source replays its
//        backlog from row 0, one row per 100 ms: a@1 at 150, a@2 due at 250
//   200  windows fails again, with a@2 still to replay: the job is down
//        until 300, and the replay's row due at 250 is not read then
//   300  restart, empty state again: a@1 at 300, a@2 at 400, then the input
//        ends (+inf); all of it reaches the window 60 ms later
//   460  [0,10) fires once: n = 2, written at 460.
// Before the fix, the replay handed a@2 at 250 to the cancelled source
// subtask, which sent it into the channel to `windows`; still in flight at
// the restart, it reached the restored window at 310: n = 3.
// Rows handed again (replayed_rows; both were read live by 10): a@1 after
// the first restart, a@1 and a@2 after the second: 3 (4 before the fix).
BOOST_AUTO_TEST_CASE(a_replay_row_due_while_its_reader_is_down_is_not_read) {
  const std::string yaml = R"(
seed: 1
channels: {latency: {min: 60, max: 60}}
sources:
  events:
    events:
      - {k: a, ts: 1, "@arrival": 0}
      - {k: a, ts: 2, "@arrival": 10}
    schema: {k: string, ts: int}
    event_time: ts
    replay: {every: 100ms}
streams:
  windows:
    from: events
    key_by: k
    window: {tumbling: 10ms}
    aggregate: {n: count()}
restart: {strategy: fixed_delay, attempts: 2, delay: 100ms}
failures:
  - {at: 50ms, task: windows}
  - {at: 200ms, task: windows}
sinks: {windows: {}}
)";
  const RunResult result = RunText(yaml, 1);
  BOOST_REQUIRE(result.recovery.has_value());
  const RecoveryResult& recovery = *result.recovery;
  BOOST_TEST(recovery.job_failed.empty());
  BOOST_TEST(recovery.failure_count == 2u);
  BOOST_TEST(recovery.restarts == 2u);
  BOOST_REQUIRE_EQUAL(recovery.replayed_rows.size(), 1u);
  BOOST_TEST(recovery.replayed_rows[0] == 3u);
  BOOST_REQUIRE_EQUAL(result.sinks.size(), 1u);
  const SinkOutput& windows = result.sinks[0];
  BOOST_REQUIRE_EQUAL(windows.records.size(), 1u);
  // key, window_start, window_end, n, firing
  BOOST_TEST(engine::FormatValue(windows.records[0].values[0]) == "a");
  BOOST_TEST(engine::FormatValue(windows.records[0].values[1]) == "0");
  BOOST_TEST(engine::FormatValue(windows.records[0].values[3]) == "2");
  BOOST_TEST(windows.emissions[0].at.millis() == 460);
}

// A finished bounded job ends although a checkpoint barrier is always in
// flight. Found by property_tests/recovery_property_test.cc: the run loop
// ended a job only at an instant with no channel delivery scheduled, and
// barriers counted, so it checkpointed for ever.
//
// Rows a@1 (arrival 0) and a@2 (arrival 200); every channel takes 60 ms; a
// checkpoint every 50 ms, two at a time: checkpoint k's barrier is still in
// a channel when k + 1 starts. a@2 and the end-of-input +inf reach `windows`
// at 260, where [0,10) fires with n = 2. After that only barriers travel:
// the job ends at the next trigger (300), and the final commit covers the
// rest; before the fix `RunJob` did not return.
BOOST_AUTO_TEST_CASE(a_finished_job_ends_with_only_barriers_in_flight) {
  const std::string yaml = R"(
seed: 1
channels: {latency: {min: 60, max: 60}}
sources:
  events:
    events:
      - {k: a, ts: 1, "@arrival": 0}
      - {k: a, ts: 2, "@arrival": 200}
    schema: {k: string, ts: int}
    event_time: ts
streams:
  windows:
    from: events
    key_by: k
    window: {tumbling: 10ms}
    aggregate: {n: count()}
checkpointing: {interval: 50ms, max_concurrent: 2}
sinks: {windows: {}}
)";
  const RunResult result = RunText(yaml, 1);
  BOOST_REQUIRE(result.recovery.has_value());
  BOOST_TEST(result.recovery->job_failed.empty());
  // Triggered at 50, 100, ..., 250: none after the job ended at 300.
  BOOST_TEST(result.recovery->checkpoints.size() <= 5u);
  for (const CheckpointRecord& c : result.recovery->checkpoints) {
    BOOST_TEST(c.triggered.millis() < 300);
  }
  BOOST_REQUIRE_EQUAL(result.sinks.size(), 1u);
  const SinkOutput& windows = result.sinks[0];
  BOOST_REQUIRE_EQUAL(windows.records.size(), 1u);
  BOOST_TEST(engine::FormatValue(windows.records[0].values[3]) == "2");
  BOOST_TEST(windows.emissions[0].at.millis() == 260);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
