#include "reports/report_files.h"

#include <filesystem>
#include <fstream>

#include "engine/input_error.h"
#include "reports/html_report.h"
#include "reports/json_report.h"
#include "reports/markdown_report.h"
#include "reports/text_report.h"
#include "sim/check/expectations.h"
#include "sim/trace/csv_writer.h"

namespace tidemark::reports {

namespace {

std::string SafeName(const std::string& name) {
  std::string out;
  for (char c : name) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '.' || c == '_' || c == '-';
    out += plain ? c : '_';
  }
  return out.empty() || out[0] == '.' ? "_" + out : out;
}

// With metadata, the columns golden files may carry too: an empty
// @timestamp is no timestamp.
std::string SinkCsv(const sim::SinkOutput& sink, bool metadata) {
  std::string out = sim::CsvHeader(sink.schema) + (metadata ? ",@timestamp,@watermark,@at\n" : "\n");
  for (size_t i = 0; i < sink.records.size(); ++i) {
    out += sim::CsvRow(sink.records[i]);
    if (metadata) {
      const engine::Timestamp ts = sink.records[i].timestamp;
      out += "," + (ts.is_min() ? std::string() : sim::FormatMetadataTime(ts, true));
      out += "," + sim::FormatMetadataTime(sink.emissions[i].watermark, false);
      out += "," + sim::FormatMetadataTime(sink.emissions[i].at, false);
    }
    out += "\n";
  }
  return out;
}

}  // namespace

std::vector<ReportFile> RenderReportFiles(const RunStory& story, const ReportContext& context) {
  std::vector<ReportFile> files;
  files.push_back({"report.html", FormatHtmlReport(story, context)});
  files.push_back({"report.md", FormatMarkdownReport(story, context)});
  files.push_back({"report.json", FormatJsonReport(story, context)});
  for (const sim::SinkOutput& sink : story.result().sinks) {
    files.push_back({SafeName(sink.name) + ".csv", SinkCsv(sink, context.record_metadata)});
  }
  return files;
}

void WriteReportFiles(const std::string& folder, const std::vector<ReportFile>& files) {
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) {
    throw engine::InputError({folder, 0, 0}, "cannot create the report folder: " + error.message());
  }
  for (const ReportFile& file : files) {
    const std::string path = (std::filesystem::path(folder) / file.name).string();
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(file.content.data(), static_cast<std::streamsize>(file.content.size()));
    out.close();
    if (!out) throw engine::InputError({path, 0, 0}, "cannot write the report file");
  }
}

}  // namespace tidemark::reports
