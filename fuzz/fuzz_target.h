// The contract every fuzz target of this folder checks, and the entry point
// libFuzzer calls. A target feeds its bytes to one parser (or to a whole run)
// and accepts exactly two outcomes: the input is taken, or it is refused with
// an engine::InputError located inside the input. Anything else — a crash, a
// sanitizer report, another exception, an error with no location — aborts, so
// that libFuzzer (or replay_main.cc in the gcc builds) records it.
#ifndef TIDEMARK_FUZZ_FUZZ_TARGET_H_
#define TIDEMARK_FUZZ_FUZZ_TARGET_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/input_error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace tidemark::fuzz {

// Aborts with `what` on stderr: a finding.
[[noreturn]] void Fail(std::string_view what);

// Lines as an editor counts them (a final line without a break counts).
int LineCount(std::string_view text);

// Checks that `error`, raised while reading `text` under the name `file`,
// has a message and points at a line and column inside the text. Errors
// about another file (a trace the text names) need only a message.
void CheckLocated(const engine::InputError& error, std::string_view text, std::string_view file);

}  // namespace tidemark::fuzz

#endif  // TIDEMARK_FUZZ_FUZZ_TARGET_H_
