// A Record is one element of a stream: positional values (see Schema), an
// event timestamp, and the id of the input row it descends from.
//
// The id ties every derived record (projection, side output, window result)
// back to trace rows for the ledger and `explain`. Window results carry the id
// of no single row; they use kNoRecordId.
#ifndef TIDEMARK_ENGINE_RECORD_H_
#define TIDEMARK_ENGINE_RECORD_H_

#include <cstdint>
#include <vector>

#include "engine/core/time.h"
#include "engine/core/value.h"

namespace tidemark::engine {

using RecordId = uint64_t;
inline constexpr RecordId kNoRecordId = ~RecordId{0};

struct Record {
  RecordId id = kNoRecordId;
  Timestamp timestamp = Timestamp::Min();  // Min means "no timestamp", as in Flink.
  std::vector<Value> values;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_RECORD_H_
