// Reads the `streams:` entries of a scenario: filter, map, process rules with
// destinations and timers, key_by, windows and aggregates, partitioning.
#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/nearest_name.h"
#include "sim/scenario/duration_text.h"
#include "sim/scenario/internal/read_values.h"

namespace tidemark::sim::internal {

namespace {

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
      if (rule.emit.empty())
        emit->Fail("'emit' names no destination", "write 'emit: main' or a tag");
    } else if (!rule.timer) {
      item.Fail("a rule must emit somewhere or set a timer", "add 'emit: main' or a tag");
    }
    rules.push_back(std::move(rule));
  }
  if (rules.empty()) {
    v.Fail(fmt::format("'{}' needs at least one rule", what),
           "list one rule or more, or delete the key");
  }
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
    const YamlValue gap = m.Require("gap");
    // A duration, or else an expression of the record: a dynamic gap (§11.6).
    if (gap.IsScalar() && !ParseDuration(gap.AsString("the session gap"))) {
      w.dynamic_gap = ReadExpression(gap, "the session gap expression");
    } else {
      w.gap = gap.AsDuration("the session gap");
    }
    ++kinds;
  }
  if (auto global = map.Get("global")) {
    if (!global->AsBool("whether the window is global")) {
      global->Fail("write 'global: true'",
                   "a global window is all or nothing; for no window, delete the key");
    }
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
    if (w.allowed_lateness.millis() < 0) {
      lateness->Fail("The allowed lateness cannot be negative.",
                     "write 0 (the default) or more, e.g. 5s");
    }
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
      if (w.trigger_count < 1) {
        count->Fail("a count trigger needs a count of at least 1", "e.g. count: 100");
      }
      ++triggers;
    }
    if (auto interval = m.Get("continuous")) {
      w.trigger = WindowSpec::Trigger::kContinuous;
      w.trigger_interval = interval->AsDuration("the firing interval");
      if (w.trigger_interval.millis() <= 0) {
        interval->Fail("the firing interval must be positive", "e.g. 1s");
      }
      ++triggers;
    }
    if (auto eos = m.Get("end_of_stream")) {
      if (!eos->AsBool("end_of_stream")) {
        eos->Fail("write 'end_of_stream: true'",
                  "or delete the key to keep the window's own trigger");
      }
      w.trigger = WindowSpec::Trigger::kEndOfStream;
      ++triggers;
    }
    if (triggers > 1) {
      trigger->Fail("the trigger has more than one kind",
                    "keep one of count, continuous and end_of_stream");
    }
    if (auto purging = m.Get("purging")) w.purging = purging->AsBool("whether the trigger purges");
  }
  return w;
}

// The reduce keys of a stream: `reduce: {field: EXPR}` or one of sum, min,
// max (a field name) and min_by, max_by (a field name, or {field, first}).
constexpr const char* kReduceKeys[] = {"reduce", "sum", "min", "max", "min_by", "max_by"};

std::optional<ReduceSpec> ReadReduce(const YamlMap& map) {
  std::optional<ReduceSpec> out;
  for (const char* key : kReduceKeys) {
    auto v = map.Get(key);
    if (!v) continue;
    if (out)
      v->Fail(fmt::format("'{}' is a second reduce on this stream", key),
              "give each reduce or aggregation its own stream");
    ReduceSpec r;
    r.where = v->where();
    const std::string_view name(key);
    if (name == "reduce") {
      r.kind = ReduceSpec::Kind::kExpression;
      r.fields = ReadProjections(*v, "the reduced fields");
      if (v->IsSequence() || r.fields.empty()) {
        v->Fail("'reduce' needs a mapping of fields to expressions",
                "write e.g. 'reduce: {total: acc.total + cur.total}'");
      }
    } else {
      r.kind = name == "sum"      ? ReduceSpec::Kind::kSum
               : name == "min"    ? ReduceSpec::Kind::kMin
               : name == "max"    ? ReduceSpec::Kind::kMax
               : name == "min_by" ? ReduceSpec::Kind::kMinBy
                                  : ReduceSpec::Kind::kMaxBy;
      const bool by = r.kind == ReduceSpec::Kind::kMinBy || r.kind == ReduceSpec::Kind::kMaxBy;
      if (by && v->IsMap()) {
        YamlMap m(*v, fmt::format("'{}'", key), {"field", "first"});
        const YamlValue field = m.Require("field");
        r.field = field.AsString("a field name");
        r.field_where = field.where();
        if (auto first = m.Get("first")) r.first = first->AsBool("whether ties keep the first");
      } else {
        r.field = v->AsString("a field name");
        r.field_where = v->where();
      }
    }
    out = std::move(r);
  }
  return out;
}

}  // namespace

