#include "sim/runtime/source_subtask.h"

#include <algorithm>
#include <utility>

#include "engine/core/check.h"
#include "engine/watermarks/bounded_out_of_orderness_watermarks.h"
#include "engine/watermarks/idleness_timer.h"
#include "engine/watermarks/monotonous_watermarks.h"
#include "engine/watermarks/no_watermarks.h"
#include "engine/watermarks/watermark_emitter.h"
#include "engine/watermarks/watermark_event_output.h"
#include "engine/watermarks/watermark_output_multiplexer.h"
#include "engine/watermarks/watermarks_with_idleness.h"
#include "sim/runtime/kafka_split_owner.h"

namespace tidemark::sim {
namespace {

using engine::Timestamp;
using engine::WatermarkGenerator;
using engine::WatermarkOutput;

std::unique_ptr<WatermarkGenerator> NewGenerator(const SourceSubtaskOptions& options) {
  std::unique_ptr<WatermarkGenerator> base = options.generator();
  TIDEMARK_CHECK(base != nullptr);
  if (!options.idleness) return base;
  // The idleness clock is the input activity clock: plain processing time here,
  // since the simulation has no back-pressure (§4.4).
  return std::make_unique<engine::WatermarksWithIdleness>(std::move(base), *options.idleness);
}

}  // namespace

GeneratorFactory MakeGeneratorFactory(const WatermarkPlan& spec,
                                      engine::WatermarkExtractor punctuated) {
  using Strategy = WatermarkPlan::Strategy;
  switch (spec.strategy) {
    case Strategy::kNone: return [] { return std::make_unique<engine::NoWatermarks>(); };
    case Strategy::kBoundedOutOfOrderness: {
      const engine::Duration bound = spec.max_out_of_orderness;
      TIDEMARK_CHECK(!engine::BoundedOutOfOrdernessWatermarks::Validate(bound));
      return [bound] { return std::make_unique<engine::BoundedOutOfOrdernessWatermarks>(bound); };
    }
    case Strategy::kMonotonous:
      return [] { return std::make_unique<engine::MonotonousWatermarks>(); };
    case Strategy::kPunctuated:
      TIDEMARK_CHECK(static_cast<bool>(punctuated));
      return [extractor = std::move(punctuated)] {
        return std::make_unique<engine::PunctuatedWatermarks>(extractor);
      };
  }
  TIDEMARK_CHECK(false);
  return {};
}

// Puts the emitter's elements on the runtime's output.
class SourceSubtask::EventOutput final : public engine::WatermarkEventOutput {
 public:
  explicit EventOutput(SourceOutput& out) : out_(out) {}
  void EmitWatermark(Timestamp watermark) override { out_.EmitWatermark(watermark); }
  void EmitWatermarkStatus(engine::WatermarkStatus status) override { out_.EmitStatus(status); }

 private:
  SourceOutput& out_;
};

// One branch (split-local or main) of Flink's IdlenessManager in
// flink-streaming-java/src/main/java/org/apache/flink/streaming/api/operators/source/
// ProgressiveTimestampsAndWatermarks.java (1.20). A branch starts idle; any
// watermark offered through it (even one the final output drops, such as the
// Min a bounded generator offers before its first event) makes it active; the
// final output is marked idle only when a branch goes idle while its sibling
// is idle too.
class SourceSubtask::Branch final : public WatermarkOutput {
 public:
  explicit Branch(WatermarkOutput& underlying) : underlying_(underlying) {}
  void set_sibling(const Branch* sibling) { sibling_ = sibling; }

  void EmitWatermark(Timestamp watermark) override {
    underlying_.EmitWatermark(watermark);
    idle_ = false;
  }
  void MarkIdle() override {
    idle_ = true;
    if (sibling_->idle_) underlying_.MarkIdle();
  }
  void MarkActive() override {
    idle_ = false;
    underlying_.MarkActive();
  }

