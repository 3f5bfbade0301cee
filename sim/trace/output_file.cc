#include "sim/trace/output_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <utility>

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include "engine/core/input_error.h"

namespace tidemark::sim {

namespace {

[[noreturn]] void ThrowWriteError(const std::string& path, int error) {
  throw engine::InputError({.file = path},
                           error != 0
                               ? fmt::format("cannot write the file: {}", std::strerror(error))
                               : std::string("cannot write the file"),
                           "check that the folder exists and can be written");
}

// Opens `path` for writing with `flags` added, never following a link at it.
std::FILE* OpenNoFollow(const std::string& path, int flags, const char* mode) {
  errno = 0;
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | flags, 0644);
  if (fd < 0) ThrowWriteError(path, errno == ELOOP ? EPERM : errno);
  std::FILE* file = ::fdopen(fd, mode);
  if (file == nullptr) {
    const int error = errno;
    ::close(fd);
    ThrowWriteError(path, error);
  }
  return file;
}

}  // namespace

OutputFile::OutputFile(std::string path) : path_(std::move(path)), partial_(path_ + ".partial") {
  // A link planted at the partial name goes (remove() takes the link, not
  // what it points at); O_EXCL then refuses anything that reappears there.
  std::error_code ignored;
  std::filesystem::remove(partial_, ignored);
  try {
    out_ = OpenNoFollow(partial_, O_EXCL | O_TRUNC, "wb");
  } catch (const engine::InputError& e) {
    throw engine::InputError({.file = path_}, e.message(), e.hint());
  }
}

OutputFile::OutputFile(OutputFile&& other) noexcept
    : path_(std::move(other.path_)),
      partial_(std::move(other.partial_)),
      out_(std::exchange(other.out_, nullptr)) {}

OutputFile::~OutputFile() {
  if (out_ == nullptr) return;
  std::fclose(out_);
  std::error_code ignored;
  std::filesystem::remove(partial_, ignored);
}

void OutputFile::Write(std::string_view bytes) {
  if (!bytes.empty()) std::fwrite(bytes.data(), 1, bytes.size(), out_);
}

void OutputFile::Commit() {
  const bool failed = std::ferror(out_) != 0;
  const int write_error = failed ? errno : 0;
  const bool closed = std::fclose(out_) == 0;
  out_ = nullptr;
  std::error_code error;
  if (!failed && closed) std::filesystem::rename(partial_, path_, error);
  if (failed || !closed || error) {
    std::error_code ignored;
    std::filesystem::remove(partial_, ignored);
    ThrowWriteError(path_, error ? error.value() : write_error);
  }
}

void WriteOutputFile(const std::string& path, std::string_view content) {
  OutputFile file(path);
  file.Write(content);
  file.Commit();
}

void AppendToOutputFile(const std::string& path, std::string_view content) {
  std::FILE* out = OpenNoFollow(path, O_APPEND, "ab");
  std::fwrite(content.data(), 1, content.size(), out);
  const bool failed = std::ferror(out) != 0;
  if (std::fclose(out) != 0 || failed) ThrowWriteError(path, errno);
}

}  // namespace tidemark::sim
