// check_all: `tidemark check DIR [--lint [--warnings-as-errors]]` written
// against the public API alone, printing what the command prints. The suite
// runs both over scenarios/ and compares their output byte for byte
// (api/check_all/check_matches_command.cmake), so the library's check and the
// command's can never drift apart.
//
//   check_all DIR [--lint] [--warnings-as-errors]
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "tidemark/tidemark.h"

namespace {

namespace fs = std::filesystem;

// The scenario files under `dir` as `tidemark check DIR` finds them: every
// .yaml/.yml file, sorted, skipping folders called `errors`.
std::vector<std::string> ScenariosUnder(const std::string& dir) {
  std::vector<std::string> files;
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator();
       ++it) {
    if (it->is_directory() && it->path().filename() == "errors") {
      it.disable_recursion_pending();
    } else if (it->is_regular_file() &&
               (it->path().extension() == ".yaml" || it->path().extension() == ".yml")) {
      files.push_back(it->path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

void Print(const std::string& file, const tidemark::CheckResult& check) {
  for (const std::string& finding : check.lint) std::fputs(finding.c_str(), stdout);
  const char* word = tidemark::CheckStatusWord(check.status);
  switch (check.status) {
    case tidemark::CheckStatus::kPassed:
      std::printf("%s %s%s\n", word, file.c_str(),
                  check.refused_as_expected ? " (refused as expected)" : "");
      break;
    case tidemark::CheckStatus::kSkipped:
      std::printf("%s %s (no expectations)\n", word, file.c_str());
      break;
    case tidemark::CheckStatus::kFailed:
      std::printf("%s %s\n", word, file.c_str());
      for (const tidemark::ExpectationDiff& diff : check.diffs) {
        std::printf("  %s: %s\n", diff.subject.c_str(), diff.lines.front().c_str());
        for (size_t i = 1; i < diff.lines.size(); ++i) {
          std::printf("    %s\n", diff.lines[i].c_str());
        }
      }
      break;
    case tidemark::CheckStatus::kBadInput:
      std::printf("%s %s\n", word, file.c_str());
      std::fflush(stdout);
      std::fprintf(stderr, "%s\n", check.error->what());
      std::fflush(stderr);
      break;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: check_all DIR [--lint] [--warnings-as-errors]\n");
    return 2;
  }
  tidemark::CheckOptions options{.root = argv[1]};
  bool lint = false;
  bool warnings_as_errors = false;
  for (int i = 2; i < argc; ++i) {
    lint |= std::strcmp(argv[i], "--lint") == 0;
    warnings_as_errors |= std::strcmp(argv[i], "--warnings-as-errors") == 0;
  }
  if (lint) {
    options.lint = warnings_as_errors ? tidemark::LintCheck::kWarningsFailToo
                                      : tidemark::LintCheck::kErrorsFail;
  }
  int passed = 0, failed = 0, skipped = 0, bad = 0;
  for (const std::string& file : ScenariosUnder(argv[1])) {
    const tidemark::CheckResult check = tidemark::CheckScenarioFile(file, options);
    Print(file, check);
    switch (check.status) {
      case tidemark::CheckStatus::kPassed: ++passed; break;
      case tidemark::CheckStatus::kFailed: ++failed; break;
      case tidemark::CheckStatus::kSkipped: ++skipped; break;
      case tidemark::CheckStatus::kBadInput: ++bad; break;
    }
  }
  std::printf("%d passed, %d failed, %d skipped, %d bad input\n", passed, failed, skipped, bad);
  if (bad > 0) return 2;
  if (failed > 0) return 1;
  if (passed == 0) {
    std::fprintf(stderr, "error: no scenario with expectations found\n");
    return 2;
  }
  return 0;
}
