// The text of a scenario file, read and checked before it is parsed: a path
// that is a folder, a file over the size limit (or one that never ends, such
// as /dev/urandom), a file with nothing but comments, and a second YAML
// document are located errors, not silence or a hang.
#ifndef TIDEMARK_SIM_SCENARIO_INTERNAL_SCENARIO_TEXT_H_
#define TIDEMARK_SIM_SCENARIO_INTERNAL_SCENARIO_TEXT_H_

#include <cstddef>
#include <string>

#include <yaml-cpp/yaml.h>

namespace tidemark::sim::internal {

// A scenario is a hand-written file: 16 MiB is far more than any needs, and
// reading stops there, so a device or a huge file cannot exhaust memory.
inline constexpr size_t kMaxScenarioBytes = size_t{16} << 20;

// The whole text of the scenario file at `path`. Throws engine::InputError
// when it is missing, a folder, or longer than kMaxScenarioBytes.
std::string ReadScenarioText(const std::string& path);

// The one document of `text`, parsed. Throws engine::InputError located at
// `file` when the text holds no document (empty, or only comments) or more
// than one (a second document after `---`, which would otherwise be ignored).
// YAML syntax errors are left to the caller's YAML::Exception handling.
YAML::Node LoadSingleDocument(const std::string& text, const std::string& file);

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_SCENARIO_INTERNAL_SCENARIO_TEXT_H_
