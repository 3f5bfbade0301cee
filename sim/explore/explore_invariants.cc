#include "sim/explore/explore_invariants.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "engine/core/ledger.h"
#include "engine/core/record.h"

namespace tidemark::sim {

namespace {

using engine::Fate;

bool IsEmission(Fate f) {
  return f == Fate::kEmitted || f == Fate::kRoutedToTag || f == Fate::kLateToTag;
}
bool PassesThrough(const PlannedNode& n) {
  return n.kind == PlannedNode::Kind::kUnion || n.kind == PlannedNode::Kind::kSideOutput;
}

class Checker {
 public:
  Checker(const JobPlan& plan, const JobRows& rows, const RunResult& result, size_t limit)
      : plan_(plan), rows_(rows), result_(result), limit_(limit) {}

  std::vector<std::string> Run() {
    if (!Failed()) Conservation();
    Monotonicity();
    Isolation();
    KeyOrder();
    return std::move(problems_);
  }

 private:
  void Problem(std::string text) {
    if (problems_.size() < limit_) problems_.push_back(std::move(text));
  }

  // A task failed: records in flight were discarded and rows are read again.
  bool Failed() const { return result_.recovery && result_.recovery->failure_count > 0; }

  // When the restarts after failures happened, ascending.
  std::vector<engine::Timestamp> Restarts() const {
    std::vector<engine::Timestamp> out;
    for (const ScheduleStep& step : result_.schedule) {
      if (step.kind == ScheduleStep::Kind::kRestore && (out.empty() || out.back() != step.time)) {
        out.push_back(step.time);
      }
    }
    return out;
  }

  bool Consumed(uint32_t n, uint32_t port) const {
    for (const PlannedNode& c : plan_.nodes) {
      for (const NodeInput& in : c.inputs) {
        if (in.node == n && in.port == port) return true;
      }
    }
    return false;
  }

  // One record's counts at one node, by port (or sink), in flat arrays reused
  // record after record: explore checks every record of every schedule.
  struct Counts {
    std::vector<uint64_t> out;                        // emissions by port
    std::vector<uint8_t> touched;                     // ports emitted on (or passed through)
    std::vector<uint64_t> unconsumed;                 // by port
    std::vector<uint64_t> sunk;                       // by sink
    std::vector<const engine::LedgerEntry*> entries;  // the record's entries here

    static uint64_t& At(std::vector<uint64_t>& v, size_t i) {
      if (i >= v.size()) v.resize(i + 1, 0);
      return v[i];
    }
    uint64_t Out(size_t port) const { return port < out.size() ? out[port] : 0; }
    uint64_t& Emit(size_t port) {
      if (port >= touched.size()) touched.resize(port + 1, 0);
      touched[port] = 1;
      return At(out, port);
    }
    void Clear() {
      std::fill(out.begin(), out.end(), 0);
      std::fill(touched.begin(), touched.end(), 0);
      std::fill(unconsumed.begin(), unconsumed.end(), 0);
      std::fill(sunk.begin(), sunk.end(), 0);
      entries.clear();
    }
  };

  // "fast:3": the source and row an id names.
  std::string RecordName(engine::RecordId id) const {
    const uint32_t source = engine::RecordSource(id);
    if (source >= plan_.sources.size()) return fmt::format("{}", id);
    return fmt::format("{}:{}", plan_.sources[source].name(), engine::RecordRow(id));
  }

  // Every trace row in one flat index, source by source: row r of source s
  // is first_[s] + r. nullopt for an id naming no row read.
  std::optional<size_t> Slot(engine::RecordId id) const {
    const uint32_t source = engine::RecordSource(id);
    const uint64_t row = engine::RecordRow(id);
    if (id == engine::kNoRecordId || source >= rows_.size() || row >= rows_[source].rows.size()) {
      return std::nullopt;
    }
    return first_[source] + row;
  }

