// A Record is one element of a stream: positional values (see Schema), an
// event timestamp, and the id of the input row it descends from.
//
// The id ties every derived record (projection, side output, window result)
// back to trace rows for the ledger and `explain`. Window results carry the id
// of no single row; they use kNoRecordId.
//
// An id names its row across the whole job: the source's index (in the
// job's source order) in the top kRecordSourceBits bits and the row's 0-based
// number in its trace below. Row 0 of source `a` and row 0 of source `b` are
// two ids, so a union or any operator fed by several sources still tells them
// apart, and the id stays one 64-bit word carried unchanged through every
// operator. Bounds on rows (a run's detail_rows, the ledger's entry limit)
// compare the row part, RecordRow(id).
#ifndef TIDEMARK_ENGINE_RECORD_H_
#define TIDEMARK_ENGINE_RECORD_H_

#include <cstdint>
#include <vector>

#include "engine/core/time.h"
#include "engine/core/value.h"

namespace tidemark::engine {

using RecordId = uint64_t;
inline constexpr RecordId kNoRecordId = ~RecordId{0};

// 16 bits of source leave 48 of row: 2.8e14 rows, a petabyte of trace.
inline constexpr int kRecordSourceBits = 16;
inline constexpr int kRecordRowBits = 64 - kRecordSourceBits;
inline constexpr uint64_t kMaxRecordRow = (uint64_t{1} << kRecordRowBits) - 1;
// The most sources a job may have: the all-ones source index is left out so
// that no row's id is kNoRecordId.
inline constexpr uint32_t kMaxRecordSources = (uint32_t{1} << kRecordSourceBits) - 1;

// The id of row `row` of source `source`.
// REQUIRES: source < kMaxRecordSources and row <= kMaxRecordRow.
constexpr RecordId MakeRecordId(uint32_t source, uint64_t row) {
  return (RecordId{source} << kRecordRowBits) | row;
}
// The source index and row number an id names. REQUIRES: id != kNoRecordId.
constexpr uint32_t RecordSource(RecordId id) { return static_cast<uint32_t>(id >> kRecordRowBits); }
constexpr uint64_t RecordRow(RecordId id) { return id & kMaxRecordRow; }

struct Record {
  RecordId id = kNoRecordId;
  Timestamp timestamp = Timestamp::Min();  // Min means "no timestamp", as in Flink.
  std::vector<Value> values;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_RECORD_H_
