// Confinement of the paths a scenario names (path_confinement.h), on a tree
// of real files and links made in a fresh temporary folder:
//   T/outside/secret.csv         a file outside the root, with a secret line
//   T/root/a/trace.csv           a trace inside
//   T/root/b/                    a sibling folder
//   T/root/a/out.csv  -> ../../outside/secret.csv   a link leaving the root
//   T/root/a/gone.csv -> ../../outside/missing.csv  a dangling link leaving it
//   T/root/a/alias.csv -> trace.csv                 a link that stays inside
//   T/root/a/loop1 -> loop2, loop2 -> loop1         a loop of links
#include "sim/scenario/path_confinement.h"

#include <filesystem>
#include <fstream>
#include <string>

#include <boost/test/unit_test.hpp>
#include <unistd.h>

#include "engine/core/input_error.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::sim {
namespace {

namespace fs = std::filesystem;

const engine::SourceLocation kWhere{"s.yaml", 4, 12};

class Tree {
 public:
  Tree() {
    top_ = fs::temp_directory_path() / ("tidemark-confinement-" + std::to_string(::getpid()));
    fs::remove_all(top_);
    fs::create_directories(top_ / "outside");
    fs::create_directories(top_ / "root" / "a");
    fs::create_directories(top_ / "root" / "b");
    std::ofstream(top_ / "outside" / "secret.csv") << "token\nhunter2-SECRET\n";
    std::ofstream(top_ / "root" / "a" / "trace.csv") << "k,ts\na,1\n";
    fs::create_symlink("../../outside/secret.csv", top_ / "root" / "a" / "out.csv");
    fs::create_symlink("../../outside/missing.csv", top_ / "root" / "a" / "gone.csv");
    fs::create_symlink("trace.csv", top_ / "root" / "a" / "alias.csv");
    fs::create_symlink("loop2", top_ / "root" / "a" / "loop1");
    fs::create_symlink("loop1", top_ / "root" / "a" / "loop2");
  }
  ~Tree() {
    std::error_code ignored;
    fs::remove_all(top_, ignored);
  }
  std::string root() const { return (top_ / "root").string(); }
  std::string a() const { return (top_ / "root" / "a").string(); }

