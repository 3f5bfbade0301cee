// The parsed form of a scenario file: sources, a graph of named streams,
// sinks and expectations, each item with its location in the file.
//
// A ScenarioSpec is syntax, checked for shape only (keys, types, durations).
// Names, schemas and expressions are resolved by PlanJob (job_plan.h), which
// reports unknown streams, fields and type errors at these locations.
#ifndef TIDEMARK_SIM_SCENARIO_SCENARIO_H_
#define TIDEMARK_SIM_SCENARIO_SCENARIO_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/input_error.h"
#include "engine/core/ledger.h"
#include "engine/core/schema.h"
#include "engine/core/time.h"
#include "engine/core/value.h"
#include "sim/scenario/expectation_syntax.h"
#include "sim/scenario/path_confinement.h"
#include "sim/trace/inline_row.h"
#include "sim/trace/trace_input.h"

namespace tidemark::sim {

using engine::SourceLocation;

// An expression as written, with the position of its first character.
struct ExpressionText {
  std::string text;
  SourceLocation where;
};

// How a source generates watermarks (§4).
struct WatermarkSpec {
  enum class Strategy { kNone, kBoundedOutOfOrderness, kMonotonous, kPunctuated };
  Strategy strategy = Strategy::kNone;
  SourceLocation where;
  engine::Duration max_out_of_orderness = engine::Duration::Zero();
  // pipeline.auto-watermark-interval; 0 disables periodic emission (§4.5).
  engine::Duration interval = engine::Duration::Millis(200);
  std::optional<engine::Duration> idleness;  // withIdleness(d), d > 0
  SourceLocation idleness_where;
  // kPunctuated: emit a watermark after each record for which `when` holds,
  // at the value of `watermark` (default: the record's event time).
  std::optional<ExpressionText> when;
  std::optional<ExpressionText> watermark;
};

struct SourceSpec {
  std::string name;
  SourceLocation where;
  std::string trace_path;  // resolved against the scenario's folder; empty with inline events
  SourceLocation trace_where;
  // `format:` csv, jsonl or kafka; unset: the trace file's extension decides.
  std::optional<TraceFormat> format;
  SourceLocation format_where;
  std::vector<InlineRow> events;
  engine::Schema schema;
  SourceLocation schema_where;
  std::string event_time_field;
  SourceLocation event_time_where;
  enum class Boundedness { kBounded, kUnbounded } boundedness = Boundedness::kBounded;
  int parallelism = 1;
  SourceLocation parallelism_where;
  // Partitions of the source (its topic); default: one per reader subtask.
  // Rows name theirs in a @partition column, else they go round robin.
  std::optional<int32_t> partitions;
  // Kafka-style topic name: partitions go to reader subtasks from its hash (§8).
  std::string topic;
  engine::Duration arrival_every = engine::Duration::Millis(1);
  // `replay: {every: D}`: after a restore the backlog is read one row per D
  // (default: all at once).
  engine::Duration replay_every = engine::Duration::Zero();
  WatermarkSpec watermarks;
  // When set, trace rows that fail to parse go to this side output of the
  // source as {line: int, raw: string, error: string} instead of failing the
  // run (the dead-letter pattern).
  std::string dead_letter;
  SourceLocation dead_letter_where;
  // `script:`: rows are fed straight into the consuming operator's input
  // channels, records, watermarks and statuses exactly as written (no
  // watermark generator, nothing added at the end); `channels` input channels,
  // a row naming its own in the @channel column.
  bool script = false;
  int script_channels = 1;
  SourceLocation script_where;
  // `end: {at: D}`: a bounded source's input ends (its final watermark) at
  // processing time D rather than with its last row.
  std::optional<engine::Duration> end_at;
  SourceLocation end_where;
};

// `select` entry of a routing destination: output field = expression.
struct Projection {
  std::string name;
  ExpressionText expression;
};

// Where a process rule sends a record: the main output or a side-output tag,
// optionally projected to its own fields (so tags may differ in type).
struct Destination {
  std::string tag;  // empty = main output
  SourceLocation where;
  std::optional<std::vector<Projection>> select;
  bool is_main() const { return tag.empty(); }
};

// A timer action of a keyed process rule: set, reset (cancel, then set) or
// cancel the key's timers. `after` is relative (event time: the key's newest
// timestamp + after; processing time: now + after); `at` is an absolute time.
struct TimerSpec {
  enum class Action { kRegister, kReset, kCancel };
  Action action = Action::kRegister;
  std::optional<engine::Duration> after;
  std::optional<ExpressionText> at;
  enum class Time { kEvent, kProcessing } time = Time::kEvent;
  SourceLocation where;
};

// `when` holds -> emit to every destination (and, in a keyed process, apply
// the timer action). Rules are tried in order and the first whose condition
// holds wins; a record no rule takes is discarded.
struct RouteRule {
  std::optional<ExpressionText> when;  // absent = always
  std::vector<Destination> emit;
  std::optional<TimerSpec> timer;
  SourceLocation where;
};

// `window:` of a keyed stream (§1-3).
struct WindowSpec {
  enum class Kind { kTumbling, kSliding, kSession, kGlobal };
  Kind kind = Kind::kTumbling;
  SourceLocation where;
  engine::Duration size = engine::Duration::Zero();   // tumbling, sliding
  engine::Duration slide = engine::Duration::Zero();  // sliding
  engine::Duration gap = engine::Duration::Zero();    // session
  // session: a gap computed per element (int, ms) instead of `gap` (§11.6).
  std::optional<ExpressionText> dynamic_gap;
  engine::Duration offset = engine::Duration::Zero();
  enum class Time { kEvent, kProcessing } time = Time::kEvent;
  engine::Duration allowed_lateness = engine::Duration::Zero();
  SourceLocation allowed_lateness_where;
  std::string late_output;  // empty: late records are dropped and counted
  SourceLocation late_output_where;
  enum class Trigger { kDefault, kCount, kContinuous, kEndOfStream } trigger = Trigger::kDefault;
  int64_t trigger_count = 0;
  engine::Duration trigger_interval = engine::Duration::Zero();
  bool purging = false;
  SourceLocation trigger_where;
};

// A reduce of a keyed stream (rolling, one output per input) or of a window
// (one output per firing): Flink's reduce(ReduceFunction) with expressions over
// the accumulated record `acc` and the incoming one `cur`, or one of the
// built-in aggregations sum/min/max/minBy/maxBy on one field (§11.2).
struct ReduceSpec {
  enum class Kind { kExpression, kSum, kMin, kMax, kMinBy, kMaxBy };
  Kind kind = Kind::kExpression;
  SourceLocation where;
  std::vector<Projection> fields;  // kExpression: field = expression over acc.* and cur.*
  std::string field;               // the others: the field compared or summed
  SourceLocation field_where;
  bool first = true;  // minBy/maxBy: on a tie keep the first record (else the last)
};

// `flat_map: {each: LIST, as: NAME}`: one output per item of the list
// expression, the input's fields plus NAME = the item (§11.5).
struct FlatMapSpec {
  ExpressionText each;
  std::string as;
  SourceLocation as_where;
};

// `aggregate:` entry: output name = kind(field), e.g. `avg_temp: avg(temperature)`.
struct AggregateText {
  std::string name;
  ExpressionText call;
};

struct StreamSpec {
  std::string name;
  SourceLocation where;
  std::vector<std::string> from;  // several = union
  std::vector<SourceLocation> from_where;
  // Exactly one operation (or none: a pass-through / union).
  std::optional<std::string> side_output;  // take this tag from the `from` stream
  SourceLocation side_output_where;
  // The type the reader expects the tag to carry (`side_output: {tag, type}`),
  // as an OutputTag<T> names its T (§11.7).
  std::optional<engine::Schema> side_output_type;
  SourceLocation side_output_type_where;
  std::optional<ExpressionText> filter;
  std::vector<Projection> map;  // computed fields, added or replaced in order
  std::optional<FlatMapSpec> flat_map;
  std::vector<RouteRule> process;
  std::vector<RouteRule> on_timer;  // keyed process only
  SourceLocation on_timer_where;
  std::optional<std::string> key_by;  // partition by this field (Flink key groups, §6)
  SourceLocation key_by_where;
  // With key_by a keyed window, without it windowAll (§11.1); with
  // `aggregate` or a reduce, and optionally `process` rules run on each
  // firing (a ProcessWindowFunction, §11.3).
  std::optional<WindowSpec> window;
  std::vector<AggregateText> aggregate;
  SourceLocation aggregate_where;
  std::optional<ReduceSpec> reduce;  // needs key_by (rolling) or a window
  std::optional<int> parallelism;    // default: the input's parallelism
  SourceLocation parallelism_where;
  enum class Partitioning { kDefault, kForward, kRebalance } partitioning = Partitioning::kDefault;
  SourceLocation partitioning_where;
};

// `guarantee:` of a sink (docs/checkpoints.md, "Sinks"): what a reader of
// its output sees when the job restores from a checkpoint.
enum class SinkGuaranteeSpec { kNone, kAtLeastOnce, kExactlyOnce };

struct SinkSpec {
  std::string stream;
  SourceLocation where;
  SinkGuaranteeSpec guarantee = SinkGuaranteeSpec::kNone;
  SourceLocation guarantee_where;
};

// `checkpointing:` (docs/checkpoints.md): as Flink's CheckpointingOptions.
// Unset durations take Flink 1.20's defaults in the planner.
struct CheckpointSpec {
  SourceLocation where;
  engine::Duration interval = engine::Duration::Zero();
  enum class Mode { kExactlyOnce, kAtLeastOnce } mode = Mode::kExactlyOnce;
  SourceLocation mode_where;
  bool unaligned = false;
  SourceLocation unaligned_where;
  std::optional<engine::Duration> aligned_timeout;
  std::optional<engine::Duration> min_pause;
  std::optional<engine::Duration> timeout;
  std::optional<int> max_concurrent;
  SourceLocation max_concurrent_where;
  std::optional<int> tolerable_failures;
  std::optional<engine::Duration> first_delay;
  SourceLocation first_delay_where;
  std::optional<engine::Duration> ack_delay;
  std::optional<engine::Duration> notify_delay;
};

// `restart:`: the restart strategy and its options, and the failover strategy.
struct RestartSpec {
  SourceLocation where;
  enum class Strategy { kNone, kFixedDelay, kFailureRate, kExponentialDelay };
  std::optional<Strategy> strategy;  // unset: Flink's default for the checkpointing setting
  SourceLocation strategy_where;
  std::optional<int64_t> attempts;
  std::optional<engine::Duration> delay;
  std::optional<int64_t> max_failures_per_interval;
  std::optional<engine::Duration> failure_rate_interval;
  std::optional<engine::Duration> initial_backoff;
  std::optional<engine::Duration> max_backoff;
  std::optional<double> multiplier;
  std::optional<engine::Duration> reset_threshold;
  std::optional<double> jitter;
  std::optional<int64_t> attempts_before_reset;
  enum class Failover { kRegion, kFull } failover = Failover::kRegion;
  // Every option given, with its location: the planner refuses those the
  // strategy does not take.
  std::vector<std::pair<std::string, SourceLocation>> options;
};

// One entry of `failures:`.
struct FailureSpec {
  SourceLocation where;
  enum class Kind { kAt, kOnRecord, kEvery, kWhen } kind = Kind::kAt;
  engine::Duration at = engine::Duration::Zero();  // kAt: processing time
  std::string task;                                // kAt: the stream
  int subtask = 0;                                 // kAt: `task: stream/N`
  SourceLocation task_where;
  std::string sink;  // the others: the sink's stream
  SourceLocation sink_where;
  uint64_t count = 0;  // kOnRecord: the record's number; kEvery: the period
  std::optional<ExpressionText> when;
  bool seeded = false;  // drawn from a seed by `explore --failures`, not written in the file
};

// How channels between subtasks deliver: each element is delayed by a latency
// drawn uniformly from [min, max] (kept FIFO per channel).
struct ChannelSpec {
  engine::Duration min_latency = engine::Duration::Zero();
  engine::Duration max_latency = engine::Duration::Zero();
};

struct ScenarioSpec {
  std::string file;    // as given on the command line
  std::string folder;  // traces and goldens resolve against this
  std::string name;
  std::string description;
  uint64_t seed = 0;
  // Every schedule must give the same sinks: `tidemark explore` fails (exit 1)
  // when two seeds give different outcomes.
  bool deterministic = false;
  ChannelSpec channels;
  std::vector<SourceSpec> sources;  // in file order
  std::vector<StreamSpec> streams;  // in file order
  std::vector<SinkSpec> sinks;      // in file order; printing follows it
  // The expectation blocks (`expect:`, `ledger:`, ...), in file order, as
  // their kinds read them (expectation_syntax.h).
  std::vector<std::shared_ptr<const ParsedExpectation>> expectations;
  // `run_until: D`: the run stops at processing time D (unbounded sources
  // otherwise stop after a fixed tail, see runtime.h).
  std::optional<engine::Duration> run_until;
  SourceLocation run_until_where;
  // Fault tolerance (docs/checkpoints.md); none of it: a run of old.
  std::optional<CheckpointSpec> checkpointing;
  std::optional<RestartSpec> restart;
  std::vector<FailureSpec> failures;
  SourceLocation failures_where;
  bool has_expectations() const { return !expectations.empty(); }
};

// The trace of `source` as the trace readers take it.
TraceSource TraceOf(const SourceSpec& source);

// The whole text of a scenario file. Throws engine::InputError when it is missing.
std::string ReadScenarioFile(const std::string& path);

// Parses and shape-checks a scenario file. Throws engine::InputError. Its
// traces and golden files must lie inside `paths.root`, by default the
// scenario's folder (path_confinement.h). `kinds` are the expectation kinds
// whose keys it takes (sim/check/expectation_kinds.h); a key none of them
// owns is an unknown key.
ScenarioSpec LoadScenario(const std::string& path, const PathConfinement& paths = {},
                          ExpectationSyntaxes kinds = {});
// Same, from text; `file` names it in errors, `folder` resolves relative
// trace paths and is the default root.
ScenarioSpec ParseScenario(const std::string& text, const std::string& file,
                           const std::string& folder, const PathConfinement& paths = {},
                           ExpectationSyntaxes kinds = {});

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SCENARIO_SCENARIO_H_
