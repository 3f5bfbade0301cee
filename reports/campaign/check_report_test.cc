#include "reports/campaign/check_report.h"

#include <boost/test/unit_test.hpp>

namespace tidemark::reports {
namespace {

BOOST_AUTO_TEST_SUITE(check_report)

BOOST_AUTO_TEST_CASE(junit_has_a_testcase_per_scenario_and_the_diff_in_the_failure) {
  std::vector<CheckCase> cases(3);
  cases[0] = {.file = "s/a.yaml",
              .name = "a",
              .status = CheckCase::Status::kPassed,
              .diff = {},
              .error = ""};
  cases[1] = {.file = "s/b.yaml",
              .name = "b",
              .status = CheckCase::Status::kFailed,
              .diff = {"sink 'x': record 1: expected {v: 1 < 2}", "  actual {v: 3}"},
              .error = ""};
  cases[2] = {.file = "c.yaml",
              .name = "",
              .status = CheckCase::Status::kBadInput,
              .diff = {},
              .error = "c.yaml:3:1: error: bad\n  hint: fix"};
  const std::string xml = FormatJUnit(cases);
  BOOST_TEST(xml.find("tests=\"3\" failures=\"1\" errors=\"1\" skipped=\"0\"") !=
             std::string::npos);
  BOOST_TEST(xml.find("<testcase classname=\"s\" name=\"a.yaml\"/>") != std::string::npos);
  BOOST_TEST(xml.find("<failure type=\"expectation\" message=\"sink &apos;x&apos;: record 1: "
                      "expected {v: 1 &lt; 2}\">sink &apos;x&apos;: record 1: expected {v: 1 &lt; "
                      "2}\n  actual {v: 3}\n</failure>") != std::string::npos);
  BOOST_TEST(xml.find("<testcase classname=\"scenarios\" name=\"c.yaml\">\n      <error type=\"bad "
                      "input\" message=\"c.yaml:3:1: error: bad\">") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(summary_shows_names_files_and_errors_as_text) {
  std::vector<CheckCase> cases(1);
  cases[0] = {.file = "s/<b>x|y.yaml",
              .name = "*n*<script>",
              .status = CheckCase::Status::kBadInput,
              .diff = {},
              .error = "```\n<script>"};
  const std::string md = FormatCheckSummary(cases);
  // The name is escaped text, the file a code span whose pipe cannot split the
  // table row, and the error a block whose fence outlasts the error's backticks.
  BOOST_TEST(md.find("| \\*n\\*\\<script\\> | `s/<b>x\\|y.yaml` | BAD INPUT |") !=
             std::string::npos);
  BOOST_TEST(md.find("### s/\\<b\\>x\\|y.yaml\n\n````\n```\n<script>\n````\n") !=
             std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
