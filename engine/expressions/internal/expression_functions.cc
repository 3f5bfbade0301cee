// The built-in functions: their names, arities and typing rules.
#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "engine/core/nearest_name.h"
#include "engine/expressions/internal/expression_builder.h"
#include "engine/expressions/internal/json_path.h"

namespace tidemark::engine::internal {

namespace {

struct FunctionSpec {
  std::string_view name;
  size_t min_args;
  size_t max_args;
};

constexpr size_t kVariadic = std::numeric_limits<size_t>::max();
constexpr FunctionSpec kFunctions[] = {
    {"lower", 1, 1},
    {"upper", 1, 1},
    {"substr", 2, 3},
    {"length", 1, 1},
    {"starts_with", 2, 2},
    {"ends_with", 2, 2},
    {"contains", 2, 2},
    {"abs", 1, 1},
    {"int", 1, 1},
    {"double", 1, 1},
    {"string", 1, 1},
    {"bool", 1, 1},
    {"is_null", 1, 1},
    {"coalesce", 2, kVariadic},
    {"if", 3, 3},
    {"split", 2, 2},
    {"size", 1, 1},
    {"json_get", 2, 2},
    {"regex_extract", 2, 3},
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

// The type two branches share (ints and doubles mix as double), or Fail.
ValueType Builder::CommonType(const std::string& function, const std::vector<Operand>& args,
                              size_t first, size_t offset) const {
  ValueType type = ValueType::kNull;
  for (size_t i = first; i < args.size(); ++i) {
    const ValueType t = TypeOf(args[i]);
    if (t == ValueType::kNull || t == type) continue;
    if (type == ValueType::kNull) {
      type = t;
    } else if (IsNumeric(t) && IsNumeric(type)) {
      type = ValueType::kDouble;
    } else {
      Fail(offset, fmt::format("{} expects arguments of one type, got {} and {}", function,
                               TypeName(type), TypeName(t)));
    }
  }
  return type;
}

// split, size, json_get, regex_extract and if (§11.5).
Operand Builder::ParsingFunction(const std::string& name, const std::vector<Operand>& args,
                                 size_t offset) {
  if (name == "if") {
    ExpectArgument(name, args, 0, ValueType::kBool, offset);
    const ValueType type = CommonType(name, args, 1, offset);
    std::vector<Operand> promoted = {args[0]};
    for (size_t i = 1; i < 3; ++i) {
      promoted.push_back(type == ValueType::kDouble ? ToDouble(args[i]) : args[i]);
    }
    return Emit(Node{.op = Op::kIf, .type = type}, promoted, offset);
  }
  if (name == "size") {
    ExpectArgument(name, args, 0, ValueType::kList, offset);
    if (AnyNull(*this, args)) return NullOf(ValueType::kInt, offset);
    return Emit(Node{.op = Op::kSize, .type = ValueType::kInt}, args, offset);
  }
  ExpectArgument(name, args, 0, ValueType::kString, offset);
  if (name == "regex_extract") return RegexExtract(args, offset);
  ExpectArgument(name, args, 1, ValueType::kString, offset);
  const bool is_split = name == "split";
  if (!is_split) CheckJsonPath(args[1]);
  const ValueType type = is_split ? ValueType::kList : ValueType::kString;
  if (AnyNull(*this, args)) return NullOf(type, offset);
  return Emit(Node{.op = is_split ? Op::kSplit : Op::kJsonGet, .type = type}, args, offset);
}

// regex_extract(text, 'pattern'[, group]): the pattern must be a literal, so
// that it is compiled (and checked) once, here.
Operand Builder::RegexExtract(const std::vector<Operand>& args, size_t offset) {
  const Node& pattern = program_.nodes[args[1].node];
  if (pattern.op != Op::kConstant || pattern.type != ValueType::kString) {
    Fail(args[1].offset, "regex_extract expects a string literal as its pattern",
         "write the pattern in quotes, e.g. regex_extract(url, 'id=([0-9]+)', 1)");
  }
  const std::string& text = std::get<std::string>(pattern.constant);
  constexpr size_t kMaxPattern = 256;
  if (text.size() > kMaxPattern) {
    Fail(args[1].offset, fmt::format("the pattern is longer than {} bytes", kMaxPattern));
  }
  std::shared_ptr<const std::regex> compiled;
  try {
    compiled = std::make_shared<const std::regex>(text, std::regex::ECMAScript);
  } catch (const std::regex_error&) {
    Fail(args[1].offset, fmt::format("invalid regular expression {}", QuoteForMessage(text)),
         "the pattern is an ECMAScript regular expression");
  }
  if (args.size() == 3) ExpectArgument("regex_extract", args, 2, ValueType::kInt, offset);
  std::vector<Operand> operands = {args[0]};
  if (args.size() == 3) operands.push_back(args[2]);
  if (AnyNull(*this, operands)) return NullOf(ValueType::kString, offset);
  program_.patterns.push_back(std::move(compiled));
  return Emit(Node{.op = Op::kRegexExtract,
                   .type = ValueType::kString,
                   .field = program_.patterns.size() - 1},
              operands, offset);
}

void Builder::CheckJsonPath(const Operand& path) const {
  const Node& node = program_.nodes[path.node];
  if (node.op != Op::kConstant || node.type != ValueType::kString) return;
  const std::string& text = std::get<std::string>(node.constant);
  if (!IsValidJsonPath(text)) {
    Fail(path.offset, fmt::format("invalid JSON path {}", QuoteForMessage(text)),
         "write keys separated by '.', with [n] for array items: 'answers[0].ip'");
  }
}

Operand Builder::Index(Operand list, Operand index, size_t offset) {
  const ValueType type = TypeOf(list);
  if (type != ValueType::kList && type != ValueType::kNull) {
    Fail(offset, fmt::format("cannot index {}", WithArticle(type)),
         "only a list (such as split(s, ',')) has items [i]");
  }
  const ValueType index_type = TypeOf(index);
  if (index_type != ValueType::kInt && index_type != ValueType::kNull) {
    Fail(index.offset, fmt::format("a list index must be an int, not {}", TypeName(index_type)));
  }
  if (type == ValueType::kNull || index_type == ValueType::kNull) {
    return NullOf(ValueType::kString, list.offset);
  }
  return Emit(Node{.op = Op::kIndex, .type = ValueType::kString}, {list, index}, offset);
}

Operand Builder::OtherFunction(const std::string& name, const std::vector<Operand>& args,
                               size_t offset) {
  static constexpr std::string_view kParsing[] = {"if", "split", "size", "json_get",
                                                  "regex_extract"};
  if (std::find(std::begin(kParsing), std::end(kParsing), name) != std::end(kParsing)) {
    return ParsingFunction(name, args, offset);
  }
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
    const ValueType type = CommonType(name, args, 0, offset);
    std::vector<Operand> promoted;
    for (const Operand& arg : args) {
      promoted.push_back(type == ValueType::kDouble ? ToDouble(arg) : arg);
    }
    return Emit(Node{.op = Op::kCoalesce, .type = type}, promoted, offset);
  }
  // The casts: int, double, string, bool.
  const ValueType target = *ParseTypeName(name);
  if (first == ValueType::kNull) return NullOf(target, offset);
  if (first == ValueType::kList) {
    Fail(offset, fmt::format("{} cannot convert a list", name),
         "take an item with [i], or its size with size(...)");
  }
  const Op op = target == ValueType::kInt      ? Op::kCastInt
                : target == ValueType::kDouble ? Op::kCastDouble
                : target == ValueType::kString ? Op::kCastString
                                               : Op::kCastBool;
  return Emit(Node{.op = op, .type = target}, args, offset);
}

}  // namespace tidemark::engine::internal
