#include "sim/scenario/scenario_rows.h"

#include <filesystem>
#include <map>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "engine/core/input_error.h"
#include "sim/scenario/yaml_text.h"

namespace tidemark::sim {

namespace {

std::string_view KindCell(TraceRowKind kind) {
  switch (kind) {
    case TraceRowKind::kWatermark: return "watermark";
    case TraceRowKind::kIdle: return "idle";
    case TraceRowKind::kActive: return "active";
    default: return "event";
  }
}

InlineRow ToInlineRow(const SourceSpec& source, const TraceRow& row) {
  InlineRow out;
  const engine::SourceLocation where{source.trace_path.empty() ? "events" : source.trace_path,
                                     row.line, 1};
  out.where = where;
  auto add = [&](std::string name, std::string text, bool null) {
    out.cells.emplace_back(std::move(name), std::move(text));
    out.cell_null.push_back(null);
    out.cell_where.push_back(where);
    out.cell_key_where.push_back(where);
  };
  for (size_t f = 0; f < source.schema.size(); ++f) {
    const engine::Value& v = row.record.values[f];
    const bool null = engine::TypeOf(v) == engine::ValueType::kNull;
    std::string text;
    if (!null) {
      text = engine::TypeOf(v) == engine::ValueType::kString ? std::get<std::string>(v)
                                                             : engine::FormatValue(v);
    }
    add(source.schema.field(f).name, std::move(text), null);
  }
  add("@arrival", std::to_string(row.arrival->millis()), false);
  add("@partition", std::to_string(*row.partition), false);
  if (row.kind != TraceRowKind::kEvent) add("@kind", std::string(KindCell(row.kind)), false);
  return out;
}

// One pinned row as a YAML flow mapping.
std::string RowYaml(const SourceSpec& source, const TraceRow& row) {
  std::vector<std::string> cells;
  for (size_t f = 0; f < source.schema.size(); ++f) {
    const engine::Value& v = row.record.values[f];
    if (engine::TypeOf(v) == engine::ValueType::kNull && row.kind != TraceRowKind::kEvent) continue;
    cells.push_back(fmt::format("{}: {}", YamlKey(source.schema.field(f).name), YamlScalar(v)));
  }
  cells.push_back(fmt::format("\"@arrival\": {}", row.arrival->millis()));
  cells.push_back(fmt::format("\"@partition\": {}", *row.partition));
  if (row.kind != TraceRowKind::kEvent)
    cells.push_back(fmt::format("\"@kind\": {}", KindCell(row.kind)));
  return fmt::format("{{{}}}", fmt::join(cells, ", "));
}

std::string Emit(const YAML::Node& node, bool flow) {
  YAML::Emitter out;
  if (flow) out << YAML::Flow;
  out << node;
  return out.c_str();
}

std::string Indent(const std::string& text, const std::string& prefix) {
  std::string out;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    out += prefix + text.substr(at, end - at) + "\n";
    at = end + 1;
  }
  return out;
}

}  // namespace

ScenarioSpec WithRows(const ScenarioSpec& spec, const JobRows& rows,
                      const std::vector<RowRef>& keep) {
  ScenarioSpec out = spec;
  for (uint32_t s = 0; s < out.sources.size(); ++s) {
    if (!rows[s].shrinkable) continue;
    out.sources[s].events.clear();
    out.sources[s].trace_path.clear();
  }
  for (const RowRef& ref : keep) {
    SourceSpec& source = out.sources[ref.source];
    source.events.push_back(ToInlineRow(spec.sources[ref.source], rows[ref.source].rows[ref.row]));
  }
  return out;
}

std::string ReproScenarioText(const std::string& original_text, const ScenarioSpec& spec,
                              const JobRows& rows, const std::vector<RowRef>& keep, uint64_t seed,
                              const std::string& repro_folder,
                              const std::vector<std::string>& comment,
                              const std::vector<std::string>& added_failures) {
  YAML::Node root;
  try {
    root = YAML::Load(original_text);
  } catch (const YAML::Exception& e) {
    throw engine::InputError({spec.file, 0, 0}, e.what());
  }
  std::map<uint32_t, std::vector<uint32_t>> kept;
  for (const RowRef& ref : keep) kept[ref.source].push_back(ref.row);
  std::string out;
  for (const std::string& line : comment) out += line.empty() ? "#\n" : "# " + line + "\n";
  bool seed_written = false;
  auto write_seed = [&] {
    if (!seed_written) out += fmt::format("seed: {}\n", seed);
    seed_written = true;
  };
  // The scenario's own failures, in flow style, then the added ones.
  auto write_failures = [&](const YAML::Node* own) {
    out += "failures:\n";
    if (own != nullptr) {
      for (const auto& item : *own) out += "  - " + Emit(item, true) + "\n";
    }
    for (const std::string& f : added_failures) out += "  - " + f + "\n";
  };
  bool failures_written = false;
  for (const auto& entry : root) {
    const std::string key = entry.first.as<std::string>();
    if (key == "expect") continue;
    if (!added_failures.empty() && key == "recovery") continue;  // the counters change
    if (!added_failures.empty() && key == "failures") {
      write_failures(&entry.second);
      failures_written = true;
      continue;
    }
    if (key == "seed") {
      write_seed();
      continue;
    }
    if (key == "description") {
      out += "description: |\n" + Indent(entry.second.as<std::string>(), "  ");
      continue;
    }
    if (key != "sources") {
      if (key == "channels" || key == "streams" || key == "sinks") write_seed();
      YAML::Node one;
      one[key] = entry.second;
      out += Emit(one, false) + "\n";
      continue;
    }
    write_seed();
    out += "sources:\n";
    for (uint32_t s = 0; s < spec.sources.size(); ++s) {
      const SourceSpec& source = spec.sources[s];
      out += fmt::format("  {}:\n", YamlKey(source.name));
      const YAML::Node node = entry.second[source.name];
      for (const auto& item : node) {
        const std::string field = item.first.as<std::string>();
        // A format belongs to the trace file; shrunk rows are written inline.
        if (field == "trace" || field == "events" || field == "format") continue;
        out += fmt::format("    {}: {}\n", YamlKey(field), Emit(item.second, true));
      }
      if (!rows[s].shrinkable) {
        namespace fs = std::filesystem;
        const std::string path =
            fs::absolute(source.trace_path)
                .lexically_normal()
                .lexically_relative(fs::absolute(repro_folder).lexically_normal())
                .string();
        out += fmt::format("    trace: {}\n", YamlScalar(engine::Value(path)));
        if (source.format) out += fmt::format("    format: {}\n", TraceFormatName(*source.format));
        continue;
      }
      const auto it = kept.find(s);
      if (it == kept.end()) {
        out += "    events: []\n";
        continue;
      }
      out += "    events:\n";
      for (uint32_t r : it->second) {
        out += fmt::format("      - {}\n", RowYaml(source, rows[s].rows[r]));
      }
    }
  }
  write_seed();
  if (!added_failures.empty() && !failures_written) write_failures(nullptr);
  return out;
}

}  // namespace tidemark::sim
