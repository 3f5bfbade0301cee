#include "property_tests/gen/counterexample.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <rapidcheck.h>
#include <rapidcheck/detail/TestListener.h>

namespace tidemark::props {

namespace {

// nullopt: no override (use the environment); an empty optional inside: off.
std::optional<std::optional<std::string>>& DirOverride() {
  static std::optional<std::optional<std::string>> dir;
  return dir;
}

// Mutation runs are expected to fail: nothing to print, nothing for
// RapidCheck's end-of-run "to reproduce" summary.
class SilentListener final : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

size_t& LastFailingCase() {
  static size_t size = 0;
  return size;
}

bool WriteFile(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return static_cast<bool>(out);
}

}  // namespace

std::string WriteCounterexample(const std::string& property, const ScenarioFiles& files) {
  std::filesystem::path dir = ".";
  if (DirOverride()) {
    if (!*DirOverride()) return "";
    dir = **DirOverride();
  } else if (const char* env = std::getenv("TIDEMARK_COUNTEREXAMPLE_DIR"); env && *env) {
    dir = env;
  }
  std::error_code ignored;
  std::filesystem::create_directories(dir, ignored);
  const std::filesystem::path yaml = dir / (property + ".yaml");
  if (!WriteFile(yaml, files.yaml)) return "";
  for (const auto& [name, text] : files.companions) {
    if (!WriteFile(dir / name, text)) return "";
  }
  return yaml.string();
}

ScopedCounterexampleDir::ScopedCounterexampleDir(std::optional<std::string> dir)
    : previous_(DirOverride()) {
  DirOverride() = std::move(dir);
}

ScopedCounterexampleDir::~ScopedCounterexampleDir() { DirOverride() = previous_; }

void NoteFailingCase(size_t size) { LastFailingCase() = size; }

MutationOutcome ExpectFailure(const std::function<void()>& property, int max_success) {
  ScopedCounterexampleDir off(std::nullopt);
  LastFailingCase() = 0;
  rc::detail::TestParams params;
  params.seed = 20261129;
  params.maxSuccess = max_success;
  rc::detail::TestMetadata metadata;
  metadata.id = "mutation";
  metadata.description = "mutation";
  SilentListener listener;
  const rc::detail::TestResult result =
      rc::detail::checkProperty(rc::detail::toProperty(property), metadata, params, listener);
  MutationOutcome outcome;
  rc::detail::FailureResult failure;
  rc::detail::GaveUpResult gave_up;
  rc::detail::Error error;
  if (result.match(failure)) {
    outcome.failed = true;
    outcome.message = failure.description;
    outcome.shrunk_size = LastFailingCase();
  } else if (result.match(gave_up)) {
    outcome.message = "gave up: " + gave_up.description;
  } else if (result.match(error)) {
    outcome.message = "error: " + error.description;
  } else {
    outcome.message = "passed";
  }
  return outcome;
}

}  // namespace tidemark::props
