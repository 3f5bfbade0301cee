// Random well-typed expression trees (engine/expressions/expression.h), printed with every
// parenthesis and with only those precedence needs, compile to the generated
// type and evaluate to the same value on random records: so the parser's
// precedence and associativity agree with the documented grammar
// (docs/expressions.md).
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include "engine/expressions/expression.h"
#include "property_tests/gen/expression_gen.h"

namespace tidemark::engine {
namespace {

using props::FuzzSchema;
using props::RandomRecord;

BOOST_AUTO_TEST_SUITE(expression_precedence)

// A generated expression printed two ways. `level` is how tightly the top
// operator of `minimal` binds: 1 or, 2 and, 3 not, 4 comparison and in,
// 5 + -, 6 * / %, 7 unary minus, 8 primaries and calls.
struct Printed {
  std::string full;
  std::string minimal;
  int level = 8;
};

std::string Wrap(const std::string& text, bool parenthesise) {
  return parenthesise ? "(" + text + ")" : text;
}

// Builds random well-typed expression trees over FuzzSchema.
class TreeGenerator {
 public:
  Printed Of(ValueType type, int depth) {
    if (depth == 0 || *rc::gen::inRange(0, 4) == 0) return Leaf(type);
    switch (type) {
      case ValueType::kInt: return Int(depth - 1);
      case ValueType::kDouble: return Double(depth - 1);
      case ValueType::kString: return String(depth - 1);
      default: return Bool(depth - 1);
    }
  }

 private:
  static ValueType AnyType() {
    return *rc::gen::elementOf(std::vector<ValueType>{ValueType::kInt, ValueType::kDouble,
                                                      ValueType::kString, ValueType::kBool});
  }

  Printed Leaf(ValueType type) {
    const bool field = *rc::gen::arbitrary<bool>();
    switch (type) {
      case ValueType::kInt: {
        if (field) return Primary(*rc::gen::elementOf(std::vector<std::string>{"ts", "count"}));
        const int64_t value = *rc::gen::oneOf(
            rc::gen::inRange<int64_t>(-10, 10),
            rc::gen::elementOf(std::vector<int64_t>{std::numeric_limits<int64_t>::min(),
                                                    std::numeric_limits<int64_t>::max()}));
        return Primary(fmt::format("{}", value));
      }
      case ValueType::kDouble: {
        if (field)
          return Primary(*rc::gen::elementOf(std::vector<std::string>{"temperature", "ratio"}));
        const double value = *rc::gen::inRange(-4000, 4000) / 16.0 *
                             *rc::gen::elementOf(std::vector<double>{1, 1e-3, 1e10, 1e300});
        std::string text = fmt::format("{}", value);
        if (text.find_first_of(".e") == std::string::npos) text += ".0";
        return Primary(text);
      }
      case ValueType::kString: {
        if (field)
          return Primary(*rc::gen::elementOf(std::vector<std::string>{"city", "`odd name`"}));
        std::string text = "'";
        for (const char c : *rc::gen::string<std::string>()) {
          if (c == '\\' || c == '\'') text += '\\';
          text += c;
        }
        return Primary(text + "'");
      }
      default:
        if (field) return Primary(*rc::gen::elementOf(std::vector<std::string>{"is_test", "flag"}));
        return Primary(*rc::gen::elementOf(std::vector<std::string>{"true", "false", "TRUE"}));
    }
  }

  static Printed Primary(std::string text) { return {text, text, 8}; }

  // A left-associative binary operator; comparisons (level 4) do not chain.
  static Printed Binary(const std::string& op, int level, const Printed& a, const Printed& b) {
    const bool wrap_left = level == 4 ? a.level <= level : a.level < level;
    return {"(" + a.full + " " + op + " " + b.full + ")",
            Wrap(a.minimal, wrap_left) + " " + op + " " + Wrap(b.minimal, b.level <= level), level};
  }

  static Printed Prefix(const std::string& op, int level, const Printed& a) {
    return {"(" + op + a.full + ")", op + Wrap(a.minimal, a.level < level), level};
  }

  static Printed Call(const std::string& name, const std::vector<Printed>& args) {
    Printed out{name + "(", name + "(", 8};
    for (size_t i = 0; i < args.size(); ++i) {
      const std::string comma = i == 0 ? "" : ", ";
      out.full += comma + args[i].full;
      out.minimal += comma + args[i].minimal;
    }
    out.full += ")";
    out.minimal += ")";
    return out;
  }

  std::string Pick(const std::vector<std::string>& options) { return *rc::gen::elementOf(options); }

  Printed Int(int depth) {
    switch (*rc::gen::inRange(0, 7)) {
      case 0:
        return Binary(Pick({"+", "-"}), 5, Of(ValueType::kInt, depth), Of(ValueType::kInt, depth));
      case 1:
        return Binary(Pick({"*", "/", "%"}), 6, Of(ValueType::kInt, depth),
                      Of(ValueType::kInt, depth));
      case 2: return Prefix("-", 7, Of(ValueType::kInt, depth));
      case 3: return Call("length", {Of(ValueType::kString, depth)});
      case 4: return Call(Pick({"abs", "ABS"}), {Of(ValueType::kInt, depth)});
      case 5: return Call("int", {Of(AnyType(), depth)});
      default: return Call("coalesce", {Of(ValueType::kInt, depth), Of(ValueType::kInt, depth)});
    }
  }

