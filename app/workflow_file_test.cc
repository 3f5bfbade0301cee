// The GitHub Actions workflows in docs/ci/ are what users copy: they must
// parse as YAML, do what docs/ci.md says (check with annotations and the step
// summary; explore sharded from the matrix, then merged), and use only
// subcommands and flags that the docs describe and the binary accepts.
#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <yaml-cpp/yaml.h>

namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// `command`'s standard output.
std::string Output(const std::string& command) {
  std::string out;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  BOOST_REQUIRE(pipe != nullptr);
  std::array<char, 4096> buffer{};
  size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0) out.append(buffer.data(), n);
  return out;
}

// Every `run:` script of every step of every job.
std::vector<std::string> RunScripts(const YAML::Node& workflow) {
  std::vector<std::string> scripts;
  for (const auto& job : workflow["jobs"]) {
    for (const auto& step : job.second["steps"]) {
      if (step["run"]) scripts.push_back(step["run"].as<std::string>());
    }
  }
  return scripts;
}

// The tidemark command lines of a script, split into words: lines joined at a
// trailing backslash, quotes removed.
std::vector<std::vector<std::string>> TidemarkCommands(const std::string& script) {
  std::vector<std::vector<std::string>> commands;
  std::istringstream lines(script);
  std::string line, joined;
  while (std::getline(lines, line)) {
    if (!line.empty() && line.back() == '\\') {
      joined += line.substr(0, line.size() - 1) + " ";
      continue;
    }
    joined += line;
    std::istringstream in(joined);
    std::vector<std::string> words;
    for (std::string word; in >> word;) {
      std::erase(word, '"');
      words.push_back(word);
    }
    if (!words.empty() && words[0] == "tidemark") commands.push_back(words);
    joined.clear();
  }
  return commands;
}

BOOST_AUTO_TEST_SUITE(workflow_file)

// The tidemark command lines of every `run:` of `file` (under docs/ci/), each
// checked to use a subcommand the README shows and flags that the binary
// accepts and the README or docs/ci.md describe; joined into one line each.
std::vector<std::string> CheckedCommands(const std::string& file) {
  const std::string dir = TIDEMARK_SOURCE_DIR;
  const YAML::Node workflow = YAML::LoadFile(dir + "/docs/ci/" + file);
  const std::string readme = ReadFile(dir + "/README.md");
  const std::string guide = ReadFile(dir + "/docs/ci.md");
  std::vector<std::string> lines;
  for (const std::string& script : RunScripts(workflow)) {
    for (const auto& words : TidemarkCommands(script)) {
      BOOST_REQUIRE(words.size() >= 2);
      const std::string& sub = words[1];
      BOOST_TEST_INFO(file << ": tidemark " << sub);
      BOOST_TEST(readme.find("tidemark " + sub + " ") != std::string::npos);
      const std::string help = Output(std::string(TIDEMARK_EXE) + " " + sub + " --help");
      std::string line;
      for (const std::string& w : words) {
        line += (line.empty() ? "" : " ") + w;
        if (w.rfind("--", 0) != 0) continue;
        BOOST_TEST_INFO(file << ": tidemark " << sub << " " << w);
        BOOST_TEST(help.find(w) != std::string::npos);  // the binary accepts it
        BOOST_TEST((readme.find(w) != std::string::npos ||
                    guide.find(w) != std::string::npos));  // and the docs say what it does
      }
      lines.push_back(line);
    }
  }
  return lines;
}

bool AnyContains(const std::vector<std::string>& lines, const std::string& text) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

BOOST_AUTO_TEST_CASE(the_check_workflow_annotates_and_writes_the_step_summary) {
  const std::vector<std::string> lines = CheckedCommands("github-workflow.yml");
  BOOST_REQUIRE(!lines.empty());
  BOOST_TEST(AnyContains(lines, "tidemark check "));
  BOOST_TEST(AnyContains(lines, "--format github"));
  BOOST_TEST(AnyContains(lines, "--summary $GITHUB_STEP_SUMMARY --append-summary"));
}

BOOST_AUTO_TEST_CASE(the_explore_matrix_shards_from_the_environment_then_merges) {
  const std::vector<std::string> lines = CheckedCommands("github-explore-matrix.yml");
  BOOST_TEST(AnyContains(lines, "--shard auto"));
  BOOST_TEST(AnyContains(lines, "--merge out/shard-*.json"));
  const YAML::Node workflow =
      YAML::LoadFile(std::string(TIDEMARK_SOURCE_DIR) + "/docs/ci/github-explore-matrix.yml");
  const YAML::Node env = workflow["jobs"]["explore"]["env"];
  BOOST_TEST(env["TIDEMARK_SHARD_INDEX"].as<std::string>() == "${{ matrix.shard }}");
  BOOST_TEST(env["TIDEMARK_SHARD_COUNT"].as<std::string>() == "${{ strategy.job-total }}");
}

BOOST_AUTO_TEST_CASE(command_lines_join_continuations_and_drop_quotes) {
  // The splitting the check above relies on, on a case it must get right.
  const auto commands = TidemarkCommands("echo hi\ntidemark check a \\\n  --summary \"$X\"\nls\n");
  BOOST_REQUIRE(commands.size() == 1);
  BOOST_TEST(commands[0] == (std::vector<std::string>{"tidemark", "check", "a", "--summary", "$X"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
