#include "sim/scenario/internal/scenario_text.h"

#include <string>

#include <boost/test/unit_test.hpp>

#include "engine/core/input_error.h"
#include "sim/trace/csv_test_file.h"

namespace tidemark::sim::internal {
namespace {

// The first line of the error `f` raises, or "no error".
template <typename F>
std::string ErrorRaisedBy(F f) {
  try {
    f();
  } catch (const engine::InputError& e) {
    const std::string text = e.what();
    return text.substr(0, text.find('\n'));
  }
  return "no error";
}

BOOST_AUTO_TEST_SUITE(scenario_text)

// yaml-cpp's Load returns the first document and drops the rest; the second
// one here starts at the '---' of line 3.
BOOST_AUTO_TEST_CASE(refuses_a_second_document_at_its_marker) {
  BOOST_TEST(ErrorRaisedBy([] { LoadSingleDocument("a: 1\n# more\n---\nb: 2\n", "s.yaml"); }) ==
             "s.yaml:3:1: error: a second YAML document: a scenario file holds one");
  // A '---' before the only document opens it: line 4 is the second marker.
  BOOST_TEST(ErrorRaisedBy([] {
               LoadSingleDocument("--- # one\na: 1\n\n--- \nb: 2\n", "s.yaml");
             }) == "s.yaml:4:1: error: a second YAML document: a scenario file holds one");
  BOOST_TEST(LoadSingleDocument("---\na: 1\n...\n", "s.yaml")["a"].as<int>() == 1);
  // Indented, '---' is text of the block scalar, not a marker.
  BOOST_TEST(LoadSingleDocument("d: |\n  ---\n  x\n", "s.yaml")["d"].as<std::string>() ==
             "---\nx\n");
}

BOOST_AUTO_TEST_CASE(refuses_an_empty_or_comment_only_scenario_at_line_1) {
  for (const char* text : {"", "\n\n", "# only\n  # comments\n", "~\n"}) {
    BOOST_TEST(ErrorRaisedBy([&] {
                 LoadSingleDocument(text, "s.yaml");
               }).starts_with("s.yaml:1:1: error: the scenario is empty"),
               text);
  }
}

BOOST_AUTO_TEST_CASE(refuses_a_folder_and_a_missing_file) {
  const CsvTestFile file("scenario_text_folder", "a: 1\n", "s.yaml");
  BOOST_TEST(ErrorRaisedBy([&] { ReadScenarioText(file.dir()); }) ==
             file.dir() + ": error: this is a folder, not a scenario file");
  BOOST_TEST(ReadScenarioText(file.path()) == "a: 1\n");
  BOOST_TEST(ErrorRaisedBy([&] { ReadScenarioText(file.dir() + "/nope.yaml"); }) ==
             file.dir() + "/nope.yaml: error: cannot open the scenario file");
}

// 16 MiB is read, one byte more is refused; /dev/zero stops at the limit
// rather than filling memory.
BOOST_AUTO_TEST_CASE(refuses_a_file_over_the_size_limit) {
  const CsvTestFile at_limit("scenario_text_limit", std::string(kMaxScenarioBytes, '#'), "s.yaml");
  BOOST_TEST(ReadScenarioText(at_limit.path()).size() == kMaxScenarioBytes);
  const CsvTestFile over("scenario_text_over", std::string(kMaxScenarioBytes + 1, '#'), "s.yaml");
  BOOST_TEST(ErrorRaisedBy([&] { ReadScenarioText(over.path()); }) ==
             over.path() + ": error: the scenario file is larger than 16 MiB");
  BOOST_TEST(ErrorRaisedBy([] { ReadScenarioText("/dev/zero"); }) ==
             "/dev/zero: error: the scenario file is larger than 16 MiB");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim::internal
