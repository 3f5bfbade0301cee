// Where in a JSON text a key path is: the error path of JsonRowParser, which
// parses without positions. Keys along the path are joined by '.', as the
// parser joins them.
#ifndef TIDEMARK_SIM_TRACE_INTERNAL_JSON_LOCATE_H_
#define TIDEMARK_SIM_TRACE_INTERNAL_JSON_LOCATE_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::sim::internal {

enum class JsonPart { kKey, kValue };

// The byte offset of the key (its opening quote) or of the value of the
// `occurrence`-th (1-based) key whose path is `path`, searching objects only
// (not arrays). REQUIRES: `text` is valid JSON at least up to that key's value.
// Returns the offset of the first non-blank byte when it is not found (or
// `occurrence` is 0).
size_t LocateJsonPath(std::string_view text, std::string_view path, JsonPart part,
                      int occurrence = 1);

// The paths of every key of the objects in `text` (not inside arrays), in text
// order: for hints. Empty when `text` is not valid JSON.
std::vector<std::string> JsonKeyPaths(std::string_view text);

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_TRACE_INTERNAL_JSON_LOCATE_H_
