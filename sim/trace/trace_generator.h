// TraceGenerator: seeded synthetic traces for scale tests, benchmarks and
// teaching, produced one row at a time so 10M rows never sit in memory.
//
// Event time advances at `events_per_second` from `start`. Each event gets an
// arrival (processing) time of its event time plus a delay: uniform in
// [0, max_disorder], or for a `straggler_share` of events, straggler_delay
// plus that. Rows come out in arrival order (ties by event order), which is
// how a source would read them; the generator buffers only the events whose
// arrival is still ahead, i.e. memory is bounded by the delay window.
// Keys are uniform or Zipf-skewed; partitions follow the key. An idle
// partition draws no events in its idle span: its draws are skipped (event
// time still advances) and more are drawn, so `rows` rows always come out;
// a stretch where every partition with keys is idle is jumped over at once.
#ifndef TIDEMARK_SIM_TRACE_TRACE_GENERATOR_H_
#define TIDEMARK_SIM_TRACE_TRACE_GENERATOR_H_

#include <cstdint>
#include <optional>
#include <queue>
#include <string>
#include <vector>

#include "engine/core/time.h"
#include "sim/random/prng.h"

namespace tidemark::sim {

struct IdlePeriod {
  int32_t partition = 0;
  // The event-time span [from, to) in which the partition has no events.
  engine::Timestamp from = {};
  engine::Timestamp to = {};
};

struct TraceGeneratorOptions {
  uint64_t seed = 0;
  uint64_t rows = 1000;
  uint32_t keys = 10;
  double skew = 0;  // Zipf exponent; 0 = uniform
  int64_t events_per_second = 1000;
  engine::Timestamp start = engine::Timestamp::Millis(0);
  engine::Duration max_disorder = engine::Duration::Millis(0);
  double straggler_share = 0;
  engine::Duration straggler_delay = engine::Duration::Seconds(30);
  int32_t partitions = 0;  // 0: no @partition column
  std::vector<IdlePeriod> idle = {};
};

struct GeneratedRow {
  uint32_t key = 0;
  engine::Timestamp event_time;
  engine::Timestamp arrival;
  int32_t partition = 0;
  int64_t value = 0;  // 0..999: whole numbers keep sums and averages exact
  uint64_t sequence = 0;
};

// A skewed key draw searches a table of every key's cumulative share: past
// this many keys the table alone would take gigabytes.
inline constexpr uint32_t kMaxSkewedKeys = 10'000'000;

class TraceGenerator {
 public:
  // REQUIRES options validated by ValidateOptions.
  explicit TraceGenerator(TraceGeneratorOptions options);

  // Why `options` cannot generate a trace, or nullopt when they can.
  static std::optional<std::string> ValidateOptions(const TraceGeneratorOptions& options);

  std::optional<GeneratedRow> Next();

  std::string Header() const;  // "key,ts,value,@arrival[,@partition]"
  void AppendCsv(const GeneratedRow& row, std::string& out) const;  // one line with '\n'
  // The same row as a JSON-lines object with '\n':
  // {"key":"k0007","ts":1000,"value":5,"@arrival":1003[,"@partition":2]}.
  void AppendJsonLine(const GeneratedRow& row, std::string& out) const;
  // As a Kafka console-consumer dump line (kafka_dump_trace_reader.h), the
  // arrival as CreateTime, partition 0 when there are no partitions, the key
  // as the record key and the JSON object above without @arrival/@partition:
  // "CreateTime:1003\tPartition:2\tOffset:OFFSET\tk0007\t{...}\n".
  void AppendKafkaLine(const GeneratedRow& row, uint64_t offset, std::string& out) const;
  static std::string KeyName(uint32_t key);  // "k0007"

 private:
  struct Later {
    bool operator()(const GeneratedRow& a, const GeneratedRow& b) const {
      if (a.arrival != b.arrival) return a.arrival > b.arrival;
      return a.sequence > b.sequence;
    }
  };
  void GenerateOne();
  uint32_t DrawKey();
  engine::Timestamp EventTimeOf(uint64_t index) const;
  uint64_t FirstIndexAtOrAfter(engine::Timestamp t) const;
  bool IsIdle(int32_t partition, engine::Timestamp t) const;
  // When every partition that can draw a key is idle at `t`: the first time
  // one of them is not, else nullopt.
  std::optional<engine::Timestamp> EndOfAllIdle(engine::Timestamp t) const;

  TraceGeneratorOptions options_;
  Prng prng_;
  std::vector<uint64_t> key_cdf_;  // Zipf CDF scaled to 2^53; empty when uniform
  // Partitions that hold at least one key with a share above zero.
  std::vector<int32_t> drawable_partitions_;
  uint64_t generated_ = 0;      // events drawn, including idle-skipped ones
  uint64_t next_sequence_ = 0;  // rows kept: the generator ends at `rows`
  std::priority_queue<GeneratedRow, std::vector<GeneratedRow>, Later> pending_;
};

}  // namespace tidemark::sim

#endif  // TIDEMARK_SIM_TRACE_TRACE_GENERATOR_H_
