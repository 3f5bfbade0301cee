// TraceRow: one data row of a trace, typed, as the trace readers deliver it.
//
// A row is an event, an explicit watermark, an idle or active mark for its
// partition, or (only when the source routes bad rows) a row that failed to
// parse. Every row, whatever its kind, carries the id of its data row, so ids
// are stable: the n-th data row of a file (0-based, blank lines and the header
// not counted) of the job's source s has id engine::MakeRecordId(s, n), which
// tells it from row n of every other source (engine/core/record.h).
#ifndef TIDEMARK_SIM_TRACE_TRACE_ROW_H_
#define TIDEMARK_SIM_TRACE_TRACE_ROW_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/record.h"
#include "engine/core/time.h"

namespace tidemark::sim {

enum class TraceRowKind { kEvent, kWatermark, kIdle, kActive, kParseFailure };

// "event", "watermark", "idle", "active", "parse_failure".
std::string_view TraceRowKindName(TraceRowKind kind);
// The kind an @kind cell names ("event", "watermark", "idle" or "active", as
// written), or nullopt.
std::optional<TraceRowKind> ParseTraceRowKind(std::string_view text);

struct TraceRow {
  TraceRowKind kind = TraceRowKind::kEvent;
  // Values in schema order (null where a cell was empty); id as above;
  // timestamp is the event-time value, or Min when that cell is empty
  // (allowed for idle and active rows only).
  engine::Record record;
  // The @arrival cell (processing time), when the column exists and the cell
  // is not empty.
  std::optional<engine::Timestamp> arrival;
  // The @partition cell (>= 0), when the column exists and the cell is not empty.
  std::optional<int32_t> partition;
  // kWatermark: the watermark, the row's event-time value.
  engine::Timestamp watermark = engine::Timestamp::Min();
  // The 1-based line where the row starts in its file. Only the number is kept
  // per row (the reader knows the file) so that a row costs no copy of a path.
  int line = 0;
  // kParseFailure: the row's text as in the file, and the full error it raised
  // ("trace.csv:7:12: error: ...", with its hint on a second line).
  std::string raw;
  std::string error;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_TRACE_ROW_H_
