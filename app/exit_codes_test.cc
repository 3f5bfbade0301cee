// The exit codes and shared flags are documented once: the table of
// app/exit_codes.h is what `tidemark --help` prints and what the README shows,
// and every flag the README's shared-flags table lists is accepted by each
// command it names.
#include "app/exit_codes.h"

#include <array>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

namespace tidemark::app {
namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string Help(const std::string& args) {
  std::string out;
  const std::string command = std::string(TIDEMARK_EXE) + " " + args + " --help";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  BOOST_REQUIRE(pipe != nullptr);
  std::array<char, 4096> buffer{};
  size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0) out.append(buffer.data(), n);
  return out;
}

std::vector<std::string> Split(const std::string& text, char by) {
  std::vector<std::string> parts;
  std::istringstream in(text);
  for (std::string part; std::getline(in, part, by);) parts.push_back(part);
  return parts;
}

BOOST_AUTO_TEST_SUITE(exit_codes)

BOOST_AUTO_TEST_CASE(readme_and_help_show_the_same_table) {
  const std::string readme = ReadFile(std::string(TIDEMARK_SOURCE_DIR) + "/README.md");
  BOOST_TEST(readme.find(kExitCodeTable) != std::string::npos);
  BOOST_TEST(Help("").find(kExitCodeTable) != std::string::npos);
}

BOOST_AUTO_TEST_CASE(every_shared_flag_is_accepted_where_the_readme_says) {
  const std::string readme = ReadFile(std::string(TIDEMARK_SOURCE_DIR) + "/README.md");
  const size_t start = readme.find("| flag | meaning | commands |");
  BOOST_REQUIRE(start != std::string::npos);
  const std::string table = readme.substr(start, readme.find("\n\n", start) - start);
  int checked = 0;
  for (const std::string& row : Split(table, '\n')) {
    const std::vector<std::string> cells = Split(row, '|');
    if (cells.size() < 4 || cells[1].find('`') == std::string::npos) continue;
    std::vector<std::string> flags;
    for (const std::string& piece : Split(cells[1], '`')) {
      if (piece.rfind("-", 0) == 0) flags.push_back(piece.substr(0, piece.find(' ')));
    }
    for (std::string command : Split(cells[3], ',')) {
      command = command.substr(command.find_first_not_of(' '));
      command = command.substr(0, command.find(' '));
      const std::string help = Help(command);
      for (const std::string& flag : flags) {
        BOOST_TEST_INFO("tidemark " << command << " " << flag);
        BOOST_TEST(help.find(flag) != std::string::npos);
        ++checked;
      }
    }
  }
  BOOST_TEST(checked > 20);  // the table was found and read
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::app
