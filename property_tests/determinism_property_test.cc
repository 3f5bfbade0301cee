// Determinism: a run is a pure function of
// (scenario, seed). Running a generated scenario twice with the same seed
// gives identical sinks (records in order, ids, timestamps, typed values),
// ledger entries, schedule, window decisions and firings. (Report bytes will
// be compared once the reports library lands.)
//
// The mutation test swaps two records of a sink in the second run.
#include <sstream>

#include <boost/test/unit_test.hpp>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "property_tests/gen/run_views.h"

namespace tidemark::props {
namespace {

std::string Fingerprint(const sim::RunResult& r) {
  std::ostringstream os;
  for (const sim::SinkOutput& s : r.sinks) {
    os << "sink " << s.name << "\n";
    for (const engine::Record& rec : s.records) os << RecordText(rec) << "\n";
  }
  for (const engine::LedgerEntry& e : r.ledger.entries()) {
    os << "L " << e.record << " " << e.node << " " << e.subtask << " " << engine::FateName(e.fate)
       << " " << e.tag << " " << e.watermark.millis() << " " << e.processing_time.millis() << "\n";
  }
  for (const sim::ScheduleStep& st : r.schedule) {
    os << "S " << static_cast<int>(st.kind) << " " << st.time.millis() << " " << st.node << " "
       << st.subtask << " " << st.channel << " " << st.record << " " << st.watermark.millis() << " "
       << st.firing << " " << st.partition << " " << st.held_by_node << " " << st.held_by_subtask
       << "\n";
  }
  for (const sim::WindowDecisionRecord& d : r.window_decisions) {
    os << "D " << d.node << " " << d.subtask << " " << d.time.millis() << " "
       << d.decision.record_id << " " << engine::ElementOutcomeName(d.decision.outcome);
    for (const engine::WindowDecision& w : d.decision.windows) {
      os << " " << w.window.ToString() << ":" << engine::WindowAdmissionName(w.admission);
    }
    os << "\n";
  }
  for (const sim::FiringRecord& f : r.firings) {
    os << "F " << f.node << " " << f.subtask << " " << f.time.millis() << " "
       << f.watermark.millis() << " " << f.result.window.ToString() << " "
       << engine::FormatValue(f.result.key) << "\n";
  }
  os << "in " << r.records_in << "\n";
  return os.str();
}

void CheckDeterminism(bool swap_in_second) {
  const GeneratedScenario s = *GenScenario();
  const GeneratedRun first = RunGenerated(s, s.job.seed);
  GeneratedRun second = RunGenerated(s, s.job.seed);
  if (swap_in_second) {
    for (sim::SinkOutput& sink : second.result.sinks) {
      for (size_t i = 1; i < sink.records.size(); ++i) {
        if (RecordText(sink.records[i - 1]) != RecordText(sink.records[i])) {
          std::swap(sink.records[i - 1], sink.records[i]);
          break;
        }
      }
    }
  }
  const std::string a = Fingerprint(first.result);
  const std::string b = Fingerprint(second.result);
  if (a != b) {
    size_t at = 0;
    while (at < a.size() && at < b.size() && a[at] == b[at]) ++at;
    FailScenario("determinism", s,
                 "two runs with seed " + std::to_string(s.job.seed) +
                     " differ at: " + a.substr(at, 60) + " vs " + b.substr(at, 60));
  }
}

RC_BOOST_PROP(same_seed_gives_identical_runs, ()) { CheckDeterminism(false); }

BOOST_AUTO_TEST_CASE(determinism_catches_swapped_outputs) {
  const MutationOutcome o = ExpectFailure([] { CheckDeterminism(true); });
  BOOST_TEST_MESSAGE("shrunk to " << o.shrunk_size << " records: " << o.message);
  BOOST_TEST(o.failed);
  BOOST_TEST(o.shrunk_size < 10u);
}

}  // namespace
}  // namespace tidemark::props
