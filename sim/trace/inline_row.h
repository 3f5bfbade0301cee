// InlineRow: one trace row written inline in a scenario (`events:`), kept as
// text with the position of every cell so that the trace reader can type it
// by the schema and report a bad cell where it is written.
#ifndef TIDEMARK_SIM_TRACE_INLINE_ROW_H_
#define TIDEMARK_SIM_TRACE_INLINE_ROW_H_

#include <string>
#include <utility>
#include <vector>

#include "engine/core/input_error.h"

namespace tidemark::sim {

struct InlineRow {
  std::vector<std::pair<std::string, std::string>> cells;  // column name, text
  std::vector<bool> cell_null;                         // written as YAML null (~, null or nothing)
  std::vector<engine::SourceLocation> cell_where;      // of each value
  std::vector<engine::SourceLocation> cell_key_where;  // of each field name
  engine::SourceLocation where;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_INLINE_ROW_H_