  Printed Double(int depth) {
    const auto number = [&] {
      return Of(Pick({"i", "d"}) == "i" ? ValueType::kInt : ValueType::kDouble, depth);
    };
    const auto mixed = [&](const std::string& op, int level) {
      const Printed d = Of(ValueType::kDouble, depth);
      return *rc::gen::arbitrary<bool>() ? Binary(op, level, d, number())
                                         : Binary(op, level, number(), d);
    };
    switch (*rc::gen::inRange(0, 6)) {
      case 0: return mixed(Pick({"+", "-"}), 5);
      case 1: return mixed(Pick({"*", "/", "%"}), 6);
      case 2: return Prefix("-", 7, Of(ValueType::kDouble, depth));
      case 3: return Call("abs", {Of(ValueType::kDouble, depth)});
      case 4: return Call("double", {Of(AnyType(), depth)});
      default: return Call("coalesce", {Of(ValueType::kDouble, depth), number()});
    }
  }

  Printed String(int depth) {
    const auto s = [&] { return Of(ValueType::kString, depth); };
    const auto i = [&] { return Of(ValueType::kInt, depth); };
    switch (*rc::gen::inRange(0, 6)) {
      case 0: return Binary("+", 5, s(), s());
      case 1: return Call(Pick({"lower", "upper"}), {s()});
      case 2: return Call("substr", {s(), i(), i()});
      case 3: return Call("substr", {s(), i()});
      case 4: return Call("string", {Of(AnyType(), depth)});
      default: return Call("coalesce", {s(), s()});
    }
  }

  Printed Comparison(int depth) {
    const std::string op = Pick({"=", "==", "!=", "<>", "<", "<=", ">", ">="});
    switch (*rc::gen::inRange(0, 3)) {
      case 0: {
        const auto n = [&] {
          return Of(Pick({"i", "d"}) == "i" ? ValueType::kInt : ValueType::kDouble, depth);
        };
        return Binary(op, 4, n(), n());
      }
      case 1: return Binary(op, 4, Of(ValueType::kString, depth), Of(ValueType::kString, depth));
      default: return Binary(op, 4, Of(ValueType::kBool, depth), Of(ValueType::kBool, depth));
    }
  }

  Printed In(int depth) {
    const ValueType type = AnyType();
    const Printed needle = Of(type, depth);
    const std::string op = Pick({" in (", " not in (", " NOT IN ("});
    Printed out{"(" + needle.full + op, Wrap(needle.minimal, needle.level <= 4) + op, 4};
    const int items = *rc::gen::inRange(1, 4);
    for (int i = 0; i < items; ++i) {
      const ValueType item_type =
          type == ValueType::kDouble
              ? Pick({"i", "d"}) == "i" ? ValueType::kInt : ValueType::kDouble
              : type;
      const Printed item = Of(item_type, depth);
      const std::string comma = i == 0 ? "" : ", ";
      out.full += comma + item.full;
      out.minimal += comma + item.minimal;
    }
    out.full += "))";
    out.minimal += ")";
    return out;
  }

  Printed Bool(int depth) {
    const auto b = [&] { return Of(ValueType::kBool, depth); };
    switch (*rc::gen::inRange(0, 8)) {
      case 0: return Comparison(depth);
      case 1: return Binary(Pick({"and", "&&", "AND"}), 2, b(), b());
      case 2: return Binary(Pick({"or", "||"}), 1, b(), b());
      case 3: return Prefix(Pick({"not ", "!"}), 3, b());
      case 4: return In(depth);
      case 5:
        return Call(Pick({"starts_with", "ends_with", "contains"}),
                    {Of(ValueType::kString, depth), Of(ValueType::kString, depth)});
      case 6: return Call("is_null", {Of(AnyType(), depth)});
      default: return Call("bool", {Of(AnyType(), depth)});
    }
  }
};

std::string Show(const Value& value) {
  return fmt::format("{} {}", TypeName(TypeOf(value)), FormatValue(value));
}

RC_BOOST_PROP(well_typed_trees_parse_the_same_with_minimal_and_full_parentheses, ()) {
  const ValueType type = *rc::gen::elementOf(std::vector<ValueType>{
      ValueType::kInt, ValueType::kDouble, ValueType::kString, ValueType::kBool});
  const Printed printed = TreeGenerator().Of(type, *rc::gen::inRange(0, 8));
  RC_LOG() << "minimal: " << printed.minimal << "\nfull: " << printed.full << "\n";
  const SourceLocation origin{"gen.yaml", 3, 5};
  const Expression full = Expression::Compile(printed.full, FuzzSchema(), origin);
  const Expression minimal = Expression::Compile(printed.minimal, FuzzSchema(), origin);
  RC_ASSERT(full.type() == type);
  RC_ASSERT(minimal.type() == type);
  RC_ASSERT(minimal.referenced_fields() == full.referenced_fields());
  for (int i = 0; i < 4; ++i) {
    const Record record = RandomRecord();
    const Value value = full.Evaluate(record);
    RC_ASSERT(TypeOf(value) == type || TypeOf(value) == ValueType::kNull);
    RC_ASSERT(Show(minimal.Evaluate(record)) == Show(value));
    if (type == ValueType::kBool) {
      RC_ASSERT(minimal.EvaluateCondition(record) ==
                (TypeOf(value) == ValueType::kBool && std::get<bool>(value)));
    }
  }
  RC_CLASSIFY(printed.minimal.size() > 40, "long");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