StreamSpec ReadStream(const std::string& name, const SourceLocation& where, const YamlValue& v) {
  YamlMap map(v, fmt::format("stream '{}'", name),
              {"from", "side_output", "filter", "map", "flat_map", "process", "on_timer", "key_by",
               "window", "aggregate", "reduce", "sum", "min", "max", "min_by", "max_by",
               "parallelism", "partitioning"});
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
  if (s.from.empty()) {
    from.Fail("'from' names no stream", "give the name of a source or of another stream");
  }
  int operations = 0;
  if (auto side = map.Get("side_output")) {
    if (side->IsMap()) {  // {tag: late, type: {...}}: the type the reader expects
      YamlMap m(*side, "the side output", {"tag", "type"});
      const YamlValue tag = m.Require("tag");
      s.side_output = ReadTag(tag, "a side-output tag");
      s.side_output_where = tag.where();
      if (auto type = m.Get("type")) {
        s.side_output_type = ReadSchema(*type);
        s.side_output_type_where = type->where();
      }
    } else {
      s.side_output = ReadTag(*side, "a side-output tag");
      s.side_output_where = side->where();
    }
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
  if (auto flat = map.Get("flat_map")) {
    YamlMap m(*flat, "the flat_map", {"each", "as"});
    const YamlValue as = m.Require("as");
    s.flat_map = FlatMapSpec{.each = ReadExpression(m.Require("each"), "a list expression"),
                             .as = as.AsString("a field name"),
                             .as_where = as.where()};
    ++operations;
  }
  if (auto process = map.Get("process")) {
    s.process = ReadRules(*process, "process");
    // With a window, the rules are its window function (§11.3), not an operation.
    if (!map.Has("window")) ++operations;
  }
  if (auto on_timer = map.Get("on_timer")) {
    if (!map.Has("process") || map.Has("window")) {
      on_timer->Fail("'on_timer' belongs to a keyed 'process' without a window",
                     "move it to a stream with key_by and process, and no window");
    }
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
  s.reduce = ReadReduce(map);
  if (auto window = map.Get("window")) {
    // Without key_by this is windowAll (§11.1).
    s.window = ReadWindow(*window);
    ++operations;
    const auto aggregate = map.Get("aggregate");
    if (!aggregate && !s.reduce) {
      window->Fail("a window needs 'aggregate' or a reduce",
                   "add e.g. 'aggregate: {n: count()}', 'reduce: {total: acc.total + cur.total}' "
                   "or 'max_by: temperature'");
    }
    if (aggregate && s.reduce) {
      aggregate->Fail("a window takes either 'aggregate' or a reduce, not both",
                      "keep one: aggregate functions or the reduce");
    }
    if (aggregate) {
      YamlMap aggregates(*aggregate, "the aggregates", {});
      for (const auto& entry : aggregates.entries()) {
        s.aggregate.push_back({entry.key, ReadExpression(entry.value, "an aggregate call")});
      }
      if (s.aggregate.empty()) {
        aggregate->Fail("'aggregate' names no aggregate",
                        "e.g. aggregate: {n: count(), avg_t: avg(t)}");
      }
      s.aggregate_where = aggregate->where();
    }
  } else if (auto aggregate = map.Get("aggregate")) {
    aggregate->Fail("'aggregate' needs a 'window' on the same stream",
                    s.key_by ? "for a running value per key write a reduce such as 'sum: FIELD' "
                               "or 'max_by: FIELD'"
                             : "");
  } else if (s.reduce) {
    ++operations;
    if (!s.key_by) {
      // Flink's DataStream has no reduce: only a KeyedStream or a window does.
      throw engine::InputError(s.reduce->where, "a reduce needs 'key_by' or a 'window'",
                               "add 'key_by: FIELD' for a running value per key, or a 'window' "
                               "(without key_by: windowAll)");
    }
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
    if (s.key_by) {
      partitioning->Fail("'partitioning' cannot be combined with 'key_by'",
                         "key_by already hash-partitions the input by key groups; drop "
                         "'partitioning'");
    }
    if (s.window) {
      partitioning->Fail("'partitioning' cannot be combined with a windowAll",
                         "windowAll sends every record to its one subtask; drop 'partitioning'");
    }
  }
  if (operations > 1) {
    map.value().Fail(
        fmt::format("stream '{}' has more than one operation", name),
        "give each of side_output, filter, map, flat_map, process, window, reduce its own "
        "stream");
  }
  return s;
}

}  // namespace tidemark::sim::internal
