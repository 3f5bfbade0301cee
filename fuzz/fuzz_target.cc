#include "fuzz/fuzz_target.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "engine/core/input_error_list.h"

namespace tidemark::fuzz {

void Fail(std::string_view what) {
  std::fprintf(stderr, "fuzz finding: %.*s\n", static_cast<int>(what.size()), what.data());
  std::abort();
}

int LineCount(std::string_view text) {
  const auto breaks = std::count(text.begin(), text.end(), '\n');
  return static_cast<int>(breaks) + 1;
}

namespace {

void CheckOneLocated(const engine::InputError& error, std::string_view text,
                     std::string_view file) {
  if (error.message().empty()) Fail("an input error without a message");
  if (error.where().file != file) return;
  // Line 0 locates the file as a whole (an empty text, a missing trace).
  if (error.where().line == 0) return;
  if (error.where().line < 0 || error.where().line > LineCount(text) + 1) {
    Fail("an input error located outside the input: " + std::string(error.what()));
  }
  if (error.where().column < 1)
    Fail("an input error without a column: " + std::string(error.what()));
}

}  // namespace

// Every error a list holds (errors reported at once) is checked on its own.
void CheckLocated(const engine::InputError& error, std::string_view text, std::string_view file) {
  for (const engine::InputError& one : engine::Flatten(error)) CheckOneLocated(one, text, file);
}

}  // namespace tidemark::fuzz
