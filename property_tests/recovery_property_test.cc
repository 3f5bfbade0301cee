// Fault tolerance (docs/checkpoints.md): checkpoints, failures, restarts,
// restore, replay and the sinks' delivery guarantees, on the generated
// whole-job scenarios of gen/scenario_gen.h with the checkpointing, restart
// strategy, guarantees and failures of gen/failure_gen.h.
//
// Each property compares a failing run with the failure-free run of the same
// job: the same scenario, checkpointing and guarantees, no `failures:` (for
// property 3, its one failure after the run has ended, where it never fires).
// Every run must end with the job running (restart: fixed_delay with 100
// attempts, more than the failures, so RunResult::recovery->job_failed stays
// empty), and must end: a run still checkpointing when every run must have
// ended fails (RunAway in gen/failure_gen.h).
//
// "Deterministic jobs" are those of GenBoundedDisorderScenario with tumbling
// or sliding windows, as for window_results_do_not_depend_on_parallelism_or_
// seed: every row's disorder within its partition is at most the bound, no
// idleness, no explicit watermarks, so nothing is late in the failure-free
// run (disorder_within_the_bound_makes_nothing_late). A restore cannot make
// anything late either: it restarts every watermark generator at "no
// watermark" (docs/checkpoints.md, "What a snapshot holds"), the replay hands
// each partition its rows in trace order, so a partition's watermark after
// the restore is at most its failure-free one before the same row, and a
// window that fired before the snapshot had all its rows before the cut (the
// watermark that fired it left the sources before barrier k, and it passed
// no row read later). So every window result is a function of the rows of
// its window alone, whatever the schedule: sessions are left out, because a
// session that fired on time can still be extended by a record at its end
// that is not late, and whether it fired first depends on the schedule.
//
//   1. exactly_once_sinks_show_the_failure_free_output: exactly-once
//      checkpoints, every sink exactly-once, any failures (tasks and sinks):
//      the sinks' visible records equal the failure-free run's as multisets.
//   2. at_least_once_sinks_lose_nothing_and_only_repeat: sinks at_least_once
//      or none (print): every failure-free record is visible at least as
//      often, and every visible record beyond those is one the failure-free
//      run has.
//   3. restoring_any_checkpoint_replays_to_the_failure_free_output: one task
//      failure after checkpoint k completed (k drawn from the failure-free
//      run's completed checkpoints, or none): the restore uses k; exactly-once
//      sinks show exactly the failure-free records; at-least-once and print
//      sinks show them plus only records written both before the failure and
//      again after the restart (what followed barrier k).
//   4. a_restore_changes_output_only_by_changing_a_lateness_decision: any
//      generated job (disorder beyond the bound, explicit watermarks,
//      idleness, sessions), exactly-once checkpoints and sinks, any failures:
//      the visible output equals the failure-free run's, or some record's
//      window decision (its last one in the failing run, after its last
//      replay) differs from its decision in the failure-free run. The
//      watermark is not in a snapshot, so a replayed record can be on time
//      where it was late, or late where it was on time
//      (late-record-resurrects-its-window.yaml, replay-makes-a-record-late.yaml).
//      One more way, found by this property: with allowed lateness, every
//      record admitted within lateness re-fires its window with what the
//      window holds by then, so the order in which one window admits such
//      records shapes its late firings. The failing run's schedule differs
//      (the restart moves the ticks, the channels draw other latencies), and
//      two such records on different channels can swap with every decision
//      the same (shrunk: rows a@-171 v=2 and a@-171 v=6, both within
//      lateness of [-238,-170): the first late firing held n=1 total=6
//      without failures, n=1 total=2 with one). So the exception is: a
//      decision differs, or a window's order of admissions within lateness
//      does.
//
// Checkpoint mode: exactly-once (aligned or unaligned); at-least-once only
// when the job has one source subtask, so every subtask has one input channel
// and there is nothing to align (docs/checkpoints.md, "Barriers": then
// at-least-once equals exactly-once). With several channels an at-least-once
// snapshot, taken at the last barrier, holds records that came after the
// first one; the restore replays them and a window counts them twice.
// at_least_once_checkpoints_break_it_with_several_channels shows property 2
// catching exactly that.
//
// Mutation tests break each check in the test, never in the runtime: the
// failing run's sinks made print sinks (duplicates), a visible record dropped,
// at-least-once checkpoints with several input channels.
//
// Found while writing them: a source replaying its backlog slowly
// (`replay: {every: D}`) handed a row to its reader after a second failure
// had cancelled it; the row sat in a channel over the restart and a window
// counted it twice (fixed in runtime_failover.cc, OnReplayRow; pinned by
// sim/runtime/runtime_failover_test.cc). And two concurrent checkpoints
// kept a finished bounded job running for ever, a barrier always in flight
// (fixed in the run loop, sim/runtime/internal/loop.h; pinned by runtime_failover_test.cc).
#include <algorithm>
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "property_tests/gen/failure_gen.h"
#include "property_tests/gen/run_views.h"

