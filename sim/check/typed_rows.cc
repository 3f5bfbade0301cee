#include "sim/check/internal/typed_rows.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "sim/check/expectations.h"
#include "sim/trace/csv_cell.h"
#include "sim/trace/csv_record_reader.h"
#include "sim/trace/csv_writer.h"

namespace tidemark::sim::internal {

using engine::Timestamp;
using engine::Value;

namespace {

// A metadata cell: milliseconds, "+inf", "-inf"; empty (a null @timestamp)
// is Min, "no timestamp".
std::optional<Timestamp> ParseTime(std::string_view text) {
  if (text.empty()) return Timestamp::Min();
  if (text == "+inf") return Timestamp::Max();
  if (text == "-inf") return Timestamp::Min();
  const auto v = ParseCell(text, engine::ValueType::kInt);
  if (!v) return std::nullopt;
  return Timestamp::Millis(std::get<int64_t>(*v));
}

bool Near(const Value& expected, const Value& actual, double tolerance) {
  const auto e = engine::AsDouble(expected);
  const auto a = engine::AsDouble(actual);
  if (e && a &&
      (engine::TypeOf(expected) == engine::ValueType::kDouble ||
       engine::TypeOf(actual) == engine::ValueType::kDouble)) {
    if (std::isnan(*e) || std::isnan(*a)) return std::isnan(*e) && std::isnan(*a);
    const double diff = std::fabs(*e - *a);
    return diff <= tolerance || diff <= tolerance * std::max(std::fabs(*e), std::fabs(*a));
  }
  return expected == actual;
}

std::string ShowMetadata(Metadata m, Timestamp t) {
  return fmt::format("{}: {}", MetadataName(m), FormatMetadataTime(t, m == Metadata::kTimestamp));
}

}  // namespace

std::optional<Metadata> ParseMetadataName(std::string_view name) {
  if (name == "@timestamp") return Metadata::kTimestamp;
  if (name == "@watermark") return Metadata::kWatermark;
  if (name == "@at") return Metadata::kAt;
  return std::nullopt;
}

std::string_view MetadataName(Metadata m) {
  switch (m) {
    case Metadata::kTimestamp: return "@timestamp";
    case Metadata::kWatermark: return "@watermark";
    case Metadata::kAt: return "@at";
  }
  return "?";
}

TypedRow TypeRow(const ExpectedRow& row, const engine::Schema& schema, const std::string& sink) {
  TypedRow typed;
  typed.where = row.where;
  for (size_t c = 0; c < row.cells.size(); ++c) {
    const auto& [name, text] = row.cells[c];
    if (const std::optional<Metadata> m = ParseMetadataName(name)) {
      const std::optional<Timestamp> t = ParseTime(row.cell_null[c] ? "" : text);
      if (!t || (text.empty() && !row.cell_null[c])) {
        throw engine::InputError(
            row.cell_where[c],
            fmt::format("expected {} '{}' for '{}' is not a time", name, text, sink),
            "write milliseconds, '+inf' or '-inf'");
      }
      typed.metadata.emplace_back(*m, *t);
      continue;
    }
    const size_t index = *schema.IndexOf(name);  // checked by PlanJob
    const engine::ValueType type = schema.field(index).type;
    if (row.cell_null[c]) {
      typed.cells.emplace_back(index, Value{});
      continue;
    }
    auto value = ParseCell(text, type);
    if (!value) {
      throw engine::InputError(row.cell_where[c],
                               fmt::format("expected value '{}' for '{}.{}' is not {}", text, sink,
                                           name, engine::TypeName(type)),
                               "write the value as the sink writes it; `tidemark check --update` "
                               "rewrites a golden file from a run");
    }
    typed.cells.emplace_back(index, std::move(*value));
  }
  return typed;
}

std::vector<TypedRow> ReadGolden(const std::string& path, const engine::Schema& schema,
                                 const SourceLocation& named_at) {
  std::unique_ptr<CsvRecordReader> reader;
  try {
    reader = std::make_unique<CsvRecordReader>(path);
  } catch (const engine::InputError& e) {
    throw engine::InputError(named_at, e.message(),
                             "run `tidemark check --update` to write it from the current output");
  }
  auto next = [&] {
    const CsvRecordReader::Status status = reader->Next();
    if (status == CsvRecordReader::Status::kSyntaxError) throw reader->syntax_error();
    return status == CsvRecordReader::Status::kRecord;
  };
  if (!next()) {
    throw engine::InputError({path, 1, 1}, "the golden file is empty: no header row",
                             "`tidemark check --update` writes it from a run");
  }
  std::vector<Metadata> metadata;  // the columns after the fields
  for (size_t i = 0; i < std::max(reader->size(), schema.size()); ++i) {
    if (i >= schema.size() && i < reader->size()) {
      const std::optional<Metadata> m = ParseMetadataName(reader->cell(i));
      if (m && std::find(metadata.begin(), metadata.end(), *m) == metadata.end()) {
        metadata.push_back(*m);
        continue;
      }
    }
    if (i >= reader->size() || i >= schema.size() || reader->cell(i) != schema.field(i).name) {
      throw engine::InputError(i < reader->size() ? reader->CellLocation(i) : reader->start(),
                               "the golden file's header does not match the sink",
                               fmt::format("the sink's fields are: {} (then optionally @timestamp, "
                                           "@watermark, @at)",
                                           CsvHeader(schema)));
    }
  }
  std::vector<TypedRow> rows;
  while (next()) {
    if (reader->size() != schema.size() + metadata.size()) {
      throw engine::InputError(reader->start(),
                               fmt::format("row has {} fields, the header has {}", reader->size(),
                                           schema.size() + metadata.size()),
                               "give every row one cell per header column; quote a cell that "
                               "holds a comma");
    }
    TypedRow row;
    row.where = reader->start();
    for (size_t i = 0; i < schema.size(); ++i) {
      Value value;
      CellError error;
      if (!reader->is_null(i) &&
          !ParseCellInto(reader->cell(i), schema.field(i).type, value, &error)) {
        throw engine::InputError(reader->CellLocation(i),
                                 fmt::format("column '{}' {}", schema.field(i).name, error.message),
                                 error.hint);
      }
      row.cells.emplace_back(i, std::move(value));
    }
    for (size_t k = 0; k < metadata.size(); ++k) {
      const size_t i = schema.size() + k;
      const std::optional<Timestamp> t = ParseTime(reader->is_null(i) ? "" : reader->cell(i));
      if (!t) {
        throw engine::InputError(reader->CellLocation(i),
                                 fmt::format("column '{}' expects a time, got '{}'",
                                             MetadataName(metadata[k]), reader->cell(i)),
                                 "write milliseconds, '+inf' or '-inf'; empty: no timestamp");
      }
      row.metadata.emplace_back(metadata[k], *t);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

Timestamp MetadataOf(const ActualRecord& actual, Metadata m) {
  switch (m) {
    case Metadata::kTimestamp: return actual.record->timestamp;
    case Metadata::kWatermark: return actual.emission->watermark;
    case Metadata::kAt: return actual.emission->at;
  }
  return Timestamp::Min();
}

bool Matches(const TypedRow& expected, const ActualRecord& actual, double tolerance) {
  for (const auto& [index, value] : expected.cells) {
    if (!Near(value, actual.record->values[index], tolerance)) return false;
  }
  for (const auto& [m, t] : expected.metadata) {
    if (MetadataOf(actual, m) != t) return false;
  }
  return true;
}

std::string Show(const TypedRow& row, const engine::Schema& schema) {
  std::vector<std::string> parts;
  for (const auto& [index, value] : row.cells) {
    parts.push_back(fmt::format("{}: {}", schema.field(index).name, engine::FormatValue(value)));
  }
  for (const auto& [m, t] : row.metadata) parts.push_back(ShowMetadata(m, t));
  return fmt::format("{{{}}}", fmt::join(parts, ", "));
}

std::string Show(const ActualRecord& actual, const engine::Schema& schema,
                 const std::vector<Metadata>& shown) {
  std::vector<std::string> parts;
  for (size_t i = 0; i < schema.size(); ++i) {
    parts.push_back(
        fmt::format("{}: {}", schema.field(i).name, engine::FormatValue(actual.record->values[i])));
  }
  for (Metadata m : shown) parts.push_back(ShowMetadata(m, MetadataOf(actual, m)));
  return fmt::format("{{{}}}", fmt::join(parts, ", "));
}

std::vector<std::string> Differences(const TypedRow& expected, const ActualRecord& actual,
                                     const engine::Schema& schema, double tolerance) {
  std::vector<std::string> out;
  for (const auto& [index, value] : expected.cells) {
    const Value& got = actual.record->values[index];
    if (Near(value, got, tolerance)) continue;
    out.push_back(fmt::format("field '{}' is {}, expected {}", schema.field(index).name,
                              engine::FormatValue(got), engine::FormatValue(value)));
  }
  for (const auto& [m, t] : expected.metadata) {
    const Timestamp got = MetadataOf(actual, m);
    if (got == t) continue;
    const bool ts = m == Metadata::kTimestamp;
    out.push_back(fmt::format("{} is {}, expected {}", MetadataName(m), FormatMetadataTime(got, ts),
                              FormatMetadataTime(t, ts)));
  }
  return out;
}

}  // namespace tidemark::sim::internal
