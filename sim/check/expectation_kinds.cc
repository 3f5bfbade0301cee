#include "sim/check/expectation_kinds.h"

#include "engine/core/input_error_list.h"
#include "sim/check/kinds/error_expectation.h"
#include "sim/check/kinds/ledger_expectation.h"
#include "sim/check/kinds/records_expectation.h"
#include "sim/check/kinds/recovery_expectation.h"

namespace tidemark::sim {

const std::vector<const ExpectationKind*>& ExpectationKinds() {
  static const std::vector<const ExpectationKind*> kinds = {
      &RecordsExpectationKind(),
      &LedgerExpectationKind(),
      &RecoveryExpectationKind(),
      &ErrorExpectationKind(),
  };
  return kinds;
}

ExpectationSyntaxes ExpectationKeys() {
  static const std::vector<const ExpectationSyntax*> keys(ExpectationKinds().begin(),
                                                          ExpectationKinds().end());
  return keys;
}

std::vector<std::shared_ptr<const Expectation>> BindExpectations(
    const std::vector<std::shared_ptr<const ParsedExpectation>>& parsed, const JobPlan& plan) {
  std::vector<std::shared_ptr<const Expectation>> bound;
  engine::InputErrorCollector errors;
  for (const ExpectationKind* kind : ExpectationKinds()) {
    for (const std::shared_ptr<const ParsedExpectation>& block : parsed) {
      if (&block->kind() != kind) continue;
      try {
        bound.push_back(kind->Bind(*block, plan));
      } catch (const engine::InputError& e) {
        errors.Add(e);
      }
    }
  }
  errors.ThrowIfAny();
  return bound;
}

}  // namespace tidemark::sim