 private:
  fs::path top_;
};

// The refusal's message, or "accepted".
std::string Refusal(const std::string& as_written, const std::string& folder,
                    const PathConfinement& rule = {}) {
  try {
    ResolveConfinedPath(as_written, folder, rule, kWhere, "trace");
  } catch (const engine::InputError& e) {
    BOOST_TEST(e.where().line == 4);
    BOOST_TEST(e.where().column == 12);
    BOOST_TEST(e.hint().find("--root DIR") != std::string::npos);
    BOOST_TEST(e.hint().find("--allow-outside-root") != std::string::npos);
    BOOST_TEST(std::string(e.what()).find("hunter2") == std::string::npos);
    return e.message();
  }
  return "accepted";
}

BOOST_AUTO_TEST_SUITE(path_confinement)

BOOST_AUTO_TEST_CASE(a_path_inside_the_folder_resolves_as_before) {
  const Tree tree;
  // folder / "x/../trace.csv", folded lexically, as the loader always did.
  BOOST_TEST(ResolveConfinedPath("x/../trace.csv", tree.a(), {}, kWhere, "trace") ==
             tree.a() + "/trace.csv");
  BOOST_TEST(Refusal("alias.csv", tree.a()) == "accepted");
}

BOOST_AUTO_TEST_CASE(dot_dot_out_of_the_scenario_folder_is_refused) {
  const Tree tree;
  BOOST_TEST(Refusal("../b/x.csv", tree.a()) ==
             "trace '../b/x.csv' leads outside '" + tree.a() + "'");
  BOOST_TEST(Refusal("../../outside/secret.csv", tree.a(), {.root = tree.root()}) ==
             "trace '../../outside/secret.csv' leads outside '" + tree.root() + "'");
}

// A name no file system keeps is refused at its place, whatever the rule,
// before the file system's own error can escape a call that does not catch it
// (`check --update` once aborted on a golden file named so).
BOOST_AUTO_TEST_CASE(a_name_longer_than_a_file_system_keeps_is_refused) {
  const Tree tree;
  const std::string name = std::string(256, 'g') + ".csv";
  for (const PathConfinement& rule :
       {PathConfinement{}, PathConfinement{.root = "", .outside = OutsideRoot::kAllow}}) {
    try {
      ResolveConfinedPath("x/" + name, tree.a(), rule, kWhere, "golden file");
      BOOST_FAIL("a 260-byte name was accepted");
    } catch (const engine::InputError& e) {
      BOOST_TEST(e.where().line == 4);
      BOOST_TEST(e.message().find("has a name longer than 255 bytes") != std::string::npos);
    }
  }
  BOOST_TEST(Refusal(std::string(251, 'g') + ".csv", tree.a()) == "accepted");
}

// "trace.csv\0x" would open trace.csv: refused, with or without the root.
BOOST_AUTO_TEST_CASE(a_path_with_a_nul_is_refused) {
  const Tree tree;
  const std::string with_nul = std::string("trace.csv") + '\0' + "x";
  for (const PathConfinement& rule :
       {PathConfinement{}, PathConfinement{.root = "", .outside = OutsideRoot::kAllow}}) {
    try {
      ResolveConfinedPath(with_nul, tree.a(), rule, kWhere, "trace");
      BOOST_FAIL("a path with a NUL was accepted");
    } catch (const engine::InputError& e) {
      BOOST_TEST(e.where().line == 4);
      BOOST_TEST(e.message().find("holds a NUL character") != std::string::npos);
    }
  }
}

BOOST_AUTO_TEST_CASE(dot_dot_that_stays_under_the_root_is_accepted) {
  const Tree tree;
  BOOST_TEST(Refusal("../b/x.csv", tree.a(), {.root = tree.root()}) == "accepted");
}

BOOST_AUTO_TEST_CASE(an_absolute_path_is_refused_even_inside_the_root) {
  const Tree tree;
  BOOST_TEST(Refusal("/etc/passwd", tree.a()) == "trace '/etc/passwd' is an absolute path");
  BOOST_TEST(Refusal(tree.a() + "/trace.csv", tree.a()) ==
             "trace '" + tree.a() + "/trace.csv' is an absolute path");
}

BOOST_AUTO_TEST_CASE(a_link_out_of_the_root_is_refused_dangling_or_not) {
  const Tree tree;
  const std::string root = tree.a();
  BOOST_TEST(Refusal("out.csv", root) ==
             "trace 'out.csv' leads outside '" + root + "' through a symbolic link");
  // Dangling: `check --update` would create outside/missing.csv through it.
  BOOST_TEST(Refusal("gone.csv", root) ==
             "trace 'gone.csv' leads outside '" + root + "' through a symbolic link");
  BOOST_TEST(Refusal("loop1", root) ==
             "trace 'loop1' leads outside '" + root + "' through a symbolic link");
}

BOOST_AUTO_TEST_CASE(allow_outside_root_accepts_every_path_unchanged) {
  const Tree tree;
  const PathConfinement allow{.root = "", .outside = OutsideRoot::kAllow};
  BOOST_TEST(ResolveConfinedPath("/etc/passwd", tree.a(), allow, kWhere, "trace") == "/etc/passwd");
  BOOST_TEST(ResolveConfinedPath("out.csv", tree.a(), allow, kWhere, "trace") ==
             tree.a() + "/out.csv");
}

BOOST_AUTO_TEST_CASE(a_huge_path_is_echoed_cut_to_200_characters) {
  const Tree tree;
  const std::string huge = "../" + std::string(100'000, 'x');
  try {
    ResolveConfinedPath(huge, tree.a(), {}, kWhere, "trace");
    BOOST_FAIL("accepted");
  } catch (const engine::InputError& e) {
    // InputError cuts each quoted run to 200 characters + "...": the value
    // and the root; the rest is the fixed text (under 300 characters).
    // The value's run is "../" and 197 x's, then "..."; the root is quoted
    // twice (message and hint).
    BOOST_TEST(std::string(e.what()).size() < 203 + 2 * tree.a().size() + 300);
    BOOST_TEST(e.message().find("'../" + std::string(197, 'x') + "...'") != std::string::npos);
  }
}

BOOST_AUTO_TEST_CASE(a_scenario_file_linked_out_of_the_searched_folder_is_refused) {
  const Tree tree;
  BOOST_CHECK_NO_THROW(CheckScenarioFileInRoot(tree.a() + "/alias.csv", {.root = tree.root()}));
  try {
    CheckScenarioFileInRoot(tree.a() + "/out.csv", {.root = tree.root()});
    BOOST_FAIL("accepted");
  } catch (const engine::InputError& e) {
    BOOST_TEST(e.where().file == tree.a() + "/out.csv");
    BOOST_TEST(e.message() == "the scenario file leads outside '" + tree.root() +
                                  "' through a symbolic link; it was not read");
  }
  BOOST_CHECK_NO_THROW(CheckScenarioFileInRoot(
      tree.a() + "/out.csv", {.root = tree.root(), .outside = OutsideRoot::kAllow}));
}

// The loader applies the rule to `trace:` and `golden:` at their values.
BOOST_AUTO_TEST_CASE(the_loader_refuses_a_trace_and_a_golden_file_at_their_values) {
  const Tree tree;
  const std::string text = R"(sources:
  s:
    schema: {k: string, ts: int}
    trace: ../b/t.csv
    event_time: ts
sinks: [s]
expect:
  s: {golden: /tmp/g.csv}
)";
  try {
    ParseScenarioSpec(text, "s.yaml", tree.a());
    BOOST_FAIL("accepted");
  } catch (const engine::InputError& e) {
    const std::string what = e.what();
    BOOST_TEST(what.find("s.yaml:4:12: error: trace '../b/t.csv' leads outside") == 0, what);
    BOOST_TEST(what.find("s.yaml:8:15: error: golden file '/tmp/g.csv' is an absolute path") !=
                   std::string::npos,
               what);
  }
  BOOST_CHECK_NO_THROW(
      ParseScenarioSpec(text, "s.yaml", tree.a(), {.root = "", .outside = OutsideRoot::kAllow}));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
