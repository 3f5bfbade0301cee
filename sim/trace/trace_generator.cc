#include "sim/trace/trace_generator.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace tidemark::sim {

namespace {
constexpr uint64_t kUnit = uint64_t{1} << 53;  // probabilities as integers out of 2^53
// Times and draw numbers multiplied by a rate, without wrapping (GCC and Clang).
__extension__ using Int128 = __int128;
}  // namespace

std::optional<std::string> TraceGenerator::ValidateOptions(const TraceGeneratorOptions& o) {
  if (o.keys == 0) return "--keys must be at least 1";
  if (o.events_per_second <= 0) return "--rate must be at least 1 event per second";
  if (o.skew < 0 || !std::isfinite(o.skew)) return "--skew must be 0 (uniform) or more";
  // A skewed draw searches a table of every key's share, built up front.
  if (o.skew > 0 && o.keys > kMaxSkewedKeys) {
    return fmt::format(
        "--keys with --skew is at most {} (each key's share is kept in memory); "
        "without --skew any number of keys is drawn uniformly",
        kMaxSkewedKeys);
  }
  if (o.max_disorder.millis() < 0) return "--disorder cannot be negative";
  if (o.straggler_delay.millis() < 0) return "--straggler-delay cannot be negative";
  if (!(o.straggler_share >= 0 && o.straggler_share <= 1)) {
    return "--stragglers is a share between 0 and 1";
  }
  if (o.partitions < 0) return "--partitions cannot be negative";
  // The last row's arrival must be a time: every row's event time is at most
  // start + (rows - 1 + draws skipped in idle spans) / rate, and each idle
  // span skips at most its own length of event time (plus one draw).
  const Int128 step_ms = 1000 / o.events_per_second + 1;
  Int128 last = static_cast<Int128>(o.start.millis()) +
                static_cast<Int128>(o.rows) * 1000 / o.events_per_second + o.max_disorder.millis() +
                o.straggler_delay.millis();
  for (const IdlePeriod& idle : o.idle) {
    if (o.partitions == 0 || idle.partition < 0 || idle.partition >= o.partitions) {
      return fmt::format("idle partition {} does not exist (there are {})", idle.partition,
                         o.partitions);
    }
    if (idle.to > idle.from)
      last += static_cast<Int128>(idle.to.millis()) - idle.from.millis() + step_ms;
  }
  // Draws are numbered in 64 bits, including those an idle stretch skips.
  const Int128 draws = (last - o.start.millis()) * o.events_per_second / 1000;
  if (draws >= (static_cast<Int128>(1) << 63)) {
    return fmt::format("--rate {} over the span the rows and idle periods cover is too many events",
                       o.events_per_second);
  }
  if (o.start == engine::Timestamp::Min() || last >= engine::Timestamp::Max().millis()) {
    return fmt::format(
        "--start {} with {} rows at {} per second would put event or arrival times past the "
        "last millisecond a timestamp holds ({})",
        o.start.millis(), o.rows, o.events_per_second, engine::Timestamp::Max().millis() - 1);
  }
  return std::nullopt;
}

TraceGenerator::TraceGenerator(TraceGeneratorOptions options)
    : options_(std::move(options)), prng_(Prng::ForComponent(options_.seed, "trace-generator")) {
  if (options_.skew > 0) {
    // Zipf weights 1/(k+1)^s, accumulated and scaled to integers once, so the
    // per-row draw is an integer binary search.
    std::vector<double> weights(options_.keys);
    double total = 0;
    for (uint32_t k = 0; k < options_.keys; ++k) {
      weights[k] = 1.0 / std::pow(static_cast<double>(k) + 1.0, options_.skew);
      total += weights[k];
    }
    double running = 0;
    for (uint32_t k = 0; k < options_.keys; ++k) {
      running += weights[k];
      key_cdf_.push_back(static_cast<uint64_t>(running / total * static_cast<double>(kUnit)));
    }
    key_cdf_.back() = kUnit;
  }
  if (options_.partitions > 0) {
    std::vector<bool> drawable(static_cast<size_t>(options_.partitions), false);
    const uint32_t keys_to_look_at =
        std::min(options_.keys,
                 key_cdf_.empty() ? static_cast<uint32_t>(options_.partitions) : options_.keys);
    for (uint32_t k = 0; k < keys_to_look_at; ++k) {
      const bool has_share = key_cdf_.empty() || key_cdf_[k] > (k == 0 ? 0 : key_cdf_[k - 1]);
      if (has_share) drawable[k % static_cast<uint32_t>(options_.partitions)] = true;
    }
    for (int32_t p = 0; p < options_.partitions; ++p) {
      if (drawable[static_cast<size_t>(p)]) drawable_partitions_.push_back(p);
    }
  }
}

uint32_t TraceGenerator::DrawKey() {
  if (key_cdf_.empty()) return static_cast<uint32_t>(prng_.Below(options_.keys));
  const uint64_t u = prng_.Below(kUnit);
  return static_cast<uint32_t>(std::upper_bound(key_cdf_.begin(), key_cdf_.end(), u) -
                               key_cdf_.begin());
}

