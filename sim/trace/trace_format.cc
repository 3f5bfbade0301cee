#include "sim/trace/trace_format.h"

namespace tidemark::sim {

std::optional<TraceFormat> ParseTraceFormat(std::string_view name) {
  if (name == "csv") return TraceFormat::kCsv;
  if (name == "jsonl") return TraceFormat::kJsonLines;
  if (name == "kafka") return TraceFormat::kKafka;
  return std::nullopt;
}

std::string_view TraceFormatName(TraceFormat format) {
  switch (format) {
    case TraceFormat::kCsv: return "csv";
    case TraceFormat::kJsonLines: return "jsonl";
    case TraceFormat::kKafka: return "kafka";
  }
  return "?";
}

const std::vector<std::string>& TraceFormatNames() {
  static const std::vector<std::string> names = {"csv", "jsonl", "kafka"};
  return names;
}

TraceFormat TraceFormatOfPath(std::string_view path) {
  const auto ends_with = [&](std::string_view suffix) { return path.ends_with(suffix); };
  if (ends_with(".jsonl") || ends_with(".ndjson")) return TraceFormat::kJsonLines;
  if (ends_with(".kafka")) return TraceFormat::kKafka;
  return TraceFormat::kCsv;
}

}  // namespace tidemark::sim
