// What the scenario loader needs of an expectation kind: the top-level key
// it owns and how to read its block. The kinds themselves (sim/check/kinds/:
// records, ledger, recovery, error) add binding to a plan, checking a run and
// rewriting for `check --update`, and the loader is handed their registry
// (sim/check/expectation_kinds.h), so that its key list comes from there.
#ifndef TIDEMARK_SIM_SCENARIO_EXPECTATION_SYNTAX_H_
#define TIDEMARK_SIM_SCENARIO_EXPECTATION_SYNTAX_H_

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "engine/core/input_error.h"
#include "sim/scenario/path_confinement.h"

namespace tidemark::sim {

class ExpectationSyntax;
class YamlValue;  // yaml_value.h: only the kinds that read blocks include yaml-cpp

// A block as its kind read it, before anything is resolved against a plan.
class ParsedExpectation {
 public:
  ParsedExpectation(const ExpectationSyntax& kind, engine::SourceLocation where)
      : kind_(&kind), where_(std::move(where)) {}
  virtual ~ParsedExpectation() = default;

  const ExpectationSyntax& kind() const { return *kind_; }
  const engine::SourceLocation& where() const { return where_; }  // the block's key

 private:
  const ExpectationSyntax* kind_;
  engine::SourceLocation where_;
};

// Where a block is read: the scenario's file and folder, and the rule its
// file paths obey (golden files).
struct ScenarioPlace {
  std::string file;
  std::string folder;
  PathConfinement paths;
};

class ExpectationSyntax {
 public:
  virtual ~ExpectationSyntax() = default;
  // The top-level key of the block: "expect", "ledger", ...
  virtual std::string_view key() const = 0;
  // Reads the block at `key_where`. Throws engine::InputError (several at
  // once as an InputErrorList), which the loader reports with the rest.
  virtual std::shared_ptr<const ParsedExpectation> Parse(const YamlValue& block,
                                                         const engine::SourceLocation& key_where,
                                                         const ScenarioPlace& place) const = 0;
};

using ExpectationSyntaxes = std::span<const ExpectationSyntax* const>;

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SCENARIO_EXPECTATION_SYNTAX_H_