  void Conservation() {
    first_.assign(1, 0);
    for (const SourceRows& s : rows_) first_.push_back(first_.back() + s.rows.size());
    const size_t slots = first_.back();
    std::vector<std::vector<const engine::LedgerEntry*>> by_record(slots);
    for (const engine::LedgerEntry& e : result_.ledger.entries()) {
      if (e.record == engine::kNoRecordId) continue;
      const auto slot = Slot(e.record);
      if (!slot) {
        Problem(fmt::format("conservation: record {} names no trace row", e.record));
        return;
      }
      by_record[*slot].push_back(&e);
    }
    // held[s][slot]: how often sink s holds that row's records.
    std::vector<std::vector<uint64_t>> held(plan_.sinks.size(), std::vector<uint64_t>(slots, 0));
    for (size_t s = 0; s < result_.sinks.size(); ++s) {
      for (const engine::Record& r : result_.sinks[s].records) {
        if (const auto slot = Slot(r.id)) ++held[s][*slot];
      }
    }
    // What does not change from record to record.
    const size_t nodes = plan_.nodes.size();
    consumed_.assign(nodes, {});
    for (uint32_t n = 0; n < nodes; ++n) {
      const size_t ports = plan_.nodes[n].side_outputs.size() + 1;
      for (uint32_t port = 0; port < ports; ++port) consumed_[n].push_back(Consumed(n, port));
    }
    counts_.assign(nodes, {});
    for (uint32_t s = 0; s < rows_.size(); ++s) {
      for (uint64_t row = 0; row < rows_[s].rows.size() && problems_.size() < limit_; ++row) {
        CheckRecord(engine::MakeRecordId(s, row), first_[s] + row, by_record[first_[s] + row],
                    held);
      }
    }
  }

  // Whether row `id` was read at source `node`: only its own source reads it.
  uint64_t SourceArrivals(const PlannedNode& node, engine::RecordId id) const {
    if (node.source != engine::RecordSource(id)) return 0;
    const TraceRowKind kind = rows_[node.source].rows[engine::RecordRow(id)].kind;
    return kind == TraceRowKind::kEvent || kind == TraceRowKind::kParseFailure ? 1 : 0;
  }

  bool IsConsumed(uint32_t n, uint32_t port) const {
    return port < consumed_[n].size() ? consumed_[n][port] : Consumed(n, port);
  }

  void CheckRecord(engine::RecordId id, size_t slot,
                   const std::vector<const engine::LedgerEntry*>& entries,
                   const std::vector<std::vector<uint64_t>>& held) {
    const size_t nodes = plan_.nodes.size();
    for (Counts& c : counts_) c.Clear();
    for (const engine::LedgerEntry* e : entries) counts_[e->node].entries.push_back(e);
    for (uint32_t n = 0; n < nodes; ++n) {
      const PlannedNode& node = plan_.nodes[n];
      Counts& c = counts_[n];
      uint64_t arrivals = 0;
      if (node.kind == PlannedNode::Kind::kSource) {
        arrivals = SourceArrivals(node, id);
      } else {
        for (const NodeInput& in : node.inputs) arrivals += counts_[in.node].Out(in.port);
      }
      uint64_t terminal = 0, emissions = 0;
      for (const engine::LedgerEntry* e : c.entries) {
        if (e->fate == Fate::kUnconsumed) {
          ++Counts::At(c.unconsumed, e->tag);
        } else if (e->fate == Fate::kSunk) {
          ++Counts::At(c.sunk, e->tag);
        } else if (IsEmission(e->fate)) {
          ++c.Emit(e->tag);
          ++emissions;
        } else if (engine::IsTerminal(e->fate)) {
          ++terminal;
        }
      }
      std::string problem;
      if (PassesThrough(node)) {
        if (terminal + emissions != 0) problem = "a pass-through stream decided";
        c.Emit(0) = arrivals;
      } else if (node.kind == PlannedNode::Kind::kProcess ||
                 node.kind == PlannedNode::Kind::kKeyedProcess ||
                 node.kind == PlannedNode::Kind::kFlatMap) {
        // A rule emits to each of its destinations (or, with only a timer
        // action, nowhere): bounds rather than an exact count.
        if (terminal > arrivals || (emissions > 0 && terminal >= arrivals)) {
          problem = fmt::format("{} arrivals but {} terminal fates and {} emissions", arrivals,
                                terminal, emissions);
        }
      } else if (terminal + emissions != arrivals) {
        problem = fmt::format("{} arrivals but {} decisions", arrivals, terminal + emissions);
      }
      // Every port something left on, in ascending order.
      for (uint32_t port = 0; port < c.touched.size(); ++port) {
        if (c.touched[port] == 0) continue;
        bool sinks = false;
        for (const PlannedSink& s : plan_.sinks) sinks |= port == 0 && s.node == n;
        const uint64_t expected = IsConsumed(n, port) || sinks ? 0 : c.out[port];
        const uint64_t noted = Counts::At(c.unconsumed, port);
        if (noted != expected) {
          problem = fmt::format("port {}: {} noted unconsumed, expected {}", port, noted, expected);
        }
      }
      for (uint32_t s = 0; s < plan_.sinks.size(); ++s) {
        const bool here = plan_.sinks[s].node == n;
        const uint64_t expected = here ? c.Out(0) : 0;
        const uint64_t holds = here ? held[s][slot] : 0;
        const uint64_t sunk = Counts::At(c.sunk, s);
        if (sunk != expected || holds != expected) {
          problem = fmt::format("sink '{}': ledger {}, holds {}, expected {}", plan_.sinks[s].name,
                                sunk, holds, expected);
        }
      }
      if (!problem.empty()) {
        Problem(
            fmt::format("conservation: record {} at '{}': {}", RecordName(id), node.name, problem));
        return;
      }
    }
  }

