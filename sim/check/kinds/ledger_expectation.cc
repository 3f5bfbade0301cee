#include "sim/check/kinds/ledger_expectation.h"

#include <algorithm>
#include <array>
#include <memory>

#include <fmt/format.h>

#include "engine/core/input_error_list.h"
#include "engine/core/nearest_name.h"
#include "sim/scenario/yaml_text.h"
#include "sim/scenario/yaml_value.h"

namespace tidemark::sim {

namespace {

constexpr std::array<LedgerCounterName, 12> kLedgerCounters = {{
    {"emitted", engine::Fate::kEmitted},
    {"routed_to_tags", engine::Fate::kRoutedToTag},
    {"filtered", engine::Fate::kFiltered},
    {"unrouted", engine::Fate::kUnrouted},
    {"in_window", engine::Fate::kInWindow},
    {"in_window_late", engine::Fate::kInWindowLate},
    {"late_to_side_output", engine::Fate::kLateToTag},
    {"dropped_late", engine::Fate::kDroppedLate},
    {"discarded", engine::Fate::kDiscarded},
    {"unconsumed", engine::Fate::kUnconsumed},
    {"sunk", engine::Fate::kSunk},
    {"pending", engine::Fate::kPending},
}};

std::vector<LedgerExpectation> ReadLedger(const YamlValue& v) {
  std::vector<std::string> known = {"to"};
  for (const LedgerCounterName& c : kLedgerCounters) known.emplace_back(c.name);
  std::vector<LedgerExpectation> ledger;
  YamlMap streams(v, "the expected ledger", {});
  for (const auto& entry : streams.entries()) {
    LedgerExpectation e;
    e.stream = entry.key;
    e.where = entry.key_where;
    YamlMap counters(entry.value, fmt::format("the ledger counters of '{}'", entry.key), known);
    auto count = [](const YamlValue& value) {
      const int64_t n = value.AsInt("a count");
      if (n < 0) value.Fail("a count cannot be negative", "write 0 or more, e.g. 2");
      return static_cast<uint64_t>(n);
    };
    for (const auto& counter : counters.entries()) {
      if (counter.key == "to") {
        YamlMap tags(counter.value, "records sent per tag", {});
        for (const auto& tag : tags.entries()) {
          e.tags.push_back({tag.key, count(tag.value), tag.key_where});
        }
        continue;
      }
      e.counters.push_back({counter.key, count(counter.value), counter.key_where});
    }
    ledger.push_back(std::move(e));
  }
  return ledger;
}

// A stream's expected counters, resolved: the node, each counter's fate and
// each tag's port.
struct BoundStream {
  LedgerExpectation expected;
  NodeIndex node = 0;
  std::vector<engine::Fate> fates = {};  // of each counter
  std::vector<engine::Port> ports = {};  // of each tag
};

uint64_t CounterValue(const engine::Ledger& ledger, NodeIndex node, engine::Fate fate) {
  uint64_t total = 0;
  for (const auto& [key, count] : ledger.counts()) {
    if (std::get<0>(key) == node && std::get<1>(key) == fate) total += count;
  }
  return total;
}

uint64_t TagValue(const engine::Ledger& ledger, NodeIndex node, engine::Port port) {
  return ledger.Count(node, engine::Fate::kRoutedToTag, port) +
         ledger.Count(node, engine::Fate::kLateToTag, port);
}

struct ParsedLedger final : ParsedExpectation {
  using ParsedExpectation::ParsedExpectation;
  std::vector<LedgerExpectation> streams;
};

class BoundLedger final : public Expectation {
 public:
  BoundLedger(const ExpectationKind& kind, std::vector<BoundStream> streams)
      : Expectation(kind), streams_(std::move(streams)) {}

  const std::vector<BoundStream>& streams() const { return streams_; }
  bool Empty() const override { return streams_.empty(); }

  void Check(const JobPlan& /*plan*/, const RunResult& run,
             std::vector<SinkDiff>& diffs) const override {
    for (const BoundStream& s : streams_) {
      const LedgerExpectation& e = s.expected;
      std::vector<std::string> lines;
      std::vector<Mismatch> mismatches;
      for (size_t i = 0; i < e.counters.size(); ++i) {
        const LedgerExpectation::Counter& c = e.counters[i];
        const uint64_t got = CounterValue(run.ledger, s.node, s.fates[i]);
        if (got == c.count) continue;
        lines.push_back(fmt::format("{}: expected {}, got {}", c.name, c.count, got));
        mismatches.push_back({c.where, lines.back()});
      }
      for (size_t i = 0; i < e.tags.size(); ++i) {
        const LedgerExpectation::Counter& c = e.tags[i];
        const uint64_t got = TagValue(run.ledger, s.node, s.ports[i]);
        if (got == c.count) continue;
        lines.push_back(fmt::format("to '{}': expected {}, got {}", c.name, c.count, got));
        mismatches.push_back({c.where, lines.back()});
      }
      if (lines.empty()) continue;
      lines.insert(lines.begin(),
                   fmt::format("{} counter{} differ{}", lines.size(), lines.size() == 1 ? "" : "s",
                               lines.size() == 1 ? "s" : ""));
      diffs.push_back({e.stream, fmt::format("ledger of '{}'", e.stream), std::move(lines),
                       std::move(mismatches)});
    }
  }

