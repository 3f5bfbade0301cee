#include "engine/expressions/internal/expression_builder.h"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "engine/core/check.h"
#include "engine/core/nearest_name.h"

namespace tidemark::engine::internal {

namespace {

Op ArithmeticOp(TokenKind op, bool is_double) {
  switch (op) {
    case TokenKind::kPlus: return is_double ? Op::kAddDouble : Op::kAddInt;
    case TokenKind::kMinus: return is_double ? Op::kSubtractDouble : Op::kSubtractInt;
    case TokenKind::kStar: return is_double ? Op::kMultiplyDouble : Op::kMultiplyInt;
    case TokenKind::kSlash: return is_double ? Op::kDivideDouble : Op::kDivideInt;
    default: return is_double ? Op::kRemainderDouble : Op::kRemainderInt;
  }
}

Comparison ComparisonOf(TokenKind op) {
  switch (op) {
    case TokenKind::kEqual: return Comparison::kEqual;
    case TokenKind::kNotEqual: return Comparison::kNotEqual;
    case TokenKind::kLess: return Comparison::kLess;
    case TokenKind::kLessEqual: return Comparison::kLessEqual;
    case TokenKind::kGreater: return Comparison::kGreater;
    default: return Comparison::kGreaterEqual;
  }
}

}  // namespace

void Builder::Fail(size_t offset, std::string message, std::string hint) const {
  throw InputError(origin_.Advanced(static_cast<int>(offset)), std::move(message), std::move(hint));
}

Operand Builder::Emit(Node node, const std::vector<Operand>& args, size_t offset) {
  node.first_arg = static_cast<uint32_t>(program_.args.size());
  node.arg_count = static_cast<uint32_t>(args.size());
  int depth = 0;
  size_t start = offset;
  for (const Operand& arg : args) {
    program_.args.push_back(arg.node);
    depth = std::max(depth, program_.nodes[arg.node].depth);
    start = std::min(start, arg.offset);
  }
  node.depth = depth + 1;
  if (node.depth > kMaxDepth) {
    Fail(offset, fmt::format("expression nests too deeply (more than {} levels)", kMaxDepth),
         "split it into several steps");
  }
  program_.nodes.push_back(std::move(node));
  return Operand{.node = static_cast<uint32_t>(program_.nodes.size() - 1), .offset = start};
}

Operand Builder::NullOf(ValueType type, size_t offset) {
  return Emit(Node{.op = Op::kConstant, .type = type}, {}, offset);
}

Operand Builder::ToDouble(Operand operand) {
  if (TypeOf(operand) != ValueType::kInt) return operand;
  return Emit(Node{.op = Op::kIntToDouble, .type = ValueType::kDouble}, {operand}, operand.offset);
}

Operand Builder::Constant(Value value, size_t offset) {
  const ValueType type = engine::TypeOf(value);
  return Emit(Node{.op = Op::kConstant, .type = type, .constant = std::move(value)}, {}, offset);
}

Operand Builder::Field(const std::string& name, size_t offset) {
  const std::optional<size_t> index = schema_.IndexOf(name);
  if (!index) {
    std::string hint = UnknownNameHint(name, schema_.names());
    const auto& functions = FunctionNames();
    const bool is_function =
        std::find(functions.begin(), functions.end(), Lowered(name)) != functions.end();
    if (is_function && !NearestName(name, schema_.names())) {
      hint = fmt::format("'{}' is a function: call it as {}(...)", name, name);
    }
    Fail(offset, fmt::format("unknown field {}", QuoteForMessage(name)), std::move(hint));
  }
  auto& refs = program_.referenced_fields;
  if (std::find(refs.begin(), refs.end(), name) == refs.end()) refs.push_back(name);
  return Emit(Node{.op = Op::kField, .type = schema_.field(*index).type, .field = *index}, {},
              offset);
}

Operand Builder::Negate(Operand operand, size_t op_offset) {
  const ValueType type = TypeOf(operand);
  if (type == ValueType::kNull) return NullOf(ValueType::kNull, op_offset);
  if (!IsNumeric(type)) Fail(op_offset, fmt::format("cannot negate {}", WithArticle(type)));
  const Op op = type == ValueType::kInt ? Op::kNegateInt : Op::kNegateDouble;
  return Emit(Node{.op = op, .type = type}, {operand}, op_offset);
}

Operand Builder::Not(Operand operand, std::string_view spelling, size_t op_offset) {
  const ValueType type = TypeOf(operand);
  if (type == ValueType::kNull) return NullOf(ValueType::kBool, op_offset);
  if (type != ValueType::kBool) {
    Fail(op_offset, fmt::format("'{}' expects a bool, got {}", spelling, TypeName(type)));
  }
  return Emit(Node{.op = Op::kNot, .type = ValueType::kBool}, {operand}, op_offset);
}

Operand Builder::Binary(TokenKind op, std::string_view spelling, Operand lhs, Operand rhs,
                        size_t op_offset) {
  switch (op) {
    case TokenKind::kPlus:
    case TokenKind::kMinus:
    case TokenKind::kStar:
    case TokenKind::kSlash:
    case TokenKind::kPercent: return Arithmetic(op, spelling, lhs, rhs, op_offset);
    case TokenKind::kAnd:
    case TokenKind::kOr: return Logic(op, spelling, lhs, rhs, op_offset);
    default: return Comparison(op, lhs, rhs, op_offset);
  }
}

Operand Builder::Arithmetic(TokenKind op, std::string_view spelling, Operand lhs, Operand rhs,
                            size_t op_offset) {
  const ValueType a = TypeOf(lhs);
  const ValueType b = TypeOf(rhs);
  const auto string_or_null = [](ValueType t) {
    return t == ValueType::kString || t == ValueType::kNull;
  };
  const auto number_or_null = [](ValueType t) { return IsNumeric(t) || t == ValueType::kNull; };
  const auto start = std::min(lhs.offset, op_offset);
  if (op == TokenKind::kPlus && string_or_null(a) && string_or_null(b) &&
      (a == ValueType::kString || b == ValueType::kString)) {
    if (a == ValueType::kNull || b == ValueType::kNull) return NullOf(ValueType::kString, start);
    return Emit(Node{.op = Op::kConcat, .type = ValueType::kString}, {lhs, rhs}, op_offset);
  }
  if (number_or_null(a) && number_or_null(b)) {
    if (a == ValueType::kNull) return NullOf(b, start);
    if (b == ValueType::kNull) return NullOf(a, start);
    const bool is_double = a == ValueType::kDouble || b == ValueType::kDouble;
    if (is_double) {
      lhs = ToDouble(lhs);
      rhs = ToDouble(rhs);
    }
    return Emit(Node{.op = ArithmeticOp(op, is_double),
                     .type = is_double ? ValueType::kDouble : ValueType::kInt},
                {lhs, rhs}, op_offset);
  }
  std::string hint;
  if (op == TokenKind::kPlus && (a == ValueType::kString || b == ValueType::kString)) {
    hint = "convert the other side with string(...) to concatenate";
  } else if (a == ValueType::kString || b == ValueType::kString) {
    hint = "convert the string with int(...) or double(...)";
  }
  Fail(op_offset, fmt::format("cannot apply '{}' to {} and {}", spelling, TypeName(a), TypeName(b)),
       std::move(hint));
}

Operand Builder::Comparison(TokenKind op, Operand lhs, Operand rhs, size_t op_offset) {
  const ValueType a = TypeOf(lhs);
  const ValueType b = TypeOf(rhs);
  if (a == ValueType::kNull || b == ValueType::kNull) {
    return NullOf(ValueType::kBool, std::min(lhs.offset, op_offset));
  }
  if (a == ValueType::kList || b == ValueType::kList) {
    Fail(op_offset, "cannot compare lists", "compare their size(...) or an item [i]");
  }
  ValueType operand_type = a;
  if (IsNumeric(a) && IsNumeric(b)) {
    if (a != b) operand_type = ValueType::kDouble;
  } else if (a != b) {
    std::string hint;
    if (a == ValueType::kString || b == ValueType::kString) {
      hint = "convert with int(...), double(...) or string(...) first";
    }
    Fail(op_offset, fmt::format("cannot compare {} with {}", TypeName(a), TypeName(b)),
         std::move(hint));
  }
  if (operand_type == ValueType::kDouble) {
    lhs = ToDouble(lhs);
    rhs = ToDouble(rhs);
  }
  return Emit(Node{.op = Op::kCompare,
                   .type = ValueType::kBool,
                   .operand_type = operand_type,
                   .comparison = ComparisonOf(op)},
              {lhs, rhs}, op_offset);
}

Operand Builder::Logic(TokenKind op, std::string_view spelling, Operand lhs, Operand rhs,
                       size_t op_offset) {
  const ValueType a = TypeOf(lhs);
  const ValueType b = TypeOf(rhs);
  const auto bool_or_null = [](ValueType t) {
    return t == ValueType::kBool || t == ValueType::kNull;
  };
  if (!bool_or_null(a) || !bool_or_null(b)) {
    Fail(op_offset, fmt::format("'{}' expects bool operands, got {} and {}", spelling, TypeName(a),
                                TypeName(b)));
  }
  const Op logic = op == TokenKind::kAnd ? Op::kAnd : Op::kOr;
  return Emit(Node{.op = logic, .type = ValueType::kBool}, {lhs, rhs}, op_offset);
}

Operand Builder::In(Operand needle, const std::vector<Operand>& items, bool negated,
                    size_t op_offset) {
  const ValueType needle_type = TypeOf(needle);
  if (needle_type == ValueType::kNull) {
    return NullOf(ValueType::kBool, std::min(needle.offset, op_offset));
  }
  if (needle_type == ValueType::kList) {
    Fail(op_offset, "cannot compare lists", "test an item [i] instead");
  }
  ValueType operand_type = needle_type;
  for (const Operand& item : items) {
    const ValueType t = TypeOf(item);
    if (t == ValueType::kNull || t == operand_type) continue;
    if (IsNumeric(t) && IsNumeric(operand_type)) {
      operand_type = ValueType::kDouble;
      continue;
    }
    Fail(item.offset, fmt::format("cannot compare {} with {} in an 'in' list",
                                  TypeName(needle_type), TypeName(t)));
  }
  const bool promote = operand_type == ValueType::kDouble;
  std::vector<Operand> args = {promote ? ToDouble(needle) : needle};
  for (const Operand& item : items) {
    args.push_back(promote ? ToDouble(item) : item);
  }
  const Operand in = Emit(
      Node{.op = Op::kIn, .type = ValueType::kBool, .operand_type = operand_type}, args, op_offset);
  if (!negated) return in;
  return Emit(Node{.op = Op::kNot, .type = ValueType::kBool}, {in}, op_offset);
}

Program Builder::Finish(Operand root) && {
  program_.root = root.node;
  return std::move(program_);
}

}  // namespace tidemark::engine::internal
