// baseline: the minimal hand-written C++ loop that tidemark's throughput is
// measured against (docs/benchmarks.md). It uses no tidemark code.
//
// It reads a trace written by `tidemark gen` (key,ts,value,@arrival, sorted by
// @arrival) and computes what bench/scenarios/tumbling-count-avg.yaml computes,
// with the same semantics, emulated here by hand:
//   - rows arrive in file order at their @arrival (processing time, ms);
//   - bounded out-of-orderness, bound B = 2000 ms: the watermark is
//     (highest ts seen) - B - 1, offered on a periodic tick every 200 ms of
//     processing time from the first row's arrival (first tick at arrival +
//     200), and emitted only when it is higher than the last one emitted;
//   - 10 s tumbling windows per key, [start, start + 10000) with start =
//     ts - (ts mod 10000) (floored, as Flink's getWindowStartWithOffset);
//   - a window fires (count, average of value) when the watermark reaches its
//     max timestamp end - 1; a row whose window has end - 1 <= watermark is
//     late (allowed lateness 0) and goes to the late output;
//   - at the end of the input the watermark goes to +infinity: every open
//     window fires.
// tidemark orders a tick and a row due at the same millisecond by its seeded
// PRNG; here a tick runs after the rows of its millisecond. With the benchmark
// traces (disorder <= bound) no record's fate depends on that order: a row
// delayed by at most B is never behind a watermark, and a straggler delayed by
// 30 s is behind every one.
//
// Usage: baseline TRACE [--out DIR]
//   prints "windows N, late M"; with --out, writes DIR/windows.csv and
//   DIR/late.csv in tidemark's sink format (unsorted).
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace {

constexpr int64_t kBoundMs = 2000;
constexpr int64_t kIntervalMs = 200;
constexpr int64_t kSizeMs = 10000;
constexpr int64_t kMinTime = std::numeric_limits<int64_t>::min();
constexpr int64_t kMaxTime = std::numeric_limits<int64_t>::max();

[[noreturn]] void Die(const std::string& message) {
  std::fprintf(stderr, "baseline: %s\n", message.c_str());
  std::exit(2);
}

struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

struct Window {
  int64_t start = 0;
  int64_t count = 0;
  double sum = 0;
};

class Job {
 public:
  explicit Job(std::FILE* windows_out, std::FILE* late_out)
      : windows_out_(windows_out), late_out_(late_out) {}

  void Row(std::string_view key, int64_t ts, double value, int64_t arrival) {
    if (next_tick_ == kMinTime) next_tick_ = arrival + kIntervalMs;
    while (next_tick_ < arrival) Tick();
    const int64_t start = ts - (((ts % kSizeMs) + kSizeMs) % kSizeMs);
    if (start + kSizeMs - 1 <= watermark_) {
      ++late_;
      if (late_out_ != nullptr) {
        char text[64];
        const auto end = std::to_chars(text, text + sizeof text, value).ptr;
        std::fprintf(late_out_, "%.*s,%lld,%.*s\n", static_cast<int>(key.size()), key.data(),
                     static_cast<long long>(ts), static_cast<int>(end - text), text);
      }
    } else {
      Add(Intern(key), start, value);
    }
    max_ts_ = std::max(max_ts_, ts);
  }

  void End() { Advance(kMaxTime); }

  uint64_t windows() const { return fired_; }
  uint64_t late() const { return late_; }

 private:
  uint32_t Intern(std::string_view key) {
    const auto it = ids_.find(key);
    if (it != ids_.end()) return it->second;
    const auto id = static_cast<uint32_t>(names_.size());
    ids_.emplace(std::string(key), id);
    names_.emplace_back(key);
    open_.emplace_back();
    return id;
  }

  void Add(uint32_t key, int64_t start, double value) {
    for (Window& w : open_[key]) {
      if (w.start == start) {
        ++w.count;
        w.sum += value;
        return;
      }
    }
    open_[key].push_back({start, 1, value});
    due_[start].push_back(key);
  }

  void Tick() {
    if (max_ts_ != kMinTime) Advance(max_ts_ - kBoundMs - 1);
    next_tick_ += kIntervalMs;
  }

  void Advance(int64_t watermark) {
    if (watermark <= watermark_) return;
    watermark_ = watermark;
    while (!due_.empty() && due_.begin()->first + (kSizeMs - 1) <= watermark_) {
      const int64_t start = due_.begin()->first;
      for (const uint32_t key : due_.begin()->second) Fire(key, start);
      due_.erase(due_.begin());
    }
  }

  void Fire(uint32_t key, int64_t start) {
    std::vector<Window>& open = open_[key];
    for (size_t i = 0; i < open.size(); ++i) {
      if (open[i].start != start) continue;
      ++fired_;
      if (windows_out_ != nullptr) {
        char avg[64];
        const double mean = open[i].sum / static_cast<double>(open[i].count);
        const auto end = std::to_chars(avg, avg + sizeof avg, mean).ptr;
        std::fprintf(windows_out_, "%s,%lld,%lld,%lld,%.*s,on_time\n", names_[key].c_str(),
                     static_cast<long long>(start), static_cast<long long>(start + kSizeMs),
                     static_cast<long long>(open[i].count), static_cast<int>(end - avg), avg);
      }
      open[i] = open.back();
      open.pop_back();
      return;
    }
  }

  std::FILE* windows_out_;
  std::FILE* late_out_;
  std::unordered_map<std::string, uint32_t, StringHash, std::equal_to<>> ids_;
  std::vector<std::string> names_;                // by key id
  std::vector<std::vector<Window>> open_;         // by key id
  std::map<int64_t, std::vector<uint32_t>> due_;  // window start -> keys with it open
  int64_t max_ts_ = kMinTime;
  int64_t watermark_ = kMinTime;
  int64_t next_tick_ = kMinTime;
  uint64_t fired_ = 0;
  uint64_t late_ = 0;
};

int64_t ParseInt(std::string_view text) {
  int64_t v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size()) {
    Die("not an int: '" + std::string(text) + "'");
  }
  return v;
}

