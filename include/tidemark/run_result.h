// What one run of a scenario gives: every sink's records and the ledger.
//
// A run is a pure function of (scenario, seed): the same seed gives the same
// RunResult, byte for byte, on every machine.
#ifndef TIDEMARK_RUN_RESULT_H_
#define TIDEMARK_RUN_RESULT_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tidemark/value.h"

namespace tidemark {

// One record that reached a sink, with when and under which watermark it was
// emitted.
struct SinkRecord {
  std::vector<Value> values = {};          // in the order of Sink::fields
  Timestamp timestamp = Timestamp::Min();  // its event timestamp; Min: none
  // The emitting operator's watermark and the processing time at emission.
  Timestamp watermark = Timestamp::Min();
  Timestamp emitted_at = Timestamp::Min();
};

struct Sink {
  std::string name = {};  // the stream the sink reads
  std::vector<Field> fields = {};
  std::vector<SinkRecord> records = {};  // in the order the sink received them

  // The position of field `name` in `fields`; nullopt when there is none.
  std::optional<size_t> FieldIndex(std::string_view name) const;
  // Field `field` of record `record`. Throws std::out_of_range naming what is missing.
  const Value& Get(size_t record, std::string_view field) const;
  // "key,window_start,window_end,avg_temp,n,firing", as `tidemark run` prints it.
  std::string CsvHeader() const;
  // One CSV line per record, in order: "sensor_1,0,10000,21.75,4,on_time".
  std::vector<std::string> CsvLines() const;
};

// What a stream did with a record: the counters of a scenario's `ledger:`
// expectations (docs/scenario-format.md), named as there by FateName.
enum class Fate {
  kEmitted,           // "emitted": passed on along the main output
  kRoutedToTag,       // "routed_to_tags": sent to a side output
  kFiltered,          // "filtered"
  kUnrouted,          // "unrouted": no routing rule matched
  kInWindow,          // "in_window": added to a window on time
  kInWindowLate,      // "in_window_late": added within the allowed lateness
  kLateToSideOutput,  // "late_to_side_output": late, to the window's late output
  kDroppedLate,       // "dropped_late": late, and no late output
  kDiscarded,         // "discarded": no window took it, not late (a sliding-window gap)
  kUnconsumed,        // "unconsumed": sent to a side output no stream reads
  kSunk,              // "sunk": reached a sink
  kPending,           // "pending": in a window that never fired by the end of the run
};

std::string_view FateName(Fate fate);

struct LedgerCount {
  std::string stream = {};
  Fate fate = Fate::kEmitted;
  // The side output for kRoutedToTag, kLateToSideOutput and kUnconsumed, the
  // sink for kSunk; empty otherwise (and for the main output).
  std::string tag = {};
  uint64_t count = 0;
};

struct Ledger {
  uint64_t records_in = 0;  // event rows read from every source
  // Ordered by stream (in the scenario's order), fate, tag; only non-zero counts.
  std::vector<LedgerCount> counts = {};

  // The count of `fate` at `stream`, over every tag; 0 for an unknown stream.
  uint64_t Count(std::string_view stream, Fate fate) const;
  // Records `stream` sent to side output `tag` (routed or late), as a
  // `ledger:` expectation's `to:` counts them.
  uint64_t ToTag(std::string_view stream, std::string_view tag) const;
  // The count of `fate` over every stream.
  uint64_t Total(Fate fate) const;
};

struct RunResult {
  uint64_t seed = 0;
  std::vector<Sink> sinks = {};  // in the scenario's order
  Ledger ledger = {};

  // The sink reading stream `name`. Throws std::out_of_range naming it.
  const Sink& sink(std::string_view name) const;
};

}  // namespace tidemark

#endif  // TIDEMARK_RUN_RESULT_H_
