// RollingReduceOperator: a reduce on a keyed stream without a window, as
// Flink's StreamGroupedReduceOperator runs KeyedStream.reduce / sum / min /
// max / minBy / maxBy (§11.2).
//
// Per key it keeps the reduced record. The first record of a key is stored and
// emitted as it is; every later one is reduced into the stored record, and
// the new value is emitted. Each input gives exactly one output, carrying the
// input's timestamp (element.replace). State grows with keys, never with
// records.
#ifndef TIDEMARK_ENGINE_ROLLING_REDUCE_OPERATOR_H_
#define TIDEMARK_ENGINE_ROLLING_REDUCE_OPERATOR_H_

#include <cstddef>
#include <vector>

#include "engine/core/key_table.h"
#include "engine/core/record.h"
#include "engine/windows/reducer.h"

namespace tidemark::engine {

class RollingReduceOperator {
 public:
  // REQUIRES: !Reducer::Validate(options), key_field < options.schema.size().
  RollingReduceOperator(size_t key_field, ReduceOptions options);

  // Reduces `record` into its key's state and returns the output record: the
  // new reduced value, with the input's id and timestamp.
  Record ProcessElement(const Record& record);

  size_t num_keys() const { return keys_.size(); }

 private:
  size_t key_field_;
  Reducer reducer_;
  KeyTable keys_;
  std::vector<std::vector<Value>> state_;  // by KeyId
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_ROLLING_REDUCE_OPERATOR_H_