 private:
  WatermarkOutput& underlying_;
  const Branch* sibling_ = nullptr;
  bool idle_ = true;
};

struct SourceSubtask::Split {
  int32_t partition = 0;
  std::string id;
  std::unique_ptr<WatermarkGenerator> generator;
  WatermarkOutput* immediate = nullptr;  // owned by the multiplexer
  WatermarkOutput* deferred = nullptr;
};

// Everything with a fixed address: the outputs refer to one another.
struct SourceSubtask::State {
  explicit State(SourceOutput& output)
      : out(output),
        events(output),
        emitter(events),
        split_branch(emitter),
        main_branch(emitter),
        multiplexer(split_branch) {
    split_branch.set_sibling(&main_branch);
    main_branch.set_sibling(&split_branch);
  }

  SourceOutput& out;
  EventOutput events;
  engine::WatermarkEmitter emitter;  // Flink's WatermarkToDataOutput
  Branch split_branch;
  Branch main_branch;
  engine::WatermarkOutputMultiplexer multiplexer;
  std::vector<Split> splits;  // ascending by partition
  std::unique_ptr<WatermarkGenerator> main_generator;
};

SourceSubtask::SourceSubtask(SourceSubtaskOptions options, SourceOutput& out)
    : options_(std::move(options)), state_(std::make_unique<State>(out)) {
  TIDEMARK_CHECK(static_cast<bool>(options_.generator));
  TIDEMARK_CHECK(options_.interval >= engine::Duration::Zero());
  TIDEMARK_CHECK(!options_.idleness || !engine::IdlenessTimer::Validate(*options_.idleness));
  TIDEMARK_CHECK(std::is_sorted(options_.partitions.begin(), options_.partitions.end()));
  TIDEMARK_CHECK(std::adjacent_find(options_.partitions.begin(), options_.partitions.end()) ==
                 options_.partitions.end());
  for (const int32_t partition : options_.partitions) {
    TIDEMARK_CHECK(partition >= 0);
    Split split;
    split.partition = partition;
    split.id = KafkaSplitId(options_.topic, partition);
    split.generator = NewGenerator(options_);
    state_->multiplexer.RegisterNewOutput(split.id);
    split.immediate = &state_->multiplexer.ImmediateOutput(split.id);
    split.deferred = &state_->multiplexer.DeferredOutput(split.id);
    state_->splits.push_back(std::move(split));
  }
  state_->main_generator = NewGenerator(options_);
  // "A value of zero means not activated" (ProgressiveTimestampsAndWatermarks).
  if (options_.interval > engine::Duration::Zero()) {
    next_tick_ = options_.open_time + options_.interval;
  }
}

SourceSubtask::~SourceSubtask() = default;

SourceSubtask::Split& SourceSubtask::FindSplit(int32_t partition) {
  // Rows of one partition often follow each other (always, with one split).
  if (last_split_ != nullptr && last_split_->partition == partition) return *last_split_;
  auto& splits = state_->splits;
  const auto it =
      std::lower_bound(splits.begin(), splits.end(), partition,
                       [](const Split& split, int32_t wanted) { return split.partition < wanted; });
  TIDEMARK_CHECK(it != splits.end() && it->partition == partition);
  last_split_ = &*it;
  return *it;
}

void SourceSubtask::OnRow(TraceRow&& row, int32_t partition, Timestamp /*now*/) {
  TIDEMARK_CHECK(!finished_);
  TIDEMARK_CHECK(row.kind != TraceRowKind::kParseFailure);
  Split& split = FindSplit(partition);
  switch (row.kind) {
    case TraceRowKind::kEvent: {
      // §4.6/§5.4: the record goes out first, then onEvent, so a punctuated
      // watermark follows the record that carried it. The default timestamp
      // assigner keeps the record's timestamp (§4.1, §8).
      const Timestamp timestamp = row.record.timestamp;
      if (split.generator->ReadsRecords()) {
        state_->out.EmitRecord(engine::Record(row.record));
        split.generator->OnEvent(row.record, timestamp, *split.immediate);
        break;
      }
      const engine::Record stub{.id = row.record.id, .timestamp = timestamp, .values = {}};
      state_->out.EmitRecord(std::move(row.record));
      split.generator->OnEvent(stub, timestamp, *split.immediate);
      break;
    }
    case TraceRowKind::kWatermark:
      // A reader's SourceOutput.emitWatermark goes to the split's immediate
      // output, like onEvent watermarks (SourceOutputWithWatermarks).
      split.immediate->EmitWatermark(row.watermark);
      break;
    case TraceRowKind::kIdle: split.immediate->MarkIdle(); break;
    case TraceRowKind::kActive:
      // Only un-idles the split's partial; the subtask's output stays IDLE
      // until a strictly larger combined watermark leaves (§4.4, §4.6).
      split.immediate->MarkActive();
      break;
    case TraceRowKind::kParseFailure: break;
  }
}

void SourceSubtask::PeriodicEmit(Timestamp now) {
  // ProgressiveTimestampsAndWatermarks.emitImmediateWatermark: the split-local
  // outputs first (each generator only records on its deferred output, then
  // the multiplexer combines once), then the main output's generator (§5.4).
  for (Split& split : state_->splits) split.generator->OnPeriodicEmit(*split.deferred, now);
  state_->multiplexer.OnPeriodicEmit();
  state_->main_generator->OnPeriodicEmit(state_->main_branch, now);
}

void SourceSubtask::OnPeriodicTick(Timestamp now) {
  TIDEMARK_CHECK(!finished_);
  TIDEMARK_CHECK(options_.interval > engine::Duration::Zero());
  PeriodicEmit(now);
  next_tick_ = now + options_.interval;
}

void SourceSubtask::PassQuietTick(Timestamp now) {
  TIDEMARK_CHECK(!finished_);
  TIDEMARK_CHECK(options_.interval > engine::Duration::Zero());
  next_tick_ = now + options_.interval;
}

void SourceSubtask::OnEndOfInput(Timestamp now) {
  TIDEMARK_CHECK(!finished_);
  if (options_.end_of_input == EndOfInputEmission::kFinalPeriodicEmitThenMax) PeriodicEmit(now);
  // §4.7: Max fires every event-time timer downstream. It goes through the
  // final output, so a subtask that announced IDLE announces ACTIVE first and
  // the Max is not swallowed by downstream idle-channel handling.
  state_->emitter.EmitWatermark(Timestamp::Max());
  finished_ = true;
  next_tick_.reset();
}

std::optional<Timestamp> SourceSubtask::next_tick() const { return next_tick_; }

std::optional<Timestamp> SourceSubtask::QuietUntil() const {
  std::optional<Timestamp> until = state_->main_generator->PeriodicEmitStableUntil();
  for (const Split& split : state_->splits) {
    if (!until) break;
    const std::optional<Timestamp> stable = split.generator->PeriodicEmitStableUntil();
    until = stable ? std::optional(std::min(*until, *stable)) : std::nullopt;
  }
  return until;
}

Timestamp SourceSubtask::current_watermark() const { return state_->emitter.current_watermark(); }

bool SourceSubtask::idle() const { return state_->emitter.is_idle(); }

std::vector<int32_t> SourceSubtask::HoldingPartitions() const {
  std::vector<int32_t> holding;
  std::optional<Timestamp> min;
  for (const Split& split : state_->splits) {
    const engine::PartialWatermark& partial = state_->multiplexer.Partial(split.id);
    if (partial.is_idle()) continue;
    if (!min || partial.watermark() < *min) {
      min = partial.watermark();
      holding.clear();
    }
    if (partial.watermark() == *min) holding.push_back(split.partition);
  }
  return holding;
}

std::vector<SplitState> SourceSubtask::Splits() const {
  std::vector<SplitState> states;
  states.reserve(state_->splits.size());
  for (const Split& split : state_->splits) {
    const engine::PartialWatermark& partial = state_->multiplexer.Partial(split.id);
    states.push_back({.partition = split.partition,
                      .split_id = split.id,
                      .watermark = partial.watermark(),
                      .idle = partial.is_idle()});
  }
  return states;
}

}  // namespace tidemark::sim
