#include "reports/pages/report_files.h"

#include <filesystem>
#include <fstream>

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
    File file;
    file.path = (std::filesystem::path(folder) / names[s]).string();
    file.temporary = file.path + ".partial";
    file.out = std::fopen(file.temporary.c_str(), "wb");
    if (file.out == nullptr)
      throw engine::InputError({file.path, 0, 0}, "cannot write the report file");
    files_.push_back(std::move(file));
    const std::string header = CsvHeaderLine(plan.nodes[sink.node].schema, options_);
    std::fwrite(header.data(), 1, header.size(), files_.back().out);
  }
}

SinkCsvFiles::~SinkCsvFiles() {
  for (File& file : files_) {
    if (file.out == nullptr) continue;
    std::fclose(file.out);
    std::error_code ignored;
    std::filesystem::remove(file.temporary, ignored);
  }
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
  std::fwrite(row_.data(), 1, row_.size(), files_[sink].out);
}

void SinkCsvFiles::Finish() {
  finished_ = true;
  for (File& file : files_) {
    const bool failed = std::ferror(file.out) != 0;
    const bool closed = std::fclose(file.out) == 0;
    file.out = nullptr;
    std::error_code error;
    if (!failed && closed) std::filesystem::rename(file.temporary, file.path, error);
    if (failed || !closed || error) {
      std::filesystem::remove(file.temporary, error);
      throw engine::InputError({file.path, 0, 0}, "cannot write the report file");
    }
  }
}

uint64_t WriteRecordLines(const sim::JobPlan& plan, const std::string& path, uint64_t listed_rows) {
  std::FILE* out = std::fopen(path.c_str(), "wb");
  if (out == nullptr) throw engine::InputError({path, 0, 0}, "cannot write the report file");
  uint64_t lines = 0;
  std::string line;
  try {
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
        std::fwrite(line.data(), 1, line.size(), out);
        ++lines;
      }
    }
  } catch (...) {
    std::fclose(out);
    throw;
  }
  const bool failed = std::ferror(out) != 0;
  if (std::fclose(out) != 0 || failed) {
    throw engine::InputError({path, 0, 0}, "cannot write the report file");
  }
  return lines;
}

void WriteReportFiles(const std::string& folder, const std::vector<ReportFile>& files) {
  CreateFolder(folder);
  for (const ReportFile& file : files) {
    const std::string path = (std::filesystem::path(folder) / file.name).string();
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(file.content.data(), static_cast<std::streamsize>(file.content.size()));
    out.close();
    if (!out) throw engine::InputError({path, 0, 0}, "cannot write the report file");
  }
}

}  // namespace tidemark::reports
