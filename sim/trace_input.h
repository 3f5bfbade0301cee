// TraceInput: where a source's rows come from — a CSV trace file or the
// scenario's inline `events:` — behind one streaming interface.
#ifndef TIDEMARK_SIM_TRACE_INPUT_H_
#define TIDEMARK_SIM_TRACE_INPUT_H_

#include <memory>
#include <optional>

#include "sim/csv_trace_reader.h"
#include "sim/scenario.h"

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

// Opens the trace of `source` (file or inline rows). Throws engine::InputError.
std::unique_ptr<TraceInput> OpenTrace(const SourceSpec& source);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_INPUT_H_
