// Escaping for every markup a report is written in. Names, values and
// descriptions come from scenarios and traces that may come from anyone (a
// pull request, a production dump), and reports are opened from CI artefacts,
// so no text from them may reach a page as markup. Each writer escapes through
// these functions and nothing else; docs/untrusted-input.md#reports says what
// each one guarantees.
#ifndef TIDEMARK_REPORTS_MARKUP_ESCAPE_H_
#define TIDEMARK_REPORTS_MARKUP_ESCAPE_H_

#include <string>
#include <string_view>

namespace tidemark::reports {

// Escapes &, <, >, " and ' for HTML and SVG text and attribute values.
std::string HtmlEscape(std::string_view text);

// `text` escaped for XML text and attributes, always well-formed: characters
// XML 1.0 forbids (control characters other than tab, newline and carriage
// return) are dropped, and bytes that are no UTF-8 character (a trace's 0xFF,
// an overlong form, a surrogate) become U+FFFD.
std::string XmlEscape(std::string_view text);

// `text` as literal inline Markdown (CommonMark and GitHub's tables): every
// character that could start emphasis, a link, an autolink, raw HTML, an
// entity, strikethrough or a table cell is backslash-escaped; line breaks
// become spaces; whitespace at either end is dropped (four leading spaces
// would start a code block) and a leading character that would start a block (heading, list,
// setext rule) is escaped. An underscore between two letters or digits stays
// as it is: it can neither open nor close emphasis there, and names like
// `late_readings` stay readable.
std::string MarkdownText(std::string_view text);

// MarkdownText for a table cell, where no block can start: a leading #, -,
// + or = or "1." stays as it is (numbers such as -5 and 21.75 stay readable).
std::string MarkdownCell(std::string_view text);

// `text` as an inline code span: fenced by one backtick more than its longest
// run of backticks, padded when it starts or ends with a backtick or space,
// line breaks as spaces. In a table (`in_table`) pipes become `\|`, which
// GitHub's tables read as a literal pipe even inside code. Never put it at
// the start of a line: a fence of three backticks there opens a code block.
std::string MarkdownCode(std::string_view text, bool in_table);

// `text` as a fenced code block: the fence is longer than any run of
// backticks in the text, so no line of it can close the block early.
std::string MarkdownCodeBlock(std::string_view text);

}  // namespace tidemark::reports

#endif  // TIDEMARK_REPORTS_MARKUP_ESCAPE_H_