  void Monotonicity() {
    std::map<std::tuple<ScheduleStep::Kind, uint32_t, uint32_t>, engine::Timestamp> last;
    for (const ScheduleStep& step : result_.schedule) {
      // A restored subtask starts again from -inf: watermarks are not in a
      // checkpoint (docs/checkpoints.md).
      if (step.kind == ScheduleStep::Kind::kRestore) {
        for (const ScheduleStep::Kind kind :
             {ScheduleStep::Kind::kWatermark, ScheduleStep::Kind::kOutputWatermark}) {
          last.erase(std::make_tuple(kind, step.node, step.subtask));
        }
        continue;
      }
      if (step.kind != ScheduleStep::Kind::kWatermark &&
          step.kind != ScheduleStep::Kind::kOutputWatermark) {
        continue;
      }
      // A script sends its watermarks as written, rising or not: the valves
      // downstream are what must keep event time monotonous.
      const PlannedNode& node = plan_.nodes[step.node];
      if (node.kind == PlannedNode::Kind::kSource && plan_.sources[node.source].script) continue;
      const auto key = std::make_tuple(step.kind, step.node, step.subtask);
      const auto it = last.find(key);
      if (it != last.end() && step.watermark <= it->second) {
        Problem(fmt::format(
            "watermark monotonicity: '{}' subtask {} at t={}: watermark {} after {}",
            plan_.nodes[step.node].name, step.subtask, step.time.millis(),
            engine::FormatTimestamp(step.watermark), engine::FormatTimestamp(it->second)));
      }
      last[key] = step.watermark;
    }
  }

  void Isolation() {
    for (size_t s = 0; s < plan_.sinks.size(); ++s) {
      const SinkOutput& sink = result_.sinks[s];
      for (const engine::Record& r : sink.records) {
        bool conforms = r.values.size() == sink.schema.size();
        for (size_t i = 0; conforms && i < r.values.size(); ++i) {
          const engine::ValueType t = engine::TypeOf(r.values[i]);
          conforms = t == engine::ValueType::kNull || t == sink.schema.field(i).type;
        }
        if (!conforms) {
          Problem(fmt::format("side-output isolation: sink '{}' holds a record that is not {}",
                              sink.name, sink.schema.ToString()));
          break;
        }
      }
      const PlannedNode& node = plan_.nodes[plan_.sinks[s].node];
      if (node.kind != PlannedNode::Kind::kSideOutput) continue;
      const NodeInput& in = node.inputs.front();
      std::set<engine::RecordId> routed;
      for (const engine::LedgerEntry& e : result_.ledger.entries()) {
        if (e.node == in.node && e.tag == in.port &&
            (e.fate == Fate::kRoutedToTag || e.fate == Fate::kLateToTag)) {
          routed.insert(e.record);
        }
      }
      for (const engine::Record& r : sink.records) {
        if (r.id != engine::kNoRecordId && !routed.count(r.id)) {
          Problem(
              fmt::format("side-output isolation: sink '{}' holds record {}, which '{}' never "
                          "sent to that tag",
                          sink.name, RecordName(r.id), plan_.nodes[in.node].name));
          break;
        }
      }
    }
  }

