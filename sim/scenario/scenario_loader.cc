// Reads a scenario YAML file into a ScenarioSpec, checking shape and keys.
#include <filesystem>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/input_error_list.h"
#include "engine/core/nearest_name.h"
#include "sim/scenario/internal/read_values.h"
#include "sim/scenario/internal/scenario_text.h"
#include "sim/scenario/scenario.h"
#include "sim/scenario/yaml_value.h"

namespace tidemark::sim {

using internal::ReadExpression;
using internal::ReadNonNegative;
using internal::ReadParallelism;
using internal::ReadSchema;
using internal::ReadTag;

namespace {

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
      bound->Fail("max_out_of_orderness applies only to bounded_out_of_orderness",
                  "set 'strategy: bounded_out_of_orderness', or delete max_out_of_orderness");
    }
  }
  if (w.strategy != WatermarkSpec::Strategy::kPunctuated) {
    for (const char* key : {"when", "watermark"}) {
      if (auto extra = map.Get(key)) {
        extra->Fail(fmt::format("'{}' applies only to punctuated", key),
                    "set 'strategy: punctuated', or delete the key");
      }
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
    if (w.idleness->millis() <= 0) {
      idleness->Fail("the idleness timeout must be greater than zero",
                     "write e.g. 5s, or delete 'idleness' for a source that is never idle");
    }
  }
  return w;
}

// `script: true` or `script: {channels: N}`: an operator-level script. It
// generates no watermarks and is not split into partitions, so the keys that
// configure those do not apply.
void ReadScript(const YamlValue& v, const YamlMap& source_map, SourceSpec& source) {
  source.script_where = v.where();
  if (v.IsMap()) {
    YamlMap map(v, "the script", {"channels"});
    source.script = true;
    if (auto channels = map.Get("channels")) {
      const int64_t n = channels->AsInt("a number of input channels");
      if (n < 1 || n > 1024) {
        channels->Fail("a script feeds 1 to 1024 input channels",
                       "write a whole number from 1 to 1024");
      }
      source.script_channels = static_cast<int>(n);
    }
  } else {
    source.script = v.AsBool("whether the source is an operator-level script");
  }
  if (!source.script) return;
  for (const char* key : {"watermarks", "parallelism", "partitions", "topic", "dead_letter"}) {
    if (auto extra = source_map.Get(key)) {
      extra->Fail(fmt::format("'{}' does not apply to a script source", key),
                  "a script delivers its rows exactly as written: write watermark, idle and "
                  "active rows with @kind, and name input channels with 'script: {channels: N}'");
    }
  }
  source.parallelism = source.script_channels;
  source.partitions = source.script_channels;
}

