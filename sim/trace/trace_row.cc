#include "sim/trace/trace_row.h"

namespace tidemark::sim {

std::string_view TraceRowKindName(TraceRowKind kind) {
  switch (kind) {
    case TraceRowKind::kEvent: return "event";
    case TraceRowKind::kWatermark: return "watermark";
    case TraceRowKind::kIdle: return "idle";
    case TraceRowKind::kActive: return "active";
    case TraceRowKind::kParseFailure: return "parse_failure";
  }
  return "?";
}

std::optional<TraceRowKind> ParseTraceRowKind(std::string_view text) {
  if (text == "event") return TraceRowKind::kEvent;
  if (text == "watermark") return TraceRowKind::kWatermark;
  if (text == "idle") return TraceRowKind::kIdle;
  if (text == "active") return TraceRowKind::kActive;
  return std::nullopt;
}

}  // namespace tidemark::sim