engine::Timestamp TraceGenerator::EventTimeOf(uint64_t index) const {
  // In 128 bits: an index past an all-idle stretch can exceed 2^64 / 1000.
  const Int128 offset = static_cast<Int128>(index) * 1000 / options_.events_per_second;
  return options_.start + engine::Duration::Millis(static_cast<int64_t>(offset));
}

uint64_t TraceGenerator::FirstIndexAtOrAfter(engine::Timestamp t) const {
  // The least i with i * 1000 / rate >= t - start, i.e. i * 1000 > (t - start - 1) * rate.
  const Int128 offset = static_cast<Int128>(t.millis()) - options_.start.millis();
  if (offset <= 0) return 0;
  const Int128 rate = options_.events_per_second;
  return static_cast<uint64_t>(((offset - 1) * rate) / 1000 + 1);
}

std::optional<engine::Timestamp> TraceGenerator::EndOfAllIdle(engine::Timestamp t) const {
  if (drawable_partitions_.empty()) return std::nullopt;
  engine::Timestamp first_busy = engine::Timestamp::Max();
  for (const int32_t partition : drawable_partitions_) {
    // Follow the partition's idle spans from t while they chain.
    engine::Timestamp busy_from = t;
    bool extended = true;
    while (extended) {
      extended = false;
      for (const IdlePeriod& idle : options_.idle) {
        if (idle.partition == partition && idle.from <= busy_from && busy_from < idle.to) {
          busy_from = idle.to;
          extended = true;
        }
      }
    }
    if (busy_from == t) return std::nullopt;
    first_busy = std::min(first_busy, busy_from);
  }
  return first_busy;
}

bool TraceGenerator::IsIdle(int32_t partition, engine::Timestamp t) const {
  return std::any_of(options_.idle.begin(), options_.idle.end(), [&](const IdlePeriod& idle) {
    return idle.partition == partition && idle.from <= t && t < idle.to;
  });
}

void TraceGenerator::GenerateOne() {
  const uint64_t i = generated_++;
  GeneratedRow row;
  row.event_time = EventTimeOf(i);
  row.key = DrawKey();
  row.value = static_cast<int64_t>(prng_.Below(1000));
  int64_t delay = prng_.Between(0, options_.max_disorder.millis());
  if (options_.straggler_share > 0 &&
      prng_.Below(kUnit) < static_cast<uint64_t>(options_.straggler_share * kUnit)) {
    delay += options_.straggler_delay.millis();
  }
  row.arrival = row.event_time + engine::Duration::Millis(delay);
  row.partition = options_.partitions > 0 ? static_cast<int32_t>(row.key % options_.partitions) : 0;
  if (options_.partitions > 0 && IsIdle(row.partition, row.event_time)) {
    // Skipped; when no partition can draw until later, go straight there.
    if (const auto busy = EndOfAllIdle(row.event_time)) {
      generated_ = std::max(generated_, FirstIndexAtOrAfter(*busy));
    }
    return;
  }
  row.sequence = next_sequence_++;
  pending_.push(row);
}

std::optional<GeneratedRow> TraceGenerator::Next() {
  // A pending row may go out once no event still to be generated can arrive
  // before it: a later event arrives no earlier than its own event time, and
  // on a tie it has the larger sequence number.
  for (;;) {
    if (!pending_.empty() &&
        (next_sequence_ >= options_.rows || pending_.top().arrival <= EventTimeOf(generated_))) {
      GeneratedRow row = pending_.top();
      pending_.pop();
      return row;
    }
    if (next_sequence_ >= options_.rows) return std::nullopt;
    GenerateOne();
  }
}

std::string TraceGenerator::KeyName(uint32_t key) { return fmt::format("k{:04}", key); }

std::string TraceGenerator::Header() const {
  return options_.partitions > 0 ? "key,ts,value,@arrival,@partition" : "key,ts,value,@arrival";
}

void TraceGenerator::AppendCsv(const GeneratedRow& row, std::string& out) const {
  auto it = std::back_inserter(out);
  fmt::format_to(it, "k{:04},{},{},{}", row.key, row.event_time.millis(), row.value,
                 row.arrival.millis());
  if (options_.partitions > 0) fmt::format_to(it, ",{}", row.partition);
  out += '\n';
}

void TraceGenerator::AppendJsonLine(const GeneratedRow& row, std::string& out) const {
  auto it = std::back_inserter(out);
  fmt::format_to(it, "{{\"key\":\"k{:04}\",\"ts\":{},\"value\":{},\"@arrival\":{}", row.key,
                 row.event_time.millis(), row.value, row.arrival.millis());
  if (options_.partitions > 0) fmt::format_to(it, ",\"@partition\":{}", row.partition);
  out += "}\n";
}

void TraceGenerator::AppendKafkaLine(const GeneratedRow& row, uint64_t offset,
                                     std::string& out) const {
  fmt::format_to(std::back_inserter(out),
                 "CreateTime:{}\tPartition:{}\tOffset:{}\tk{:04}\t{{\"key\":\"k{:04}\",\"ts\":{},"
                 "\"value\":{}}}\n",
                 row.arrival.millis(), options_.partitions > 0 ? row.partition : 0, offset, row.key,
                 row.key, row.event_time.millis(), row.value);
}

}  // namespace tidemark::sim
