#include "sim/trace/trace_header.h"

#include <array>
#include <string_view>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "engine/core/nearest_name.h"
#include "sim/trace/csv_cell.h"

namespace tidemark::sim {

namespace {

struct ReservedColumn {
  std::string_view name;
  TraceColumnRole role;
};

// @channel is @partition under the name a script source gives it: the input
// channel a row is delivered on.
constexpr std::array<ReservedColumn, 4> kReserved = {{
    {"@arrival", TraceColumnRole::kArrival},
    {"@partition", TraceColumnRole::kPartition},
    {"@kind", TraceColumnRole::kKind},
    {"@channel", TraceColumnRole::kPartition},
}};

const std::vector<std::string>& ReservedNames() {
  static const std::vector<std::string> names(
      {std::string(kReserved[0].name), std::string(kReserved[1].name),
       std::string(kReserved[2].name), std::string(kReserved[3].name)});
  return names;
}

TraceColumn Classify(const CsvRecordReader& reader, size_t i, const engine::Schema& schema) {
  const std::string_view name = reader.cell(i);
  if (name.empty()) {
    throw engine::InputError(reader.CellLocation(i),
                             fmt::format("header cell {} has no column name", i + 1),
                             "name each column after a schema field, or @arrival, @partition "
                             "or @kind");
  }
  if (name.front() == '@') {
    for (const ReservedColumn& r : kReserved) {
      if (name == r.name) return {.role = r.role, .field = 0, .name = std::string(name)};
    }
    throw engine::InputError(reader.CellLocation(i),
                             fmt::format("unknown reserved column {}", QuoteForMessage(name)),
                             engine::UnknownNameHint(name, ReservedNames()));
  }
  if (const std::optional<size_t> field = schema.IndexOf(name)) {
    return {.role = TraceColumnRole::kField, .field = *field, .name = std::string(name)};
  }
  throw engine::InputError(reader.CellLocation(i),
                           fmt::format("unknown column {}", QuoteForMessage(name)),
                           engine::UnknownNameHint(name, schema.names()));
}

}  // namespace

TraceHeader TraceHeader::Parse(const CsvRecordReader& reader, const engine::Schema& schema) {
  constexpr size_t kNone = ~size_t{0};
  TraceHeader header;
  header.field_columns_.assign(schema.size(), kNone);
  for (size_t i = 0; i < reader.size(); ++i) {
    TraceColumn column = Classify(reader, i, schema);
    for (size_t earlier = 0; earlier < header.columns_.size(); ++earlier) {
      if (header.columns_[earlier].name != column.name) continue;
      throw engine::InputError(reader.CellLocation(i),
                               fmt::format("column '{}' appears twice in the header", column.name),
                               fmt::format("the first '{}' is at column {}", column.name,
                                           reader.CellLocation(earlier).column));
    }
    if (column.role == TraceColumnRole::kPartition && header.ColumnOf(column.role)) {
      throw engine::InputError(reader.CellLocation(i),
                               "'@channel' and '@partition' name the same column",
                               "keep one: @channel in a script source, @partition elsewhere");
    }
    if (column.role == TraceColumnRole::kField) header.field_columns_[column.field] = i;
    header.columns_.push_back(std::move(column));
  }
  for (size_t field = 0; field < schema.size(); ++field) {
    if (header.field_columns_[field] != kNone) continue;
    throw engine::InputError(
        reader.start(),
        fmt::format("the header has no column for schema field '{}'", schema.field(field).name),
        fmt::format("the header names every field of the schema {}; @arrival, @partition and "
                    "@kind are optional",
                    schema.ToString()));
  }
  return header;
}

std::optional<size_t> TraceHeader::ColumnOf(TraceColumnRole role) const {
  for (size_t i = 0; i < columns_.size(); ++i) {
    if (columns_[i].role == role) return i;
  }
  return std::nullopt;
}

}  // namespace tidemark::sim
