#include "sim/check/expectation_update.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "engine/input_error.h"
#include "sim/trace/csv_writer.h"

namespace tidemark::sim {

namespace {

bool IsPlainYamlString(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (!(std::isalnum(u) || c == '_' || c == '-' || c == '.' || c == '@' || c == '/')) return false;
  }
  std::string lower = s;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* reserved : {"true", "false", "yes", "no", "on", "off", "null", "y", "n"}) {
    if (lower == reserved) return false;
  }
  return true;
}

// The fields every row of `e` names, in their order, when they all name the
// same ones; otherwise every field of the sink.
std::vector<size_t> FieldsToWrite(const SinkExpectation& e, const engine::Schema& schema) {
  std::vector<size_t> all(schema.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  if (e.rows.empty()) return all;
  std::vector<size_t> shared;
  for (const auto& [name, text] : e.rows.front().cells) shared.push_back(*schema.IndexOf(name));
  for (const ExpectedRow& row : e.rows) {
    if (row.cells.size() != shared.size()) return all;
    for (size_t c = 0; c < row.cells.size(); ++c) {
      if (*schema.IndexOf(row.cells[c].first) != shared[c]) return all;
    }
  }
  return shared;
}

std::string SinkBlock(const SinkExpectation& e, const SinkOutput& output) {
  if (!e.golden.empty()) return fmt::format("  {}: {{golden: {}}}\n", e.sink, e.golden_as_written);
  const std::vector<size_t> fields = FieldsToWrite(e, output.schema);
  const bool options = e.order == SinkExpectation::Order::kUnordered || e.tolerance != 1e-9;
  std::string out = fmt::format("  {}:", e.sink);
  if (output.records.empty() && !options) return out + " []\n";
  out += "\n";
  std::string indent = "    ";
  if (options) {
    if (e.order == SinkExpectation::Order::kUnordered) out += "    order: unordered\n";
    if (e.tolerance != 1e-9) out += fmt::format("    tolerance: {}\n", e.tolerance);
    out += output.records.empty() ? "    records: []\n" : "    records:\n";
    indent = "      ";
  }
  for (const engine::Record& record : output.records) {
    std::vector<std::string> cells;
    for (size_t f : fields) {
      cells.push_back(fmt::format("{}: {}", output.schema.field(f).name, YamlScalar(record.values[f])));
    }
    out += fmt::format("{}- {{{}}}\n", indent, fmt::join(cells, ", "));
  }
  return out;
}

void WriteFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw engine::InputError({path, 0, 0}, "cannot write the file");
}

}  // namespace

std::string YamlScalar(const engine::Value& value) {
  switch (engine::TypeOf(value)) {
    case engine::ValueType::kNull: return "null";
    case engine::ValueType::kList:  // "[a, b]" would read as a YAML sequence: quote it
    case engine::ValueType::kString: {
      const std::string s = engine::TypeOf(value) == engine::ValueType::kList
                                ? engine::FormatValue(value)
                                : std::get<std::string>(value);
      if (IsPlainYamlString(s)) return s;
      std::string out = "\"";
      for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n') {
          out += "\\n";
          continue;
        }
        out += c;
      }
      return out + "\"";
    }
    default: return engine::FormatValue(value);
  }
}

std::string RewriteExpectationBlock(const std::string& scenario_text, const JobPlan& plan,
                                    const RunResult& result) {
  std::string block = "expect:\n";
  for (const SinkExpectation& e : plan.spec.expectations) {
    const PlannedSink* sink = plan.FindSink(e.sink);
    block += SinkBlock(e, result.sinks[static_cast<size_t>(sink - plan.sinks.data())]);
  }
  // The block runs from the top-level `expect:` line to the next line that
  // starts a top-level key (or the end of the file).
  size_t begin = std::string::npos;
  for (size_t at = 0; at < scenario_text.size(); at = scenario_text.find('\n', at) + 1) {
    if (scenario_text.compare(at, 7, "expect:") == 0) begin = at;
    if (scenario_text.find('\n', at) == std::string::npos) break;
  }
  if (begin == std::string::npos) {
    return scenario_text + (scenario_text.ends_with("\n") ? "" : "\n") + block;
  }
  size_t stop = scenario_text.size();
  for (size_t at = scenario_text.find('\n', begin); at != std::string::npos && at + 1 < scenario_text.size();
       at = scenario_text.find('\n', at + 1)) {
    const char first = scenario_text[at + 1];
    if (first != ' ' && first != '\t' && first != '\n') {
      stop = at + 1;
      break;
    }
  }
  return scenario_text.substr(0, begin) + block + scenario_text.substr(stop);
}

std::vector<std::string> UpdateExpectations(const JobPlan& plan, const RunResult& result) {
  std::vector<std::string> written;
  bool inline_rows = false;
  for (const SinkExpectation& e : plan.spec.expectations) {
    const PlannedSink* sink = plan.FindSink(e.sink);
    const SinkOutput& output = result.sinks[static_cast<size_t>(sink - plan.sinks.data())];
    if (e.golden.empty()) {
      inline_rows = true;
      continue;
    }
    std::string csv = CsvHeader(output.schema) + "\n";
    for (const engine::Record& record : output.records) csv += CsvRow(record) + "\n";
    WriteFile(e.golden, csv);
    written.push_back(e.golden);
  }
  if (inline_rows) {
    std::ifstream in(plan.spec.file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    WriteFile(plan.spec.file, RewriteExpectationBlock(text.str(), plan, result));
    written.push_back(plan.spec.file);
  }
  return written;
}

}  // namespace tidemark::sim
