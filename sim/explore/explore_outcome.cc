#include "sim/explore/explore_outcome.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "sim/trace/csv_writer.h"

namespace tidemark::sim {

uint64_t Fnv1a64(std::string_view bytes, uint64_t hash) {
  for (char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

std::vector<SinkLines> OutcomeLines(const RunResult& result, OutcomeOrder order) {
  std::vector<SinkLines> out;
  out.reserve(result.sinks.size());
  for (const SinkOutput& sink : result.sinks) {
    SinkLines lines{sink.name, {}};
    lines.lines.reserve(sink.records.size());
    for (const engine::Record& record : sink.records) lines.lines.push_back(CsvRow(record));
    if (order == OutcomeOrder::kMultiset) std::sort(lines.lines.begin(), lines.lines.end());
    out.push_back(std::move(lines));
  }
  return out;
}

uint64_t OutcomeHash(const std::vector<SinkLines>& sinks) {
  uint64_t hash = kFnvOffset;
  for (const SinkLines& sink : sinks) {
    hash = Fnv1a64(sink.name, hash);
    hash = Fnv1a64("\n", hash);
    for (const std::string& line : sink.lines) {
      hash = Fnv1a64(line, hash);
      hash = Fnv1a64("\n", hash);
    }
    hash = Fnv1a64("\n", hash);
  }
  return hash;
}

std::string HashText(uint64_t hash) { return fmt::format("{:016x}", hash); }

bool ParseHashText(std::string_view text, uint64_t* hash) {
  if (text.size() != 16) return false;
  uint64_t value = 0;
  for (char c : text) {
    int digit = 0;
    if (c >= '0' && c <= '9') {
      digit = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      digit = c - 'a' + 10;
    } else {
      return false;
    }
    value = value * 16 + static_cast<uint64_t>(digit);
  }
  *hash = value;
  return true;
}

std::vector<std::string> DiffLines(const std::vector<std::string>& a,
                                   const std::vector<std::string>& b) {
  std::map<std::string, int64_t> balance;  // count in a - count in b
  for (const std::string& line : a) ++balance[line];
  for (const std::string& line : b) --balance[line];
  std::vector<std::string> out;
  std::map<std::string, int64_t> left = balance;
  for (const std::string& line : a) {
    if (left[line] > 0) {
      out.push_back("- " + line);
      --left[line];
    }
  }
  for (const std::string& line : b) {
    if (left[line] < 0) {
      out.push_back("+ " + line);
      ++left[line];
    }
  }
  return out;
}

uint64_t RunOutcome(const RunResult& result, OutcomeOrder order) {
  return OutcomeHash(OutcomeLines(result, order));
}

uint64_t FailingRunOutcome(const RunResult& result, OutcomeOrder order) {
  const uint64_t hash = RunOutcome(result, order);
  const bool failed = result.recovery && !result.recovery->job_failed.empty();
  return failed ? Fnv1a64("job failed\n", hash) : hash;
}

}  // namespace tidemark::sim
