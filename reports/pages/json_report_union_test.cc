// report.json and records.jsonl past a union: every ledger entry of a row
// names its source, and rows of two sources with one row number keep their
// own verdicts. Expected values are derived in
// windows/union-rows-share-numbers.yaml's description: a:0, a:1 and b:0
// join a window on time; b:1 is late to 'late'.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "reports/pages/json_report.h"
#include "reports/pages/report_files.h"
#include "reports/story/detailed_run_test_file.h"

namespace tidemark::reports {
namespace {

using nlohmann::json;

const std::string kUnionScenario = "windows/union-rows-share-numbers.yaml";

BOOST_AUTO_TEST_SUITE(json_report_union)

BOOST_AUTO_TEST_CASE(every_ledger_entry_of_a_row_names_its_source) {
  const DetailedRun run(kUnionScenario);
  const json report = json::parse(FormatJsonReport(run.story, {.tool_version = "9.9.9"}));
  // At the window ('counts', operator 3 after a, b, both): a:0, a:1 and b:0
  // in a window, b:1 late to 'late'.
  std::map<std::pair<std::string, uint64_t>, std::string> at_window;
  for (const json& e : report["ledger"]["entries"]) {
    if (e["row"].is_null()) {
      BOOST_TEST(e["source"].is_null());  // a window result
      continue;
    }
    BOOST_TEST_REQUIRE(e["source"].is_string());
    if (e["operator"] == 3) {
      at_window[{e["source"].get<std::string>(), e["row"].get<uint64_t>()}] = e["fate"];
    }
  }
  const std::map<std::pair<std::string, uint64_t>, std::string> expected = {
      {{"a", 0}, "in_window"},
      {{"a", 1}, "in_window"},
      {{"b", 0}, "in_window"},
      {{"b", 1}, "late_to_tag"}};
  BOOST_TEST((at_window == expected));
  std::map<std::pair<std::string, uint64_t>, std::string> verdicts;
  for (const json& r : report["records"]) {
    BOOST_TEST(r["ambiguous"] == false);
    verdicts[{r["source"].get<std::string>(), r["row"].get<uint64_t>()}] = r["verdict"];
  }
  BOOST_TEST(verdicts.at({"a", 1}) == "on_time");
  BOOST_TEST(verdicts.at({"b", 1}) == "late_to_side_output");
}

BOOST_AUTO_TEST_CASE(records_jsonl_numbers_each_sources_rows_from_zero) {
  const DetailedRun run(kUnionScenario);
  const std::string path =
      (std::filesystem::temp_directory_path() / "tidemark-json-report-union-records.jsonl")
          .string();
  BOOST_TEST(WriteRecordLines(run.plan, path, 1) == 4u);
  std::ifstream in(path);
  std::string line;
  std::vector<std::pair<std::string, uint64_t>> rows;
  std::vector<bool> listed;
  while (std::getline(in, line)) {
    const json row = json::parse(line);
    rows.emplace_back(row["source"].get<std::string>(), row["row"].get<uint64_t>());
    listed.push_back(row["listed"].get<bool>());
  }
  std::filesystem::remove(path);
  const std::vector<std::pair<std::string, uint64_t>> expected = {
      {"a", 0}, {"a", 1}, {"b", 0}, {"b", 1}};
  BOOST_TEST((rows == expected));
  // The first row of each source is listed.
  BOOST_TEST((listed == std::vector<bool>{true, false, true, false}));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
