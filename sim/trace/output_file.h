// OutputFile: a file tidemark writes for the user (a report page, a sink's
// CSV, junit.xml, a golden file, a generated trace), written so that a link
// already at its path is replaced, never written through.
//
// An output folder may come from a pull request, and with it a link named
// `report.html` pointing at a file elsewhere. The content goes to a fresh
// `PATH.partial` (any link there removed first, then created exclusively and
// never following a link), and Commit() renames it over PATH: a rename
// replaces a link itself, not the file it points at. Until Commit() the old
// file stays as it was; a writer destroyed without Commit() leaves no
// partial file behind.
#ifndef TIDEMARK_SIM_TRACE_OUTPUT_FILE_H_
#define TIDEMARK_SIM_TRACE_OUTPUT_FILE_H_

#include <cstdio>
#include <string>
#include <string_view>

namespace tidemark::sim {

class OutputFile {
 public:
  // Opens PATH.partial. Throws engine::InputError located at `path` when it
  // cannot be created (no such folder, no permission).
  explicit OutputFile(std::string path);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  OutputFile(OutputFile&& other) noexcept;
  OutputFile& operator=(OutputFile&&) = delete;

  void Write(std::string_view bytes);
  // Flushes, closes and renames the partial file over the path. Throws
  // engine::InputError when any write failed or the rename does.
  void Commit();

  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::string partial_;
  std::FILE* out_ = nullptr;
};

// `content` as the whole of `path`, through an OutputFile.
void WriteOutputFile(const std::string& path, std::string_view content);

// `content` appended to `path` (created if missing), refusing a link there:
// for files a CI system gives to append to, such as GitHub's step summary.
void AppendToOutputFile(const std::string& path, std::string_view content);

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_OUTPUT_FILE_H_
