// TraceInput: where a source's rows come from — a trace file (CSV, JSON lines,
// a Kafka dump) or rows written inline in the scenario (`events:`) — behind one
// streaming interface.
#ifndef TIDEMARK_SIM_TRACE_TRACE_INPUT_H_
#define TIDEMARK_SIM_TRACE_TRACE_INPUT_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/input_error.h"
#include "engine/core/schema.h"
#include "sim/trace/csv_trace_reader.h"
#include "sim/trace/inline_row.h"
#include "sim/trace/trace_format.h"

namespace tidemark::sim {

class TraceInput {
 public:
  virtual ~TraceInput() = default;
  // The next row into `row`, or false at the end. Throws engine::InputError on
  // a bad row unless the source routes bad rows to a dead-letter output. Every
  // field of `row` is overwritten; a reader may reuse its buffers.
  virtual bool Next(TraceRow& row) = 0;
  // The same, as a fresh row; nullopt at the end.
  std::optional<TraceRow> Next() {
    TraceRow row;
    if (!Next(row)) return std::nullopt;
    return row;
  }
};

// A source's trace as the readers need it: the file or the inline rows, and the
// schema that types their cells.
struct TraceSource {
  std::string source_name;            // named in errors
  std::string path;                   // a trace file; empty: `rows`
  engine::SourceLocation path_where;  // where the scenario names the file
  std::vector<InlineRow> rows;
  engine::Schema schema;
  std::string event_time_field;  // an int field of the schema
  TraceOptions::OnBadRow on_bad_row = TraceOptions::OnBadRow::kFail;
  std::vector<KeyField> key_fields = {};  // TraceOptions::key_fields
  // How the file is written; unset: by its extension (TraceFormatOfPath).
  std::optional<TraceFormat> format = std::nullopt;
  uint32_t source_index = 0;  // TraceOptions::source_index: the planner sets it
};

// Opens `source`'s trace with the reader of its format. Throws engine::InputError. REQUIRES:
// `source` outlives the returned input.
std::unique_ptr<TraceInput> OpenTrace(const TraceSource& source);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_TRACE_INPUT_H_
