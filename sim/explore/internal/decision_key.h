// Which window decision of one run is the same decision in another run of the
// job: the record, the node that decided, and the record's timestamp there.
// Explore's divergence report and the recovery invariants both match by it.
#ifndef TIDEMARK_SIM_EXPLORE_INTERNAL_DECISION_KEY_H_
#define TIDEMARK_SIM_EXPLORE_INTERNAL_DECISION_KEY_H_

#include <compare>
#include <cstdint>

#include "engine/core/record.h"

namespace tidemark::sim::internal {

struct DecisionKey {
  engine::RecordId record;
  uint32_t node;
  int64_t timestamp;
  auto operator<=>(const DecisionKey&) const = default;
};

}  // namespace tidemark::sim::internal

#endif  // TIDEMARK_SIM_EXPLORE_INTERNAL_DECISION_KEY_H_
