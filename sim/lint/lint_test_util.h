// Helpers the lint tests share: a scenario's text linted, findings as
// "rule@line:column", and a keyed window job to vary.
#ifndef TIDEMARK_SIM_LINT_LINT_TEST_UTIL_H_
#define TIDEMARK_SIM_LINT_LINT_TEST_UTIL_H_

#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "sim/lint/lint.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim::lint_testing {

// Scenarios below start with a newline, so the first YAML line is line 2.
inline std::vector<LintFinding> LintText(const std::string& yaml, const std::string& folder = ".") {
  return Lint(ParseScenarioSpec(yaml, "test.yaml", folder));
}

// "rule@line:column" per finding, in Lint's order.
inline std::vector<std::string> Summary(const std::vector<LintFinding>& findings) {
  std::vector<std::string> out;
  for (const LintFinding& f : findings) {
    out.push_back(fmt::format("{}@{}:{}", f.rule, f.where.line, f.where.column));
  }
  return out;
}

using Rules = std::vector<std::string>;

// A keyed 10 s tumbling count over `readings`; {source} is the source's
// extra settings, {window} the window's.
inline std::string WindowJob(std::string_view source, std::string_view window) {
  return fmt::format(R"(
sources:
  readings:
    schema: {{k: string, ts: int}}
    event_time: ts
    events: [{{k: a, ts: 1}}]
    {}
streams:
  counts:
    from: readings
    key_by: k
    window: {}
    aggregate: {{n: count()}}
sinks: {{counts: {{}}}}
)",
                     source, window);
}

}  // namespace tidemark::sim::lint_testing

#endif  // TIDEMARK_SIM_LINT_LINT_TEST_UTIL_H_
