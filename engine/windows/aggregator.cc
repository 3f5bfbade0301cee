#include "engine/windows/aggregator.h"

#include <fmt/format.h>

#include "engine/core/check.h"

namespace tidemark::engine {

namespace {
int64_t WrappingAdd(int64_t a, int64_t b) { return internal::WrappingAdd(a, b); }

void AppendCollected(Value& body, const std::string& item) {
  if (auto* text = std::get_if<std::string>(&body)) {
    text->append(", ");
    text->append(item);
  } else {
    body = item;
  }
}
}  // namespace

Aggregator::Aggregator(const Schema& input, std::vector<AggregateSpec> specs)
    : specs_(std::move(specs)) {
  resolved_.reserve(specs_.size());
  for (const AggregateSpec& spec : specs_) {
    TIDEMARK_CHECK(!ValidateAggregate(input, spec));
    const bool has_field = spec.field.has_value();
    const size_t field = has_field ? *spec.field : 0;
    resolved_.push_back(Resolved{
        .kind = spec.kind,
        .field = field,
        .has_field = has_field,
        .int_field = has_field && input.field(field).type == ValueType::kInt,
    });
  }
}

Aggregator::Aggregator(ReduceOptions reduce) : reducer_(std::in_place, std::move(reduce)) {}

std::vector<Value> Aggregator::HeldRecord(const Accumulators& accs) {
  std::vector<Value> row;
  row.reserve(accs.size());
  for (const Accumulator& acc : accs) row.push_back(acc.value);
  return row;
}

void Aggregator::ReduceInto(Accumulators& accs, const std::vector<Value>& row) const {
  std::vector<Value> held = HeldRecord(accs);
  reducer_->Reduce(held, row);
  for (size_t i = 0; i < held.size(); ++i) accs[i].value = std::move(held[i]);
}

void Aggregator::AddReduced(Accumulators& accs, const Record& record) const {
  if (accs.empty() || accs.front().count == 0) {
    // The first element is the reduce's start (ReducingState.add).
    accs.resize(record.values.size());
    for (size_t i = 0; i < accs.size(); ++i) accs[i].value = record.values[i];
  } else {
    ReduceInto(accs, record.values);
  }
  ++accs.front().count;
}

void Aggregator::Add(Accumulators& accs, const Record& record) const {
  if (reducer_) [[unlikely]] {
    AddReduced(accs, record);
    return;
  }
  if (accs.size() != resolved_.size()) [[unlikely]]
    accs.resize(resolved_.size());
  Accumulator* acc = accs.data();
  for (const Resolved& r : resolved_) AddOne(r, *acc++, record);
}

// Count, sum and avg are folded here, inline, without looking at the value
// more than once; the value-keeping kinds go to AddValue.
inline void Aggregator::AddOne(const Resolved& r, Accumulator& acc, const Record& record) const {
  switch (r.kind) {
    case AggregateKind::kCount:
      if (!r.has_field || TypeOf(record.values[r.field]) != ValueType::kNull) ++acc.count;
      return;
    case AggregateKind::kSum:
    case AggregateKind::kAvg: {
      const Value& v = record.values[r.field];
      if (const auto* d = std::get_if<double>(&v)) {
        acc.double_sum += *d;
      } else if (const auto* i = std::get_if<int64_t>(&v)) {
        acc.int_sum = WrappingAdd(acc.int_sum, *i);
      } else if (TypeOf(v) == ValueType::kNull) {
        return;  // nulls are skipped
      }
      ++acc.count;
      return;
    }
    case AggregateKind::kMin:
    case AggregateKind::kMax:
    case AggregateKind::kFirst:
    case AggregateKind::kLast:
    case AggregateKind::kCollect:
    case AggregateKind::kElements: AddValue(r, acc, record.values[r.field]); return;
  }
}

void Aggregator::AddValue(const Resolved& r, Accumulator& acc, const Value& v) const {
  const bool is_null = TypeOf(v) == ValueType::kNull;
  switch (r.kind) {
    case AggregateKind::kCount:
    case AggregateKind::kSum:
    case AggregateKind::kAvg: TIDEMARK_CHECK(false);  // folded by AddOne
    case AggregateKind::kMin:
    case AggregateKind::kMax: {
      if (is_null) return;
      const int sign = r.kind == AggregateKind::kMin ? -1 : 1;
      if (acc.count == 0 || CompareValues(v, acc.value) * sign > 0) acc.value = v;
      ++acc.count;
      return;
    }
    case AggregateKind::kFirst:
      if (acc.count == 0) acc.value = v;
      ++acc.count;
      return;
    case AggregateKind::kLast:
      acc.value = v;
      ++acc.count;
      return;
    case AggregateKind::kCollect:
      AppendCollected(acc.value, FormatValue(v));
      ++acc.count;
      return;
    case AggregateKind::kElements:
      if (acc.count == 0) acc.value = StringList();
      std::get<StringList>(acc.value).push_back(FormatValue(v));
      ++acc.count;
      return;
  }
}

void Aggregator::Merge(Accumulators& target, const Accumulators& source) const {
  if (reducer_) {
    if (source.empty() || source.front().count == 0) return;
    if (target.empty() || target.front().count == 0) {
      target = source;
    } else {
      ReduceInto(target, HeldRecord(source));
      target.front().count += source.front().count;
    }
    return;
  }
  if (source.size() != resolved_.size()) return;  // nothing was ever added to source
  if (target.size() != resolved_.size()) target.resize(resolved_.size());
  for (size_t i = 0; i < resolved_.size(); ++i) MergeOne(resolved_[i], target[i], source[i]);
}

void Aggregator::MergeOne(const Resolved& r, Accumulator& target, const Accumulator& source) const {
  if (source.count == 0) return;
  switch (r.kind) {
    case AggregateKind::kCount: break;
    case AggregateKind::kSum:
    case AggregateKind::kAvg:
      target.int_sum = WrappingAdd(target.int_sum, source.int_sum);
      target.double_sum += source.double_sum;
      break;
    case AggregateKind::kMin:
    case AggregateKind::kMax: {
      const int sign = r.kind == AggregateKind::kMin ? -1 : 1;
      if (target.count == 0 || CompareValues(source.value, target.value) * sign > 0) {
        target.value = source.value;
      }
      break;
    }
    case AggregateKind::kFirst:
      if (target.count == 0) target.value = source.value;
      break;
    case AggregateKind::kLast: target.value = source.value; break;
    case AggregateKind::kCollect:
      AppendCollected(target.value, std::get<std::string>(source.value));
      break;
    case AggregateKind::kElements: {
      if (target.count == 0) target.value = StringList();
      const StringList& items = std::get<StringList>(source.value);
      StringList& into = std::get<StringList>(target.value);
      into.insert(into.end(), items.begin(), items.end());
      break;
    }
  }
  target.count += source.count;
}

std::vector<Value> Aggregator::Results(const Accumulators& accs) const {
  if (reducer_) {
    TIDEMARK_CHECK(!accs.empty() && accs.front().count > 0);
    return HeldRecord(accs);
  }
  std::vector<Value> out;
  out.reserve(resolved_.size());
  static const Accumulator kEmpty;
  for (size_t i = 0; i < resolved_.size(); ++i) {
    out.push_back(ResultOne(resolved_[i], accs.size() == resolved_.size() ? accs[i] : kEmpty));
  }
  return out;
}

Value Aggregator::ResultOne(const Resolved& r, const Accumulator& acc) const {
  switch (r.kind) {
    case AggregateKind::kCount: return acc.count;
    case AggregateKind::kSum:
      if (acc.count == 0) return Value();
      if (r.int_field) return acc.int_sum;
      return acc.double_sum;
    case AggregateKind::kAvg:
      if (acc.count == 0) return Value();
      return (r.int_field ? static_cast<double>(acc.int_sum) : acc.double_sum) /
             static_cast<double>(acc.count);
    case AggregateKind::kMin:
    case AggregateKind::kMax:
    case AggregateKind::kFirst:
    case AggregateKind::kLast: return acc.count == 0 ? Value() : acc.value;
    case AggregateKind::kCollect:
      if (acc.count == 0) return std::string("[]");
      return fmt::format("[{}]", std::get<std::string>(acc.value));
    case AggregateKind::kElements:
      if (acc.count == 0) return StringList();
      return acc.value;
  }
  return Value();
}

}  // namespace tidemark::engine
