#include "sim/trace/csv_value_parser.h"

#include <utility>

#include <fmt/format.h>

#include "engine/core/ascii.h"
#include "sim/trace/csv_cell.h"

namespace tidemark::sim {

CsvValueParser::CsvValueParser(Options options) : options_(std::move(options)) {}

bool CsvValueParser::Split(std::string_view text, RowError& error) {
  size_t count = 0;
  size_t at = 0;
  for (;;) {
    if (count == cells_.size()) cells_.emplace_back();
    Cell& cell = cells_[count++];
    cell.text.clear();
    cell.quoted = false;
    while (at < text.size() && engine::IsBlank(text[at])) ++at;
    cell.offset = at;
    if (at < text.size() && text[at] == '"') {
      cell.quoted = true;
      for (++at;; ++at) {
        if (at == text.size()) {
          return RefuseRow(error, cell.offset, "a quoted cell is not closed",
                           "end the cell with '\"'; write a quote inside a cell as '\"\"'");
        }
        if (text[at] != '"') {
          cell.text += text[at];
        } else if (at + 1 < text.size() && text[at + 1] == '"') {
          cell.text += '"';
          ++at;
        } else {
          break;
        }
      }
      ++at;  // the closing quote
      while (at < text.size() && engine::IsBlank(text[at])) ++at;
      if (at < text.size() && text[at] != ',') {
        return RefuseRow(error, at, "text after a quoted cell's closing quote",
                         "quote the whole cell, as in \"a \"\"b\"\" c\"");
      }
    } else {
      const size_t comma = std::min(text.find(',', at), text.size());
      std::string_view plain = text.substr(at, comma - at);
      while (!plain.empty() && engine::IsBlank(plain.back())) plain.remove_suffix(1);
      cell.text = plain;
      at = comma;
    }
    if (at == text.size()) break;
    ++at;  // the comma
  }
  cells_.resize(count);
  return true;
}

bool CsvValueParser::Parse(std::string_view text, TraceRow& row, RowError& error) {
  if (!Split(text, error)) return false;
  const engine::Schema& schema = options_.schema;
  if (cells_.size() != schema.size()) {
    return RefuseRow(
        error, cells_.size() > schema.size() ? cells_[schema.size()].offset : 0,
        fmt::format("the CSV value has {} cell{}, the schema {} field{}", cells_.size(),
                    cells_.size() == 1 ? "" : "s", schema.size(), schema.size() == 1 ? "" : "s"),
        fmt::format("a CSV value holds the schema's fields in order: {}; quote a "
                    "cell that contains ','",
                    fmt::join(schema.names(), ",")));
  }
  row.kind = TraceRowKind::kEvent;
  row.watermark = engine::Timestamp::Min();
  row.record.values.resize(schema.size());
  for (size_t f = 0; f < schema.size(); ++f) {
    const Cell& cell = cells_[f];
    const engine::ValueType type = schema.field(f).type;
    engine::Value& value = row.record.values[f];
    if (cell.text.empty() && !(cell.quoted && type == engine::ValueType::kString)) {
      value = std::monostate();
      continue;
    }
    if (ParseCellInto(cell.text, type, value, nullptr)) continue;
    CellError cell_error;
    engine::Value scratch;
    ParseCellInto(cell.text, type, scratch, &cell_error);
    return RefuseRow(error, cell.offset,
                     fmt::format("field '{}' {}", schema.field(f).name, cell_error.message),
                     std::move(cell_error.hint));
  }
  const std::string& time_name = schema.field(options_.event_time_field).name;
  const auto* ms = std::get_if<int64_t>(&row.record.values[options_.event_time_field]);
  if (ms == nullptr) {
    return RefuseRow(error, cells_[options_.event_time_field].offset,
                     fmt::format("event-time field '{}' is empty", time_name),
                     fmt::format("every event needs its event time in '{}'", time_name));
  }
  row.record.timestamp = engine::Timestamp::Millis(*ms);
  for (const KeyField& key : options_.key_fields) {
    if (!std::holds_alternative<std::monostate>(row.record.values[key.field])) continue;
    return RefuseRow(error, cells_[key.field].offset,
                     NullKeyMessage(schema.field(key.field).name, key.keyed_stream),
                     NullKeyHint(options_.dead_letter));
  }
  return true;
}

}  // namespace tidemark::sim
