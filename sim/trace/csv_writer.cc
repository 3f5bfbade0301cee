#include "sim/trace/csv_writer.h"

namespace tidemark::sim {

std::string NeutraliseCsvFormula(std::string_view text) {
  const bool formula =
      !text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos;
  return formula ? "'" + std::string(text) : std::string(text);
}

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

std::string CsvHeader(const engine::Schema& schema, CsvFormulas formulas) {
  std::string out;
  for (size_t i = 0; i < schema.size(); ++i) {
    if (i > 0) out += ',';
    const std::string& name = schema.field(i).name;
    out += CsvCell(formulas == CsvFormulas::kNeutralise ? NeutraliseCsvFormula(name) : name);
  }
  return out;
}

std::string CsvRow(const engine::Record& record, CsvFormulas formulas) {
  std::string out;
  for (size_t i = 0; i < record.values.size(); ++i) {
    if (i > 0) out += ',';
    const engine::ValueType type = engine::TypeOf(record.values[i]);
    if (type == engine::ValueType::kNull) continue;
    const bool text = type == engine::ValueType::kString || type == engine::ValueType::kList;
    const std::string value = engine::FormatValue(record.values[i]);
    out +=
        CsvCell(text && formulas == CsvFormulas::kNeutralise ? NeutraliseCsvFormula(value) : value);
  }
  return out;
}

}  // namespace tidemark::sim
