#include "sim/lint/lint.h"

#include <algorithm>
#include <tuple>

#include <fmt/format.h>

#include "engine/core/visible_text.h"
#include "sim/lint/internal/lint_graph.h"

namespace tidemark::sim {

std::string_view SeverityName(LintFinding::Severity severity) {
  return severity == LintFinding::Severity::kError ? "error" : "warning";
}

bool IsFatal(const LintFinding& finding, LintStrictness strictness) {
  return finding.severity == LintFinding::Severity::kError ||
         strictness == LintStrictness::kWarningsFailToo;
}

std::string FormatLintFinding(const LintFinding& f) {
  // Names and values of the scenario are shown, never obeyed (visible_text.h).
  return fmt::format("{}: {}: {} [{}]\n  why: {}\n  fix: {}\n",
                     engine::VisiblePlace(f.where.ToString()), SeverityName(f.severity),
                     engine::VisibleText(f.message), f.rule, engine::VisibleText(f.explanation),
                     engine::VisibleText(f.fix));
}

std::vector<LintFinding> Lint(const ScenarioSpec& spec) {
  const internal::LintGraph graph = internal::BuildLintGraph(spec);
  std::vector<LintFinding> findings;
  internal::LintSideOutputs(graph, findings);
  internal::LintEventTime(graph, findings);
  internal::LintWindows(graph, findings);
  internal::LintFaultTolerance(graph, findings);
  std::stable_sort(
      findings.begin(), findings.end(), [](const LintFinding& a, const LintFinding& b) {
        return std::tie(a.where.file, a.where.line, a.where.column, a.rule, a.message) <
               std::tie(b.where.file, b.where.line, b.where.column, b.rule, b.message);
      });
  return findings;
}

}  // namespace tidemark::sim
