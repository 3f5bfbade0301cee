#include "reports/pages/sink_row_spool.h"

#include "engine/core/input_error.h"
#include "sim/trace/csv_writer.h"

namespace tidemark::reports {

namespace {

[[noreturn]] void Fail(const char* what) {
  throw engine::InputError({"(temporary file)", 0, 0}, what,
                           "check that the temporary folder ($TMPDIR or /tmp) is writable and "
                           "has room");
}

}  // namespace

SinkRowSpool::SinkRowSpool(size_t sinks) {
  for (size_t s = 0; s < sinks; ++s) {
    std::FILE* file = std::tmpfile();
    if (file == nullptr) Fail("cannot make a temporary file for the sink rows");
    files_.push_back(file);
  }
}

SinkRowSpool::~SinkRowSpool() {
  for (std::FILE* file : files_) std::fclose(file);
}

void SinkRowSpool::Add(size_t sink, const engine::Record& record) {
  line_ = sim::CsvRow(record);
  line_ += '\n';
  std::fwrite(line_.data(), 1, line_.size(), files_[sink]);
}

void SinkRowSpool::CopyTo(size_t sink, std::FILE* out) {
  std::FILE* file = files_[sink];
  if (std::ferror(file) != 0 || std::fflush(file) != 0)
    Fail("cannot write the sink rows to a temporary file");
  std::rewind(file);
  char block[1 << 16];
  size_t n = 0;
  while ((n = std::fread(block, 1, sizeof block, file)) > 0) std::fwrite(block, 1, n, out);
  if (std::ferror(file) != 0) Fail("cannot read the sink rows back from their temporary file");
}

}  // namespace tidemark::reports
