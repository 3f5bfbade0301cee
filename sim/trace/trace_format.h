// TraceFormat: how a trace file is written. A source names its format with
// `format:`; without it the file's extension decides (.jsonl and .ndjson: JSON
// lines; .kafka: a Kafka console-consumer dump; anything else: CSV).
#ifndef TIDEMARK_SIM_TRACE_TRACE_FORMAT_H_
#define TIDEMARK_SIM_TRACE_TRACE_FORMAT_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::sim {

enum class TraceFormat {
  kCsv,        // csv_trace_reader.h
  kJsonLines,  // json_lines_trace_reader.h
  kKafka,      // kafka_dump_trace_reader.h: a console-consumer dump, values JSON objects
};

// "csv", "jsonl", "kafka".
std::optional<TraceFormat> ParseTraceFormat(std::string_view name);
std::string_view TraceFormatName(TraceFormat format);
// The accepted names, for hints.
const std::vector<std::string>& TraceFormatNames();
// The format a file of this name is read in when the source does not say.
TraceFormat TraceFormatOfPath(std::string_view path);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_TRACE_FORMAT_H_
