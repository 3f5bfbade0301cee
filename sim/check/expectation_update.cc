#include "sim/check/expectation_update.h"

#include <fstream>

#include "engine/core/input_error.h"
#include "sim/check/expectation.h"
#include "sim/check/expectation_kinds.h"
#include "sim/trace/file_bytes.h"

namespace tidemark::sim {

namespace {

// The plan's expectation of `kind`, or null.
const Expectation* BoundOf(const JobPlan& plan, const ExpectationKind& kind) {
  for (const auto& expectation : plan.expectations) {
    if (&expectation->kind() == &kind) return expectation.get();
  }
  return nullptr;
}

// Every kind rewrites its block (and, with Files::kWrite, its own files).
void Rewrite(const JobPlan& plan, const RunResult& result, ExpectationRewrite& rewrite) {
  for (const ExpectationKind* kind : ExpectationKinds()) {
    kind->Update(plan, BoundOf(plan, *kind), result, rewrite);
  }
}

}  // namespace

bool HasExpectations(const JobPlan& plan) {
  for (const auto& expectation : plan.expectations) {
    if (!expectation->Empty()) return true;
  }
  return false;
}

bool NeedsUpdate(const JobPlan& plan) {
  for (const ExpectationKind* kind : ExpectationKinds()) {
    if (kind->NeedsUpdate(plan, BoundOf(plan, *kind))) return true;
  }
  return false;
}

std::string RewriteExpectationBlock(const std::string& scenario_text, const JobPlan& plan,
                                    const RunResult& result) {
  ExpectationRewrite rewrite{.text = scenario_text, .files = ExpectationRewrite::Files::kLeave};
  Rewrite(plan, result, rewrite);
  return rewrite.text;
}

std::vector<std::string> UpdateExpectations(const JobPlan& plan, const RunResult& result) {
  // Read again, bounded: the text around the blocks is kept as the user wrote it.
  constexpr size_t kMaxScenarioFileBytes = size_t{16} << 20;  // as when it was loaded
  ExpectationRewrite rewrite{
      .text = ReadWholeFile(plan.file, kMaxScenarioFileBytes, "the scenario file is")};
  Rewrite(plan, result, rewrite);
  if (rewrite.rewrite_scenario) {
    std::ofstream out(plan.file, std::ios::binary | std::ios::trunc);
    out << rewrite.text;
    if (!out) throw engine::InputError({plan.file, 0, 0}, "cannot write the file");
    rewrite.written.push_back(plan.file);
  }
  return rewrite.written;
}

}  // namespace tidemark::sim
