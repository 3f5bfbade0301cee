// Expectations: what a scenario says its run must show, one top-level key
// each (`expect:`, `ledger:`, `recovery:`, `expect_error:`).
//
// An ExpectationKind owns one key: it reads its block (ExpectationSyntax,
// for the loader), binds what it read to the plan (names resolved, so that a
// misspelt sink or stream is refused before anything runs), and rewrites its
// block from a run for `check --update`. The bound Expectation says what the
// run must keep and compares a run with it. Each kind lives in one file of
// kinds/ and is listed once in expectation_kinds.cc; nothing else knows it.
#ifndef TIDEMARK_SIM_CHECK_EXPECTATION_H_
#define TIDEMARK_SIM_CHECK_EXPECTATION_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/input_error.h"
#include "sim/check/expectations.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/expectation_syntax.h"

namespace tidemark::sim {

class ExpectationKind;

// `expect_error:`: the job must be refused (loading, planning or running it)
// with a message containing `contains`, at `line` when given.
struct ExpectedRefusal {
  std::string contains;
  std::optional<int> line;
  engine::SourceLocation where;
};

class Expectation {
 public:
  explicit Expectation(const ExpectationKind& kind) : kind_(&kind) {}
  virtual ~Expectation() = default;

  const ExpectationKind& kind() const { return *kind_; }
  // What the run must keep for Check (an `output:` expectation needs the
  // watermarks that reach a sink).
  virtual void Configure(RunOptions& /*options*/) const {}
  // Appends to `diffs` what the run of `plan` (the plan that holds this
  // expectation) shows otherwise. Throws engine::InputError when an expected
  // value does not parse as its field's type.
  virtual void Check(const JobPlan& plan, const RunResult& run,
                     std::vector<SinkDiff>& diffs) const = 0;
  // The refusal the job must meet, for `expect_error:`; null for the others.
  virtual const ExpectedRefusal* refusal() const { return nullptr; }
  // A block that names nothing (`expect: {}`): the scenario expects nothing of it.
  virtual bool Empty() const { return false; }

 private:
  const ExpectationKind* kind_;
};

// `check --update` in progress: the scenario file's text as rewritten so
// far, whether it must be written back, and the other files written.
struct ExpectationRewrite {
  std::string text;
  bool rewrite_scenario = false;
  // Golden files are written only when this is set; a reproduction's text is
  // rewritten without touching any file.
  enum class Files { kWrite, kLeave } files = Files::kWrite;
  std::vector<std::string> written = {};
};

class ExpectationKind : public ExpectationSyntax {
 public:
  // Resolves what this kind read against the plan. Throws engine::InputError
  // at the name that resolves to nothing.
  virtual std::shared_ptr<const Expectation> Bind(const ParsedExpectation& parsed,
                                                  const JobPlan& plan) const = 0;
  // Whether `check --update` must rewrite even when everything holds (a sink
  // without expectation, a golden file missing). `bound`: this kind's
  // expectation in the plan, or null.
  virtual bool NeedsUpdate(const JobPlan& /*plan*/, const Expectation* /*bound*/) const {
    return false;
  }
  // Rewrites this kind's block (and its own files) from `run`. `bound`: this
  // kind's expectation in the plan, or null when the scenario has none.
  virtual void Update(const JobPlan& plan, const Expectation* bound, const RunResult& run,
                      ExpectationRewrite& rewrite) const = 0;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_CHECK_EXPECTATION_H_
