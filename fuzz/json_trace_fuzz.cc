// Fuzz target: a JSON-lines trace's bytes read to the end by the JSON-lines
// reader and, as the value of every record, by the Kafka-dump reader; each
// once failing on the first bad row and once routing bad rows to a dead
// letter. Routing must never raise; failing raises only located errors.
// The readers stream from a file, so the bytes go to scratch files first.
// Each line is also parsed as a row with and without the one-pass path
// (json_plain_row.h): when the one-pass path takes it, both must give the
// same row.
#include <cstdio>
#include <string>

#include <unistd.h>

#include "engine/core/schema.h"
#include "fuzz/fuzz_target.h"
#include "sim/trace/json_lines_trace_reader.h"
#include "sim/trace/json_row_parser.h"
#include "sim/trace/kafka_dump_trace_reader.h"

namespace {

using tidemark::sim::TraceOptions;

std::string ScratchPath(const char* extension) {
  return "/tmp/tidemark-fuzz-json-" + std::to_string(getpid()) + extension;
}

void Write(const std::string& path, const std::string& text) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) tidemark::fuzz::Fail("cannot write the scratch trace " + path);
  std::fwrite(text.data(), 1, text.size(), file);
  std::fclose(file);
}

TraceOptions Options(TraceOptions::OnBadRow on_bad_row) {
  using tidemark::engine::ValueType;
  return {.schema = tidemark::engine::Schema({{"sensor.id", ValueType::kString},
                                              {"ts", ValueType::kInt},
                                              {"temperature", ValueType::kDouble},
                                              {"ok", ValueType::kBool},
                                              {"tags", ValueType::kList}}),
          .event_time_field = "ts",
          .on_bad_row = on_bad_row,
          .key_fields = {{.field = 0, .keyed_stream = "per_sensor"}}};
}

template <typename Reader>
void ReadAll(const std::string& path, const std::string& text, TraceOptions::OnBadRow on_bad_row) {
  try {
    Reader reader(path, Options(on_bad_row));
    tidemark::sim::TraceRow row;
    while (reader.Next(row)) {
    }
  } catch (const tidemark::engine::InputError& error) {
    if (on_bad_row == TraceOptions::OnBadRow::kRoute) {
      tidemark::fuzz::Fail("routing bad rows raised: " + std::string(error.what()));
    }
    tidemark::fuzz::CheckLocated(error, text, path);
  }
}

bool SameRow(const tidemark::sim::TraceRow& a, const tidemark::sim::TraceRow& b) {
  return a.kind == b.kind && a.record.values == b.record.values &&
         a.record.timestamp == b.record.timestamp && a.arrival == b.arrival &&
         a.partition == b.partition && a.watermark == b.watermark;
}

void CompareParsers(const std::string& line) {
  using tidemark::sim::JsonRowParser;
  static JsonRowParser with_plain = [] {
    const TraceOptions o = Options(TraceOptions::OnBadRow::kFail);
    return JsonRowParser({.schema = o.schema, .event_time_field = 1, .key_fields = o.key_fields});
  }();
  static JsonRowParser general_only = [] {
    const TraceOptions o = Options(TraceOptions::OnBadRow::kFail);
    return JsonRowParser({.schema = o.schema,
                          .event_time_field = 1,
                          .key_fields = o.key_fields,
                          .plain_rows = false});
  }();
  tidemark::sim::TraceRow fast, slow;
  tidemark::sim::RowError fast_error, slow_error;
  const bool fast_ok = with_plain.Parse(line, fast, fast_error);
  const bool slow_ok = general_only.Parse(line, slow, slow_error);
  if (fast_ok != slow_ok || (fast_ok && !SameRow(fast, slow))) {
    tidemark::fuzz::Fail("the one-pass JSON path and the general one read a row differently: " +
                         line);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::string jsonl = ScratchPath(".jsonl");
  Write(jsonl, text);
  // Each line becomes the value of a record of partition 0.
  std::string dump;
  size_t start = 0;
  for (uint64_t offset = 0; start <= text.size(); ++offset) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    CompareParsers(text.substr(start, end - start));
    dump += "CreateTime:" + std::to_string(offset) +
            "\tPartition:0\tOffset:" + std::to_string(offset) + "\tk\t" +
            text.substr(start, end - start) + "\n";
    start = end + 1;
  }
  const std::string kafka = ScratchPath(".kafka");
  Write(kafka, dump);
  for (const auto on_bad_row : {TraceOptions::OnBadRow::kFail, TraceOptions::OnBadRow::kRoute}) {
    ReadAll<tidemark::sim::JsonLinesTraceReader>(jsonl, text, on_bad_row);
    ReadAll<tidemark::sim::KafkaDumpTraceReader>(kafka, dump, on_bad_row);
  }
  return 0;
}
