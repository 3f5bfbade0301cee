// The sinks of a fault-tolerant job (docs/checkpoints.md): a scripted
// failure may throw on a record a sink takes; what it writes is visible as its
// delivery guarantee says (SinkTransactions: at once, or at the commit after
// the next checkpoint); and every visible record is traced for duplicates of
// an earlier one. Part of FaultTolerance (fault_tolerance.h).
#include <algorithm>
#include <bit>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "engine/windows/timer_service.h"
#include "sim/runtime/internal/fault_tolerance.h"

namespace tidemark::sim::internal {

namespace {

// A record's timestamp and values, hashed: duplicates are records equal in
// both (a 64-bit hash; a collision would only mislabel one record). Every
// record a sink shows is hashed while checkpointing is on, so the hash takes a
// word per step (multiply and rotate, as FxHash does, then Mix64 to spread
// the bits) rather than a byte: FNV-1a's byte chain cost about 5% of the
// checkpointed benchmark job's time.
class ContentHasher {
 public:
  void Word(uint64_t w) { h_ = std::rotl((h_ ^ w) * 0x9e3779b97f4a7c15ULL, 29); }
  void Bytes(std::string_view s) {
    Word(s.size());
    size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
      uint64_t w;
      std::memcpy(&w, s.data() + i, 8);
      Word(w);
    }
    if (i < s.size()) {
      uint64_t w = 0;
      std::memcpy(&w, s.data() + i, s.size() - i);
      Word(w);
    }
  }
  uint64_t Finish() const { return engine::internal::Mix64(h_); }

 private:
  uint64_t h_ = 0;
};

uint64_t ContentHash(const Record& record) {
  ContentHasher h;
  h.Word(static_cast<uint64_t>(record.timestamp.millis()));
  for (const engine::Value& v : record.values) {
    h.Word(v.index());
    if (const auto* i = std::get_if<int64_t>(&v)) h.Word(static_cast<uint64_t>(*i));
    if (const auto* d = std::get_if<double>(&v)) h.Word(std::bit_cast<uint64_t>(*d));
    if (const auto* b = std::get_if<bool>(&v)) h.Word(*b ? 1 : 0);
    if (const auto* s = std::get_if<std::string>(&v)) h.Bytes(*s);
    if (const auto* list = std::get_if<engine::StringList>(&v)) {
      h.Word(list->size());
      for (const std::string& item : *list) h.Bytes(item);
    }
  }
  return h.Finish();
}

}  // namespace

void FaultTolerance::OnSinkRecord(uint32_t subtask, size_t sink, const Record& record) {
  ThrowIfSinkFails(subtask, sink, record);
  world_.Note(subtask, record.id, Fate::kSunk, static_cast<uint32_t>(sink));
  WriteToSink(subtask, sink, record);
}

// A record reaches a sink subtask: a scripted failure may throw there (the
// record is not written, and its task fails).
void FaultTolerance::ThrowIfSinkFails(uint32_t subtask, size_t sink, const Record& record) {
  const uint64_t n = ++sink_received_[sink];
  const std::vector<FailurePlan>& failures = world_.plan.fault_tolerance.failures;
  for (size_t i = 0; i < failures.size(); ++i) {
    const FailurePlan& f = failures[i];
    if (f.kind == FailurePlan::Kind::kAt || f.sink != sink) continue;
    std::string cause;
    const std::string& name = world_.plan.sinks[sink].name;
    if (f.kind == FailurePlan::Kind::kOnRecord && !fired_[i] && n == f.count) {
      fired_[i] = true;
      cause = fmt::format("sink '{}' threw on its record {}", name, n);
    } else if (f.kind == FailurePlan::Kind::kEvery && n % f.count == 0) {
      cause = fmt::format("sink '{}' threw on its record {} (every {})", name, n, f.count);
    } else if (f.kind == FailurePlan::Kind::kWhen && f.when->EvaluateCondition(record)) {
      cause = fmt::format("sink '{}' threw on a record where {} holds", name, f.when->text());
    }
    if (!cause.empty()) throw TaskFailure{.subtask = subtask, .cause = std::move(cause)};
  }
}

// The sink writes a record it took under its guarantee.
void FaultTolerance::WriteToSink(uint32_t subtask, size_t sink, const Record& record) {
  ++recovery().sinks[sink].written;
  const Subtask& s = world_.subtasks[subtask];
  transactions_[sink][s.index].Write(
      {.record = record, .watermark = world_.EmittingWatermark(subtask), .written_at = world_.now});
}

// What a reader of the sink sees, in order: counted, traced for duplicates,
// then shown.
void FaultTolerance::ShowSinkRecord(size_t sink, const Record& record,
                                    const RecordEmission& emission) {
  const uint64_t index = world_.result.sinks[sink].count;  // Show counts it
  SinkRecovery& stats = recovery().sinks[sink];
  ++stats.visible;
  const engine::Duration latency = emission.visible_at - emission.at;
  stats.max_visibility_latency = std::max(stats.max_visibility_latency, latency);
  stats.total_visibility_latency = stats.total_visibility_latency + latency;
  SinkSeen& seen = seen_[sink];
  const uint64_t hash = ContentHash(record);
  std::optional<uint64_t> first = seen.current.Find(hash);
  if (!first) first = seen.previous.Find(hash);
  if (first) {
    ++stats.duplicates;
    if (stats.listed_duplicates.size() < RecoveryResult::kMaxListed) {
      stats.listed_duplicates.push_back({.index = index, .first = *first});
    }
  } else if (seen.current.size() < SinkSeen::kMaxTracked) {
    seen.current.Insert(hash, index);
  }
  world_.sinks.Show(sink, record, emission);
}

}  // namespace tidemark::sim::internal
