// Writing scenario text: a value as a YAML scalar that reads back as the same
// value, and a top-level block of a scenario file replaced in place, the rest
// kept byte for byte. What `check --update` and `explore`'s reproductions
// write with.
#ifndef TIDEMARK_SIM_SCENARIO_YAML_TEXT_H_
#define TIDEMARK_SIM_SCENARIO_YAML_TEXT_H_

#include <string>
#include <string_view>

#include "engine/core/value.h"

namespace tidemark::sim {

// `value` as a YAML flow scalar that reads back as the same value: plain
// when that is unambiguous, else double-quoted.
std::string YamlScalar(const engine::Value& value);

// A mapping key: plain when that reads back as the same key ("n" and "on"
// do, as keys), double-quoted otherwise ("price [USD]", "#id", "a: b", "x,y",
// "null"), with control characters escaped.
std::string YamlKey(std::string_view key);

// `text` with its last top-level `key:` block (the key's line up to the next
// line that starts with neither a space, a tab nor a newline) replaced by
// `block`, or `block` appended when there is none.
std::string ReplaceTopLevelBlock(const std::string& text, std::string_view key,
                                 const std::string& block);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SCENARIO_YAML_TEXT_H_
