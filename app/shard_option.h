// --shard I/K or --shard auto (with --shard-count K), for explore and sweep.
// `auto` reads the job's number from the CI or batch system's variables
// (sim/explore/shard_environment.h); only here is the process environment read.
#ifndef TIDEMARK_APP_SHARD_OPTION_H_
#define TIDEMARK_APP_SHARD_OPTION_H_

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "engine/core/input_error.h"
#include "sim/explore/explore.h"
#include "sim/explore/shard_environment.h"
#include "sim/trace/file_bytes.h"

namespace tidemark::app {

inline sim::Shard ResolveShard(const std::string& text, std::optional<uint64_t> count) {
  if (text != "auto") {
    if (count) {
      throw engine::InputError({"--shard-count", 0, 0}, "--shard-count goes with --shard auto",
                               fmt::format("--shard {} already names the count", text));
    }
    return sim::ParseShard(text, "--shard");
  }
  sim::Environment env;
  for (const std::string& name : sim::ShardVariables()) {
    if (const char* value = std::getenv(name.c_str())) env[name] = value;
  }
  const sim::EnvironmentShard found = sim::ShardFromEnvironment(env, count);
  // On stderr, so that the report reads as with --shard I/K.
  std::fputs(
      fmt::format("shard {}/{} from the {} ({})\n", found.shard.index, found.shard.count,
                  found.system == "tidemark" ? "tidemark variables" : found.system, found.from)
          .c_str(),
      stderr);
  return found.shard;
}

// A shard's JSON file given to --merge, read whole. A shard of a million
// seeds is tens of MiB; the limit stops a wrong path (/dev/zero, a trace)
// before it takes the machine's memory.
inline std::string ReadShardFile(const std::string& path) {
  constexpr size_t kMaxShardFileBytes = size_t{256} << 20;
  return sim::ReadWholeFile(path, kMaxShardFileBytes, "a shard file given to --merge is");
}

}  // namespace tidemark::app

#endif  // TIDEMARK_APP_SHARD_OPTION_H_
