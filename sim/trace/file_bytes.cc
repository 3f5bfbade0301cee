#include "sim/trace/file_bytes.h"

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <system_error>
#include <vector>

#include <fmt/format.h>

namespace tidemark::sim {

namespace {

constexpr size_t kHashBlockBytes = size_t{1} << 16;

struct CloseOpenedFile {
  void operator()(std::FILE* file) const { std::fclose(file); }
};
using OpenedFile = std::unique_ptr<std::FILE, CloseOpenedFile>;

[[noreturn]] void ThrowUnreadableFile(const engine::SourceLocation& where, const std::string& path,
                                      std::string_view what, int error) {
  throw engine::InputError(
      where, fmt::format("cannot {} '{}': {}", what, path, std::generic_category().message(error)),
      "a path in a scenario is relative to the scenario's folder; one on the command line to "
      "the current folder");
}

enum class FileKinds { kRegularOnly, kAnyButFolders };

OpenedFile OpenForReading(const std::string& path, const engine::SourceLocation& where,
                          FileKinds kinds) {
  std::error_code ignored;
  const auto status = std::filesystem::status(path, ignored);
  if (std::filesystem::is_directory(status)) ThrowUnreadableFile(where, path, "read", EISDIR);
  if (kinds == FileKinds::kRegularOnly && std::filesystem::exists(status) &&
      !std::filesystem::is_regular_file(status)) {
    throw engine::InputError(where, fmt::format("'{}' is not a regular file", path),
                             "give a file; a device or a pipe has no end to read to");
  }
  errno = 0;
  OpenedFile file(std::fopen(path.c_str(), "rb"));
  if (!file) ThrowUnreadableFile(where, path, "open", errno);
  return file;
}

// Reads the next block into `buffer`; 0 at the end. A read error throws.
size_t ReadBlock(std::FILE* file, std::vector<char>& buffer, const engine::SourceLocation& where,
                 const std::string& path) {
  errno = 0;
  const size_t n = std::fread(buffer.data(), 1, buffer.size(), file);
  if (n == 0 && std::ferror(file)) ThrowUnreadableFile(where, path, "read", errno);
  return n;
}

}  // namespace

void ForEachFileBlock(const std::string& path, const engine::SourceLocation& where,
                      const std::function<void(std::string_view)>& block) {
  const OpenedFile file = OpenForReading(path, where, FileKinds::kRegularOnly);
  std::vector<char> buffer(kHashBlockBytes);
  while (const size_t n = ReadBlock(file.get(), buffer, where, path)) {
    block(std::string_view(buffer.data(), n));
  }
}

std::string ReadWholeFile(const std::string& path, size_t max_bytes, std::string_view what) {
  const engine::SourceLocation where{.file = path};
  const OpenedFile file = OpenForReading(path, where, FileKinds::kAnyButFolders);
  std::string text;
  std::vector<char> buffer(kHashBlockBytes);
  while (const size_t n = ReadBlock(file.get(), buffer, where, path)) {
    text.append(buffer.data(), n);
    if (text.size() > max_bytes) {
      throw engine::InputError(where, fmt::format("{} larger than {} MiB", what, max_bytes >> 20),
                               "is this the file you meant to give?");
    }
  }
  return text;
}

}  // namespace tidemark::sim
