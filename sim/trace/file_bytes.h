// Whole files read without trusting them: a job's input files hashed block by
// block, and small files (campaign shards) read whole up to a limit. Both
// refuse a folder when they open it, rather than fail on the first read; a
// device without an end (/dev/zero) is refused by the first and stopped at
// the limit by the second.
#ifndef TIDEMARK_SIM_TRACE_FILE_BYTES_H_
#define TIDEMARK_SIM_TRACE_FILE_BYTES_H_

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "engine/core/input_error.h"

namespace tidemark::sim {

// Calls `block` with the bytes of `path` in order, 64 KiB at a time, so a
// caller hashing a 50 GB trace holds one block. A file that is missing,
// unreadable or not a regular file (a folder, a device) throws
// engine::InputError located at `where` (where the scenario names the file;
// the file itself when it is the scenario).
void ForEachFileBlock(const std::string& path, const engine::SourceLocation& where,
                      const std::function<void(std::string_view)>& block);

// The bytes of `path`, which must be at most `max_bytes` long; `what` names
// the file in errors ("an explore JSON file"). Throws engine::InputError
// located at `path` for a folder, a missing or unreadable file, or a longer
// one (read no further than one byte past the limit).
std::string ReadWholeFile(const std::string& path, size_t max_bytes, std::string_view what);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_FILE_BYTES_H_
