// Test support: a CSV file written to a fresh temporary directory and removed
// with it, and a CSV trace read to its end. Used by the sim unit tests and the
// CSV property tests; not part of the library.
#ifndef TIDEMARK_SIM_TRACE_CSV_TEST_FILE_H_
#define TIDEMARK_SIM_TRACE_CSV_TEST_FILE_H_

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <unistd.h>

#include "sim/trace/csv_trace_reader.h"

namespace tidemark::sim {

class CsvTestFile {
 public:
  // Writes `contents` byte for byte to <tmp>/tidemark-<test_name>-<pid>-<n>/<file_name>.
  CsvTestFile(std::string_view test_name, std::string_view contents,
              std::string_view file_name = "trace.csv") {
    static std::atomic<int> counter{0};
    dir_ = std::filesystem::temp_directory_path() /
           ("tidemark-" + std::string(test_name) + "-" + std::to_string(::getpid()) + "-" +
            std::to_string(counter++));
    std::filesystem::create_directories(dir_);
    path_ = (dir_ / file_name).string();
    std::ofstream out(path_, std::ios::binary);
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
  }
  ~CsvTestFile() {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  CsvTestFile(const CsvTestFile&) = delete;
  CsvTestFile& operator=(const CsvTestFile&) = delete;

  const std::string& path() const { return path_; }
  std::string dir() const { return dir_.string(); }

 private:
  std::filesystem::path dir_;
  std::string path_;
};

// Every row of the CSV trace at `path`.
inline std::vector<TraceRow> ReadCsvTrace(const std::string& path, TraceOptions options) {
  CsvTraceReader reader(path, std::move(options));
  std::vector<TraceRow> rows;
  while (std::optional<TraceRow> row = reader.Next()) rows.push_back(std::move(*row));
  return rows;
}

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_CSV_TEST_FILE_H_
