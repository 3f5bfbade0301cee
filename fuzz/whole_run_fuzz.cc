// Fuzz target: a whole run. The bytes are a scenario (its rows inline, as
// `events:` or `script:`); one that loads is planned, run with the ledger of
// every record, and rendered by every writer a user can ask for: report.html,
// report.md, report.json, the sinks' CSVs, the run text, the pending windows
// and the narrated explanation. Trace paths resolve in a folder that does not
// exist, so nothing of the machine is read.
#include "fuzz/fuzz_target.h"
#include "reports/pages/report_files.h"
#include "reports/pages/text_report.h"
#include "reports/story/explain.h"
#include "reports/story/pending_text.h"
#include "reports/story/run_story.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/session/open_job.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tidemark;
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const sim::JobPlan plan = sim::OpenJobText(text, "fuzz.yaml", "/nonexistent/fuzz");
    const sim::RunResult result =
        sim::RunJob(plan, {.seed = 1, .detail = engine::Ledger::Detail::kEveryRecord});
    const reports::RunStory story(plan, result);
    (void)reports::RenderReportFiles(story, {.tool_version = "fuzz", .seed = 1});
    (void)reports::FormatRunText(plan, result);
    (void)reports::FormatPendingText(plan, result);
    (void)reports::FormatExplanation(story, {});
  } catch (const engine::InputError& error) {
    fuzz::CheckLocated(error, text, "fuzz.yaml");
  }
  return 0;
}