double ParseDouble(std::string_view text) {
  double v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size()) {
    Die("not a double: '" + std::string(text) + "'");
  }
  return v;
}

// One data line "key,ts,value,arrival" (no quotes: `tidemark gen` writes none).
void ParseLine(std::string_view line, Job& job) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.empty()) return;
  std::string_view cells[4];
  size_t n = 0;
  size_t start = 0;
  for (size_t i = 0; i <= line.size(); ++i) {
    if (i < line.size() && line[i] != ',') continue;
    if (n == 4) Die("more than 4 cells in '" + std::string(line) + "'");
    cells[n++] = line.substr(start, i - start);
    start = i + 1;
  }
  if (n != 4) Die("fewer than 4 cells in '" + std::string(line) + "'");
  job.Row(cells[0], ParseInt(cells[1]), ParseDouble(cells[2]), ParseInt(cells[3]));
}

void ReadTrace(const char* path, Job& job) {
  std::FILE* file = std::fopen(path, "rb");
  if (file == nullptr) Die(std::string("cannot open ") + path);
  std::vector<char> buffer(1 << 20);
  size_t begin = 0;
  size_t end = 0;
  bool header = true;
  while (true) {
    const size_t n = std::fread(buffer.data() + end, 1, buffer.size() - end, file);
    end += n;
    const bool eof = n == 0;
    while (true) {
      const void* nl = std::memchr(buffer.data() + begin, '\n', end - begin);
      if (nl == nullptr && !(eof && begin < end)) break;
      const size_t stop =
          nl != nullptr ? static_cast<size_t>(static_cast<const char*>(nl) - buffer.data()) : end;
      const std::string_view line(buffer.data() + begin, stop - begin);
      begin = nl != nullptr ? stop + 1 : end;
      if (header) {
        if (line.substr(0, 21) != "key,ts,value,@arrival") Die("unexpected header");
        header = false;
        continue;
      }
      ParseLine(line, job);
    }
    if (eof) break;
    std::memmove(buffer.data(), buffer.data() + begin, end - begin);
    end -= begin;
    begin = 0;
    if (end == buffer.size()) buffer.resize(buffer.size() * 2);
  }
  std::fclose(file);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && !(argc == 4 && std::string_view(argv[2]) == "--out")) {
    Die("usage: baseline TRACE [--out DIR]");
  }
  std::FILE* windows_out = nullptr;
  std::FILE* late_out = nullptr;
  if (argc == 4) {
    const std::string dir = argv[3];
    windows_out = std::fopen((dir + "/windows.csv").c_str(), "wb");
    late_out = std::fopen((dir + "/late.csv").c_str(), "wb");
    if (windows_out == nullptr || late_out == nullptr) Die("cannot write to " + dir);
    std::fputs("key,window_start,window_end,n,avg_value,firing\n", windows_out);
    std::fputs("key,ts,value\n", late_out);
  }
  Job job(windows_out, late_out);
  ReadTrace(argv[1], job);
  job.End();
  if (windows_out != nullptr) std::fclose(windows_out);
  if (late_out != nullptr) std::fclose(late_out);
  std::printf("windows %llu, late %llu\n", static_cast<unsigned long long>(job.windows()),
              static_cast<unsigned long long>(job.late()));
  return 0;
}
