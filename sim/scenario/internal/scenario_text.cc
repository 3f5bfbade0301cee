#include "sim/scenario/internal/scenario_text.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include <fmt/format.h>

#include "engine/core/input_error.h"

namespace tidemark::sim::internal {

using engine::InputError;

namespace {

// True for a line that starts a document: "---" alone or before a space.
bool IsDocumentStart(std::string_view line) {
  if (!line.starts_with("---")) return false;
  return line.size() == 3 || line[3] == ' ' || line[3] == '\t' || line[3] == '\r';
}

// True for a line holding only spaces, or a comment.
bool IsBlankOrComment(std::string_view line) {
  for (const char c : line) {
    if (c == '#') return true;
    if (c != ' ' && c != '\t' && c != '\r') return false;
  }
  return true;
}

// True for "..." alone or before a space: the end of a document.
bool IsDocumentEnd(std::string_view line) {
  if (!line.starts_with("...")) return false;
  return line.size() == 3 || line[3] == ' ' || line[3] == '\t' || line[3] == '\r';
}

// The 1-based line where a second document starts, or 0: a `---` after some
// content (a `---` before any opens the first), or content after a `...`.
// Markers count only at column 1, where YAML forbids them inside any scalar,
// so a scan of the lines finds them exactly. (yaml-cpp's LoadAll would find
// them too, but it loops for ever on some malformed input.)
int SecondDocumentLine(const std::string& text) {
  bool content = false;
  bool ended = false;
  int line_number = 0;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + at, end - at);
    ++line_number;
    if (IsDocumentStart(line)) {
      if (content || ended) return line_number;
      content = !IsBlankOrComment(line.substr(3));  // "--- {a: 1}" holds content
    } else if (IsDocumentEnd(line)) {
      ended = true;
    } else if (!IsBlankOrComment(line)) {
      if (ended) return line_number;
      content = true;
    }
    at = end + 1;
  }
  return 0;
}

}  // namespace

std::string ReadScenarioText(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw InputError(
        {path, 0, 0}, "this is a folder, not a scenario file",
        "give one .yaml file; `tidemark check FOLDER` runs every scenario in a folder");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw InputError({path, 0, 0}, "cannot open the scenario file",
                     "check the path; it is relative to the current directory");
  }
  // Read in blocks up to one byte past the limit: a device without an end
  // (/dev/urandom, /dev/zero) stops there too.
  std::string text;
  std::vector<char> block(size_t{1} << 16);
  while (in && text.size() <= kMaxScenarioBytes) {
    in.read(block.data(), static_cast<std::streamsize>(block.size()));
    text.append(block.data(), static_cast<size_t>(in.gcount()));
  }
  if (text.size() > kMaxScenarioBytes) {
    throw InputError(
        {path, 0, 0},
        fmt::format("the scenario file is larger than {} MiB", kMaxScenarioBytes >> 20),
        "a scenario is a hand-written YAML file; put large data in a CSV trace "
        "('trace: FILE.csv')");
  }
  if (in.bad()) {
    throw InputError({path, 0, 0},
                     fmt::format("cannot read the scenario file: {}", std::strerror(errno)));
  }
  return text;
}

YAML::Node LoadSingleDocument(const std::string& text, const std::string& file) {
  if (const int line = SecondDocumentLine(text); line > 0) {
    throw InputError({file, line, 1}, "a second YAML document: a scenario file holds one",
                     "remove the '---' line and what follows it, or move that scenario into a "
                     "file of its own");
  }
  const YAML::Node document = YAML::Load(text);
  if (document.IsNull()) {
    throw InputError({file, 1, 1},
                     "the scenario is empty: no YAML mapping, only blank lines or "
                     "comments",
                     "a scenario is a mapping with at least 'sources' and 'sinks' (see "
                     "docs/scenario-format.md)");
  }
  return document;
}

}  // namespace tidemark::sim::internal
