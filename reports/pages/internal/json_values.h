// Values as report.json writes them: a time as its milliseconds, a value as
// its JSON type (a double that is not finite as the trace spells it).
#ifndef TIDEMARK_REPORTS_PAGES_INTERNAL_JSON_VALUES_H_
#define TIDEMARK_REPORTS_PAGES_INTERNAL_JSON_VALUES_H_

#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/time.h"
#include "engine/core/value.h"

namespace tidemark::reports::internal {

nlohmann::json JsonValue(const engine::Value& v);
nlohmann::json JsonValues(const std::vector<engine::Value>& values);
inline nlohmann::json JsonTime(engine::Timestamp t) { return t.millis(); }

}  // namespace tidemark::reports::internal

#endif  // TIDEMARK_REPORTS_PAGES_INTERNAL_JSON_VALUES_H_
