#include "reports/text/markup_escape.h"

#include <algorithm>

namespace tidemark::reports {

namespace {

bool IsAsciiAlnum(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool IsLineBreak(char c) { return c == '\n' || c == '\r'; }

// The longest run of backticks in `text`.
size_t LongestBacktickRun(std::string_view text) {
  size_t longest = 0, run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

// Where the . or ) of an ordered-list marker (digits, then . or )) that
// starts `text` is, or npos.
size_t OrderedMarkerEnd(std::string_view text) {
  size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  const bool marker =
      digits > 0 && digits < text.size() && (text[digits] == '.' || text[digits] == ')');
  return marker ? digits : std::string_view::npos;
}

}  // namespace

std::string HtmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

namespace {

// The length of the well-formed UTF-8 character at the start of `text` (RFC
// 3629: no overlong form, no surrogate, nothing above U+10FFFF), or 0.
size_t Utf8CharLength(std::string_view text) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the second byte's range
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // overlong
    if (lead == 0xED) high = 0x9F;  // surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;   // overlong
    if (lead == 0xF4) high = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (text.size() < length || byte(1) < low || byte(1) > high) return 0;
  for (size_t i = 2; i < length; ++i) {
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  }
  // U+FFFE and U+FFFF are no XML characters either.
  if (length == 3 && lead == 0xEF && byte(1) == 0xBF && byte(2) >= 0xBE) return 0;
  return length;
}

}  // namespace

std::string XmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    const size_t length = Utf8CharLength(text.substr(i));
    if (length == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD for a byte that is no UTF-8 character
      ++i;
      continue;
    }
    if (length > 1) {
      out.append(text.substr(i, length));
      i += length;
      continue;
    }
    ++i;
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        // XML 1.0 has no other control character, not even as a reference.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') break;
        out += c;
    }
  }
  return out;
}

namespace {

// MarkdownText, and MarkdownCell without `block_start`.
std::string EscapeMarkdown(std::string_view text, bool block_start) {
  std::string out;
  out.reserve(text.size());
  // Leading whitespace goes (four spaces would start a code block), and line
  // breaks become spaces, so only the first character can start a block.
  text.remove_prefix(std::min(text.size(), text.find_first_not_of(" \t\r\n")));
  text.remove_suffix(text.size() - std::min(text.size(), text.find_last_not_of(" \t\r\n") + 1));
  if (block_start && !text.empty()) {
    const char c = text.front();
    if (c == '#' || c == '-' || c == '+' || c == '=') out += '\\';
  }
  // A backslash before a digit is no escape: the marker's . or ) gets it.
  const size_t ordered_marker = block_start ? OrderedMarkerEnd(text) : std::string_view::npos;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (i == ordered_marker) out += '\\';
    switch (c) {
      case '\\':
      case '`':
      case '*':
      case '[':
      case ']':
      case '<':
      case '>':
      case '|':
      case '&':
      case '~':
      case '!':
        out += '\\';
        out += c;
        break;
      case '_': {
        const bool intraword =
            i > 0 && i + 1 < text.size() && IsAsciiAlnum(text[i - 1]) && IsAsciiAlnum(text[i + 1]);
        if (!intraword) out += '\\';
        out += c;
        break;
      }
      default: out += IsLineBreak(c) ? ' ' : c;
    }
  }
  return out;
}

}  // namespace

std::string MarkdownText(std::string_view text) { return EscapeMarkdown(text, true); }

std::string MarkdownCell(std::string_view text) { return EscapeMarkdown(text, false); }

std::string MarkdownCode(std::string_view text, bool in_table) {
  std::string body;
  body.reserve(text.size());
  for (char c : text) {
    if (IsLineBreak(c)) {
      body += ' ';
    } else if (c == '|' && in_table) {
      body += "\\|";
    } else {
      body += c;
    }
  }
  const std::string fence(LongestBacktickRun(body) + 1, '`');
  // CommonMark strips one space from each end of a span that has both, and a
  // backtick next to the fence would lengthen it; a space each side avoids both.
  const bool pad = !body.empty() && (body.front() == '`' || body.back() == '`' ||
                                     body.front() == ' ' || body.back() == ' ');
  const std::string space = pad ? " " : "";
  return fence + space + body + space + fence;
}

std::string MarkdownCodeBlock(std::string_view text) {
  const std::string fence(std::max<size_t>(3, LongestBacktickRun(text) + 1), '`');
  std::string out = fence + "\n";
  out += text;
  if (out.back() != '\n') out += '\n';
  return out + fence + "\n";
}

}  // namespace tidemark::reports
