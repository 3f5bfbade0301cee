// Evaluation of a compiled expression. Null handling is SQL's: an operator or
// function with a null operand gives null, except and/or (three-valued logic),
// is_null and coalesce. Int arithmetic wraps (it is done in uint64_t, so it has
// no undefined behaviour); division or remainder by zero gives null.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "engine/core/ascii.h"
#include "engine/core/check.h"
#include "engine/expressions/internal/expression_program.h"
#include "engine/expressions/internal/json_path.h"

namespace tidemark::engine::internal {

Datum Datum::Bool(bool b) {
  Datum d;
  d.type_ = ValueType::kBool;
  d.b_ = b;
  return d;
}
Datum Datum::Int(int64_t i) {
  Datum d;
  d.type_ = ValueType::kInt;
  d.i_ = i;
  return d;
}
Datum Datum::Double(double x) {
  Datum d;
  d.type_ = ValueType::kDouble;
  d.d_ = x;
  return d;
}
Datum Datum::View(std::string_view s) {
  Datum d;
  d.type_ = ValueType::kString;
  d.view_ = s;
  return d;
}
Datum Datum::Owned(std::string s) {
  Datum d;
  d.type_ = ValueType::kString;
  d.owned_ = true;
  d.str_ = std::move(s);
  return d;
}

Datum Datum::ListView(const StringList& l) {
  Datum d;
  d.type_ = ValueType::kList;
  d.list_view_ = &l;
  return d;
}
Datum Datum::OwnedList(StringList l) {
  Datum d;
  d.type_ = ValueType::kList;
  d.owned_ = true;
  d.list_ = std::move(l);
  return d;
}

std::string Datum::TakeString() { return owned_ ? std::move(str_) : std::string(view_); }
StringList Datum::TakeList() { return owned_ ? std::move(list_) : *list_view_; }

Value Datum::ToValue() && {
  switch (type_) {
    case ValueType::kNull: return std::monostate{};
    case ValueType::kBool: return b_;
    case ValueType::kInt: return i_;
    case ValueType::kDouble: return d_;
    case ValueType::kString: return TakeString();
    case ValueType::kList: return TakeList();
  }
  return std::monostate{};
}

namespace {

uint64_t U(int64_t x) { return static_cast<uint64_t>(x); }
int64_t S(uint64_t x) { return static_cast<int64_t>(x); }

Datum FromValue(const Value& v) {
  switch (TypeOf(v)) {
    case ValueType::kNull: return Datum::Null();
    case ValueType::kBool: return Datum::Bool(std::get<bool>(v));
    case ValueType::kInt: return Datum::Int(std::get<int64_t>(v));
    case ValueType::kDouble: return Datum::Double(std::get<double>(v));
    case ValueType::kString: return Datum::View(std::get<std::string>(v));
    case ValueType::kList: return Datum::ListView(std::get<StringList>(v));
  }
  return Datum::Null();
}

Datum IntArithmetic(Op op, int64_t a, int64_t b) {
  switch (op) {
    case Op::kAddInt: return Datum::Int(S(U(a) + U(b)));
    case Op::kSubtractInt: return Datum::Int(S(U(a) - U(b)));
    case Op::kMultiplyInt: return Datum::Int(S(U(a) * U(b)));
    case Op::kDivideInt:
      if (b == 0) return Datum::Null();
      if (b == -1) return Datum::Int(S(0 - U(a)));  // INT64_MIN / -1 wraps, as in Java.
      return Datum::Int(a / b);
    case Op::kRemainderInt:
      if (b == 0) return Datum::Null();
      if (b == -1) return Datum::Int(0);
      return Datum::Int(a % b);
    default: break;
  }
  TIDEMARK_CHECK(false);
}

Datum DoubleArithmetic(Op op, double a, double b) {
  switch (op) {
    case Op::kAddDouble: return Datum::Double(a + b);
    case Op::kSubtractDouble: return Datum::Double(a - b);
    case Op::kMultiplyDouble: return Datum::Double(a * b);
    case Op::kDivideDouble: return b == 0 ? Datum::Null() : Datum::Double(a / b);
    case Op::kRemainderDouble: return b == 0 ? Datum::Null() : Datum::Double(std::fmod(a, b));
    default: break;
  }
  TIDEMARK_CHECK(false);
}

template <typename T>
bool Compare(Comparison comparison, const T& a, const T& b) {
  switch (comparison) {
    case Comparison::kEqual: return a == b;
    case Comparison::kNotEqual: return a != b;
    case Comparison::kLess: return a < b;
    case Comparison::kLessEqual: return a <= b;
    case Comparison::kGreater: return a > b;
    case Comparison::kGreaterEqual: return a >= b;
  }
  return false;
}

// REQUIRES: neither is null; both of `type`.
bool CompareData(Comparison comparison, ValueType type, const Datum& a, const Datum& b) {
  switch (type) {
    case ValueType::kBool: return Compare(comparison, a.boolean(), b.boolean());
    case ValueType::kInt: return Compare(comparison, a.integer(), b.integer());
    case ValueType::kDouble: return Compare(comparison, a.real(), b.real());
    case ValueType::kString: return Compare(comparison, a.text(), b.text());
    case ValueType::kNull:
    case ValueType::kList:  // the builder refuses to compare lists
      break;
  }
  TIDEMARK_CHECK(false);
}

Datum EvaluateIn(const Program& program, const Node& node, const Record& record) {
  const Datum needle = Evaluate(program, program.Arg(node, 0), record);
  if (needle.is_null()) return Datum::Null();
  bool saw_null = false;
  for (uint32_t i = 1; i < node.arg_count; ++i) {
    const Datum item = Evaluate(program, program.Arg(node, i), record);
    if (item.is_null()) {
      saw_null = true;
    } else if (CompareData(Comparison::kEqual, node.operand_type, needle, item)) {
      return Datum::Bool(true);
    }
  }
  return saw_null ? Datum::Null() : Datum::Bool(false);
}

// SQL's three-valued and/or: a decided left side skips the right side.
Datum EvaluateLogic(const Program& program, const Node& node, const Record& record) {
  const bool is_and = node.op == Op::kAnd;
  const Datum left = Evaluate(program, program.Arg(node, 0), record);
  if (!left.is_null() && left.boolean() != is_and) return Datum::Bool(!is_and);
  const Datum right = Evaluate(program, program.Arg(node, 1), record);
  if (!right.is_null() && right.boolean() != is_and) return Datum::Bool(!is_and);
  if (left.is_null() || right.is_null()) return Datum::Null();
  return Datum::Bool(is_and);
}

std::string AsciiCase(std::string s, bool upper) {
  for (char& c : s) {
    if (upper && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (!upper && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

// Clamps [start, start + length) to the string; a view stays a view.
Datum Substr(Datum s, int64_t start, std::optional<int64_t> length) {
  const auto size = static_cast<int64_t>(s.text().size());
  const int64_t from = std::clamp<int64_t>(start, 0, size);
  const int64_t count = std::clamp<int64_t>(length.value_or(size), 0, size - from);
  const auto pos = static_cast<size_t>(from);
  const auto n = static_cast<size_t>(count);
  if (!s.owned()) return Datum::View(s.text().substr(pos, n));
  std::string owned = s.TakeString();
  owned.erase(pos + n);
  owned.erase(0, pos);
  return Datum::Owned(std::move(owned));
}

template <typename T>
std::optional<T> ParseWhole(std::string_view text) {
  T value{};
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

// REQUIRES: `d` is not null.
Datum Cast(Op op, Datum d) {
  const ValueType from = d.type();
  switch (op) {
    case Op::kCastInt: {
      if (from == ValueType::kBool) return Datum::Int(d.boolean() ? 1 : 0);
      if (from == ValueType::kInt) return d;
      if (from == ValueType::kString) {
        const auto parsed = ParseWhole<int64_t>(d.text());
        return parsed ? Datum::Int(*parsed) : Datum::Null();
      }
      // Truncates toward zero; NaN and values outside int64's range have no int.
      const double x = d.real();
      constexpr double kLimit = 9223372036854775808.0;  // 2^63
      if (!(x >= -kLimit && x < kLimit)) return Datum::Null();
      return Datum::Int(static_cast<int64_t>(x));
    }
    case Op::kCastDouble: {
      if (from == ValueType::kBool) return Datum::Double(d.boolean() ? 1 : 0);
      if (from == ValueType::kInt) return Datum::Double(static_cast<double>(d.integer()));
      if (from == ValueType::kDouble) return d;
      const auto parsed = ParseWhole<double>(d.text());
      return parsed ? Datum::Double(*parsed) : Datum::Null();
    }
    case Op::kCastString:
      switch (from) {
        case ValueType::kBool: return Datum::View(d.boolean() ? "true" : "false");
        case ValueType::kInt: return Datum::Owned(fmt::format("{}", d.integer()));
        case ValueType::kDouble: return Datum::Owned(fmt::format("{}", d.real()));
        default: return d;
      }
    case Op::kCastBool:
      switch (from) {
        case ValueType::kInt: return Datum::Bool(d.integer() != 0);
        case ValueType::kDouble: return Datum::Bool(d.real() != 0);
        case ValueType::kString:
          if (EqualsIgnoringCase(d.text(), "true")) return Datum::Bool(true);
          if (EqualsIgnoringCase(d.text(), "false")) return Datum::Bool(false);
          return Datum::Null();
        default: return d;
      }
    default: break;
  }
  TIDEMARK_CHECK(false);
}

// Functions whose arguments are all non-null (a null argument gives null).
Datum StrictFunction(const Program& program, const Node& node, const Record& record) {
  Datum a = Evaluate(program, program.Arg(node, 0), record);
  if (a.is_null()) return a;
  if (node.arg_count == 1) {
    switch (node.op) {
      case Op::kLower: return Datum::Owned(AsciiCase(a.TakeString(), false));
      case Op::kUpper: return Datum::Owned(AsciiCase(a.TakeString(), true));
      case Op::kLength: return Datum::Int(static_cast<int64_t>(a.text().size()));
      case Op::kAbsInt: return Datum::Int(a.integer() < 0 ? S(0 - U(a.integer())) : a.integer());
      case Op::kAbsDouble: return Datum::Double(std::fabs(a.real()));
      case Op::kNegateInt: return Datum::Int(S(0 - U(a.integer())));
      case Op::kNegateDouble: return Datum::Double(-a.real());
      case Op::kIntToDouble: return Datum::Double(static_cast<double>(a.integer()));
      case Op::kNot: return Datum::Bool(!a.boolean());
      default: return Cast(node.op, std::move(a));
    }
  }
  const Datum b = Evaluate(program, program.Arg(node, 1), record);
  if (b.is_null()) return b;
  switch (node.op) {
    case Op::kStartsWith: return Datum::Bool(a.text().starts_with(b.text()));
    case Op::kEndsWith: return Datum::Bool(a.text().ends_with(b.text()));
    case Op::kContains: return Datum::Bool(a.text().find(b.text()) != std::string_view::npos);
    case Op::kConcat: {
      std::string joined = a.TakeString();
      joined += b.text();
      return Datum::Owned(std::move(joined));
    }
    case Op::kCompare: return Datum::Bool(CompareData(node.comparison, node.operand_type, a, b));
    case Op::kSubstr: {
      std::optional<int64_t> length;
      if (node.arg_count == 3) {
        const Datum c = Evaluate(program, program.Arg(node, 2), record);
        if (c.is_null()) return c;
        length = c.integer();
      }
      return Substr(std::move(a), b.integer(), length);
    }
    case Op::kAddDouble:
    case Op::kSubtractDouble:
    case Op::kMultiplyDouble:
    case Op::kDivideDouble:
    case Op::kRemainderDouble: return DoubleArithmetic(node.op, a.real(), b.real());
    default: return IntArithmetic(node.op, a.integer(), b.integer());
  }
}

// Java's String.split with a literal separator: trailing empty strings are
// removed, and a text without the separator (or an empty text) is one item.
StringList Split(std::string_view text, std::string_view separator) {
  StringList items;
  if (separator.empty() || text.empty()) {
    items.emplace_back(text);
    return items;
  }
  size_t from = 0;
  while (true) {
    const size_t at = text.find(separator, from);
    if (at == std::string_view::npos) {
      items.emplace_back(text.substr(from));
      break;
    }
    items.emplace_back(text.substr(from, at - from));
    from = at + separator.size();
  }
  while (!items.empty() && items.back().empty()) items.pop_back();
  return items;
}

// Texts longer than this give null: std::regex matches recursively, and a long
// text could exhaust the stack.
constexpr size_t kMaxRegexText = 4096;

Datum RegexExtract(const Program& program, const Node& node, const Record& record) {
  Datum text = Evaluate(program, program.Arg(node, 0), record);
  if (text.is_null() || text.text().size() > kMaxRegexText) return Datum::Null();
  int64_t group = 0;
  if (node.arg_count == 2) {
    const Datum g = Evaluate(program, program.Arg(node, 1), record);
    if (g.is_null()) return g;
    group = g.integer();
  }
  const std::regex& pattern = *program.patterns[node.field];
  std::match_results<std::string_view::const_iterator> match;
  const std::string_view s = text.text();
  if (!std::regex_search(s.begin(), s.end(), match, pattern)) return Datum::Null();
  if (group < 0 || static_cast<size_t>(group) >= match.size() || !match[group].matched) {
    return Datum::Null();
  }
  return Datum::Owned(match[group].str());
}

Datum ListFunction(const Program& program, const Node& node, const Record& record) {
  Datum a = Evaluate(program, program.Arg(node, 0), record);
  if (a.is_null()) return a;
  if (node.op == Op::kSize) return Datum::Int(static_cast<int64_t>(a.list().size()));
  const Datum b = Evaluate(program, program.Arg(node, 1), record);
  if (b.is_null()) return b;
  switch (node.op) {
    case Op::kSplit: return Datum::OwnedList(Split(a.text(), b.text()));
    case Op::kIndex: {
      const StringList& items = a.list();
      const int64_t i = b.integer();
      if (i < 0 || static_cast<uint64_t>(i) >= items.size()) return Datum::Null();
      return Datum::Owned(items[static_cast<size_t>(i)]);
    }
    case Op::kJsonGet: {
      std::optional<std::string> found = JsonGet(a.text(), b.text());
      return found ? Datum::Owned(std::move(*found)) : Datum::Null();
    }
    default: break;
  }
  TIDEMARK_CHECK(false);
  return Datum::Null();
}

Datum FieldValue(const Node& node, const Record& record) {
  TIDEMARK_CHECK(node.field < record.values.size());
  const Value& value = record.values[node.field];
  TIDEMARK_CHECK(TypeOf(value) == node.type || TypeOf(value) == ValueType::kNull);
  return FromValue(value);
}

}  // namespace

Datum Evaluate(const Program& program, uint32_t index, const Record& record) {
  const Node& node = program.nodes[index];
  switch (node.op) {
    case Op::kConstant: return FromValue(node.constant);
    case Op::kField: return FieldValue(node, record);
    case Op::kIn: return EvaluateIn(program, node, record);
    case Op::kAnd:
    case Op::kOr: return EvaluateLogic(program, node, record);
    case Op::kIsNull: return Datum::Bool(Evaluate(program, program.Arg(node, 0), record).is_null());
    case Op::kCoalesce:
      for (uint32_t i = 0; i < node.arg_count; ++i) {
        Datum d = Evaluate(program, program.Arg(node, i), record);
        if (!d.is_null()) return d;
      }
      return Datum::Null();
    case Op::kIf: {
      const Datum c = Evaluate(program, program.Arg(node, 0), record);
      const bool taken = !c.is_null() && c.boolean();
      return Evaluate(program, program.Arg(node, taken ? 1 : 2), record);
    }
    case Op::kSplit:
    case Op::kSize:
    case Op::kIndex:
    case Op::kJsonGet: return ListFunction(program, node, record);
    case Op::kRegexExtract: return RegexExtract(program, node, record);
    default: return StrictFunction(program, node, record);
  }
}

}  // namespace tidemark::engine::internal
