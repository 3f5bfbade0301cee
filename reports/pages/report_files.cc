#include "reports/pages/report_files.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "engine/core/input_error.h"
#include "engine/core/record.h"
#include "reports/pages/html_report.h"
#include "reports/pages/internal/json_values.h"
#include "reports/pages/json_report.h"
#include "reports/pages/markdown_report.h"
#include "reports/pages/text_report.h"
#include "reports/text/sink_file_names.h"
#include "sim/check/expectations.h"
#include "sim/trace/csv_writer.h"
#include "sim/trace/trace_input.h"

namespace tidemark::reports {

namespace {

std::string CsvHeaderLine(const engine::Schema& schema, const SinkCsvOptions& options) {
  return sim::CsvHeader(schema, options.formulas) +
         (options.metadata ? ",@timestamp,@watermark,@at\n" : "\n");
}

// With metadata, the columns golden files may carry too: an empty
// @timestamp is no timestamp.
void AppendCsvLine(const engine::Record& record, const sim::RecordEmission& emission,
                   const SinkCsvOptions& options, std::string& out) {
  out += sim::CsvRow(record, options.formulas);
  if (options.metadata) {
    const engine::Timestamp ts = record.timestamp;
    out += "," + (ts.is_min() ? std::string() : sim::FormatMetadataTime(ts, true));
    out += "," + sim::FormatMetadataTime(emission.watermark, false);
    out += "," + sim::FormatMetadataTime(emission.at, false);
  }
  out += "\n";
}

std::string SinkCsv(const sim::SinkOutput& sink, const SinkCsvOptions& options) {
  std::string out = CsvHeaderLine(sink.schema, options);
  for (size_t i = 0; i < sink.records.size(); ++i) {
    AppendCsvLine(sink.records[i], sink.emissions[i], options, out);
  }
  return out;
}

void CreateFolder(const std::string& folder) {
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) {
    throw engine::InputError({folder, 0, 0}, "cannot create the report folder: " + error.message());
  }
}

}  // namespace

std::vector<ReportFile> RenderReportPages(const RunStory& story, const ReportContext& context) {
  std::vector<ReportFile> files;
  files.push_back({"report.html", FormatHtmlReport(story, context)});
  files.push_back({"report.md", FormatMarkdownReport(story, context)});
  files.push_back({"report.json", FormatJsonReport(story, context)});
  return files;
}

std::vector<ReportFile> RenderReportFiles(const RunStory& story, const ReportContext& context) {
  std::vector<ReportFile> files = RenderReportPages(story, context);
  const std::vector<std::string> names = SinkCsvFileNames(story.plan());
  for (size_t s = 0; s < story.result().sinks.size(); ++s) {
    files.push_back({names[s], SinkCsv(story.result().sinks[s], context.csv)});
  }
  return files;
}

SinkCsvFiles::SinkCsvFiles(const std::string& folder, const sim::JobPlan& plan,
                           const SinkCsvOptions& options)
    : options_(options) {
  std::error_code error;
  for (std::filesystem::path at = folder; !at.empty() && !std::filesystem::exists(at, error);
       at = at.parent_path()) {
    created_.push_back(at.string());
    if (at == at.parent_path()) break;
  }
  CreateFolder(folder);
  const std::vector<std::string> names = SinkCsvFileNames(plan);
  for (size_t s = 0; s < plan.sinks.size(); ++s) {
    const sim::PlannedSink& sink = plan.sinks[s];
    files_.emplace_back((std::filesystem::path(folder) / names[s]).string());
    files_.back().Write(CsvHeaderLine(plan.nodes[sink.node].schema, options_));
  }
}

SinkCsvFiles::~SinkCsvFiles() {
  files_.clear();  // removes the partial files of an unfinished run
  if (finished_) return;
  for (const std::string& folder : created_) {
    std::error_code ignored;
    std::filesystem::remove(folder, ignored);  // only if empty: nothing else is lost
  }
}

void SinkCsvFiles::Add(size_t sink, const engine::Record& record,
                       const sim::RecordEmission& emission) {
  row_.clear();
  AppendCsvLine(record, emission, options_, row_);
  files_[sink].Write(row_);
}

void SinkCsvFiles::Finish() {
  finished_ = true;
  for (sim::OutputFile& file : files_) file.Commit();
}

uint64_t WriteRecordLines(const sim::JobPlan& plan, const std::string& path, uint64_t listed_rows) {
  sim::OutputFile out(path);
  uint64_t lines = 0;
  std::string line;
  for (size_t s = 0; s < plan.sources.size(); ++s) {
    auto input = sim::OpenTrace(plan.sources[s].trace);
    sim::TraceRow row;
    while (input->Next(row)) {
      nlohmann::json values = nlohmann::json::array();
      for (const engine::Value& v : row.record.values) values.push_back(internal::JsonValue(v));
      const nlohmann::json object = {{"source", plan.sources[s].name()},
                                     {"row", engine::RecordRow(row.record.id)},
                                     {"line", row.line},
                                     {"kind", sim::TraceRowKindName(row.kind)},
                                     {"event_time", row.record.timestamp.millis()},
                                     {"values", std::move(values)},
                                     {"listed", engine::RecordRow(row.record.id) < listed_rows}};
      line = object.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      line += '\n';
      out.Write(line);
      ++lines;
    }
  }
  out.Commit();
  return lines;
}

void WriteReportFiles(const std::string& folder, const std::vector<ReportFile>& files) {
  CreateFolder(folder);
  for (const ReportFile& file : files) {
    sim::WriteOutputFile((std::filesystem::path(folder) / file.name).string(), file.content);
  }
}

}  // namespace tidemark::reports
