#include "engine/operators/rolling_reduce_operator.h"

#include "engine/core/check.h"

namespace tidemark::engine {

RollingReduceOperator::RollingReduceOperator(size_t key_field, ReduceOptions options)
    : key_field_(key_field), reducer_(std::move(options)) {
  TIDEMARK_CHECK(key_field_ < reducer_.options().schema.size());
}

Record RollingReduceOperator::ProcessElement(const Record& record) {
  const KeyId key = keys_.Intern(record.values[key_field_]);
  if (key == state_.size()) {
    state_.push_back(record.values);  // values.update(value): the first is kept as it is
  } else {
    reducer_.Reduce(state_[key], record.values);
  }
  return Record{.id = record.id, .timestamp = record.timestamp, .values = state_[key]};
}

}  // namespace tidemark::engine
