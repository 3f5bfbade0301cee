#include "sim/trace_row.h"

namespace tidemark::sim {

std::string_view TraceRowKindName(TraceRowKind kind) {
  switch (kind) {
    case TraceRowKind::kEvent:
      return "event";
    case TraceRowKind::kWatermark:
      return "watermark";
    case TraceRowKind::kIdle:
      return "idle";
    case TraceRowKind::kActive:
      return "active";
    case TraceRowKind::kParseFailure:
      return "parse_failure";
  }
  return "?";
}

}  // namespace tidemark::sim
