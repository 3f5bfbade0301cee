#include "sim/trace/kafka_dump_trace_reader.h"

#include <cstdint>
#include <limits>
#include <utility>

#include <fmt/format.h>

#include "sim/trace/csv_cell.h"

namespace tidemark::sim {

namespace {

constexpr std::string_view kDumpHint =
    "dump the topic with kafka-console-consumer --property print.timestamp=true --property "
    "print.partition=true --property print.offset=true --property print.key=true";

// The next tab-separated field of `body` from `at`; `at` moves past its tab.
// False when there is no tab left.
bool NextField(std::string_view body, size_t& at, std::string_view& field) {
  const size_t tab = body.find('\t', at);
  if (tab == std::string_view::npos) return false;
  field = body.substr(at, tab - at);
  at = tab + 1;
  return true;
}

}  // namespace

KafkaDumpTraceReader::KafkaDumpTraceReader(std::string path, TraceOptions options)
    : LineTraceReader(std::move(path), std::move(options),
                      "a Kafka dump has one record per line; is this a console-consumer dump?"),
      json_values_({.schema = this->options().schema,
                    .event_time_field = event_time_field(),
                    .key_fields = this->options().key_fields,
                    .dead_letter = this->options().on_bad_row == TraceOptions::OnBadRow::kRoute,
                    .timing_keys = false}),
      csv_values_({.schema = this->options().schema,
                   .event_time_field = event_time_field(),
                   .key_fields = this->options().key_fields,
                   .dead_letter = this->options().on_bad_row == TraceOptions::OnBadRow::kRoute}) {}

bool KafkaDumpTraceReader::ParseLine(std::string_view body, TraceRow& row, RowError& error) {
  size_t at = 0;
  std::string_view field;
  // The timestamp.
  if (!NextField(body, at, field)) {
    return RefuseRow(error, 0, "the line is not a Kafka record: it has no tab-separated fields",
                     std::string(kDumpHint));
  }
  std::optional<engine::Timestamp> arrival;
  if (field != "NO_TIMESTAMP") {
    const size_t colon = field.find(':');
    const std::string_view type = field.substr(0, colon);
    int64_t ms = 0;
    if (colon == std::string_view::npos || (type != "CreateTime" && type != "LogAppendTime") ||
        !ParseIntCell(field.substr(colon + 1), &ms)) {
      return RefuseRow(
          error, 0,
          fmt::format("expected the record's timestamp, as in CreateTime:1700000000000, "
                      "got {}",
                      QuoteForMessage(field)),
          fmt::format("a record starts with CreateTime:MS, LogAppendTime:MS or "
                      "NO_TIMESTAMP; {}",
                      kDumpHint));
    }
    arrival = engine::Timestamp::Millis(ms);
  }
  // The partition, then the offset.
  const size_t partition_at = at;
  int64_t partition = -1;
  bool has_field = NextField(body, at, field);
  if (!has_field) field = body.substr(at);
  if (!has_field || !field.starts_with("Partition:") ||
      !ParseIntCell(field.substr(10), &partition) || partition < 0 ||
      partition > std::numeric_limits<int32_t>::max()) {
    return RefuseRow(error, partition_at,
                     fmt::format("expected the record's partition, as in Partition:0, got {}",
                                 QuoteForMessage(field)),
                     std::string(kDumpHint));
  }
  const size_t offset_at = at;
  int64_t offset = -1;
  has_field = NextField(body, at, field);
  if (!has_field) field = body.substr(at);
  if (!has_field || !field.starts_with("Offset:") || !ParseIntCell(field.substr(7), &offset) ||
      offset < 0) {
    return RefuseRow(
        error, offset_at,
        fmt::format("expected the record's offset, as in Offset:5, got {}", QuoteForMessage(field)),
        std::string(kDumpHint));
  }
  // The key (unused), then the value: the rest of the line.
  if (!NextField(body, at, field)) {
    return RefuseRow(error, at, "the record has no key and value after its offset",
                     fmt::format("{} (the key is printed, then a tab, then the value)", kDumpHint));
  }
  const size_t value_at = at;
  const std::string_view value = body.substr(value_at);
  const size_t first = value.find_first_not_of(" \t");
  const bool json = first != std::string_view::npos && value[first] == '{';
  if (!(json ? json_values_.Parse(value, row, error) : csv_values_.Parse(value, row, error))) {
    error.offset += value_at;
    return false;
  }
  row.arrival = arrival;
  row.partition = static_cast<int32_t>(partition);
  return true;
}

}  // namespace tidemark::sim
