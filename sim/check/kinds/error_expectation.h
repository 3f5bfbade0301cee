// `expect_error:` — the job must be refused, loading, planning or running
// it, with an error containing the text (at the line, when given). The block
// is also read on its own before the rest of the file, so that a scenario
// that must be refused can say so even when the rest of it is bad input.
// `check --update` never rewrites it.
#ifndef TIDEMARK_SIM_CHECK_KINDS_ERROR_EXPECTATION_H_
#define TIDEMARK_SIM_CHECK_KINDS_ERROR_EXPECTATION_H_

#include <optional>
#include <string>
#include <vector>

#include "engine/core/input_error.h"
#include "sim/check/expectation.h"

namespace tidemark::sim {

const ExpectationKind& ErrorExpectationKind();

// The `expect_error:` block of a scenario text, read on its own; nullopt when
// the text has none or is not a YAML mapping. Throws engine::InputError when
// the block itself is malformed.
std::optional<ExpectedRefusal> ReadExpectedRefusal(const std::string& text,
                                                   const std::string& file);

// Whether `refusal` (nullopt: the job ran to its end) is the one expected.
// Empty when it is; else the diff that fails the check, located at the block.
std::vector<SinkDiff> JudgeRefusal(const ExpectedRefusal& expected,
                                   const std::optional<engine::InputError>& refusal);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_CHECK_KINDS_ERROR_EXPECTATION_H_
