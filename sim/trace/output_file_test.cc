// Output files never write through a link planted in the output folder
// (output_file.h), on real files in a fresh temporary folder:
//   T/outside/victim.txt                      a file outside, "untouched"
//   T/out/report.html -> ../outside/victim.txt
//   T/out/a.csv.partial -> ../outside/victim.txt
//   T/out/summary.md -> ../outside/victim.txt
#include "sim/trace/output_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <boost/test/unit_test.hpp>
#include <unistd.h>

#include "engine/core/input_error.h"

namespace tidemark::sim {
namespace {

namespace fs = std::filesystem;

std::string Contents(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class PlantedLinks {
 public:
  PlantedLinks() {
    top_ = fs::temp_directory_path() / ("tidemark-output-file-" + std::to_string(::getpid()));
    fs::remove_all(top_);
    fs::create_directories(top_ / "outside");
    fs::create_directories(top_ / "out");
    std::ofstream(top_ / "outside" / "victim.txt") << "untouched";
    for (const char* name : {"report.html", "a.csv.partial", "summary.md"}) {
      fs::create_symlink("../outside/victim.txt", top_ / "out" / name);
    }
  }
  ~PlantedLinks() {
    std::error_code ignored;
    fs::remove_all(top_, ignored);
  }
  fs::path out(const char* name) const { return top_ / "out" / name; }
  std::string victim() const { return Contents(top_ / "outside" / "victim.txt"); }

 private:
  fs::path top_;
};

BOOST_AUTO_TEST_SUITE(output_file)

BOOST_AUTO_TEST_CASE(a_link_at_the_path_is_replaced_not_written_through) {
  const PlantedLinks tree;
  WriteOutputFile(tree.out("report.html").string(), "<html>");
  BOOST_TEST(tree.victim() == "untouched");
  BOOST_TEST(!fs::is_symlink(tree.out("report.html")));
  BOOST_TEST(Contents(tree.out("report.html")) == "<html>");
}

BOOST_AUTO_TEST_CASE(a_link_at_the_partial_name_is_not_written_through) {
  const PlantedLinks tree;
  OutputFile file(tree.out("a.csv").string());
  file.Write("k,ts\n");
  file.Commit();
  BOOST_TEST(tree.victim() == "untouched");
  BOOST_TEST(Contents(tree.out("a.csv")) == "k,ts\n");
  BOOST_TEST(!fs::exists(tree.out("a.csv.partial")));
}

BOOST_AUTO_TEST_CASE(an_unfinished_file_leaves_the_old_one_and_no_partial) {
  const PlantedLinks tree;
  WriteOutputFile(tree.out("b.csv").string(), "old");
  {
    OutputFile file(tree.out("b.csv").string());
    file.Write("new, but never committed");
  }
  BOOST_TEST(Contents(tree.out("b.csv")) == "old");
  BOOST_TEST(!fs::exists(tree.out("b.csv.partial")));
}

BOOST_AUTO_TEST_CASE(appending_refuses_a_link) {
  const PlantedLinks tree;
  BOOST_CHECK_THROW(AppendToOutputFile(tree.out("summary.md").string(), "| row |\n"),
                    engine::InputError);
  BOOST_TEST(tree.victim() == "untouched");
  AppendToOutputFile(tree.out("fresh.md").string(), "a");
  AppendToOutputFile(tree.out("fresh.md").string(), "b");
  BOOST_TEST(Contents(tree.out("fresh.md")) == "ab");
}

BOOST_AUTO_TEST_CASE(a_missing_folder_is_a_located_error) {
  const PlantedLinks tree;
  try {
    WriteOutputFile(tree.out("no/such/folder/x.html").string(), "x");
    BOOST_FAIL("expected an error");
  } catch (const engine::InputError& e) {
    BOOST_TEST(e.where().file == tree.out("no/such/folder/x.html").string());
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
