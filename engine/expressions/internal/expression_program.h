// The compiled form of an Expression: a tree of typed nodes in a flat vector,
// and the evaluator that walks it.
//
// Every node is fully resolved at compile time: field references are indices
// into Record::values, operators are specialised by operand type (an int
// operand of a double operation gets an explicit kIntToDouble node), and the
// tree depth is bounded (kMaxDepth), so evaluation never looks up a name,
// never dispatches on a static type, and cannot overflow the stack.
//
// Evaluation works on Datum, which holds numbers and bools inline and strings
// either as a view (into the record or a constant of the program) or owned (a
// computed string), so numeric and boolean expressions never allocate and
// string comparisons of fields and constants never copy.
#ifndef TIDEMARK_ENGINE_INTERNAL_EXPRESSION_PROGRAM_H_
#define TIDEMARK_ENGINE_INTERNAL_EXPRESSION_PROGRAM_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/record.h"
#include "engine/core/value.h"

namespace tidemark::engine::internal {

// The deepest tree (and the deepest parser recursion) an expression may have.
inline constexpr int kMaxDepth = 200;

enum class Op : uint8_t {
  kConstant,
  kField,
  kIntToDouble,
  kNegateInt,
  kNegateDouble,
  kAddInt,
  kSubtractInt,
  kMultiplyInt,
  kDivideInt,
  kRemainderInt,
  kAddDouble,
  kSubtractDouble,
  kMultiplyDouble,
  kDivideDouble,
  kRemainderDouble,
  kConcat,
  kCompare,  // args[0] <comparison> args[1], both of operand_type
  kIn,       // args[0] in (args[1], ...), all of operand_type or null-typed
  kAnd,
  kOr,
  kNot,
  kLower,
  kUpper,
  kSubstr,  // 2 or 3 args
  kLength,
  kStartsWith,
  kEndsWith,
  kContains,
  kAbsInt,
  kAbsDouble,
  kCastInt,
  kCastDouble,
  kCastString,
  kCastBool,
  kIsNull,
  kCoalesce,      // all args of the node's type (promoted) or null-typed
  kIf,            // args[0] ? args[1] : args[2]; a null condition takes args[2]
  kSplit,         // string, separator -> list (Java's String.split on a literal)
  kSize,          // list -> int
  kIndex,         // list, int -> string; out of range: null
  kJsonGet,       // text, path -> string
  kRegexExtract,  // text[, group] -> string; the pattern is patterns[field]
};

enum class Comparison : uint8_t { kEqual, kNotEqual, kLess, kLessEqual, kGreater, kGreaterEqual };

struct Node {
  Op op = Op::kConstant;
  ValueType type = ValueType::kNull;          // the static result type
  ValueType operand_type = ValueType::kNull;  // kCompare, kIn
  Comparison comparison = Comparison::kEqual;
  int depth = 1;  // of the subtree rooted here
  uint32_t first_arg = 0;
  uint32_t arg_count = 0;
  size_t field = 0;                   // kField: index into Record::values
  Value constant = std::monostate{};  // kConstant
};

struct Program {
  std::vector<Node> nodes;
  std::vector<uint32_t> args;  // node indices; a node's are [first_arg, first_arg + arg_count)
  uint32_t root = 0;
  std::vector<std::string> referenced_fields;  // in order of first appearance, no repeats
  std::vector<std::shared_ptr<const std::regex>> patterns;  // of kRegexExtract nodes

  uint32_t Arg(const Node& node, uint32_t i) const { return args[node.first_arg + i]; }
};

// An intermediate value of evaluation. See the file comment.
class Datum {
 public:
  static Datum Null() { return Datum(); }
  static Datum Bool(bool b);
  static Datum Int(int64_t i);
  static Datum Double(double d);
  static Datum View(std::string_view s);
  static Datum Owned(std::string s);
  static Datum ListView(const StringList& l);
  static Datum OwnedList(StringList l);

  ValueType type() const { return type_; }
  bool is_null() const { return type_ == ValueType::kNull; }
  bool boolean() const { return b_; }
  int64_t integer() const { return i_; }
  double real() const { return d_; }
  std::string_view text() const { return owned_ ? std::string_view(str_) : view_; }
  // Whether the string is held here rather than viewed (views outlive the Datum).
  bool owned() const { return owned_; }
  // The string, moved out when owned, copied otherwise.
  std::string TakeString();
  // REQUIRES: type() == kList.
  const StringList& list() const { return owned_ ? list_ : *list_view_; }
  StringList TakeList();

  Value ToValue() &&;

 private:
  ValueType type_ = ValueType::kNull;
  bool owned_ = false;
  bool b_ = false;
  int64_t i_ = 0;
  double d_ = 0;
  std::string_view view_;
  std::string str_;
  const StringList* list_view_ = nullptr;
  StringList list_;
};

// Evaluates the subtree at `node` on `record`.
// REQUIRES: record.values conforms to the schema the program was compiled with
// (each value of its field's type, or null).
Datum Evaluate(const Program& program, uint32_t node, const Record& record);

}  // namespace tidemark::engine::internal

#endif  // TIDEMARK_ENGINE_INTERNAL_EXPRESSION_PROGRAM_H_
