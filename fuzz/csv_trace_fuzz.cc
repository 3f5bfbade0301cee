// Fuzz target: a CSV trace's bytes read to the end, once failing on the
// first bad row and once routing bad rows to a dead letter. Routing must
// never raise after the header; failing raises only located errors.
// The reader streams from a file, so the bytes go to one scratch file per
// process first.
#include <cstdio>
#include <string>

#include <unistd.h>

#include "engine/core/schema.h"
#include "fuzz/fuzz_target.h"
#include "sim/trace/csv_trace_reader.h"

namespace {

using tidemark::sim::CsvTraceReader;
using tidemark::sim::TraceOptions;

const std::string& ScratchPath() {
  static const std::string path = "/tmp/tidemark-fuzz-trace-" + std::to_string(getpid()) + ".csv";
  return path;
}

TraceOptions Options(TraceOptions::OnBadRow on_bad_row) {
  using tidemark::engine::ValueType;
  return {.schema = tidemark::engine::Schema({{"sensor_id", ValueType::kString},
                                              {"ts", ValueType::kInt},
                                              {"temperature", ValueType::kDouble}}),
          .event_time_field = "ts",
          .on_bad_row = on_bad_row};
}

// Reads every row; returns whether the header was accepted.
bool ReadAll(const std::string& text, TraceOptions::OnBadRow on_bad_row) {
  bool header_read = false;
  try {
    CsvTraceReader reader(ScratchPath(), Options(on_bad_row));
    header_read = true;
    tidemark::sim::TraceRow row;
    while (reader.Next(row)) {
    }
  } catch (const tidemark::engine::InputError& error) {
    if (header_read && on_bad_row == TraceOptions::OnBadRow::kRoute) {
      tidemark::fuzz::Fail("routing bad rows raised after the header: " +
                           std::string(error.what()));
    }
    tidemark::fuzz::CheckLocated(error, text, ScratchPath());
  }
  return header_read;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::FILE* file = std::fopen(ScratchPath().c_str(), "wb");
  if (file == nullptr) tidemark::fuzz::Fail("cannot write the scratch trace " + ScratchPath());
  std::fwrite(text.data(), 1, text.size(), file);
  std::fclose(file);
  ReadAll(text, TraceOptions::OnBadRow::kFail);
  ReadAll(text, TraceOptions::OnBadRow::kRoute);
  return 0;
}
