// Bounded disorder (§4.2, §5.1, §9.2): when every row's
// real disorder within its partition is at most the bounded-out-of-orderness
// bound D (no earlier row of the partition is more than D ahead of it), no
// idleness and no explicit watermarks, no record is late anywhere: none is
// dropped late, sent to a late output, or admitted only within lateness. A
// split's watermark before a row r is at most max_before - D - 1 <= t_r - 1,
// the subtask's and the window's combined watermarks are minima below it,
// and every window of r ends after t_r.
//
// The mutation test raises the watermark: a watermark row at the current
// event-time base (beyond the bound) follows every event on its partition.
#include <boost/test/unit_test.hpp>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "property_tests/gen/run_views.h"

namespace tidemark::props {
namespace {

using engine::Fate;

void CheckNoLateRecord(bool raise_watermarks) {
  GeneratedScenario s = *GenBoundedDisorderScenario();
  if (raise_watermarks) {
    std::vector<TraceRowSpec> rows;
    for (const TraceRowSpec& r : s.rows) {
      rows.push_back(r);
      TraceRowSpec w = r;
      w.kind = TraceRowSpec::Kind::kWatermark;
      w.advance_ms = 0;
      w.lag_ms = 0;  // the watermark offers the base: the largest time seen or above
      w.gap_ms = 0;
      rows.push_back(w);
    }
    s.rows = std::move(rows);
  }
  const GeneratedRun run = RunGenerated(s, s.job.seed);
  for (const engine::LedgerEntry& e : run.result.ledger.entries()) {
    if (e.fate == Fate::kDroppedLate || e.fate == Fate::kLateToTag ||
        e.fate == Fate::kInWindowLate) {
      FailScenario("bounded_disorder", s,
                   "row " + std::to_string(e.record) + " is " +
                       std::string(engine::FateName(e.fate)) + " at watermark " +
                       engine::FormatTimestamp(e.watermark) + " though its disorder is within " +
                       std::to_string(s.job.bound_ms) + " ms");
    }
  }
}

RC_BOOST_PROP(disorder_within_the_bound_makes_nothing_late, ()) { CheckNoLateRecord(false); }

BOOST_AUTO_TEST_CASE(bounded_disorder_catches_a_raised_watermark) {
  const MutationOutcome o = ExpectFailure([] { CheckNoLateRecord(true); });
  BOOST_TEST_MESSAGE("shrunk to " << o.shrunk_size << " records: " << o.message);
  BOOST_TEST(o.failed);
  BOOST_TEST(o.shrunk_size < 10u);
}

}  // namespace
}  // namespace tidemark::props
