// JsonGet: one value out of a JSON text by a path, for the expression
// function json_get(text, 'path') (§11.5).
//
// Written on the standard library alone, as engine/ may use nothing else (the
// JSON library of reports/ is not available here). It reads only as far as the
// path needs, never builds a tree, and bounds its nesting, so any input is
// safe: text that is not JSON up to the value gives nullopt.
//
// Path: keys separated by '.', each optionally followed by [n] array indexes
// ("message", "a.b", "answers[0].ip", "[2]"); an optional leading "$." or "$".
// Result: a string value decoded (escapes, \uXXXX as UTF-8), a number, true or
// false as written, and an object or array as its JSON text; nullopt for a
// missing key or index, a JSON null, or malformed input.
#ifndef TIDEMARK_ENGINE_INTERNAL_JSON_PATH_H_
#define TIDEMARK_ENGINE_INTERNAL_JSON_PATH_H_

#include <optional>
#include <string>
#include <string_view>

namespace tidemark::engine::internal {

std::optional<std::string> JsonGet(std::string_view json, std::string_view path);

// Whether `path` is well formed (for compile-time checks of literal paths).
bool IsValidJsonPath(std::string_view path);

}  // namespace tidemark::engine::internal

#endif  // TIDEMARK_ENGINE_INTERNAL_JSON_PATH_H_
