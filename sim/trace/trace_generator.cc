#include "sim/trace/trace_generator.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace tidemark::sim {

namespace {
constexpr uint64_t kUnit = uint64_t{1} << 53;  // probabilities as integers out of 2^53
}

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
  for (const IdlePeriod& idle : o.idle) {
    if (o.partitions == 0 || idle.partition < 0 || idle.partition >= o.partitions) {
      return fmt::format("idle partition {} does not exist (there are {})", idle.partition,
                         o.partitions);
    }
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
}

uint32_t TraceGenerator::DrawKey() {
  if (key_cdf_.empty()) return static_cast<uint32_t>(prng_.Below(options_.keys));
  const uint64_t u = prng_.Below(kUnit);
  return static_cast<uint32_t>(std::upper_bound(key_cdf_.begin(), key_cdf_.end(), u) -
                               key_cdf_.begin());
}

engine::Timestamp TraceGenerator::EventTimeOf(uint64_t index) const {
  const auto rate = static_cast<uint64_t>(options_.events_per_second);
  return options_.start + engine::Duration::Millis(static_cast<int64_t>(index * 1000 / rate));
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
  if (options_.partitions > 0 && IsIdle(row.partition, row.event_time)) return;
  row.sequence = next_sequence_++;
  pending_.push(row);
}

std::optional<GeneratedRow> TraceGenerator::Next() {
  // A pending row may go out once no event still to be generated can arrive
  // before it: a later event arrives no earlier than its own event time, and
  // on a tie it has the larger sequence number.
  for (;;) {
    if (!pending_.empty() &&
        (generated_ >= options_.rows || pending_.top().arrival <= EventTimeOf(generated_))) {
      GeneratedRow row = pending_.top();
      pending_.pop();
      return row;
    }
    if (generated_ >= options_.rows) return std::nullopt;
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
