#include "reports/check_report.h"

#include <boost/test/unit_test.hpp>

namespace tidemark::reports {
namespace {

BOOST_AUTO_TEST_SUITE(check_report)

BOOST_AUTO_TEST_CASE(junit_has_a_testcase_per_scenario_and_the_diff_in_the_failure) {
  std::vector<CheckCase> cases(3);
  cases[0] = {.file = "s/a.yaml", .name = "a", .status = CheckCase::Status::kPassed, .diff = {}, .error = ""};
  cases[1] = {.file = "s/b.yaml", .name = "b", .status = CheckCase::Status::kFailed,
              .diff = {"sink 'x': record 1: expected {v: 1 < 2}", "  actual {v: 3}"}, .error = ""};
  cases[2] = {.file = "c.yaml", .name = "", .status = CheckCase::Status::kBadInput, .diff = {},
              .error = "c.yaml:3:1: error: bad\n  hint: fix"};
  const std::string xml = FormatJUnit(cases);
  BOOST_TEST(xml.find("tests=\"3\" failures=\"1\" errors=\"1\" skipped=\"0\"") != std::string::npos);
  BOOST_TEST(xml.find("<testcase classname=\"s\" name=\"a.yaml\"/>") != std::string::npos);
  BOOST_TEST(xml.find("<failure type=\"expectation\" message=\"sink &apos;x&apos;: record 1: "
                      "expected {v: 1 &lt; 2}\">sink &apos;x&apos;: record 1: expected {v: 1 &lt; "
                      "2}\n  actual {v: 3}\n</failure>") != std::string::npos);
  BOOST_TEST(xml.find("<testcase classname=\"scenarios\" name=\"c.yaml\">\n      <error type=\"bad "
                      "input\" message=\"c.yaml:3:1: error: bad\">") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(xml_escape_drops_characters_xml_forbids) {
  BOOST_TEST(XmlEscape(std::string("a\x01<b>&\"'\tc")) == "a&lt;b&gt;&amp;&quot;&apos;\tc");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
