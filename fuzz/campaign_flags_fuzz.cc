// Fuzz target: the arguments a campaign takes from its command line and the
// shard files it merges. The first three lines are --set values, parsed and
// combined into a grid (refused past kMaxSweepPoints before any is built);
// the fourth a --shard I/K; the rest a shard file, read back as an explore
// and as a sweep shard. Each is taken or refused with a located error;
// nothing may allocate without bound (three 1000-value settings once built a
// 10^9-point grid, a "0/18446744073709551615" shard sized a table by it).
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/fuzz_target.h"
#include "reports/campaign/explore_report.h"
#include "reports/campaign/sweep_report.h"
#include "sim/explore/explore.h"
#include "sim/explore/sweep.h"

namespace {

using tidemark::engine::InputError;

// The next line of `rest` (without its '\n'), consuming it.
std::string NextLine(std::string_view& rest) {
  const size_t end = rest.find('\n');
  std::string line(rest.substr(0, end));
  rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
  return line;
}

void Settings(std::string_view& rest) {
  std::vector<tidemark::sim::SweepSetting> settings;
  for (int i = 0; i < 3; ++i) {
    const std::string line = NextLine(rest);
    try {
      settings.push_back(tidemark::sim::ParseSweepSetting(line));
    } catch (const InputError& error) {
      tidemark::fuzz::CheckLocated(error, line, "--set");
    }
  }
  try {
    const auto grid = tidemark::sim::SweepGrid(settings);
    if (grid.size() > tidemark::sim::kMaxSweepPoints) {
      tidemark::fuzz::Fail("a sweep grid larger than kMaxSweepPoints");
    }
  } catch (const InputError& error) {
    tidemark::fuzz::CheckLocated(error, "", "--set");
  }
}

void Shard(std::string_view& rest) {
  const std::string line = NextLine(rest);
  try {
    const tidemark::sim::Shard shard = tidemark::sim::ParseShard(line, "--shard");
    if (shard.count == 0 || shard.index >= shard.count) {
      tidemark::fuzz::Fail("a shard taken outside 0 <= I < K: " + line);
    }
  } catch (const InputError& error) {
    tidemark::fuzz::CheckLocated(error, line, "--shard");
  }
}

void ShardFile(const std::string& text) {
  try {
    tidemark::reports::ParseExploreJson(text, "shard.json");
  } catch (const InputError& error) {
    tidemark::fuzz::CheckLocated(error, text, "shard.json");
  }
  try {
    tidemark::reports::ParseSweepJson(text, "shard.json");
  } catch (const InputError& error) {
    tidemark::fuzz::CheckLocated(error, text, "shard.json");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  Settings(rest);
  Shard(rest);
  ShardFile(std::string(rest));
  return 0;
}