  // The source and key field name for the per-key order check of a sink, if
  // the sink is fed by a chain that guarantees it.
  std::optional<std::pair<size_t, std::string>> KeyedChain(NodeIndex n) const {
    std::optional<std::string> key;
    for (size_t steps = 0; steps <= plan_.nodes.size(); ++steps) {
      const PlannedNode& node = plan_.nodes[n];
      if (node.kind == PlannedNode::Kind::kSource) {
        if (!key) return std::nullopt;
        return std::make_pair(node.source, *key);
      }
      if (node.inputs.size() != 1) return std::nullopt;
      const NodeInput& in = node.inputs.front();
      if (in.partitioning == Partitioning::kRebalance) return std::nullopt;
      if (node.key_field && !key) {
        key = plan_.nodes[in.node].PortSchema(in.port).field(*node.key_field).name;
      }
      n = in.node;
    }
    return std::nullopt;
  }

  void KeyOrder() {
    for (size_t s = 0; s < plan_.sinks.size(); ++s) {
      const auto chain = KeyedChain(plan_.sinks[s].node);
      if (!chain) continue;
      const SinkOutput& sink = result_.sinks[s];
      const auto key_index = sink.schema.IndexOf(chain->second);
      if (!key_index) continue;
      const SourceRows& source = rows_[chain->first];
      std::map<std::pair<std::string, int32_t>, uint64_t> last;  // the last row of each
      // Each attempt after a restart replays from the checkpoint: order
      // holds within an attempt.
      const std::vector<engine::Timestamp> restarts = Restarts();
      size_t attempt = 0;
      for (size_t i = 0; i < sink.records.size(); ++i) {
        const engine::Record& r = sink.records[i];
        if (i < sink.emissions.size()) {
          size_t now = attempt;
          while (now < restarts.size() && sink.emissions[i].at >= restarts[now]) ++now;
          if (now != attempt) last.clear();
          attempt = now;
        }
        // The chain reads one source: its rows' ids are in row order.
        if (r.id == engine::kNoRecordId || engine::RecordSource(r.id) != chain->first ||
            engine::RecordRow(r.id) >= source.rows.size()) {
          continue;
        }
        const uint64_t row = engine::RecordRow(r.id);
        const auto key =
            std::make_pair(engine::FormatValue(r.values[*key_index]), *source.rows[row].partition);
        const auto it = last.find(key);
        if (it != last.end() && row <= it->second) {
          Problem(
              fmt::format("per-key order: sink '{}': row {} after row {} (key {}, partition {})",
                          sink.name, row, it->second, key.first, key.second));
          break;
        }
        last[key] = row;
      }
    }
  }

  const JobPlan& plan_;
  const JobRows& rows_;
  const RunResult& result_;
  size_t limit_;
  std::vector<std::string> problems_;
  std::vector<std::vector<bool>> consumed_;  // [node][port]: a node reads that port
  std::vector<Counts> counts_;               // [node], for the record being checked
  std::vector<size_t> first_;                // [source]: its row 0's slot (Slot); one past the end
};

}  // namespace

std::vector<std::string> CheckInvariants(const JobPlan& plan, const JobRows& rows,
                                         const RunResult& result, size_t limit) {
  return Checker(plan, rows, result, limit).Run();
}

}  // namespace tidemark::sim
