#include "sim/trace/csv_line_reader.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "engine/core/input_error.h"

namespace tidemark::sim {

namespace {

constexpr size_t kBlockBytes = 64 * 1024;
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
constexpr std::string_view kPathHint =
    "trace paths are relative to the scenario file that names them";

[[noreturn]] void ThrowFileError(const std::string& path, std::string_view what, int error) {
  throw engine::InputError({.file = path},
                           fmt::format("cannot {} trace file '{}': {}", what, path,
                                       std::generic_category().message(error)),
                           std::string(kPathHint));
}

}  // namespace

CsvLineReader::CsvLineReader(std::string path, std::string too_long_hint)
    : path_(std::move(path)), too_long_hint_(std::move(too_long_hint)) {
  // A folder opens on Linux and fails on the first read; refused here, where
  // the error is reported at the scenario's line that names the file.
  std::error_code ignored;
  if (std::filesystem::is_directory(path_, ignored)) ThrowFileError(path_, "open", EISDIR);
  errno = 0;
  file_.reset(std::fopen(path_.c_str(), "rb"));
  if (!file_) ThrowFileError(path_, "open", errno);
  // Blocks are already large; stdio's own buffer would only add a copy.
  std::setvbuf(file_.get(), nullptr, _IONBF, 0);
  buffer_.resize(kBlockBytes + kReadablePastLine);
}

bool CsvLineReader::Fill() {
  if (eof_) return false;
  // Keep the unread tail, moved to the front; grow only for a line longer
  // than the buffer.
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  // The last kReadablePastLine bytes are never filled: readable past any line.
  const size_t capacity = buffer_.size() - kReadablePastLine;
  if (end_ == capacity) buffer_.resize(capacity * 2 + kReadablePastLine);
  errno = 0;
  const size_t n =
      std::fread(buffer_.data() + end_, 1, buffer_.size() - kReadablePastLine - end_, file_.get());
  end_ += n;
  if (n == 0) {
    if (std::ferror(file_.get())) ThrowFileError(path_, "read", errno);
    eof_ = true;
    return false;
  }
  return true;
}

std::string_view CsvLineReader::Next() {
  if (at_start_) {
    at_start_ = false;
    while (end_ - begin_ < kUtf8Bom.size() && Fill()) {
    }
    const std::string_view head(buffer_.data() + begin_, end_ - begin_);
    if (head.substr(0, kUtf8Bom.size()) == kUtf8Bom) begin_ += kUtf8Bom.size();
  }
  size_t scanned = begin_;
  while (true) {
    const void* nl = std::memchr(buffer_.data() + scanned, '\n', end_ - scanned);
    if (nl != nullptr) {
      const size_t stop = static_cast<size_t>(static_cast<const char*>(nl) - buffer_.data()) + 1;
      if (stop - begin_ > kMaxLineBytes + 1) ThrowLineTooLong();
      const std::string_view line(buffer_.data() + begin_, stop - begin_);
      begin_ = stop;
      ++line_number_;
      return line;
    }
    // Fill() moves the unread bytes to the front; what was scanned stays scanned.
    const size_t scanned_past_begin = end_ - begin_;
    if (scanned_past_begin > kMaxLineBytes) ThrowLineTooLong();
    if (!Fill()) break;
    scanned = begin_ + scanned_past_begin;
  }
  if (begin_ == end_) return {};
  if (end_ - begin_ > kMaxLineBytes) ThrowLineTooLong();
  const std::string_view last(buffer_.data() + begin_, end_ - begin_);
  begin_ = end_;
  ++line_number_;
  return last;
}

void CsvLineReader::ThrowLineTooLong() const {
  throw engine::InputError(
      {path_, static_cast<int>(std::min<int64_t>(line_number_ + 1, INT32_MAX)), 1},
      fmt::format("line is longer than {} MiB", kMaxLineBytes >> 20),
      too_long_hint_.empty()
          ? "a trace row is one short line of CSV; is this a CSV file, with line breaks?"
          : too_long_hint_);
}

}  // namespace tidemark::sim
