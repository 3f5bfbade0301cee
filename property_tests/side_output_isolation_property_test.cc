// Side-output isolation (§7.2-7.3, §1.3 step 4):
//   - a record routed to tag A reaches only A's consumers: big_rows holds
//     only rows the `v >= 7` rule sent to `big`, odd_rows only rows the odd
//     rule sent to `odd`, late_events only records the window operator sent
//     to its late output (checked against the trace and the ledger);
//   - every record in a tag's stream conforms to the tag's type: the sink
//     schema is the tag's ({k, ts, v}, {k, half: double}) and every value has
//     its field's type;
//   - adding or removing a side output nobody consumes (`audit`) leaves every
//     other output unchanged, record for record.
// Mutation tests move a record to another tag's sink, retype a value, and
// drop a record from the run with the extra side output.
#include <set>

#include <boost/test/unit_test.hpp>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "property_tests/gen/mutation_check.h"
#include "property_tests/gen/run_views.h"

namespace tidemark::props {
namespace {

using engine::Fate;

enum class IsolationBug { kNone, kMisroute, kRetype };

const engine::Schema& RowSchema() {
  static const engine::Schema s({{"k", engine::ValueType::kString},
                                 {"ts", engine::ValueType::kInt},
                                 {"v", engine::ValueType::kInt}});
  return s;
}

const engine::Schema& OddSchema() {
  static const engine::Schema s(
      {{"k", engine::ValueType::kString}, {"half", engine::ValueType::kDouble}});
  return s;
}

void Tamper(sim::RunResult& r, IsolationBug bug) {
  sim::SinkOutput* big = nullptr;
  sim::SinkOutput* odd = nullptr;
  for (sim::SinkOutput& s : r.sinks) {
    if (s.name == "big_rows") big = &s;
    if (s.name == "odd_rows") odd = &s;
  }
  if (bug == IsolationBug::kMisroute && big && odd && !big->records.empty()) {
    engine::Record moved = big->records.front();
    moved.values = {moved.values[0], engine::Value(3.5)};
    odd->records.push_back(moved);
  }
  if (bug == IsolationBug::kRetype && odd && !odd->records.empty()) {
    odd->records.front().values[1] = engine::Value(int64_t{3});
  }
}

// Which rows each routed sink may hold, from the trace alone.
bool Expected(const std::string& sink, const TraceRowSpec& row) {
  if (sink == "big_rows") return row.value >= 7;
  if (sink == "odd_rows") return row.value < 7 && row.value % 2 == 1;
  return false;
}

void CheckSink(const GeneratedScenario& s, const GeneratedRun& run, const sim::SinkOutput& sink) {
  const engine::Schema& tag_schema = sink.name == "odd_rows" ? OddSchema() : RowSchema();
  if (sink.name != "windows" && !(sink.schema == tag_schema)) {
    FailScenario("side_output_isolation", s, sink.name + " has schema " + sink.schema.ToString());
  }
  for (const engine::Record& r : sink.records) {
    if (r.values.size() != sink.schema.size()) {
      FailScenario("side_output_isolation", s, sink.name + ": record of the wrong width");
    }
    for (size_t i = 0; i < r.values.size(); ++i) {
      const engine::ValueType t = engine::TypeOf(r.values[i]);
      if (t != engine::ValueType::kNull && t != sink.schema.field(i).type) {
        FailScenario(
            "side_output_isolation", s,
            sink.name + ": " + RecordText(r) + " does not conform to " + sink.schema.ToString());
      }
    }
    if (sink.name == "windows") continue;
    if (r.id >= s.rows.size()) FailScenario("side_output_isolation", s, "unknown record id");
    if (sink.name == "late_events") {
      bool late = false;
      for (const engine::LedgerEntry& e : run.result.ledger.entries()) {
        late |= e.record == r.id && e.fate == Fate::kLateToTag && e.node == run.Node(kWindowsNode);
      }
      if (!late) FailScenario("side_output_isolation", s, "late_events holds a record not late");
    } else if (!Expected(sink.name, s.rows[r.id])) {
      FailScenario("side_output_isolation", s,
                   sink.name + " holds row " + std::to_string(r.id) +
                       " with v = " + std::to_string(s.rows[r.id].value));
    }
  }
}

void CheckIsolation(IsolationBug bug) {
  const GeneratedScenario s = *GenScenario();
  GeneratedRun run = RunGenerated(s, s.job.seed);
  Tamper(run.result, bug);
  for (const sim::SinkOutput& sink : run.result.sinks) CheckSink(s, run, sink);
}

RC_BOOST_PROP(side_output_records_reach_only_their_tag_and_conform, ()) {
  CheckIsolation(IsolationBug::kNone);
}

void CheckUnconsumedTag(bool drop_in_variant) {
  GeneratedScenario with = *GenScenario();
  with.job.audit = true;
  GeneratedScenario without = with;
  without.job.audit = false;
  const GeneratedRun a = RunGenerated(without, with.job.seed);
  GeneratedRun b = RunGenerated(with, with.job.seed);
  if (drop_in_variant) {
    for (sim::SinkOutput& sink : b.result.sinks) {
      if (!sink.records.empty()) {
        sink.records.pop_back();
        break;
      }
    }
  }
  for (size_t i = 0; i < a.result.sinks.size(); ++i) {
    const auto& x = a.result.sinks[i].records;
    const auto& y = b.result.sinks[i].records;
    bool same = x.size() == y.size();
    for (size_t j = 0; same && j < x.size(); ++j) same = RecordText(x[j]) == RecordText(y[j]);
    if (!same) {
      FailScenario("unconsumed_side_output", with,
                   "sink " + a.result.sinks[i].name + " changes when rules also emit to 'audit'");
    }
  }
}

RC_BOOST_PROP(unconsumed_side_output_changes_no_other_output, ()) { CheckUnconsumedTag(false); }

BOOST_AUTO_TEST_CASE(side_output_isolation_catches_a_misrouted_record) {
  ExpectCaught([] { CheckIsolation(IsolationBug::kMisroute); });
}

BOOST_AUTO_TEST_CASE(side_output_isolation_catches_a_retyped_value) {
  ExpectCaught([] { CheckIsolation(IsolationBug::kRetype); });
}

BOOST_AUTO_TEST_CASE(unconsumed_side_output_property_catches_a_changed_output) {
  ExpectCaught([] { CheckUnconsumedTag(true); });
}

}  // namespace
}  // namespace tidemark::props