SourceSpec ReadSource(const std::string& name, const SourceLocation& where, const YamlValue& v,
                      const std::string& folder, const PathConfinement& paths) {
  YamlMap map(
      v, fmt::format("source '{}'", name),
      {"trace", "events", "schema", "event_time", "bounded", "parallelism", "partitions", "topic",
       "arrival", "watermarks", "dead_letter", "script", "end", "format", "replay"});
  SourceSpec source;
  source.name = name;
  source.where = where;
  const auto trace = map.Get("trace");
  const auto events = map.Get("events");
  if (trace && events) {
    trace->Fail("a source takes either 'trace' or 'events', not both",
                "keep the rows in one place: the CSV file or the inline list");
  }
  if (!trace && !events) {
    map.value().Fail(fmt::format("source '{}' has no data", name),
                     "add 'trace: FILE.csv' (relative to the scenario) or inline 'events:'");
  }
  if (trace) {
    source.trace_where = trace->where();
    source.trace_path = ResolveConfinedPath(trace->AsString("a trace file name"), folder, paths,
                                            source.trace_where, "trace");
  }
  if (auto format = map.Get("format")) {
    const std::string name = format->AsString("a trace format");
    source.format = ParseTraceFormat(name);
    if (!source.format) {
      format->Fail(fmt::format("unknown trace format '{}'", name),
                   engine::UnknownNameHint(name, TraceFormatNames()));
    }
    if (!trace) format->Fail("'format' applies to a trace file", "inline events have no format");
    source.format_where = format->where();
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
    if (n < 1 || n > 1'000'000) {
      partitions->Fail("a source needs 1 to 1000000 partitions",
                       "write the topic's partition count, e.g. 4");
    }
    source.partitions = static_cast<int32_t>(n);
  }
  source.topic = name;
  if (auto topic = map.Get("topic")) source.topic = topic->AsString("a topic name");
  if (auto watermarks = map.Get("watermarks")) source.watermarks = ReadWatermarks(*watermarks);
  if (auto dead_letter = map.Get("dead_letter")) {
    source.dead_letter = ReadTag(*dead_letter, "a side-output tag");
    source.dead_letter_where = dead_letter->where();
    if (source.trace_path.empty()) {
      dead_letter->Fail("'dead_letter' applies to trace files",
                        "inline events are checked when the scenario loads");
    }
  }
  if (auto script = map.Get("script")) ReadScript(*script, map, source);
  if (auto end = map.Get("end")) {
    YamlMap end_map(*end, "the end of input", {"at"});
    source.end_at = ReadNonNegative(end_map.Require("at"), "the end of input");
    source.end_where = end->where();
    if (source.boundedness == SourceSpec::Boundedness::kUnbounded || source.script) {
      end->Fail("'end' applies to a bounded source",
                "an unbounded or script source never ends; stop the run with 'run_until'");
    }
  }
  if (auto replay = map.Get("replay")) {
    // How fast the source reads its backlog after a restore
    // (docs/checkpoints.md, "Replay").
    YamlMap replay_map(*replay, "the replay pace", {"every"});
    source.replay_every =
        ReadNonNegative(replay_map.Require("every"), "the time between replayed rows");
  }
  if (auto arrival = map.Get("arrival")) {
    // `instant`: an in-memory source (fromElements) hands every row over at
    // processing time 0, before the first periodic watermark (§11.8).
    if (arrival->IsScalar()) {
      if (arrival->AsString("the arrival pace") != "instant") {
        arrival->Fail("unknown arrival pace", "write 'instant' or a mapping like '{every: 1ms}'");
      }
      source.arrival_every = engine::Duration::Zero();
    } else {
      YamlMap arrival_map(*arrival, "the arrival pace", {"every"});
      const YamlValue every = arrival_map.Require("every");
      source.arrival_every = every.AsDuration("the time between arrivals");
      if (source.arrival_every.millis() < 0) {
        every.Fail("the time between arrivals cannot be negative", "write 0 or more, e.g. 100ms");
      }
    }
  }
  return source;
}

void ReadSinks(const YamlMap& top, ScenarioSpec& spec);

}  // namespace

