// Memory does not grow with the trace in any format: a million rows of CSV,
// JSON lines and a Kafka dump (JSON and CSV values) are read through a named
// pipe, written by a thread as they are read (no file on disk, and no way for
// a reader to map or pre-size the input), while the reading thread samples
// its resident set. A reader that kept its rows would grow by some 100 MB
// (a row is over 100 bytes in memory); the budget is 16 MB over the reading
// of the first 100,000 rows. Under AddressSanitizer, whose quarantine keeps
// freed memory resident by design, the test is disabled.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <thread>

#include <boost/test/unit_test.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/trace/csv_test_file.h"
#include "sim/trace/csv_trace_reader.h"
#include "sim/trace/json_lines_trace_reader.h"
#include "sim/trace/kafka_dump_trace_reader.h"

namespace tidemark::sim {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kUnderAsan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kUnderAsan = true;
#else
constexpr bool kUnderAsan = false;
#endif
#else
constexpr bool kUnderAsan = false;
#endif

constexpr int kRows = 1'000'000;
constexpr int64_t kBudgetKb = 16 * 1024;

// The resident set of this process, in KB, from /proc/self/status.
int64_t ResidentKb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stoll(line.substr(6));
  }
  BOOST_FAIL("no VmRSS in /proc/self/status");
  return 0;
}

TraceOptions PipeTraceOptions() {
  return {.schema = engine::Schema({{"user.id", engine::ValueType::kString},
                                    {"ts", engine::ValueType::kInt},
                                    {"temperature", engine::ValueType::kDouble}}),
          .event_time_field = "ts",
          .key_fields = {{.field = 0, .keyed_stream = "counts"}}};
}

// Reads kRows rows that `line(i)` writes into a pipe, with `header` first;
// checks each row's timestamp and returns the growth of the resident set
// from row 100,000 to the end, in KB.
template <typename Reader>
int64_t GrowthReading(const std::string& header, const std::function<std::string(int)>& line) {
  const CsvTestFile dir("memory", "");
  const std::string pipe = dir.dir() + "/trace.pipe";
  BOOST_TEST_REQUIRE(::mkfifo(pipe.c_str(), 0600) == 0);
  std::thread writer([&] {
    std::FILE* out = std::fopen(pipe.c_str(), "wb");
    if (out == nullptr) return;
    std::fputs(header.c_str(), out);
    for (int i = 0; i < kRows; ++i) std::fputs(line(i).c_str(), out);
    std::fclose(out);
  });
  int64_t base = 0, peak = 0;
  int rows = 0;
  bool ordered = true;
  {
    Reader reader(pipe, PipeTraceOptions());
    TraceRow row;
    while (reader.Next(row)) {
      ordered =
          ordered && row.kind == TraceRowKind::kEvent && row.record.timestamp.millis() == rows;
      if (++rows == 100'000) base = ResidentKb();
      if (rows % 100'000 == 0) peak = std::max(peak, ResidentKb());
    }
  }
  writer.join();
  BOOST_TEST(rows == kRows);
  BOOST_TEST(ordered);
  return peak - base;
}

std::string User(int i) { return "u" + std::to_string(i % 1000); }

BOOST_AUTO_TEST_SUITE(trace_memory, *boost::unit_test::enable_if<!kUnderAsan>())

BOOST_AUTO_TEST_CASE(a_million_csv_rows_read_in_flat_memory) {
  const int64_t growth = GrowthReading<CsvTraceReader>("user.id,ts,temperature\n", [](int i) {
    return User(i) + "," + std::to_string(i) + ",1.5\n";
  });
  BOOST_TEST(growth < kBudgetKb);
}

BOOST_AUTO_TEST_CASE(a_million_json_lines_read_in_flat_memory) {
  const int64_t growth = GrowthReading<JsonLinesTraceReader>("", [](int i) {
    return "{\"user\": {\"id\": \"" + User(i) + "\"}, \"ts\": " + std::to_string(i) +
           ", \"temperature\": 1.5}\n";
  });
  BOOST_TEST(growth < kBudgetKb);
}

BOOST_AUTO_TEST_CASE(a_million_kafka_records_read_in_flat_memory) {
  // Even records carry a JSON value, odd ones a CSV value.
  const int64_t growth = GrowthReading<KafkaDumpTraceReader>("", [](int i) {
    const std::string prefix = "CreateTime:" + std::to_string(1700000000000 + i) +
                               "\tPartition:0\tOffset:" + std::to_string(i) + "\tk\t";
    if (i % 2 == 0) {
      return prefix + "{\"user.id\": \"" + User(i) + "\", \"ts\": " + std::to_string(i) +
             ", \"temperature\": 1.5}\n";
    }
    return prefix + User(i) + "," + std::to_string(i) + ",1.5\n";
  });
  BOOST_TEST(growth < kBudgetKb);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
