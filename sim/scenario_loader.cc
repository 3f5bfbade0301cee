// Reads a scenario YAML file into a ScenarioSpec, checking shape and keys.
#include <filesystem>

#include <fmt/format.h>

#include "engine/input_error.h"
#include "engine/nearest_name.h"
#include "sim/internal/yaml_value.h"
#include "sim/scenario.h"

namespace tidemark::sim {

using internal::YamlMap;
using internal::YamlValue;

namespace {

// A side-output tag id. OutputTag rejects an empty id (flink-semantics.md §7.1).
std::string ReadTag(const YamlValue& v, std::string_view what) {
  std::string tag = v.AsString(what);
  if (tag.empty()) v.Fail("OutputTag id must not be empty.", "name the side output, e.g. 'late'");
  return tag;
}

ExpressionText ReadExpression(const YamlValue& v, std::string_view what) {
  return {v.AsString(what), v.text_start()};
}

engine::Schema ReadSchema(const YamlValue& v) {
  YamlMap map(v, "the schema", {});
  std::vector<engine::Field> fields;
  for (const auto& entry : map.entries()) {
    const std::string type_name = entry.value.AsString("a field type");
    auto type = engine::ParseTypeName(type_name);
    if (!type) {
      entry.value.Fail(fmt::format("unknown type '{}' for field '{}'", type_name, entry.key),
                       engine::UnknownNameHint(type_name, engine::TypeNames()));
    }
    fields.push_back({entry.key, *type});
  }
  if (fields.empty()) v.Fail("the schema has no fields", "write e.g. {id: string, ts: int}");
  return engine::Schema(std::move(fields));
}

std::vector<std::pair<std::string, std::string>> ReadCells(const YamlValue& v,
                                                           std::string_view what,
                                                           std::vector<SourceLocation>* where,
                                                           std::vector<SourceLocation>* key_where,
                                                           std::vector<bool>* null) {
  YamlMap map(v, what, {});
  std::vector<std::pair<std::string, std::string>> cells;
  for (const auto& entry : map.entries()) {
    std::string text;
    if (!entry.value.IsNull()) text = entry.value.AsString("a value");
    cells.emplace_back(entry.key, std::move(text));
    where->push_back(entry.value.IsNull() ? entry.key_where : entry.value.where());
    key_where->push_back(entry.key_where);
    null->push_back(entry.value.IsNull());
  }
  return cells;
}

int ReadParallelism(const YamlValue& v) {
  const int64_t p = v.AsInt("a parallelism");
  // Flink: "Operator parallelism not within bounds" outside (0, 32768].
  if (p < 1 || p > 32768) v.Fail(fmt::format("parallelism {} is not within 1..32768", p));
  return static_cast<int>(p);
}

engine::Duration ReadNonNegative(const YamlValue& v, std::string_view what) {
  const engine::Duration d = v.AsDuration(what);
  if (d.millis() < 0) v.Fail(fmt::format("{} cannot be negative", what));
  return d;
}

WatermarkSpec ReadWatermarks(const YamlValue& v) {
  YamlMap map(v, "the watermark strategy",
              {"strategy", "max_out_of_orderness", "interval", "idleness", "when", "watermark"});
  WatermarkSpec w;
  w.where = v.where();
  const YamlValue strategy = map.Require("strategy");
  const std::string name = strategy.AsString("a watermark strategy");
  const std::vector<std::string> names = {"bounded_out_of_orderness", "monotonous", "none",
                                          "punctuated"};
  if (name == "bounded_out_of_orderness") {
    w.strategy = WatermarkSpec::Strategy::kBoundedOutOfOrderness;
    // WatermarkStrategy.forBoundedOutOfOrderness: "maxOutOfOrderness cannot be negative".
    w.max_out_of_orderness =
        ReadNonNegative(map.Require("max_out_of_orderness"), "max_out_of_orderness");
  } else if (name == "monotonous") {
    w.strategy = WatermarkSpec::Strategy::kMonotonous;
  } else if (name == "none") {
    w.strategy = WatermarkSpec::Strategy::kNone;
  } else if (name == "punctuated") {
    w.strategy = WatermarkSpec::Strategy::kPunctuated;
    w.when = ReadExpression(map.Require("when"), "a condition");
    if (auto value = map.Get("watermark")) w.watermark = ReadExpression(*value, "an expression");
  } else {
    strategy.Fail(fmt::format("unknown watermark strategy '{}'", name),
                  engine::UnknownNameHint(name, names));
  }
  if (w.strategy != WatermarkSpec::Strategy::kBoundedOutOfOrderness) {
    if (auto bound = map.Get("max_out_of_orderness")) {
      bound->Fail("max_out_of_orderness applies only to bounded_out_of_orderness");
    }
  }
  if (w.strategy != WatermarkSpec::Strategy::kPunctuated) {
    for (const char* key : {"when", "watermark"}) {
      if (auto extra = map.Get(key)) extra->Fail(fmt::format("'{}' applies only to punctuated", key));
    }
  }
  if (auto interval = map.Get("interval")) {
    // ExecutionConfig: "Auto watermark interval must not be negative."; 0 disables.
    w.interval = ReadNonNegative(*interval, "the watermark interval");
  }
  if (auto idleness = map.Get("idleness")) {
    w.idleness = idleness->AsDuration("an idleness timeout");
    w.idleness_where = idleness->where();
    // WatermarkStrategy.withIdleness: "idleTimeout must be greater than zero".
    if (w.idleness->millis() <= 0) idleness->Fail("the idleness timeout must be greater than zero");
  }
  return w;
}

SourceSpec ReadSource(const std::string& name, const SourceLocation& where,
                      const YamlValue& v, const std::string& folder) {
  YamlMap map(v, fmt::format("source '{}'", name),
              {"trace", "events", "schema", "event_time", "bounded", "parallelism", "partitions", "topic",
               "arrival", "watermarks", "dead_letter"});
  SourceSpec source;
  source.name = name;
  source.where = where;
  const auto trace = map.Get("trace");
  const auto events = map.Get("events");
  if (trace && events) trace->Fail("a source takes either 'trace' or 'events', not both");
  if (!trace && !events) {
    map.value().Fail(fmt::format("source '{}' has no data", name),
                     "add 'trace: FILE.csv' (relative to the scenario) or inline 'events:'");
  }
  if (trace) {
    const std::filesystem::path path(trace->AsString("a trace file name"));
    source.trace_path = path.is_absolute() ? path.string() : (folder / path).lexically_normal().string();
    source.trace_where = trace->where();
  }
  if (events) {
    for (const YamlValue& row : events->Items("inline events")) {
      InlineRow inline_row;
      inline_row.where = row.where();
      inline_row.cells = ReadCells(row, "an inline event", &inline_row.cell_where,
                                   &inline_row.cell_key_where, &inline_row.cell_null);
      source.events.push_back(std::move(inline_row));
    }
  }
  const YamlValue schema = map.Require("schema");
  source.schema = ReadSchema(schema);
  source.schema_where = schema.where();
  const YamlValue event_time = map.Require("event_time");
  source.event_time_field = event_time.AsString("the event-time field name");
  source.event_time_where = event_time.where();
  if (auto bounded = map.Get("bounded")) {
    source.boundedness = bounded->AsBool("whether the source is bounded")
                             ? SourceSpec::Boundedness::kBounded
                             : SourceSpec::Boundedness::kUnbounded;
  }
  if (auto parallelism = map.Get("parallelism")) {
    source.parallelism = ReadParallelism(*parallelism);
    source.parallelism_where = parallelism->where();
  }
  if (auto partitions = map.Get("partitions")) {
    const int64_t n = partitions->AsInt("a number of partitions");
    if (n < 1 || n > 1'000'000) partitions->Fail("a source needs 1 to 1000000 partitions");
    source.partitions = static_cast<int32_t>(n);
  }
  source.topic = name;
  if (auto topic = map.Get("topic")) source.topic = topic->AsString("a topic name");
  if (auto watermarks = map.Get("watermarks")) source.watermarks = ReadWatermarks(*watermarks);
  if (auto dead_letter = map.Get("dead_letter")) {
    source.dead_letter = ReadTag(*dead_letter, "a side-output tag");
    source.dead_letter_where = dead_letter->where();
    if (source.trace_path.empty()) {
      dead_letter->Fail("'dead_letter' applies to CSV traces",
                        "inline events are checked when the scenario loads");
    }
  }
  if (auto arrival = map.Get("arrival")) {
    YamlMap arrival_map(*arrival, "the arrival pace", {"every"});
    const YamlValue every = arrival_map.Require("every");
    source.arrival_every = every.AsDuration("the time between arrivals");
    if (source.arrival_every.millis() < 0) every.Fail("the time between arrivals cannot be negative");
  }
  return source;
}

std::vector<Projection> ReadProjections(const YamlValue& v, std::string_view what) {
  std::vector<Projection> out;
  if (v.IsSequence()) {  // [a, b]: keep these fields as they are
    for (const YamlValue& item : v.Items(what)) {
      out.push_back({item.AsString("a field name"), ReadExpression(item, "a field name")});
    }
    return out;
  }
  YamlMap map(v, what, {});
  for (const auto& entry : map.entries()) {
    out.push_back({entry.key, ReadExpression(entry.value, "an expression")});
  }
  return out;
}

Destination ReadDestination(const YamlValue& v) {
  Destination d;
  d.where = v.where();
  if (v.IsScalar()) {
    const std::string tag = ReadTag(v, "a destination");
    d.tag = tag == "main" ? "" : tag;
    return d;
  }
  YamlMap map(v, "a destination", {"to", "select"});
  const std::string tag = ReadTag(map.Require("to"), "'main' or a side-output tag");
  d.tag = tag == "main" ? "" : tag;
  d.where = map.Require("to").where();
  if (auto select = map.Get("select")) d.select = ReadProjections(*select, "a projection");
  return d;
}

// `timer: cancel`, or {reset: 5s} / {register: 5s} / {reset_at: EXPR} /
// {register_at: EXPR}, optionally with `time: processing`.
TimerSpec ReadTimer(const YamlValue& v) {
  TimerSpec t;
  t.where = v.where();
  if (v.IsScalar()) {
    if (v.AsString("a timer action") != "cancel") {
      v.Fail("unknown timer action", "write 'cancel', or a mapping like '{reset: 5s}'");
    }
    t.action = TimerSpec::Action::kCancel;
    return t;
  }
  YamlMap map(v, "the timer", {"register", "reset", "register_at", "reset_at", "time"});
  int actions = 0;
  for (const char* key : {"register", "reset"}) {
    if (auto after = map.Get(key)) {
      t.action = std::string_view(key) == "reset" ? TimerSpec::Action::kReset
                                                  : TimerSpec::Action::kRegister;
      t.after = ReadNonNegative(*after, "the timer delay");
      ++actions;
    }
  }
  for (const char* key : {"register_at", "reset_at"}) {
    if (auto at = map.Get(key)) {
      t.action = std::string_view(key) == "reset_at" ? TimerSpec::Action::kReset
                                                     : TimerSpec::Action::kRegister;
      t.at = ReadExpression(*at, "a timer time");
      ++actions;
    }
  }
  if (actions != 1) {
    v.Fail("a timer needs exactly one action",
           "write one of {reset: 5s}, {register: 5s}, {reset_at: EXPR}, {register_at: EXPR}");
  }
  if (auto time = map.Get("time")) {
    const std::string name = time->AsString("a time domain");
    if (name == "processing") {
      t.time = TimerSpec::Time::kProcessing;
    } else if (name != "event") {
      time->Fail(fmt::format("unknown time '{}'", name),
                 engine::UnknownNameHint(name, {"event", "processing"}));
    }
  }
  return t;
}

std::vector<RouteRule> ReadRules(const YamlValue& v, std::string_view what) {
  std::vector<RouteRule> rules;
  for (const YamlValue& item : v.Items(what)) {
    YamlMap map(item, "a rule", {"when", "emit", "timer"});
    RouteRule rule;
    rule.where = item.where();
    if (auto when = map.Get("when")) rule.when = ReadExpression(*when, "a condition");
    if (auto timer = map.Get("timer")) rule.timer = ReadTimer(*timer);
    if (auto emit = map.Get("emit")) {
      if (emit->IsSequence()) {
        for (const YamlValue& d : emit->Items("destinations")) {
          rule.emit.push_back(ReadDestination(d));
        }
      } else {
        rule.emit.push_back(ReadDestination(*emit));
      }
      if (rule.emit.empty()) emit->Fail("'emit' names no destination", "write 'emit: main' or a tag");
    } else if (!rule.timer) {
      item.Fail("a rule must emit somewhere or set a timer", "add 'emit: main' or a tag");
    }
    rules.push_back(std::move(rule));
  }
  if (rules.empty()) v.Fail(fmt::format("'{}' needs at least one rule", what));
  return rules;
}

WindowSpec ReadWindow(const YamlValue& v) {
  YamlMap map(v, "the window",
              {"tumbling", "sliding", "session", "global", "offset", "time", "allowed_lateness",
               "late_output", "trigger"});
  WindowSpec w;
  w.where = v.where();
  int kinds = 0;
  if (auto size = map.Get("tumbling")) {
    w.kind = WindowSpec::Kind::kTumbling;
    w.size = size->AsDuration("the window size");
    ++kinds;
  }
  if (auto sliding = map.Get("sliding")) {
    YamlMap m(*sliding, "the sliding window", {"size", "slide"});
    w.kind = WindowSpec::Kind::kSliding;
    w.size = m.Require("size").AsDuration("the window size");
    w.slide = m.Require("slide").AsDuration("the slide");
    ++kinds;
  }
  if (auto session = map.Get("session")) {
    YamlMap m(*session, "the session window", {"gap"});
    w.kind = WindowSpec::Kind::kSession;
    w.gap = m.Require("gap").AsDuration("the session gap");
    ++kinds;
  }
  if (auto global = map.Get("global")) {
    if (!global->AsBool("whether the window is global")) global->Fail("write 'global: true'");
    w.kind = WindowSpec::Kind::kGlobal;
    ++kinds;
  }
  if (kinds != 1) {
    v.Fail(kinds == 0 ? "the window has no kind" : "the window has more than one kind",
           "give exactly one of 'tumbling: 10s', 'sliding: {size, slide}', 'session: {gap}', "
           "'global: true'");
  }
  if (auto offset = map.Get("offset")) w.offset = offset->AsDuration("the window offset");
  if (auto time = map.Get("time")) {
    const std::string t = time->AsString("a time domain");
    if (t == "event") {
      w.time = WindowSpec::Time::kEvent;
    } else if (t == "processing") {
      w.time = WindowSpec::Time::kProcessing;
    } else {
      time->Fail(fmt::format("unknown time '{}'", t),
                 engine::UnknownNameHint(t, {"event", "processing"}));
    }
  }
  if (auto lateness = map.Get("allowed_lateness")) {
    w.allowed_lateness = lateness->AsDuration("the allowed lateness");
    w.allowed_lateness_where = lateness->where();
    // WindowOperatorBuilder: "The allowed lateness cannot be negative."
    if (w.allowed_lateness.millis() < 0) lateness->Fail("The allowed lateness cannot be negative.");
  }
  if (auto late = map.Get("late_output")) {
    w.late_output = ReadTag(*late, "a side-output tag");
    w.late_output_where = late->where();
  }
  if (auto trigger = map.Get("trigger")) {
    w.trigger_where = trigger->where();
    YamlMap m(*trigger, "the trigger", {"count", "continuous", "end_of_stream", "purging"});
    int triggers = 0;
    if (auto count = m.Get("count")) {
      w.trigger = WindowSpec::Trigger::kCount;
      w.trigger_count = count->AsInt("a count");
      if (w.trigger_count < 1) count->Fail("a count trigger needs a count of at least 1");
      ++triggers;
    }
    if (auto interval = m.Get("continuous")) {
      w.trigger = WindowSpec::Trigger::kContinuous;
      w.trigger_interval = interval->AsDuration("the firing interval");
      if (w.trigger_interval.millis() <= 0) interval->Fail("the firing interval must be positive");
      ++triggers;
    }
    if (auto eos = m.Get("end_of_stream")) {
      if (!eos->AsBool("end_of_stream")) eos->Fail("write 'end_of_stream: true'");
      w.trigger = WindowSpec::Trigger::kEndOfStream;
      ++triggers;
    }
    if (triggers > 1) trigger->Fail("the trigger has more than one kind");
    if (auto purging = m.Get("purging")) w.purging = purging->AsBool("whether the trigger purges");
  }
  return w;
}

StreamSpec ReadStream(const std::string& name, const SourceLocation& where, const YamlValue& v) {
  YamlMap map(v, fmt::format("stream '{}'", name),
              {"from", "side_output", "filter", "map", "process", "on_timer", "key_by", "window",
               "aggregate", "parallelism", "partitioning"});
  StreamSpec s;
  s.name = name;
  s.where = where;
  const YamlValue from = map.Require("from");
  if (from.IsSequence()) {
    for (const YamlValue& item : from.Items("upstream streams")) {
      s.from.push_back(item.AsString("a stream name"));
      s.from_where.push_back(item.where());
    }
  } else {
    s.from.push_back(from.AsString("a stream name"));
    s.from_where.push_back(from.where());
  }
  if (s.from.empty()) from.Fail("'from' names no stream");
  int operations = 0;
  if (auto side = map.Get("side_output")) {
    s.side_output = ReadTag(*side, "a side-output tag");
    s.side_output_where = side->where();
    ++operations;
  }
  if (auto filter = map.Get("filter")) {
    s.filter = ReadExpression(*filter, "a filter condition");
    ++operations;
  }
  if (auto m = map.Get("map")) {
    s.map = ReadProjections(*m, "computed fields");
    ++operations;
  }
  if (auto process = map.Get("process")) {
    s.process = ReadRules(*process, "process");
    ++operations;
  }
  if (auto on_timer = map.Get("on_timer")) {
    if (!map.Has("process")) on_timer->Fail("'on_timer' belongs to a keyed 'process'");
    s.on_timer = ReadRules(*on_timer, "on_timer");
    s.on_timer_where = on_timer->where();
  }
  if (!map.Has("key_by")) {
    for (const RouteRule& rule : s.process) {
      if (rule.timer) {
        // TimerService: "Setting timers is only supported on a keyed streams."
        throw engine::InputError(rule.timer->where, "timers need a keyed stream",
                                 "add 'key_by' to this stream (Flink: setting timers is only "
                                 "supported on keyed streams)");
      }
    }
    if (map.Has("on_timer")) {
      map.Require("on_timer").Fail("timers need a keyed stream", "add 'key_by' to this stream");
    }
  }
  if (auto key = map.Get("key_by")) {
    s.key_by = key->AsString("a key field");
    s.key_by_where = key->where();
  }
  if (auto window = map.Get("window")) {
    s.window = ReadWindow(*window);
    ++operations;
    if (!s.key_by) window->Fail("a window needs 'key_by' on the same stream",
                                "add e.g. 'key_by: sensor_id' (windowAll is not modelled)");
    const auto aggregate = map.Get("aggregate");
    if (!aggregate) window->Fail("a window needs 'aggregate'", "add e.g. 'aggregate: {n: count()}'");
    YamlMap aggregates(*aggregate, "the aggregates", {});
    for (const auto& entry : aggregates.entries()) {
      s.aggregate.push_back({entry.key, ReadExpression(entry.value, "an aggregate call")});
    }
    if (s.aggregate.empty()) aggregate->Fail("'aggregate' names no aggregate");
    s.aggregate_where = aggregate->where();
  } else if (auto aggregate = map.Get("aggregate")) {
    aggregate->Fail("'aggregate' needs a 'window' on the same stream");
  }
  if (s.key_by && !s.window && s.process.empty()) {
    map.Require("key_by").Fail("'key_by' needs a 'window' or a 'process' on the same stream");
  }
  if (auto parallelism = map.Get("parallelism")) {
    s.parallelism = ReadParallelism(*parallelism);
    s.parallelism_where = parallelism->where();
  }
  if (auto partitioning = map.Get("partitioning")) {
    const std::string p = partitioning->AsString("a partitioning");
    s.partitioning_where = partitioning->where();
    if (p == "forward") {
      s.partitioning = StreamSpec::Partitioning::kForward;
    } else if (p == "rebalance") {
      s.partitioning = StreamSpec::Partitioning::kRebalance;
    } else {
      partitioning->Fail(fmt::format("unknown partitioning '{}'", p),
                         engine::UnknownNameHint(p, {"forward", "rebalance"}));
    }
    if (s.key_by) partitioning->Fail("'partitioning' cannot be combined with 'key_by'");
  }
  if (operations > 1) {
    map.value().Fail(fmt::format("stream '{}' has more than one operation", name),
                     "give each of side_output, filter, map, process, window its own stream");
  }
  return s;
}

SinkExpectation ReadExpectation(const std::string& sink, const SourceLocation& where,
                                const YamlValue& v, const std::string& folder) {
  SinkExpectation e;
  e.sink = sink;
  e.where = where;
  YamlValue rows = v;
  if (v.IsMap()) {
    YamlMap map(v, fmt::format("the expectation for '{}'", sink),
                {"records", "golden", "order", "tolerance"});
    if (auto golden = map.Get("golden")) {
      if (map.Has("records")) golden->Fail("give either 'records' or 'golden', not both");
      e.golden_as_written = golden->AsString("a golden CSV file name");
      const std::filesystem::path path(e.golden_as_written);
      e.golden = path.is_absolute() ? path.string() : (folder / path).lexically_normal().string();
    } else {
      rows = map.Require("records");
    }
    if (auto order = map.Get("order")) {
      const std::string o = order->AsString("an order");
      if (o == "ordered") {
        e.order = SinkExpectation::Order::kOrdered;
      } else if (o == "unordered") {
        e.order = SinkExpectation::Order::kUnordered;
      } else {
        order->Fail(fmt::format("unknown order '{}'", o), "expected 'ordered' or 'unordered'");
      }
    }
    if (auto tolerance = map.Get("tolerance")) {
      e.tolerance = tolerance->AsDouble("a tolerance");
      if (!(e.tolerance >= 0)) tolerance->Fail("the tolerance cannot be negative");
    }
  }
  if (!e.golden.empty()) return e;
  for (const YamlValue& row : rows.Items("expected records")) {
    ExpectedRow expected;
    expected.where = row.where();
    expected.cells = ReadCells(row, "an expected record", &expected.cell_where,
                                &expected.cell_key_where, &expected.cell_null);
    e.rows.push_back(std::move(expected));
  }
  return e;
}

}  // namespace

ScenarioSpec ParseScenario(const std::string& text, const std::string& file,
                           const std::string& folder) {
  const YamlValue root = internal::LoadYamlText(text, file);
  YamlMap top(root, "the scenario",
              {"name", "description", "seed", "deterministic", "channels", "sources", "streams", "sinks",
               "expect"});
  ScenarioSpec spec;
  spec.file = file;
  spec.folder = folder;
  if (auto name = top.Get("name")) spec.name = name->AsString("the scenario name");
  if (spec.name.empty()) spec.name = std::filesystem::path(file).stem().string();
  if (auto d = top.Get("description")) spec.description = d->AsString("a description");
  if (auto seed = top.Get("seed")) {
    const int64_t s = seed->AsInt("the seed");
    if (s < 0) seed->Fail("the seed cannot be negative");
    spec.seed = static_cast<uint64_t>(s);
  }
  if (auto d = top.Get("deterministic")) {
    spec.deterministic = d->AsBool("whether every schedule must give the same result");
  }
  if (auto channels = top.Get("channels")) {
    YamlMap map(*channels, "the channel settings", {"latency"});
    if (auto latency = map.Get("latency")) {
      YamlMap range(*latency, "the channel latency", {"min", "max"});
      if (auto min = range.Get("min")) spec.channels.min_latency = ReadNonNegative(*min, "latency");
      if (auto max = range.Get("max")) spec.channels.max_latency = ReadNonNegative(*max, "latency");
      if (spec.channels.max_latency < spec.channels.min_latency) {
        latency->Fail("the latency's max is below its min");
      }
    }
  }
  YamlMap sources(top.Require("sources"), "sources", {});
  for (const auto& entry : sources.entries()) {
    spec.sources.push_back(ReadSource(entry.key, entry.key_where, entry.value, folder));
  }
  if (spec.sources.empty()) top.Require("sources").Fail("the scenario has no sources");
  if (auto streams = top.Get("streams")) {
    YamlMap map(*streams, "streams", {});
    for (const auto& entry : map.entries()) {
      spec.streams.push_back(ReadStream(entry.key, entry.key_where, entry.value));
    }
  }
  const YamlValue sinks = top.Require("sinks");
  if (sinks.IsSequence()) {
    for (const YamlValue& item : sinks.Items("sinks")) {
      spec.sinks.push_back({item.AsString("a stream name"), item.where()});
    }
  } else {
    YamlMap map(sinks, "sinks", {});
    for (const auto& entry : map.entries()) {
      if (!entry.value.IsNull() && !(entry.value.IsMap() && entry.value.node().size() == 0)) {
        entry.value.Fail(fmt::format("sink '{}' takes no options", entry.key), "write '{}'");
      }
      spec.sinks.push_back({entry.key, entry.key_where});
    }
  }
  if (spec.sinks.empty()) sinks.Fail("the scenario has no sinks", "name at least one stream");
  if (auto expect = top.Get("expect")) {
    YamlMap map(*expect, "expectations", {});
    for (const auto& entry : map.entries()) {
      spec.expectations.push_back(ReadExpectation(entry.key, entry.key_where, entry.value, folder));
    }
  }
  return spec;
}

ScenarioSpec LoadScenario(const std::string& path) {
  const std::string folder = std::filesystem::path(path).parent_path().string();
  return ParseScenario(internal::ReadScenarioText(path), path, folder);
}

}  // namespace tidemark::sim