ScenarioSpec ParseScenario(const std::string& text, const std::string& file,
                           const std::string& folder, const PathConfinement& paths,
                           ExpectationSyntaxes kinds) {
  const YamlValue root = LoadYamlText(text, file);
  std::vector<std::string> keys = {"name",      "description",   "seed",    "deterministic",
                                   "channels",  "sources",       "streams", "sinks",
                                   "run_until", "checkpointing", "restart", "failures"};
  for (const ExpectationSyntax* kind : kinds) keys.emplace_back(kind->key());
  YamlMap top(root, "the scenario", keys);
  ScenarioSpec spec;
  spec.file = file;
  spec.folder = folder;
  if (auto name = top.Get("name")) spec.name = name->AsString("the scenario name");
  if (spec.name.empty()) spec.name = std::filesystem::path(file).stem().string();
  if (auto d = top.Get("description")) spec.description = d->AsString("a description");
  if (auto seed = top.Get("seed")) {
    const int64_t s = seed->AsInt("the seed");
    if (s < 0) seed->Fail("the seed cannot be negative", "write a whole number from 0, e.g. 7");
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
        latency->Fail("the latency's max is below its min",
                      "swap them, or raise max to at least min");
      }
    }
  }
  // Each source, stream, sink list and expectation is read on after an error
  // in another, so that one run reports them all (engine/core/input_error_list.h).
  engine::InputErrorCollector errors;
  const auto attempt = [&errors](auto&& read) {
    try {
      read();
    } catch (const engine::InputError& e) {
      errors.Add(e);
    }
  };
  attempt([&] {
    YamlMap sources(top.Require("sources"), "sources", {});
    for (const auto& entry : sources.entries()) {
      attempt([&] {
        spec.sources.push_back(ReadSource(entry.key, entry.key_where, entry.value, folder, paths));
      });
    }
    if (sources.entries().empty()) {
      top.Require("sources").Fail(
          "the scenario has no sources",
          "add a source under 'sources:' with its trace, schema and event_time");
    }
  });
  if (auto streams = top.Get("streams")) {
    attempt([&] {
      YamlMap map(*streams, "streams", {});
      for (const auto& entry : map.entries()) {
        attempt([&] {
          spec.streams.push_back(internal::ReadStream(entry.key, entry.key_where, entry.value));
        });
      }
    });
  }
  attempt([&] { ReadSinks(top, spec); });
  // The expectation blocks, in file order, each read by the kind that owns its key.
  for (const YamlMap::Entry& entry : top.entries()) {
    for (const ExpectationSyntax* kind : kinds) {
      if (kind->key() != entry.key) continue;
      attempt([&] {
        spec.expectations.push_back(kind->Parse(entry.value, entry.key_where,
                                                {.file = file, .folder = folder, .paths = paths}));
      });
    }
  }
  if (auto until = top.Get("run_until")) {
    attempt([&] {
      spec.run_until = ReadNonNegative(*until, "the end of the run");
      spec.run_until_where = until->where();
    });
  }
  if (auto checkpointing = top.Get("checkpointing")) {
    attempt([&] { spec.checkpointing = internal::ReadCheckpointing(*checkpointing); });
  }
  if (auto restart = top.Get("restart")) {
    attempt([&] { spec.restart = internal::ReadRestart(*restart); });
  }
  if (auto failures = top.Get("failures")) {
    spec.failures_where = failures->where();
    attempt([&] { spec.failures = internal::ReadFailures(*failures); });
  }
  errors.ThrowIfAny();
  return spec;
}

namespace {

void ReadSinks(const YamlMap& top, ScenarioSpec& spec) {
  const YamlValue sinks = top.Require("sinks");
  if (sinks.IsSequence()) {
    for (const YamlValue& item : sinks.Items("sinks")) {
      SinkSpec sink;
      sink.stream = item.AsString("a stream name");
      sink.where = item.where();
      spec.sinks.push_back(std::move(sink));
    }
  } else {
    YamlMap map(sinks, "sinks", {});
    for (const auto& entry : map.entries()) {
      SinkSpec sink;
      sink.stream = entry.key;
      sink.where = entry.key_where;
      internal::ReadSinkOptions(entry.value, sink);
      spec.sinks.push_back(std::move(sink));
    }
  }
  if (spec.sinks.empty()) sinks.Fail("the scenario has no sinks", "name at least one stream");
}

}  // namespace

TraceSource TraceOf(const SourceSpec& source) {
  return TraceSource{.source_name = source.name,
                     .path = source.trace_path,
                     .path_where = source.trace_where,
                     .rows = source.events,
                     .schema = source.schema,
                     .event_time_field = source.event_time_field,
                     .on_bad_row = source.dead_letter.empty() ? TraceOptions::OnBadRow::kFail
                                                              : TraceOptions::OnBadRow::kRoute,
                     .format = source.format};
}

std::string ReadScenarioFile(const std::string& path) { return internal::ReadScenarioText(path); }

ScenarioSpec LoadScenario(const std::string& path, const PathConfinement& paths,
                          ExpectationSyntaxes kinds) {
  const std::string folder = std::filesystem::path(path).parent_path().string();
  return ParseScenario(internal::ReadScenarioText(path), path, folder, paths, kinds);
}

}  // namespace tidemark::sim
