// Router: the `process` step with ordered routing rules — the declarative
// form of a Flink ProcessFunction that calls out.collect and ctx.output.
//
// Rules are tried in order; the first whose condition holds emits the record
// to each of its destinations (the main output and/or side outputs), each with
// its own projection, so tags can carry different types (docs/semantics.md
// §7.2). Emitted records keep the input's timestamp and id (§0,
// TimestampedCollector; §7.4 Context.output). A record no rule takes is
// discarded, as a ProcessFunction that emits nothing.
#ifndef TIDEMARK_ENGINE_ROUTER_H_
#define TIDEMARK_ENGINE_ROUTER_H_

#include <optional>
#include <vector>

#include "engine/core/record.h"
#include "engine/expressions/expression.h"

namespace tidemark::engine {

// Output port of an operator: 0 is the main output, k > 0 is side output k-1.
using Port = uint32_t;
inline constexpr Port kMainPort = 0;

struct RouteTarget {
  Port port = kMainPort;
  // Empty: the record as it is. Otherwise one expression per output field.
  std::vector<Expression> projection;
};

struct RouteRule {
  std::optional<Expression> when;  // absent: always matches
  std::vector<RouteTarget> targets;
};

class Router {
 public:
  explicit Router(std::vector<RouteRule> rules) : rules_(std::move(rules)) {}

  // Calls emit(port, record) for each target of the first matching rule and
  // returns that rule's index, or nullopt when no rule matched.
  template <typename Emit>
  std::optional<size_t> Route(const Record& in, Emit&& emit) const {
    for (size_t i = 0; i < rules_.size(); ++i) {
      const RouteRule& rule = rules_[i];
      if (rule.when && !rule.when->EvaluateCondition(in)) continue;
      for (const RouteTarget& target : rule.targets) emit(target.port, Project(in, target));
      return i;
    }
    return std::nullopt;
  }

  const std::vector<RouteRule>& rules() const { return rules_; }

 private:
  static Record Project(const Record& in, const RouteTarget& target);

  std::vector<RouteRule> rules_;
};

}  // namespace tidemark::engine

#endif  // TIDEMARK_ENGINE_ROUTER_H_
