// SinkRowSpool: each sink's rows as `tidemark run` prints them, spooled to an
// anonymous temporary file while the run produces them. The printed tables
// come after the run (each under a heading with its count), and a run may
// emit millions of records: spooled, they take no memory that grows with the
// output.
#ifndef TIDEMARK_REPORTS_SINK_ROW_SPOOL_H_
#define TIDEMARK_REPORTS_SINK_ROW_SPOOL_H_

#include <cstdio>
#include <string>
#include <vector>

#include "engine/core/record.h"

namespace tidemark::reports {

class SinkRowSpool {
 public:
  // One temporary file per sink. Throws engine::InputError if one cannot be made.
  explicit SinkRowSpool(size_t sinks);
  SinkRowSpool(const SinkRowSpool&) = delete;
  SinkRowSpool& operator=(const SinkRowSpool&) = delete;
  ~SinkRowSpool();

  // The record as one CSV line (sim::CsvRow), after the sink's earlier ones.
  void Add(size_t sink, const engine::Record& record);
  // Writes the sink's lines to `out`, in the order they were added. Throws
  // engine::InputError when the spool cannot be read back.
  void CopyTo(size_t sink, std::FILE* out);

 private:
  std::vector<std::FILE*> files_;
  std::string line_;  // reused per record
};

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_SINK_ROW_SPOOL_H_
