#include "sim/check/expectations.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include <fmt/format.h>

#include "engine/input_error.h"
#include "sim/trace/csv_cell.h"
#include "sim/trace/csv_record_reader.h"
#include "sim/trace/csv_writer.h"

namespace tidemark::sim {

using engine::Value;

namespace {

// One expected row, typed: (field index, value) pairs.
struct TypedRow {
  std::vector<std::pair<size_t, Value>> cells;
};

TypedRow Type(const ExpectedRow& row, const engine::Schema& schema, const std::string& sink) {
  TypedRow typed;
  for (size_t c = 0; c < row.cells.size(); ++c) {
    const auto& [name, text] = row.cells[c];
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
                                           name, engine::TypeName(type)));
    }
    typed.cells.emplace_back(index, std::move(*value));
  }
  return typed;
}

bool Near(const Value& expected, const Value& actual, double tolerance) {
  const auto e = engine::AsDouble(expected);
  const auto a = engine::AsDouble(actual);
  if (e && a && (engine::TypeOf(expected) == engine::ValueType::kDouble ||
                 engine::TypeOf(actual) == engine::ValueType::kDouble)) {
    if (std::isnan(*e) || std::isnan(*a)) return std::isnan(*e) && std::isnan(*a);
    const double diff = std::fabs(*e - *a);
    return diff <= tolerance || diff <= tolerance * std::max(std::fabs(*e), std::fabs(*a));
  }
  return expected == actual;
}

bool Matches(const TypedRow& expected, const engine::Record& actual, double tolerance) {
  return std::all_of(expected.cells.begin(), expected.cells.end(), [&](const auto& cell) {
    return Near(cell.second, actual.values[cell.first], tolerance);
  });
}

std::string Show(const TypedRow& row, const engine::Schema& schema) {
  std::string out = "{";
  for (const auto& [index, value] : row.cells) {
    if (out.size() > 1) out += ", ";
    out += fmt::format("{}: {}", schema.field(index).name, engine::FormatValue(value));
  }
  return out + "}";
}

std::string Show(const engine::Record& record, const engine::Schema& schema) {
  std::string out = "{";
  for (size_t i = 0; i < schema.size(); ++i) {
    if (i > 0) out += ", ";
    out += fmt::format("{}: {}", schema.field(i).name, engine::FormatValue(record.values[i]));
  }
  return out + "}";
}

std::vector<std::string> DiffOrdered(const std::vector<TypedRow>& expected,
                                     const std::vector<engine::Record>& actual,
                                     const engine::Schema& schema, double tolerance) {
  std::vector<std::string> lines;
  const size_t common = std::min(expected.size(), actual.size());
  for (size_t i = 0; i < common; ++i) {
    if (Matches(expected[i], actual[i], tolerance)) continue;
    lines.push_back(fmt::format("record {}: expected {}", i + 1, Show(expected[i], schema)));
    lines.push_back(fmt::format("{:>{}}  actual {}", "", fmt::formatted_size("record {}:", i + 1),
                                Show(actual[i], schema)));
  }
  for (size_t i = common; i < expected.size(); ++i) {
    lines.push_back(fmt::format("record {}: missing {}", i + 1, Show(expected[i], schema)));
  }
  for (size_t i = common; i < actual.size(); ++i) {
    lines.push_back(fmt::format("record {}: unexpected {}", i + 1, Show(actual[i], schema)));
  }
  return lines;
}

std::vector<std::string> DiffUnordered(const std::vector<TypedRow>& expected,
                                       const std::vector<engine::Record>& actual,
                                       const engine::Schema& schema, double tolerance) {
  std::vector<bool> used(actual.size(), false);
  std::vector<std::string> lines;
  for (const TypedRow& row : expected) {
    bool found = false;
    for (size_t i = 0; i < actual.size() && !found; ++i) {
      if (!used[i] && Matches(row, actual[i], tolerance)) used[i] = found = true;
    }
    if (!found) lines.push_back(fmt::format("missing {}", Show(row, schema)));
  }
  for (size_t i = 0; i < actual.size(); ++i) {
    if (!used[i]) lines.push_back(fmt::format("unexpected {}", Show(actual[i], schema)));
  }
  return lines;
}

// A golden file: a header naming the sink's fields in order, then one row per
// record, typed by the sink's schema (an empty cell is null).
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
  if (!next()) throw engine::InputError({path, 1, 1}, "the golden file is empty: no header row");
  for (size_t i = 0; i < std::max(reader->size(), schema.size()); ++i) {
    if (i >= reader->size() || i >= schema.size() || reader->cell(i) != schema.field(i).name) {
      throw engine::InputError(i < reader->size() ? reader->CellLocation(i) : reader->start(),
                               "the golden file's header does not match the sink",
                               fmt::format("the sink's fields are: {}", CsvHeader(schema)));
    }
  }
  std::vector<TypedRow> rows;
  while (next()) {
    if (reader->size() != schema.size()) {
      throw engine::InputError(reader->start(),
                               fmt::format("row has {} fields, the header has {}", reader->size(),
                                           schema.size()));
    }
    TypedRow row;
    for (size_t i = 0; i < schema.size(); ++i) {
      Value value;
      CellError error;
      if (!reader->is_null(i) && !ParseCellInto(reader->cell(i), schema.field(i).type, value, &error)) {
        throw engine::InputError(reader->CellLocation(i),
                                 fmt::format("column '{}' {}", schema.field(i).name, error.message),
                                 error.hint);
      }
      row.cells.emplace_back(i, std::move(value));
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace

ExpectationReport CheckExpectations(const JobPlan& plan, const RunResult& result) {
  ExpectationReport report;
  for (const SinkExpectation& e : plan.spec.expectations) {
    const PlannedSink* sink = plan.FindSink(e.sink);
    const SinkOutput& output = result.sinks[sink - plan.sinks.data()];
    std::vector<TypedRow> expected;
    if (!e.golden.empty()) {
      expected = ReadGolden(e.golden, output.schema, e.where);
    } else {
      for (const ExpectedRow& row : e.rows) expected.push_back(Type(row, output.schema, e.sink));
    }
    auto lines = e.order == SinkExpectation::Order::kOrdered
                     ? DiffOrdered(expected, output.records, output.schema, e.tolerance)
                     : DiffUnordered(expected, output.records, output.schema, e.tolerance);
    if (lines.empty()) continue;
    lines.insert(lines.begin(), fmt::format("expected {} records, got {}", expected.size(),
                                            output.records.size()));
    report.diffs.push_back({e.sink, std::move(lines)});
  }
  return report;
}

}  // namespace tidemark::sim