 private:
  std::vector<BoundStream> streams_;
};

engine::Fate FateNamed(std::string_view name) {
  for (const LedgerCounterName& c : kLedgerCounters) {
    if (c.name == name) return c.fate;
  }
  return engine::Fate::kEmitted;  // the reader checked the name
}

// `stream` resolved against the plan; its tags must be side outputs it emits.
BoundStream BindStream(const LedgerExpectation& e, const JobPlan& plan) {
  std::vector<std::string> streams;
  for (const PlannedNode& node : plan.nodes) streams.push_back(node.name);
  const auto it = std::find(streams.begin(), streams.end(), e.stream);
  if (it == streams.end()) {
    throw engine::InputError(e.where,
                             fmt::format("ledger counters for unknown stream '{}'", e.stream),
                             engine::UnknownNameHint(e.stream, streams));
  }
  BoundStream bound{.expected = e, .node = static_cast<NodeIndex>(it - streams.begin())};
  for (const LedgerExpectation::Counter& c : e.counters) bound.fates.push_back(FateNamed(c.name));
  const auto& outputs = plan.nodes[bound.node].side_outputs;
  std::vector<std::string> tags;
  for (const engine::OutputTag& tag : outputs) tags.push_back(tag.id);
  for (const LedgerExpectation::Counter& tag : e.tags) {
    const auto found = std::find(tags.begin(), tags.end(), tag.name);
    if (found == tags.end()) {
      throw engine::InputError(
          tag.where, fmt::format("stream '{}' emits no side output '{}'", e.stream, tag.name),
          tags.empty() ? "it has no side outputs" : engine::UnknownNameHint(tag.name, tags));
    }
    bound.ports.push_back(static_cast<engine::Port>(found - tags.begin() + 1));
  }
  return bound;
}

// The `ledger:` block with the run's counts, in the order the scenario wrote them.
std::string LedgerBlock(const BoundLedger& ledger, const RunResult& run) {
  std::string out = "ledger:\n";
  for (const BoundStream& s : ledger.streams()) {
    const LedgerExpectation& e = s.expected;
    std::vector<std::string> counters;
    for (size_t i = 0; i < e.counters.size(); ++i) {
      counters.push_back(
          fmt::format("{}: {}", e.counters[i].name, CounterValue(run.ledger, s.node, s.fates[i])));
    }
    if (!e.tags.empty()) {
      std::vector<std::string> tags;
      for (size_t i = 0; i < e.tags.size(); ++i) {
        tags.push_back(fmt::format("{}: {}", YamlKey(e.tags[i].name),
                                   TagValue(run.ledger, s.node, s.ports[i])));
      }
      counters.push_back(fmt::format("to: {{{}}}", fmt::join(tags, ", ")));
    }
    out += fmt::format("  {}: {{{}}}\n", YamlKey(e.stream), fmt::join(counters, ", "));
  }
  return out;
}

class LedgerKind final : public ExpectationKind {
 public:
  std::string_view key() const override { return "ledger"; }

  std::shared_ptr<const ParsedExpectation> Parse(const YamlValue& block,
                                                 const SourceLocation& key_where,
                                                 const ScenarioPlace& /*place*/) const override {
    auto parsed = std::make_shared<ParsedLedger>(*this, key_where);
    parsed->streams = ReadLedger(block);
    return parsed;
  }

  std::shared_ptr<const Expectation> Bind(const ParsedExpectation& parsed,
                                          const JobPlan& plan) const override {
    std::vector<BoundStream> streams;
    engine::InputErrorCollector errors;
    for (const LedgerExpectation& e : static_cast<const ParsedLedger&>(parsed).streams) {
      try {
        streams.push_back(BindStream(e, plan));
      } catch (const engine::InputError& error) {
        errors.Add(error);
      }
    }
    errors.ThrowIfAny();
    return std::make_shared<BoundLedger>(*this, std::move(streams));
  }

  void Update(const JobPlan& /*plan*/, const Expectation* bound, const RunResult& run,
              ExpectationRewrite& rewrite) const override {
    if (!bound) return;
    const auto& ledger = static_cast<const BoundLedger&>(*bound);
    if (ledger.streams().empty()) return;
    rewrite.text = ReplaceTopLevelBlock(rewrite.text, "ledger", LedgerBlock(ledger, run));
    rewrite.rewrite_scenario = true;
  }
};

}  // namespace

std::span<const LedgerCounterName> LedgerCounters() { return kLedgerCounters; }

const ExpectationKind& LedgerExpectationKind() {
  static const LedgerKind kind;
  return kind;
}

}  // namespace tidemark::sim