namespace tidemark::props {
namespace {

using sim::SinkGuarantee;

constexpr const char* kExactlyOnceName = "recovery_exactly_once";
constexpr const char* kAtLeastOnceName = "recovery_at_least_once";
constexpr const char* kRestoreName = "recovery_restore";
constexpr const char* kLatenessName = "recovery_lateness";

// A job whose window results do not depend on the schedule (see above).
GeneratedScenario DeterministicScenario() {
  GeneratedScenario s = *GenBoundedDisorderScenario();
  RC_PRE(s.job.window.kind != model::WindowKind::kSession);
  return s;
}

// The run ended with the job running, and its fault tolerance was reported.
void CheckRan(const std::string& property, const FaultyScenario& s, const sim::RunResult& r,
              const std::string& which) {
  if (!r.recovery) FailFaulty(property, s, which + " run: no recovery result");
  if (!r.recovery->job_failed.empty()) {
    FailFaulty(property, s, which + " run failed: " + r.recovery->job_failed);
  }
  if (const std::string away = RunAway(s, r); !away.empty()) {
    FailFaulty(property, s, which + " run: " + away);
  }
}

// Every source of a generated job is bounded and ends with its last row, and
// the job ran on (CheckRan), so it finished: its final checkpoint commits
// every transaction still open (FLIP-147; docs/checkpoints.md, "Sinks"). So
// an exactly-once sink ends with 0 uncommitted records, and the only records
// it wrote that a reader never sees are those of transactions a restore
// aborted: written = visible + aborted. A print or at-least-once sink shows
// every write at once: written = visible, nothing aborted or uncommitted.
void CheckSinkCounts(const std::string& property, const FaultyScenario& s, const sim::RunResult& r,
                     const std::string& which) {
  for (size_t i = 0; i < r.sinks.size(); ++i) {
    const sim::SinkRecovery& c = r.recovery->sinks[i];
    const bool exactly_once = s.ft.sinks[i].second == SinkGuarantee::kExactlyOnce;
    const bool balanced = c.uncommitted == 0 && c.visible == r.sinks[i].records.size() &&
                          c.written == c.visible + c.aborted && (exactly_once || c.aborted == 0);
    if (!balanced) {
      FailFaulty(property, s,
                 fmt::format("{} run, sink {}: written {}, visible {} ({} records), aborted {}, "
                             "uncommitted {}",
                             which, r.sinks[i].name, c.written, c.visible,
                             r.sinks[i].records.size(), c.aborted, c.uncommitted));
    }
  }
}

FaultyScenario WithoutFailures(const FaultyScenario& s) {
  FaultyScenario f = s;
  f.ft.failures.clear();
  return f;
}

// ---------------------------------------------------------------------------
// 1. Exactly-once sinks.

enum class ExactlyOnceMutation { kNone, kPrintSinks };

// kPrintSinks: the failing run's sinks are print sinks instead; the check
// still expects exactly-once output.
void CheckExactlyOnce(ExactlyOnceMutation mutation) {
  const bool print_sinks = mutation == ExactlyOnceMutation::kPrintSinks;
  FaultyScenario x{.scenario = DeterministicScenario(), .ft = {}};
  x.ft = *GenFaultTolerance(x.scenario, {.guarantees = {SinkGuarantee::kExactlyOnce},
                                         .allow_at_least_once = true,
                                         .allow_zero_restart_delay = true});
  x.ft.failures = *GenFailures(x.scenario);
  const FaultyScenario f = WithoutFailures(x);
  FaultyScenario mutated = x;
  if (print_sinks) {
    for (auto& sink : mutated.ft.sinks) sink.second = SinkGuarantee::kNone;
  }
  const sim::RunResult ref = RunFaulty(f);
  const sim::RunResult run = RunFaulty(mutated);
  CheckRan(kExactlyOnceName, x, ref, "failure-free");
  CheckRan(kExactlyOnceName, x, run, "failing");
  CheckSinkCounts(kExactlyOnceName, f, ref, "failure-free");
  CheckSinkCounts(kExactlyOnceName, mutated, run, "failing");
  RC_CLASSIFY(run.recovery->restarts > 0, "restarted");
  for (size_t i = 0; i < ref.sinks.size(); ++i) {
    const RecordBag want = BagOf(ref.sinks[i].records);
    const RecordBag got = BagOf(run.sinks[i].records);
    if (want != got) {
      FailFaulty(kExactlyOnceName, x,
                 fmt::format("exactly-once sink {} after {} restarts: missing{}; extra{}",
                             ref.sinks[i].name, run.recovery->restarts,
                             BagText(BagMinus(want, got)), BagText(BagMinus(got, want))));
    }
  }
}

RC_BOOST_PROP(exactly_once_sinks_show_the_failure_free_output, ()) {
  CheckExactlyOnce(ExactlyOnceMutation::kNone);
}

BOOST_AUTO_TEST_CASE(exactly_once_property_catches_print_sinks) {
  const MutationOutcome o =
      ExpectFailure([] { CheckExactlyOnce(ExactlyOnceMutation::kPrintSinks); });
  BOOST_TEST_MESSAGE("shrunk to " << o.shrunk_size << " records: " << o.message);
  BOOST_TEST(o.failed);
  BOOST_TEST(o.shrunk_size < 10u);
}

// ---------------------------------------------------------------------------
// 2. At-least-once and print sinks.

enum class AtLeastOnceMutation { kNone, kDropOne, kAtLeastOnceCheckpointsAnywhere };

void CheckAtLeastOnce(AtLeastOnceMutation mutation) {
  FaultyScenario x{.scenario = DeterministicScenario(), .ft = {}};
  x.ft = *GenFaultTolerance(x.scenario,
                            {.guarantees = {SinkGuarantee::kAtLeastOnce, SinkGuarantee::kNone},
                             .allow_at_least_once = true,
                             .allow_zero_restart_delay = true});
  x.ft.failures = *GenFailures(x.scenario);
  if (mutation == AtLeastOnceMutation::kAtLeastOnceCheckpointsAnywhere) {
    x.ft.at_least_once = true;
    x.ft.unaligned = false;
  }
  const FaultyScenario f = WithoutFailures(x);
  const sim::RunResult ref = RunFaulty(f);
  sim::RunResult run = RunFaulty(x);
  CheckRan(kAtLeastOnceName, x, ref, "failure-free");
  CheckRan(kAtLeastOnceName, x, run, "failing");
  CheckSinkCounts(kAtLeastOnceName, f, ref, "failure-free");
  CheckSinkCounts(kAtLeastOnceName, x, run, "failing");
  RC_CLASSIFY(run.recovery->restarts > 0, "restarted");
  if (mutation == AtLeastOnceMutation::kDropOne && !run.sinks[0].records.empty()) {
    run.sinks[0].records.erase(run.sinks[0].records.begin());
  }
  for (size_t i = 0; i < ref.sinks.size(); ++i) {
    const RecordBag want = BagOf(ref.sinks[i].records);
    const RecordBag got = BagOf(run.sinks[i].records);
    const RecordBag lost = BagMinus(want, got);
    if (!lost.empty()) {
      FailFaulty(kAtLeastOnceName, x,
                 fmt::format("{} sink {} after {} restarts lost{}",
                             SinkGuaranteeName(x.ft.sinks[i].second), ref.sinks[i].name,
                             run.recovery->restarts, BagText(lost)));
    }
    RecordBag foreign;
    for (const auto& [record, n] : BagMinus(got, want)) {
      if (want.count(record) == 0) foreign[record] = n;
    }
    if (!foreign.empty()) {
      FailFaulty(kAtLeastOnceName, x,
                 fmt::format("{} sink {} after {} restarts shows records the failure-free run "
                             "does not:{}",
                             SinkGuaranteeName(x.ft.sinks[i].second), ref.sinks[i].name,
                             run.recovery->restarts, BagText(foreign)));
    }
  }
}

RC_BOOST_PROP(at_least_once_sinks_lose_nothing_and_only_repeat, ()) {
  CheckAtLeastOnce(AtLeastOnceMutation::kNone);
}

BOOST_AUTO_TEST_CASE(at_least_once_property_catches_a_lost_record) {
  const MutationOutcome o = ExpectFailure([] { CheckAtLeastOnce(AtLeastOnceMutation::kDropOne); });
  BOOST_TEST_MESSAGE("shrunk to " << o.shrunk_size << " records: " << o.message);
  BOOST_TEST(o.failed);
  BOOST_TEST(o.shrunk_size < 10u);
}

BOOST_AUTO_TEST_CASE(at_least_once_checkpoints_break_it_with_several_channels) {
  const MutationOutcome o =
      ExpectFailure([] { CheckAtLeastOnce(AtLeastOnceMutation::kAtLeastOnceCheckpointsAnywhere); });
  BOOST_TEST_MESSAGE("shrunk to " << o.shrunk_size << " records: " << o.message);
  BOOST_TEST(o.failed);
  BOOST_TEST(o.shrunk_size < 10u);
}

// ---------------------------------------------------------------------------
// 3. Restore equivalence.

enum class RestoreMutation { kNone, kPrintSinks, kDropOneAfterTheRestart };

void CheckRestore(RestoreMutation mutation) {
  FaultyScenario x{.scenario = DeterministicScenario(), .ft = {}};
  // A restart delay of at least 1 ms: what a sink wrote before the failure
  // is then told apart by time from what it wrote after the restart.
  x.ft = *GenFaultTolerance(
      x.scenario, {.guarantees = {SinkGuarantee::kExactlyOnce, SinkGuarantee::kAtLeastOnce,
                                  SinkGuarantee::kNone},
                   .allow_at_least_once = true,
                   .allow_zero_restart_delay = false});
  const int64_t last = LastArrivalMs(x.scenario);
  // The reference run has the same failure just after the run has ended
  // (EndedByMs; a bounded job is done once its inputs are and nothing is in
  // flight), so it never fires. Putting it on the agenda draws the agenda's
  // PRNG just as the failing run's does (event_queue.h: every action pushed
  // draws its rank), so the two runs are the same action for action up to
  // the failure, and the reference's checkpoints are the failing run's
  // before it.
  ScriptedFailure failure = *GenTaskFailureAt(x.scenario, EndedByMs(x.scenario) + 1);
  FaultyScenario f = x;
  f.ft.failures = {failure};
  const sim::RunResult ref = RunFaulty(f);
  CheckRan(kRestoreName, f, ref, "failure-free");
  if (ref.recovery->failure_count != 0) {
    FailFaulty(
        kRestoreName, f,
        fmt::format("the failure at {} ms, after the run should have ended, fired", failure.at_ms));
  }
  CheckSinkCounts(kRestoreName, f, ref, "failure-free");
  // When the failure may come so that checkpoint k is the latest completed
  // one: after k completed and before k + 1 did (the same millisecond as
  // either is left out: the order of simultaneous actions is the PRNG's),
  // and not after the last row, so that it fires. k = 0: no checkpoint, the
  // sources start over.
  struct Span {
    uint64_t checkpoint = 0;
    int64_t from = 0;
    int64_t to = 0;
  };
  std::vector<Span> spans;
  uint64_t latest = 0;
  int64_t from = 0;
  for (const sim::CheckpointRecord& c : ref.recovery->checkpoints) {
    if (c.outcome != sim::CheckpointRecord::Outcome::kCompleted) continue;
    const int64_t to = std::min(c.ended.millis() - 1, last);
    if (from <= to) spans.push_back({.checkpoint = latest, .from = from, .to = to});
    latest = c.id;
    from = c.ended.millis() + 1;
  }
  if (from <= last) spans.push_back({.checkpoint = latest, .from = from, .to = last});
  RC_PRE(!spans.empty());
  const Span span = *rc::gen::elementOf(spans);
  failure.at_ms = *rc::gen::inRange<int64_t>(span.from, span.to + 1);
  x.ft.failures = {failure};
  FaultyScenario mutated = x;
  if (mutation == RestoreMutation::kPrintSinks) {
    for (auto& sink : mutated.ft.sinks) sink.second = SinkGuarantee::kNone;
  }
  sim::RunResult run = RunFaulty(mutated);
  CheckRan(kRestoreName, x, run, "failing");
  CheckSinkCounts(kRestoreName, mutated, run, "failing");
  const sim::RecoveryResult& rec = *run.recovery;
  if (rec.failure_count != 1 || rec.failures.size() != 1 ||
      rec.failures[0].outcome != sim::FailureRecord::Outcome::kRestarted) {
    FailFaulty(kRestoreName, x,
               fmt::format("expected one failure that restarts, got {}", rec.failure_count));
  }
  const sim::FailureRecord& failed = rec.failures[0];
  if (failed.restored_checkpoint != span.checkpoint) {
    FailFaulty(kRestoreName, x,
               fmt::format("the failure at {} ms restored checkpoint {}; the latest completed "
                           "before it is {}",
                           failure.at_ms, failed.restored_checkpoint, span.checkpoint));
  }
  RC_CLASSIFY(span.checkpoint > 0, "restored a checkpoint");
  if (mutation == RestoreMutation::kDropOneAfterTheRestart) {
    for (size_t i = 0; i < run.sinks.size(); ++i) {
      if (x.ft.sinks[i].second == SinkGuarantee::kExactlyOnce) continue;
      std::vector<engine::Record>& records = run.sinks[i].records;
      for (size_t j = 0; j < records.size(); ++j) {
        if (run.sinks[i].emissions[j].at < failed.restart_at) continue;
        records.erase(records.begin() + static_cast<std::ptrdiff_t>(j));
        run.sinks[i].emissions.erase(run.sinks[i].emissions.begin() +
                                     static_cast<std::ptrdiff_t>(j));
        break;
      }
    }
  }
  for (size_t i = 0; i < ref.sinks.size(); ++i) {
    const std::string& name = ref.sinks[i].name;
    const RecordBag want = BagOf(ref.sinks[i].records);
    const RecordBag got = BagOf(run.sinks[i].records);
    const SinkGuarantee guarantee = x.ft.sinks[i].second;
    if (guarantee == SinkGuarantee::kExactlyOnce) {
      if (want != got) {
        FailFaulty(kRestoreName, x,
                   fmt::format("exactly-once sink {} after restoring checkpoint {}: missing{}; "
                               "extra{}",
                               name, span.checkpoint, BagText(BagMinus(want, got)),
                               BagText(BagMinus(got, want))));
      }
      continue;
    }
    // A print or at-least-once sink shows what it wrote before the failure
    // and what it wrote after the restart (the whole job is down between
    // them: key_by makes it one failover region). The records the restore
    // brings back are those written after barrier k: each is written again
    // by the replay.
    std::vector<engine::Record> after;
    for (size_t j = 0; j < run.sinks[i].records.size(); ++j) {
      if (run.sinks[i].emissions[j].at >= failed.restart_at) {
        after.push_back(run.sinks[i].records[j]);
      }
    }
    const RecordBag lost = BagMinus(want, got);
    const RecordBag extra = BagMinus(got, want);
    const RecordBag not_rewritten = BagMinus(extra, BagOf(after));
    if (!lost.empty() || !not_rewritten.empty()) {
      FailFaulty(kRestoreName, x,
                 fmt::format("{} sink {} after restoring checkpoint {}: lost{}; shown again "
                             "though not written after the restart{}",
                             SinkGuaranteeName(guarantee), name, span.checkpoint, BagText(lost),
                             BagText(not_rewritten)));
    }
  }
}

RC_BOOST_PROP(restoring_any_checkpoint_replays_to_the_failure_free_output, ()) {
  CheckRestore(RestoreMutation::kNone);
}

BOOST_AUTO_TEST_CASE(restore_property_catches_print_sinks) {
  const MutationOutcome o = ExpectFailure([] { CheckRestore(RestoreMutation::kPrintSinks); });
  BOOST_TEST_MESSAGE("shrunk to " << o.shrunk_size << " records: " << o.message);
  BOOST_TEST(o.failed);
  BOOST_TEST(o.shrunk_size < 10u);
}

BOOST_AUTO_TEST_CASE(restore_property_catches_a_record_lost_after_the_restart) {
  const MutationOutcome o =
      ExpectFailure([] { CheckRestore(RestoreMutation::kDropOneAfterTheRestart); });
  BOOST_TEST_MESSAGE("shrunk to " << o.shrunk_size << " records: " << o.message);
  BOOST_TEST(o.failed);
  BOOST_TEST(o.shrunk_size < 10u);
}

// ---------------------------------------------------------------------------
// 4. Where the watermark reset changes a lateness decision.

// Two decisions agree when the record ends the same way and each window
// (assigned, after merging, its cleanup time) admits it the same way; the
// watermark and the clock they were taken at are not compared.
bool SameDecision(const engine::ElementDecision& a, const engine::ElementDecision& b) {
  if (a.outcome != b.outcome || a.windows.size() != b.windows.size()) return false;
  for (size_t i = 0; i < a.windows.size(); ++i) {
    const engine::WindowDecision& x = a.windows[i];
    const engine::WindowDecision& y = b.windows[i];
    if (x.assigned != y.assigned || x.window != y.window || x.cleanup_time != y.cleanup_time ||
        x.admission != y.admission) {
      return false;
    }
  }
  return true;
}

// What a run's window operator decided in the end. Each record's standing
// decision is its last one: in the failing run the one its last replay (or,
// not replayed, its only processing) took, from which the state and output
// it ends with come. And per key and window, the records admitted within
// allowed lateness, in the order of their standing decisions: each one
// re-fires the window with what it holds by then, so that order shapes the
// late firings.
struct StandingDecisions {
  std::map<engine::RecordId, const engine::ElementDecision*> last;
  std::map<std::pair<std::string, engine::TimeWindow>, std::vector<engine::RecordId>>
      within_lateness;
};

StandingDecisions Standing(const sim::RunResult& r, const GeneratedScenario& s) {
  StandingDecisions d;
  std::map<engine::RecordId, size_t> last_index;
  for (size_t i = 0; i < r.window_decisions.size(); ++i) {
    last_index[r.window_decisions[i].decision.record_id] = i;
  }
  std::vector<size_t> standing;
  for (const auto& [id, i] : last_index) {
    d.last[id] = &r.window_decisions[i].decision;
    standing.push_back(i);
  }
  std::sort(standing.begin(), standing.end());
  for (size_t i : standing) {
    const engine::ElementDecision& decision = r.window_decisions[i].decision;
    RC_ASSERT(decision.record_id < s.rows.size());
    for (const engine::WindowDecision& w : decision.windows) {
      if (w.admission != engine::WindowAdmission::kWithinLateness) continue;
      d.within_lateness[{s.rows[decision.record_id].key, w.window}].push_back(decision.record_id);
    }
  }
  return d;
}

// Why the two runs may differ, or "" when nothing explains it.
std::string DecisionDifference(const StandingDecisions& a, const StandingDecisions& b) {
  if (a.last.size() != b.last.size()) {
    return fmt::format("{} records decided, {} without failures", b.last.size(), a.last.size());
  }
  for (auto i = a.last.begin(), j = b.last.begin(); i != a.last.end(); ++i, ++j) {
    if (i->first != j->first) return fmt::format("row {} decided in one run only", i->first);
    if (!SameDecision(*i->second, *j->second)) {
      return fmt::format("row {} decided differently", i->first);
    }
  }
  for (const auto& [window, rows] : a.within_lateness) {
    const auto it = b.within_lateness.find(window);
    if (it == b.within_lateness.end() || it->second != rows) {
      return fmt::format("key {}'s window {} admits rows within lateness in another order",
                         window.first, window.second.ToString());
    }
  }
  return "";
}

void CheckLatenessException(bool drop_one) {
  FaultyScenario x{.scenario = *GenScenario(), .ft = {}};
  x.ft = *GenFaultTolerance(x.scenario, {.guarantees = {SinkGuarantee::kExactlyOnce},
                                         .allow_at_least_once = false,
                                         .allow_zero_restart_delay = true});
  x.ft.failures = *GenFailures(x.scenario);
  const FaultyScenario f = WithoutFailures(x);
  const sim::RunResult ref = RunFaulty(f, engine::Ledger::Detail::kEveryRecord);
  sim::RunResult run = RunFaulty(x, engine::Ledger::Detail::kEveryRecord);
  CheckRan(kLatenessName, x, ref, "failure-free");
  CheckRan(kLatenessName, x, run, "failing");
  CheckSinkCounts(kLatenessName, f, ref, "failure-free");
  CheckSinkCounts(kLatenessName, x, run, "failing");
  if (drop_one) {
    for (sim::SinkOutput& sink : run.sinks) {
      if (sink.records.empty()) continue;
      sink.records.pop_back();
      break;
    }
  }
  std::string differs;
  for (size_t i = 0; i < ref.sinks.size() && differs.empty(); ++i) {
    const RecordBag want = BagOf(ref.sinks[i].records);
    const RecordBag got = BagOf(run.sinks[i].records);
    if (want != got) {
      differs = fmt::format("sink {}: missing{}; extra{}", ref.sinks[i].name,
                            BagText(BagMinus(want, got)), BagText(BagMinus(got, want)));
    }
  }
  RC_CLASSIFY(run.recovery->restarts > 0, "restarted");
  RC_CLASSIFY(!differs.empty(), "output differs");
  if (differs.empty()) return;
  const std::string why = DecisionDifference(Standing(ref, x.scenario), Standing(run, x.scenario));
  RC_CLASSIFY(why.find("another order") != std::string::npos, "late admissions reordered");
  if (why.empty()) {
    FailFaulty(kLatenessName, x,
               fmt::format("after {} restarts every record's window decision, and every window's "
                           "order of admissions within lateness, is the failure-free one, yet the "
                           "output differs: {}",
                           run.recovery->restarts, differs));
  }
}

RC_BOOST_PROP(a_restore_changes_output_only_by_changing_a_lateness_decision, ()) {
  CheckLatenessException(false);
}

BOOST_AUTO_TEST_CASE(lateness_exception_catches_a_lost_record) {
  const MutationOutcome o = ExpectFailure([] { CheckLatenessException(true); });
  BOOST_TEST_MESSAGE("shrunk to " << o.shrunk_size << " records: " << o.message);
  BOOST_TEST(o.failed);
  BOOST_TEST(o.shrunk_size < 10u);
}

}  // namespace
}  // namespace tidemark::props
