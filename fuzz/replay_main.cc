// The driver of the fuzz targets in builds without libFuzzer (gcc, the ci
// and asan presets): it runs a target over a corpus and over seeded mutations
// of each corpus file, so that the suite exercises every target on every
// build. libFuzzer's own driver replaces it in the `fuzz` preset (clang).
//
//   fuzz_whole_run [--mutations N] [--seed S] [--timeout SECONDS] [--ext .yaml] PATH...
//
// PATHs are files or folders (searched recursively, files taken in sorted
// order, so a run is the same on every machine). A crash aborts; an input
// that runs longer than the timeout is reported as a hang and aborts too.
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "fuzz/fuzz_target.h"
#include "sim/random/prng.h"

namespace {

namespace fs = std::filesystem;

struct Options {
  uint64_t mutations = 0;
  uint64_t seed = 1;
  unsigned timeout_seconds = 60;
  std::string extension;  // empty: every file
  std::vector<std::string> paths;
};

[[noreturn]] void Usage(const char* why) {
  std::fprintf(stderr,
               "%s\nusage: fuzz_target [--mutations N] [--seed S] [--timeout SECONDS] "
               "[--ext .yaml] PATH...\n",
               why);
  std::exit(2);
}

uint64_t ParseCount(const char* flag, const char* text) {
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text, &end, 10);
  if (*text == '-' || end == text || *end != '\0') {
    Usage((std::string(flag) + " takes a non-negative integer").c_str());
  }
  return value;
}

Options ParseOptions(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--mutations" && has_value) {
      options.mutations = ParseCount("--mutations", argv[++i]);
    } else if (arg == "--seed" && has_value) {
      options.seed = ParseCount("--seed", argv[++i]);
    } else if (arg == "--timeout" && has_value) {
      options.timeout_seconds = static_cast<unsigned>(ParseCount("--timeout", argv[++i]));
    } else if (arg == "--ext" && has_value) {
      options.extension = argv[++i];
    } else if (arg.starts_with("--")) {
      Usage(("unknown option " + arg).c_str());
    } else {
      options.paths.push_back(arg);
    }
  }
  if (options.paths.empty()) Usage("no corpus given");
  return options;
}

std::vector<fs::path> CorpusFiles(const Options& options) {
  std::vector<fs::path> files;
  auto take = [&](const fs::path& file) {
    if (options.extension.empty() || file.extension() == options.extension) files.push_back(file);
  };
  for (const std::string& path : options.paths) {
    if (fs::is_directory(path)) {
      for (const auto& entry : fs::recursive_directory_iterator(path)) {
        if (entry.is_regular_file()) take(entry.path());
      }
    } else if (fs::is_regular_file(path)) {
      files.push_back(path);
    } else {
      Usage(("no such corpus file or folder: " + path).c_str());
    }
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) Usage("the corpus holds no file");
  return files;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// One to four edits of the kinds that break parsers: a byte inserted,
// deleted or replaced (from the characters YAML, CSV and expressions treat
// specially), or a line duplicated.
std::string Mutate(std::string text, tidemark::sim::Prng& prng) {
  static constexpr std::string_view kBytes = " :-{}[],'\"#\n\r\t\\x09s@&*!|>%`=+()<";
  const uint64_t edits = 1 + prng.Below(4);
  for (uint64_t e = 0; e < edits && !text.empty(); ++e) {
    const size_t at = static_cast<size_t>(prng.Below(text.size()));
    const char byte = kBytes[static_cast<size_t>(prng.Below(kBytes.size()))];
    switch (prng.Below(4)) {
      case 0: text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), byte); break;
      case 1: text.erase(at, 1); break;
      case 2: text[at] = byte; break;
      default: {
        const size_t before = text.rfind('\n', at);
        const size_t start = before == std::string::npos ? 0 : before + 1;
        const size_t end = text.find('\n', at);
        text.insert(start, text.substr(start, end == std::string::npos ? end : end - start + 1));
        break;
      }
    }
  }
  return text;
}

std::string current_input = "(none)";

void OnAlarm(int) {
  // Only async-signal-safe calls here.
  const char prefix[] = "fuzz finding: hang (timeout) on ";
  (void)!write(STDERR_FILENO, prefix, sizeof prefix - 1);
  (void)!write(STDERR_FILENO, current_input.data(), current_input.size());
  (void)!write(STDERR_FILENO, "\n", 1);
  std::abort();
}

void RunOne(const std::string& name, const std::string& bytes, unsigned timeout_seconds) {
  current_input = name;
  alarm(timeout_seconds);
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  alarm(0);
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = ParseOptions(argc, argv);
  std::signal(SIGALRM, OnAlarm);
  const std::vector<fs::path> files = CorpusFiles(options);
  uint64_t inputs = 0;
  for (size_t f = 0; f < files.size(); ++f) {
    const std::string original = ReadFile(files[f]);
    RunOne(files[f].string(), original, options.timeout_seconds);
    ++inputs;
    tidemark::sim::Prng prng = tidemark::sim::Prng::ForComponent(
        options.seed, "fuzz-mutation:" + files[f].filename().string());
    for (uint64_t m = 0; m < options.mutations; ++m) {
      RunOne(files[f].string() + " mutation " + std::to_string(m + 1), Mutate(original, prng),
             options.timeout_seconds);
      ++inputs;
    }
  }
  std::printf("%llu inputs from %zu corpus files, no finding\n",
              static_cast<unsigned long long>(inputs), files.size());
  return 0;
}
