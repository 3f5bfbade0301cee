#include "reports/pages/report_folder.h"

#include <filesystem>
#include <optional>

#include "reports/pages/report_files.h"
#include "reports/story/run_story.h"
#include "sim/session/detailed_run.h"

namespace tidemark::reports {

sim::RunResult RunIntoReportFolder(const sim::JobPlan& plan, const ReportFolderRequest& request) {
  SinkCsvFiles csvs(request.folder, plan, request.context.csv);
  sim::RunResult result = sim::RunDetailed(plan, {.seed = request.context.seed,
                                                  .on_sink_record =
                                                      [&](size_t sink, const engine::Record& record,
                                                          const sim::RecordEmission& emission) {
                                                        csvs.Add(sink, record, emission);
                                                        if (request.each_sink_record)
                                                          request.each_sink_record(sink, record);
                                                      },
                                                  .on_progress = request.on_progress});
  auto stage = [&](const char* what) {
    if (request.on_stage) request.on_stage(what);
  };
  stage("writing the report");
  const RunStory story(plan, result, sim::kDetailRows);
  WriteReportFiles(request.folder, RenderReportPages(story, request.context));
  const std::string lines = (std::filesystem::path(request.folder) / "records.jsonl").string();
  if (result.detail_cut) {
    stage("writing records.jsonl");
    WriteRecordLines(plan, lines, sim::kDetailRows);
  } else {
    std::error_code ignored;  // a longer run's, from before: it would not match this report
    std::filesystem::remove(lines, ignored);
  }
  csvs.Finish();
  return result;
}

}  // namespace tidemark::reports
