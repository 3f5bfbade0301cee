// ScratchFolder: a folder of this test process's own under the system's temp
// directory, where generators write the traces of the scenarios they build
// (the loader reads traces from files); removed when the process ends.
#ifndef TIDEMARK_PROPERTY_TESTS_GEN_SCRATCH_FOLDER_H_
#define TIDEMARK_PROPERTY_TESTS_GEN_SCRATCH_FOLDER_H_

#include <filesystem>
#include <string_view>
#include <system_error>

#include <fmt/format.h>
#include <unistd.h>

namespace tidemark::props {

class ScratchFolder {
 public:
  // tmp/<prefix>-<pid>: the pid keeps concurrent test runs apart.
  explicit ScratchFolder(std::string_view prefix)
      : path_(std::filesystem::temp_directory_path() / fmt::format("{}-{}", prefix, getpid())) {
    std::filesystem::create_directories(path_);
  }
  ~ScratchFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace tidemark::props

#endif  // TIDEMARK_PROPERTY_TESTS_GEN_SCRATCH_FOLDER_H_
