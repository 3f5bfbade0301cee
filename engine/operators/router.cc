#include "engine/operators/router.h"

namespace tidemark::engine {

Record Router::Project(const Record& in, const RouteTarget& target) {
  if (target.projection.empty()) return in;
  Record out;
  out.id = in.id;
  out.timestamp = in.timestamp;
  out.values.reserve(target.projection.size());
  for (const Expression& e : target.projection) out.values.push_back(e.Evaluate(in));
  return out;
}

}  // namespace tidemark::engine
