// Text of the input shown, never obeyed: control characters in a name or a
// value (a line break, ESC, NUL) written as visible escapes, so that echoed
// input cannot start a line of its own in a terminal or a CI log (where a
// line beginning "::" is a workflow command), move a terminal's cursor, or
// cut a C string short.
#ifndef TIDEMARK_ENGINE_CORE_VISIBLE_TEXT_H_
#define TIDEMARK_ENGINE_CORE_VISIBLE_TEXT_H_

#include <string>
#include <string_view>

namespace tidemark::engine {

// `text` with each control character but tab (C0 and DEL) written as \n,
// \r or \xHH; other bytes, UTF-8 included, unchanged.
std::string VisibleText(std::string_view text);

// A place ("file:line:col") that starts a printed line, made visible: also
// never "::" at its start (a CI log would read the line as a command), by
// writing a relative file as ./file.
std::string VisiblePlace(std::string_view place);

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_CORE_VISIBLE_TEXT_H_
