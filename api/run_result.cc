#include "tidemark/run_result.h"

#include <stdexcept>
#include <string>

#include "api/internal/convert.h"
#include "engine/core/record.h"
#include "engine/core/schema.h"
#include "sim/check/kinds/ledger_expectation.h"
#include "sim/trace/csv_writer.h"

namespace tidemark {

std::optional<size_t> Sink::FieldIndex(std::string_view name) const {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name == name) return i;
  }
  return std::nullopt;
}

const Value& Sink::Get(size_t record, std::string_view field) const {
  const std::optional<size_t> index = FieldIndex(field);
  if (!index) {
    throw std::out_of_range("sink '" + name + "' has no field '" + std::string(field) + "'");
  }
  if (record >= records.size()) {
    throw std::out_of_range("sink '" + name + "' has " + std::to_string(records.size()) +
                            " records, not " + std::to_string(record + 1));
  }
  return records[record].values.at(*index);
}

std::string Sink::CsvHeader() const {
  std::vector<engine::Field> schema;
  for (const Field& f : fields) {
    schema.push_back({.name = f.name, .type = static_cast<engine::ValueType>(f.type)});
  }
  return sim::CsvHeader(engine::Schema(std::move(schema)));
}

std::vector<std::string> Sink::CsvLines() const {
  std::vector<std::string> lines;
  lines.reserve(records.size());
  engine::Record row;
  for (const SinkRecord& r : records) {
    row.values = r.values;
    lines.push_back(sim::CsvRow(row));
  }
  return lines;
}

std::string_view FateName(Fate fate) {
  const engine::Fate wanted = api::internal::ToEngineFate(fate);
  for (const sim::LedgerCounterName& counter : sim::LedgerCounters()) {
    if (counter.fate == wanted) return counter.name;
  }
  return "?";  // unreachable: the scenario format names every fate
}

uint64_t Ledger::Count(std::string_view stream, Fate fate) const {
  uint64_t total = 0;
  for (const LedgerCount& c : counts) {
    if (c.stream == stream && c.fate == fate) total += c.count;
  }
  return total;
}

uint64_t Ledger::ToTag(std::string_view stream, std::string_view tag) const {
  uint64_t total = 0;
  for (const LedgerCount& c : counts) {
    if (c.stream == stream && c.tag == tag &&
        (c.fate == Fate::kRoutedToTag || c.fate == Fate::kLateToSideOutput)) {
      total += c.count;
    }
  }
  return total;
}

uint64_t Ledger::Total(Fate fate) const {
  uint64_t total = 0;
  for (const LedgerCount& c : counts) {
    if (c.fate == fate) total += c.count;
  }
  return total;
}

const Sink& RunResult::sink(std::string_view name) const {
  for (const Sink& s : sinks) {
    if (s.name == name) return s;
  }
  throw std::out_of_range("no sink '" + std::string(name) + "'");
}

}  // namespace tidemark
