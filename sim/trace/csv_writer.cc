#include "sim/trace/csv_writer.h"

namespace tidemark::sim {

std::string CsvCell(std::string_view text) {
  const bool needs_quotes = text.empty() || text.find_first_of(",\"\n\r") != std::string::npos ||
                            text.front() == ' ' || text.back() == ' ' || text.front() == '\t' ||
                            text.back() == '\t';
  if (!needs_quotes) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string CsvHeader(const engine::Schema& schema) {
  std::string out;
  for (size_t i = 0; i < schema.size(); ++i) {
    if (i > 0) out += ',';
    out += CsvCell(schema.field(i).name);
  }
  return out;
}

std::string CsvRow(const engine::Record& record) {
  std::string out;
  for (size_t i = 0; i < record.values.size(); ++i) {
    if (i > 0) out += ',';
    if (engine::TypeOf(record.values[i]) != engine::ValueType::kNull) {
      out += CsvCell(engine::FormatValue(record.values[i]));
    }
  }
  return out;
}

}  // namespace tidemark::sim
