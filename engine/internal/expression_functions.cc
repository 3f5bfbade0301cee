// The built-in functions: their names, arities and typing rules.
#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "engine/internal/expression_builder.h"
#include "engine/nearest_name.h"

namespace tidemark::engine::internal {

namespace {

struct FunctionSpec {
  std::string_view name;
  size_t min_args;
  size_t max_args;
};

constexpr size_t kVariadic = std::numeric_limits<size_t>::max();
constexpr FunctionSpec kFunctions[] = {
    {"lower", 1, 1},       {"upper", 1, 1},
    {"substr", 2, 3},      {"length", 1, 1},
    {"starts_with", 2, 2}, {"ends_with", 2, 2},
    {"contains", 2, 2},    {"abs", 1, 1},
    {"int", 1, 1},         {"double", 1, 1},
    {"string", 1, 1},      {"bool", 1, 1},
    {"is_null", 1, 1},     {"coalesce", 2, kVariadic},
};

const FunctionSpec* FindFunction(std::string_view lowered) {
  for (const FunctionSpec& spec : kFunctions) {
    if (spec.name == lowered) return &spec;
  }
  return nullptr;
}

std::string ArityMessage(const FunctionSpec& spec, size_t got) {
  if (spec.max_args == kVariadic) {
    return fmt::format("{} expects at least {} arguments, got {}", spec.name, spec.min_args, got);
  }
  if (spec.min_args != spec.max_args) {
    return fmt::format("{} expects {} or {} arguments, got {}", spec.name, spec.min_args,
                       spec.max_args, got);
  }
  return fmt::format("{} expects {} argument{}, got {}", spec.name, spec.min_args,
                     spec.min_args == 1 ? "" : "s", got);
}

bool AnyNull(const Builder& builder, const std::vector<Operand>& args) {
  return std::any_of(args.begin(), args.end(),
                     [&](const Operand& a) { return builder.TypeOf(a) == ValueType::kNull; });
}

}  // namespace

bool IsNumeric(ValueType t) { return t == ValueType::kInt || t == ValueType::kDouble; }

std::string WithArticle(ValueType t) {
  return fmt::format("{} {}", t == ValueType::kInt ? "an" : "a", TypeName(t));
}

std::string Lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

const std::vector<std::string>& FunctionNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const FunctionSpec& spec : kFunctions) out.emplace_back(spec.name);
    return out;
  }();
  return names;
}

void Builder::CheckFunction(const std::string& name, size_t offset) const {
  const std::string lowered = Lowered(name);
  if (FindFunction(lowered) != nullptr) return;
  std::string hint = UnknownNameHint(lowered, FunctionNames());
  if (schema_.IndexOf(name) && !NearestName(lowered, FunctionNames())) {
    hint = fmt::format("'{}' is a field, not a function", name);
  }
  Fail(offset, fmt::format("unknown function {}", QuoteForMessage(name)), std::move(hint));
}

Operand Builder::Call(const std::string& name, const std::vector<Operand>& args, size_t offset) {
  CheckFunction(name, offset);
  const std::string lowered = Lowered(name);
  const FunctionSpec& spec = *FindFunction(lowered);
  if (args.size() < spec.min_args || args.size() > spec.max_args) {
    Fail(offset, ArityMessage(spec, args.size()));
  }
  static constexpr std::string_view kStringFunctions[] = {
      "lower", "upper", "substr", "length", "starts_with", "ends_with", "contains"};
  if (std::find(std::begin(kStringFunctions), std::end(kStringFunctions), lowered) !=
      std::end(kStringFunctions)) {
    return StringFunction(lowered, args, offset);
  }
  return OtherFunction(lowered, args, offset);
}

void Builder::ExpectArgument(const std::string& function, const std::vector<Operand>& args,
                             size_t i, ValueType expected, size_t offset) const {
  const ValueType got = TypeOf(args[i]);
  if (got == expected || got == ValueType::kNull) return;
  if (args.size() == 1) {
    Fail(offset,
         fmt::format("{} expects {}, got {}", function, WithArticle(expected), TypeName(got)));
  }
  Fail(offset, fmt::format("{} expects {} as argument {}, got {}", function, WithArticle(expected),
                           i + 1, TypeName(got)));
}

Operand Builder::StringFunction(const std::string& name, const std::vector<Operand>& args,
                                size_t offset) {
  ExpectArgument(name, args, 0, ValueType::kString, offset);
  Node node{.op = Op::kLower, .type = ValueType::kString};
  if (name == "upper") {
    node.op = Op::kUpper;
  } else if (name == "length") {
    node = {.op = Op::kLength, .type = ValueType::kInt};
  } else if (name == "substr") {
    node.op = Op::kSubstr;
    for (size_t i = 1; i < args.size(); ++i) {
      ExpectArgument(name, args, i, ValueType::kInt, offset);
    }
  } else if (name != "lower") {
    ExpectArgument(name, args, 1, ValueType::kString, offset);
    node.type = ValueType::kBool;
    node.op = name == "starts_with" ? Op::kStartsWith
              : name == "ends_with" ? Op::kEndsWith
                                    : Op::kContains;
  }
  if (AnyNull(*this, args)) return NullOf(node.type, offset);
  return Emit(std::move(node), args, offset);
}

Operand Builder::OtherFunction(const std::string& name, const std::vector<Operand>& args,
                               size_t offset) {
  const ValueType first = TypeOf(args[0]);
  if (name == "is_null")
    return Emit(Node{.op = Op::kIsNull, .type = ValueType::kBool}, args, offset);
  if (name == "abs") {
    if (first == ValueType::kNull) return NullOf(ValueType::kNull, offset);
    if (!IsNumeric(first))
      Fail(offset, fmt::format("abs expects a number, got {}", TypeName(first)));
    return Emit(Node{.op = first == ValueType::kInt ? Op::kAbsInt : Op::kAbsDouble, .type = first},
                args, offset);
  }
  if (name == "coalesce") {
    ValueType type = ValueType::kNull;
    for (const Operand& arg : args) {
      const ValueType t = TypeOf(arg);
      if (t == ValueType::kNull || t == type) continue;
      if (type == ValueType::kNull) {
        type = t;
      } else if (IsNumeric(t) && IsNumeric(type)) {
        type = ValueType::kDouble;
      } else {
        Fail(offset, fmt::format("coalesce expects arguments of one type, got {} and {}",
                                 TypeName(type), TypeName(t)));
      }
    }
    std::vector<Operand> promoted;
    for (const Operand& arg : args) {
      promoted.push_back(type == ValueType::kDouble ? ToDouble(arg) : arg);
    }
    return Emit(Node{.op = Op::kCoalesce, .type = type}, promoted, offset);
  }
  // The casts: int, double, string, bool.
  const ValueType target = *ParseTypeName(name);
  if (first == ValueType::kNull) return NullOf(target, offset);
  const Op op = target == ValueType::kInt      ? Op::kCastInt
                : target == ValueType::kDouble ? Op::kCastDouble
                : target == ValueType::kString ? Op::kCastString
                                               : Op::kCastBool;
  return Emit(Node{.op = op, .type = target}, args, offset);
}

}  // namespace tidemark::engine::internal
