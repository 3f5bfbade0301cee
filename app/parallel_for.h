// Runs independent, numbered jobs on up to `jobs` threads, for explore and
// sweep. Threads live only in the app: the libraries stay single-threaded and
// deterministic, and each job writes only its own result slot, so the output
// is the same for any number of threads. On a terminal, stderr shows progress.
#ifndef TIDEMARK_APP_PARALLEL_FOR_H_
#define TIDEMARK_APP_PARALLEL_FOR_H_

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

namespace tidemark::app {

// The most threads --jobs may ask for: more than any machine's cores, few
// enough that a mistyped number does not try to start millions of threads.
inline constexpr uint64_t kMaxJobs = 1024;

// 0 means one per hardware thread.
inline unsigned ResolveJobs(unsigned jobs) {
  if (jobs > 0) return jobs;
  return std::max(1u, std::thread::hardware_concurrency());
}

// Calls job(i) for every i in [0, count) and rethrows the first exception a
// job raised (by index), after every thread has stopped.
inline void ParallelFor(size_t count, unsigned jobs, const std::string& label,
                        const std::function<void(size_t)>& job) {
  std::atomic<size_t> next{0};
  std::atomic<size_t> done{0};
  std::vector<std::exception_ptr> errors(count);
  auto work = [&] {
    for (size_t i = next++; i < count; i = next++) {
      try {
        job(i);
      } catch (...) {
        errors[i] = std::current_exception();
      }
      ++done;
    }
  };
  const bool progress = isatty(STDERR_FILENO) && count > 1;
  const unsigned threads = std::min<unsigned>(ResolveJobs(jobs), static_cast<unsigned>(count));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  if (progress) {
    std::thread reporter;
    std::atomic<bool> stop{false};
    reporter = std::thread([&] {
      while (!stop) {
        std::fprintf(stderr, "\r%s: %zu/%zu", label.c_str(), done.load(), count);
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
      }
    });
    work();
    for (std::thread& t : pool) t.join();
    stop = true;
    reporter.join();
    std::fprintf(stderr, "\r%s: %zu/%zu\n", label.c_str(), count, count);
  } else {
    work();
    for (std::thread& t : pool) t.join();
  }
  for (const std::exception_ptr& e : errors) {
    if (e) std::rethrow_exception(e);
  }
}

}  // namespace tidemark::app

#endif  // TIDEMARK_APP_PARALLEL_FOR_H_
