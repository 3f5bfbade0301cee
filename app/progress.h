// RowProgress: how far a long run has read, on stderr, for a person watching
// a terminal ("report: 3145728 rows read", rewritten in place). Silent when
// stderr is not a terminal, so logs, pipes and tests see nothing of it.
#ifndef TIDEMARK_APP_PROGRESS_H_
#define TIDEMARK_APP_PROGRESS_H_

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <utility>

#include <unistd.h>

namespace tidemark::app {

class RowProgress {
 public:
  explicit RowProgress(std::string label)
      : label_(std::move(label)), on_(isatty(STDERR_FILENO) != 0) {}
  RowProgress(const RowProgress&) = delete;
  RowProgress& operator=(const RowProgress&) = delete;
  ~RowProgress() { Done(); }

  // Shows the rows read every RunOptions::kProgressRows, when called for
  // them (empty when stderr is not a terminal).
  std::function<void(uint64_t)> Callback() {
    if (!on_) return {};
    return [this](uint64_t rows) { Rows(rows); };
  }
  void Rows(uint64_t rows) {
    if (!on_) return;
    std::fprintf(stderr, "\r%s: %llu rows read", label_.c_str(),
                 static_cast<unsigned long long>(rows));
    shown_ = true;
  }
  // A stage after the run ("writing report.json"), shown only once something was.
  void Stage(const char* what) {
    if (!shown_) return;
    std::fprintf(stderr, "\r%s: %s\033[K", label_.c_str(), what);
  }
  // Ends the progress line, if one was shown.
  void Done() {
    if (!shown_) return;
    std::fputs("\r\033[K", stderr);
    shown_ = false;
  }

 private:
  std::string label_;
  bool on_;
  bool shown_ = false;
};

}  // namespace tidemark::app

#endif  // TIDEMARK_APP_PROGRESS_H_
