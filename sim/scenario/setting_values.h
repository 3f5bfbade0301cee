// A setting's value as `--set KEY=VALUE` gives it (sweep, and the settings a
// scenario takes: scenario_settings.h): a duration or a whole number, with an
// error naming `--set` and the key when it is neither.
#ifndef TIDEMARK_SIM_SCENARIO_SETTING_VALUES_H_
#define TIDEMARK_SIM_SCENARIO_SETTING_VALUES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/time.h"

namespace tidemark::sim {

// `positive`: above zero, else at least zero. Throws engine::InputError.
engine::Duration SettingDuration(const std::string& key, const std::string& value, bool positive);
// In [low, high]. Throws engine::InputError.
int64_t SettingInt(const std::string& key, const std::string& value, int64_t low, int64_t high);

// `text` cut at every `at` ("a.b.c" -> a, b, c; "" -> one empty part): a
// dotted key, or a list of values "V1,V2".
std::vector<std::string> SplitAt(const std::string& text, char at);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_SCENARIO_SETTING_VALUES_H_
