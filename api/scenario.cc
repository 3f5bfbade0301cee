#include "tidemark/scenario.h"

#include <memory>
#include <utility>

#include "api/internal/convert.h"
#include "api/internal/scenario_plan.h"
#include "sim/session/check_scenario.h"
#include "sim/session/open_job.h"

namespace tidemark {

namespace {

std::shared_ptr<const Scenario::Plan> Planned(sim::JobPlan job) {
  auto plan = std::make_shared<Scenario::Plan>();
  plan->job = std::move(job);
  for (const sim::PlanWarning& warning : plan->job.warnings) {
    plan->warnings.push_back(warning.ToString());
  }
  return plan;
}

sim::CheckOptions ToSessionOptions(const CheckOptions& options) {
  sim::CheckOptions out{.seed = options.seed};
  switch (options.lint) {
    case LintCheck::kOff: break;
    case LintCheck::kErrorsFail: out.lint = sim::LintStrictness::kErrorsFail; break;
    case LintCheck::kWarningsFailToo: out.lint = sim::LintStrictness::kWarningsFailToo; break;
  }
  return out;
}

}  // namespace

Scenario Scenario::Load(const std::string& path) {
  return api::internal::Guarded([&] { return Scenario(Planned(sim::OpenJob(path))); });
}

Scenario Scenario::Parse(const std::string& text, const std::string& file,
                         const std::string& folder) {
  return api::internal::Guarded(
      [&] { return Scenario(Planned(sim::OpenJobText(text, file, folder))); });
}

const std::string& Scenario::name() const { return plan_->job.info.name; }

uint64_t Scenario::seed() const { return plan_->job.info.seed; }

const std::vector<std::string>& Scenario::warnings() const { return plan_->warnings; }

RunResult Scenario::Run(const RunOptions& options) const {
  const uint64_t seed = options.seed.value_or(plan_->job.info.seed);
  return api::internal::Guarded([&] {
    // Emission watermarks and times are kept per record; the ledger's counts
    // are always kept, its per-record entries (for explain) are not.
    const sim::RunResult result =
        sim::RunJob(plan_->job, {.seed = seed, .detail = engine::Ledger::Detail::kCountsOnly});
    return api::internal::ToRunResult(plan_->job, result, seed);
  });
}

CheckResult Scenario::Check(const CheckOptions& options) const {
  const sim::CheckVerdict verdict = sim::CheckJob(plan_->job, ToSessionOptions(options));
  return api::internal::ToCheckResult(verdict, &plan_->job,
                                      options.seed.value_or(plan_->job.info.seed));
}

CheckResult CheckScenarioFile(const std::string& path, const CheckOptions& options) {
  const sim::CheckVerdict verdict = sim::CheckScenario(
      {.file = path, .root = options.root}, {.root = options.root}, ToSessionOptions(options));
  const uint64_t seed = options.seed.value_or(verdict.plan ? verdict.plan->info.seed : uint64_t{0});
  return api::internal::ToCheckResult(verdict, verdict.plan.get(), seed);
}

const char* CheckStatusWord(CheckStatus status) {
  switch (status) {
    case CheckStatus::kPassed: return "PASS";
    case CheckStatus::kFailed: return "FAIL";
    case CheckStatus::kSkipped: return "SKIP";
    case CheckStatus::kBadInput: return "ERROR";
  }
  return "?";
}

}  // namespace tidemark
