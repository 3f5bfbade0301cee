#include "reports/text/sink_file_names.h"

#include <set>

#include <fmt/format.h>

namespace tidemark::reports {

namespace {

std::string Lower(std::string text) {
  for (char& c : text) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return text;
}

}  // namespace

std::string SafeFileStem(const std::string& name) {
  std::string out;
  for (char c : name) {
    if (out.size() == kMaxFileStem) break;
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '.' || c == '_' || c == '-';
    out += plain ? c : '_';
  }
  return out.empty() || out[0] == '.' ? "_" + out : out;
}

std::vector<std::string> SinkCsvFileNames(const std::vector<std::string>& names) {
  std::vector<std::string> stems;
  std::set<std::string> own;  // every stem as it would be without collisions
  for (const std::string& name : names) {
    stems.push_back(SafeFileStem(name));
    own.insert(Lower(stems.back()));
  }
  std::set<std::string> taken;
  std::vector<std::string> files;
  for (const std::string& stem : stems) {
    std::string chosen = stem;
    for (int n = 2;
         taken.count(Lower(chosen)) > 0 || (chosen != stem && own.count(Lower(chosen)) > 0); ++n) {
      chosen = fmt::format("{}-{}", stem, n);
    }
    taken.insert(Lower(chosen));
    files.push_back(chosen + ".csv");
  }
  return files;
}

std::vector<std::string> SinkCsvFileNames(const sim::JobPlan& plan) {
  std::vector<std::string> names;
  for (const sim::PlannedSink& sink : plan.sinks) names.push_back(sink.name);
  return SinkCsvFileNames(names);
}

}  // namespace tidemark::reports
