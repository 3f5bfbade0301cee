// Key groups (§6): every row of the §6.5 tables (H-1 from Flink's
// CEPRescalingTest, H-2 computed), and the default max parallelism values.
#include "engine/core/key_groups.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/core/java_hash.h"

namespace tidemark::engine {
namespace {

// One row of the §6.5 / H-2 tables at maxP 128: subtasks for p = 1, 2, 3, 4, 8.
struct Row {
  std::string label;
  int32_t hash_code;
  int32_t murmur;  // 0 when the tables give none
  int key_group;
  std::vector<int> subtasks;
};

const std::vector<int> kParallelisms = {1, 2, 3, 4, 8};

void CheckRow(const Row& row) {
  BOOST_TEST_CONTEXT(row.label) {
    if (row.murmur != 0) BOOST_TEST(MurmurHash(row.hash_code) == row.murmur);
    const int kg = KeyGroupForHashCode(row.hash_code, 128);
    BOOST_TEST(kg == row.key_group);
    for (size_t i = 0; i < kParallelisms.size(); ++i) {
      BOOST_TEST(ComputeOperatorIndexForKeyGroup(128, kParallelisms[i], kg) == row.subtasks[i]);
    }
  }
}

BOOST_AUTO_TEST_SUITE(key_groups)

BOOST_AUTO_TEST_CASE(murmur_reference_values) {
  // §6.2 reference values.
  BOOST_TEST(MurmurHash(0) == 593689054);
  BOOST_TEST(MurmurHash(1) == 68075478);
  BOOST_TEST(MurmurHash(-1) == 1982413648);
}

// §6.2/§6.3 as plain arithmetic: murmur % maxP, then kg * p / maxP. The
// power-of-two shortcuts (a mask and a shift) must agree with it for every
// hash code and parallelism, at power-of-two and other max parallelisms.
BOOST_AUTO_TEST_CASE(key_group_shortcuts_agree_with_the_formulas) {
  uint32_t code = 12345;
  for (int i = 0; i < 2000; ++i) {
    code = code * 1664525u + 1013904223u;  // any hash codes, negative ones too
    for (const int max_p : {1, 2, 10, 128, 129, 4096, kUpperBoundMaxParallelism}) {
      const int kg = KeyGroupForHashCode(static_cast<int32_t>(code), max_p);
      BOOST_TEST_REQUIRE(kg == MurmurHash(static_cast<int32_t>(code)) % max_p);
      for (const int p : {1, 3, 8, max_p}) {
        if (p > max_p) continue;
        BOOST_TEST_REQUIRE(ComputeOperatorIndexForKeyGroup(max_p, p, kg) == kg * p / max_p);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(cep_rescaling_integer_keys_h1) {
  // H-1 (CEPRescalingTest), Integer keys, maxP 10; p=2 of 45 and 90 computed in §6.5.
  struct Case {
    int32_t key;
    int key_group, p2, p3;
  };
  for (const Case c : {Case{7, 1, 0, 0}, Case{10, 9, 1, 2}, Case{45, 6, 1, 1}, Case{90, 2, 0, 0}}) {
    BOOST_TEST_CONTEXT("Integer " << c.key) {
      const int kg = KeyGroupForHashCode(JavaIntHashCode(c.key), 10);
      BOOST_TEST(kg == c.key_group);
      BOOST_TEST(ComputeOperatorIndexForKeyGroup(10, 2, kg) == c.p2);
      BOOST_TEST(ComputeOperatorIndexForKeyGroup(10, 3, kg) == c.p3);
    }
  }
}

BOOST_AUTO_TEST_CASE(string_long_and_boolean_keys_through_values_h2) {
  // §6.5 / H-2, keys as Values (int64 = Java Long), maxP 128.
  const std::vector<std::pair<Value, Row>> rows = {
      {std::string("a"), {"\"a\"", 97, 1455541201, 81, {0, 1, 1, 2, 5}}},
      {std::string("b"), {"\"b\"", 98, 516420758, 22, {0, 0, 0, 0, 1}}},
      {std::string("key1"), {"\"key1\"", 3288498, 226217641, 41, {0, 0, 0, 1, 2}}},
      {std::string("key2"), {"\"key2\"", 3288499, 452939803, 27, {0, 0, 0, 0, 1}}},
      {std::string("user-1"), {"\"user-1\"", -836031825, 1662039673, 121, {0, 1, 2, 3, 7}}},
      {std::string("hello"), {"\"hello\"", 99162322, 0, 35, {0, 0, 0, 1, 2}}},
      {std::string(""), {"\"\"", 0, 593689054, 94, {0, 1, 2, 2, 5}}},
      {int64_t{0}, {"Long 0", 0, 593689054, 94, {0, 1, 2, 2, 5}}},
      {int64_t{-1}, {"Long -1", 0, 593689054, 94, {0, 1, 2, 2, 5}}},
      {int64_t{1}, {"Long 1", 1, 68075478, 86, {0, 1, 2, 2, 5}}},
      {int64_t{42}, {"Long 42", 42, 1134849565, 29, {0, 0, 0, 0, 1}}},
      {true, {"Boolean true", 1231, 1090530765, 77, {0, 1, 1, 2, 4}}},
      {false, {"Boolean false", 1237, 1530821891, 3, {0, 0, 0, 0, 0}}},
      {int64_t{1'000'000'000'000},
       {"Long 1000000000000", -727379736, 1391305288, 72, {0, 1, 1, 2, 4}}},
  };
  for (const auto& [key, row] : rows) {
    BOOST_TEST_CONTEXT(row.label) {
      BOOST_TEST(JavaHashCode(key) == row.hash_code);
      BOOST_TEST(AssignToKeyGroup(key, 128) == row.key_group);
      BOOST_TEST(AssignKeyToParallelOperator(key, 128, 4) == row.subtasks[3]);
    }
    CheckRow(row);
  }
}

BOOST_AUTO_TEST_CASE(integer_keys_through_the_hash_code_path_h2) {
  // §6.5 / H-2 Integer rows: the int32 hash goes straight to the key-group code.
  for (const Row& row : {
           Row{"Integer 0", JavaIntHashCode(0), 593689054, 94, {0, 1, 2, 2, 5}},
           Row{"Integer 1", JavaIntHashCode(1), 68075478, 86, {0, 1, 2, 2, 5}},
           Row{"Integer 2", JavaIntHashCode(2), 1085422463, 127, {0, 1, 2, 3, 7}},
           Row{"Integer -1", JavaIntHashCode(-1), 1982413648, 80, {0, 1, 1, 2, 5}},
           Row{"Integer MIN_VALUE", JavaIntHashCode(INT32_MIN), 1718298732, 108, {0, 1, 2, 3, 6}},
           Row{"Integer MAX_VALUE", JavaIntHashCode(INT32_MAX), 1653689534, 62, {0, 0, 1, 1, 3}},
       }) {
    CheckRow(row);
  }
}

BOOST_AUTO_TEST_CASE(key1_at_the_upper_bound_max_parallelism) {
  // §6.5: "key1" with maxP 32768 -> kg 20137 -> p=4 subtask 2 (20137*4/32768).
  const Value key = std::string("key1");
  BOOST_TEST(AssignToKeyGroup(key, 32768) == 20137);
  BOOST_TEST(AssignKeyToParallelOperator(key, 32768, 4) == 2);
}

BOOST_AUTO_TEST_CASE(key_group_ranges_h2) {
  // H-2: maxP 128, p 3 -> [0,42], [43,85], [86,127].
  BOOST_TEST((ComputeKeyGroupRangeForOperatorIndex(128, 3, 0) == KeyGroupRange{0, 42}));
  BOOST_TEST((ComputeKeyGroupRangeForOperatorIndex(128, 3, 1) == KeyGroupRange{43, 85}));
  BOOST_TEST((ComputeKeyGroupRangeForOperatorIndex(128, 3, 2) == KeyGroupRange{86, 127}));
  // Every key group's operator index lies in its subtask's range.
  for (int p : {1, 3, 7, 128}) {
    for (int kg = 0; kg < 128; ++kg) {
      const KeyGroupRange range =
          ComputeKeyGroupRangeForOperatorIndex(128, p, ComputeOperatorIndexForKeyGroup(128, p, kg));
      BOOST_TEST((range.start <= kg && kg <= range.end));
    }
  }
}

BOOST_AUTO_TEST_CASE(default_max_parallelism_h2) {
  // §6.3: min(max(roundUpToPowerOfTwo(p + p/2), 128), 32768).
  for (int p : {1, 2, 50, 85}) BOOST_TEST(ComputeDefaultMaxParallelism(p) == 128);
  BOOST_TEST(ComputeDefaultMaxParallelism(86) == 256);  // 86 + 43 = 129 -> 256
  BOOST_TEST(ComputeDefaultMaxParallelism(100) == 256);
  BOOST_TEST(ComputeDefaultMaxParallelism(128) == 256);
  BOOST_TEST(ComputeDefaultMaxParallelism(1000) == 2048);
  BOOST_TEST(ComputeDefaultMaxParallelism(21845) == 32768);  // 32767 -> 32768
  BOOST_TEST(ComputeDefaultMaxParallelism(21846) == 32768);
  BOOST_TEST(ComputeDefaultMaxParallelism(32768) == 32768);
}

BOOST_AUTO_TEST_CASE(parallelism_bounds_use_flinks_message) {
  BOOST_TEST(ValidateParallelism(0).value() == "Operator parallelism not within bounds: 0");
  BOOST_TEST(ValidateParallelism(32769).value() == "Operator parallelism not within bounds: 32769");
  BOOST_TEST(!ValidateParallelism(1).has_value());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
