// `tidemark explain SCENARIO [--record SOURCE:ROW] [--stream NAME] [--seed N] [--trace S=F]`:
// the narrated timeline of a run, for learning how watermarks, windows and
// lateness decide where each record goes.
#include <cstdio>
#include <optional>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/progress.h"
#include "app/root_option.h"
#include "app/whole_number_option.h"
#include "engine/core/input_error.h"
#include "engine/core/nearest_name.h"
#include "reports/story/explain.h"
#include "reports/story/run_story.h"
#include "sim/session/detailed_run.h"
#include "sim/session/open_job.h"

namespace tidemark::app {

namespace {

struct ExplainFlags {
  std::string scenario;
  std::optional<std::string> record;
  std::optional<std::string> stream;
  std::optional<uint64_t> seed;
  std::vector<std::string> traces;  // SOURCE=FILE
  RootFlags paths;                  // --root, --allow-outside-root
};

sim::NodeIndex FindStream(const sim::JobPlan& plan, const std::string& name) {
  std::vector<std::string> names;
  for (sim::NodeIndex n = 0; n < plan.nodes.size(); ++n) {
    if (plan.nodes[n].name == name) return n;
    names.push_back(plan.nodes[n].name);
  }
  // A side output's tag names the stream that takes it, when one does.
  for (sim::NodeIndex n = 0; n < plan.nodes.size(); ++n) {
    const sim::PlannedNode& node = plan.nodes[n];
    if (node.kind != sim::PlannedNode::Kind::kSideOutput) continue;
    const sim::NodeInput& in = node.inputs.front();
    if (plan.nodes[in.node].side_outputs[in.port - 1].id == name) return n;
  }
  throw engine::InputError({"--stream", 0, 0}, fmt::format("no stream named '{}'", name),
                           engine::UnknownNameHint(name, names));
}

void Explain(const ExplainFlags& flags) {
  const sim::JobPlan plan =
      sim::OpenJob(flags.scenario, {.paths = flags.paths.Confinement(), .traces = flags.traces});
  reports::ExplainOptions options;
  if (flags.record) options.record = reports::ParseRecordRef(plan, *flags.record);
  if (flags.stream) options.stream = FindStream(plan, *flags.stream);
  RowProgress progress("explain");
  const sim::RunResult result = sim::RunDetailed(
      plan, {.seed = flags.seed.value_or(plan.info.seed), .on_progress = progress.Callback()});
  progress.Done();
  const reports::RunStory story(plan, result, sim::kDetailRows);
  std::fputs(reports::FormatExplanation(story, options).c_str(), stdout);
}

}  // namespace

void AddExplainCommand(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<ExplainFlags>();
  CLI::App* explain = app.add_subcommand(
      "explain", "Narrate a run step by step: arrivals, watermarks, firings, late decisions");
  explain->add_option("scenario", flags->scenario, "Scenario file (YAML)")->required();
  AddRootOptions(explain, &flags->paths);
  explain->add_option("--record", flags->record,
                      "Tell one record's story: SOURCE:ROW, ROW being its 0-based data row in the "
                      "source's trace (just ROW when the scenario has one source)");
  explain->add_option("--stream", flags->stream, "Only what happens at this stream");
  explain->add_option("--seed", flags->seed, "Schedule seed (default: the scenario's seed)")
      ->check(WholeNumber(0, MaxOf<uint64_t>()));
  explain->add_option("--trace", flags->traces, "SOURCE=FILE: read this source from FILE instead");
  explain->callback([flags, exit_code] {
    Explain(*flags);
    *exit_code = kExitOk;
  });
}

}  // namespace tidemark::app
