// Conservation (ledger.h, §1.3, §7.3): in a whole run,
// every input record has exactly one terminal fate on every path, and
// nothing is duplicated or lost. Checked from the ledger (detail
// kEveryRecord) against the plan's graph, per record:
//   - a record arrives at a node once for every emission of it on a port
//     the node reads (union and side-output selection pass it on as is);
//   - each arrival ends in exactly one decision: a terminal fate
//     (engine::IsTerminal), or emissions — one, or for a routing rule with
//     several destinations exactly that rule's ports (the fan-out);
//   - an emission on a port nobody reads is noted unconsumed, one on a sunk
//     stream reaches each of its sinks, and each sink holds the record as
//     many times as the ledger says it sank there.
// Mutation tests drop a record from a sink and duplicate a ledger decision.
#include <algorithm>
#include <map>
#include <sstream>

#include <boost/test/unit_test.hpp>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "engine/core/ledger.h"
#include "property_tests/gen/counterexample.h"
#include "property_tests/gen/scenario_gen.h"

namespace tidemark::props {
namespace {

using engine::Fate;
using sim::PlannedNode;

enum class RunBug { kNone, kDropSinkRecord, kDuplicateDecision };

void Tamper(sim::RunResult& r, RunBug bug) {
  if (bug == RunBug::kDropSinkRecord) {
    for (sim::SinkOutput& sink : r.sinks) {
      auto it = std::find_if(sink.records.begin(), sink.records.end(),
                             [](const engine::Record& x) { return x.id != engine::kNoRecordId; });
      if (it != sink.records.end()) {
        sink.records.erase(it);
        return;
      }
    }
  }
  if (bug == RunBug::kDuplicateDecision) {
    const auto& entries = r.ledger.entries();
    auto it = std::find_if(entries.begin(), entries.end(),
                           [](const engine::LedgerEntry& e) { return e.fate == Fate::kInWindow; });
    if (it != entries.end()) r.ledger.Add(*it);
  }
}

bool IsEmission(Fate f) {
  return f == Fate::kEmitted || f == Fate::kRoutedToTag || f == Fate::kLateToTag;
}
bool PassesThrough(const PlannedNode& n) {
  return n.kind == PlannedNode::Kind::kUnion || n.kind == PlannedNode::Kind::kSideOutput;
}

// The first conservation violation for `record`, or "".
std::string CheckRecord(const sim::JobPlan& plan, const sim::RunResult& r, engine::RecordId record,
                        const std::vector<engine::LedgerEntry>& entries) {
  const size_t nodes = plan.nodes.size();
  // out[n][port]: how often the record left node n on port.
  std::vector<std::map<uint32_t, uint64_t>> out(nodes);
  std::vector<uint64_t> arrivals(nodes, 0);
  std::vector<std::vector<const engine::LedgerEntry*>> at(nodes);
  for (const engine::LedgerEntry& e : entries) at[e.node].push_back(&e);
  std::ostringstream problem;
  for (uint32_t n = 0; n < nodes; ++n) {
    const PlannedNode& node = plan.nodes[n];
    if (node.kind == PlannedNode::Kind::kSource) {
      arrivals[n] = 1;  // one source in generated scenarios
    } else {
      for (const sim::NodeInput& in : node.inputs) arrivals[n] += out[in.node][in.port];
    }
    uint64_t terminal = 0;
    std::vector<uint32_t> emitted_ports;
    std::map<uint32_t, uint64_t> unconsumed;
    std::map<uint32_t, uint64_t> sunk;
    for (const engine::LedgerEntry* e : at[n]) {
      if (e->fate == Fate::kUnconsumed) {
        ++unconsumed[e->tag];
      } else if (e->fate == Fate::kSunk) {
        ++sunk[e->tag];
      } else if (IsEmission(e->fate)) {
        emitted_ports.push_back(e->tag);
      } else if (engine::IsTerminal(e->fate)) {
        ++terminal;
      }
    }
    if (PassesThrough(node)) {
      if (terminal != 0 || !emitted_ports.empty()) problem << "a pass-through decided";
      out[n][0] = arrivals[n];
    } else {
      for (uint32_t p : emitted_ports) ++out[n][p];
      uint64_t decisions = terminal + emitted_ports.size();
      if (node.kind == PlannedNode::Kind::kProcess && !emitted_ports.empty()) {
        // One rule application emits to each of that rule's ports.
        std::sort(emitted_ports.begin(), emitted_ports.end());
        bool matches = false;
        for (const engine::RouteRule& rule : node.router->rules()) {
          std::vector<uint32_t> ports;
          for (const engine::RouteTarget& t : rule.targets) ports.push_back(t.port);
          std::sort(ports.begin(), ports.end());
          matches = matches || ports == emitted_ports;
        }
        if (!matches) problem << "emissions match no single rule; ";
        decisions = terminal + 1;
      }
      if (decisions != arrivals[n]) {
        problem << arrivals[n] << " arrivals but " << decisions << " decisions";
      }
    }
    // Where each emission went: consumers, sinks, or nowhere.
    for (const auto& [port, count] : out[n]) {
      bool consumed = false;
      for (const PlannedNode& c : plan.nodes) {
        for (const sim::NodeInput& in : c.inputs) consumed |= in.node == n && in.port == port;
      }
      uint64_t sinks = 0;
      for (const sim::PlannedSink& s : plan.sinks) sinks += port == 0 && s.node == n;
      const uint64_t expected_unconsumed = consumed || sinks > 0 ? 0 : count;
      if (unconsumed[port] != expected_unconsumed) {
        problem << "port " << port << ": " << unconsumed[port] << " unconsumed, expected "
                << expected_unconsumed;
      }
    }
    for (uint32_t s = 0; s < plan.sinks.size(); ++s) {
      const bool here = plan.sinks[s].node == n;
      const uint64_t expected = here ? out[n][0] : 0;
      const uint64_t held = !here ? 0
                                  : static_cast<uint64_t>(std::count_if(
                                        r.sinks[s].records.begin(), r.sinks[s].records.end(),
                                        [&](const engine::Record& x) { return x.id == record; }));
      if (sunk[s] != expected || held != expected) {
        problem << "sink " << plan.sinks[s].name << ": ledger " << sunk[s] << ", holds " << held
                << ", expected " << expected;
      }
    }
    if (!problem.str().empty()) {
      return "record " + std::to_string(record) + " at " + node.name + ": " + problem.str();
    }
  }
  return "";
}

std::string CheckConservation(const sim::JobPlan& plan, const sim::RunResult& r,
                              const GeneratedScenario& s) {
  std::map<engine::RecordId, std::vector<engine::LedgerEntry>> by_record;
  for (const engine::LedgerEntry& e : r.ledger.entries()) {
    if (e.record != engine::kNoRecordId) by_record[e.record].push_back(e);
  }
  if (r.records_in != s.NumEvents()) return "records_in differs from the trace's events";
  for (size_t i = 0; i < s.rows.size(); ++i) {
    if (s.rows[i].kind != TraceRowSpec::Kind::kEvent) continue;
    const std::string problem = CheckRecord(plan, r, i, by_record[i]);
    if (!problem.empty()) return problem;
    by_record.erase(i);
  }
  if (!by_record.empty()) return "ledger entries for a record that is no event";
  return "";
}

void CheckConservationProperty(RunBug bug) {
  const GeneratedScenario s = *GenScenario();
  GeneratedRun run = RunGenerated(s, s.job.seed);
  Tamper(run.result, bug);
  const std::string problem = CheckConservation(run.plan, run.result, s);
  if (!problem.empty()) {
    NoteFailingCase(s.NumEvents());
    WriteCounterexample("conservation", ScenarioText("conservation", s));
    RC_FAIL(problem);
  }
}

RC_BOOST_PROP(conservation_every_record_has_one_terminal_fate_per_path, ()) {
  CheckConservationProperty(RunBug::kNone);
}

BOOST_AUTO_TEST_CASE(conservation_catches_a_record_lost_from_a_sink) {
  const MutationOutcome o =
      ExpectFailure([] { CheckConservationProperty(RunBug::kDropSinkRecord); });
  BOOST_TEST_MESSAGE("shrunk to " << o.shrunk_size << " records: " << o.message);
  BOOST_TEST(o.failed);
  BOOST_TEST(o.shrunk_size < 10u);
}

BOOST_AUTO_TEST_CASE(conservation_catches_a_duplicated_decision) {
  const MutationOutcome o =
      ExpectFailure([] { CheckConservationProperty(RunBug::kDuplicateDecision); });
  BOOST_TEST_MESSAGE("shrunk to " << o.shrunk_size << " records: " << o.message);
  BOOST_TEST(o.failed);
  BOOST_TEST(o.shrunk_size < 10u);
}

}  // namespace
}  // namespace tidemark::props
