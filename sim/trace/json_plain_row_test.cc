// The one-pass JSON path gives the rows the general path gives: over random
// rows (valid and not, plain and not), whenever JsonPlainRowParser takes a
// text, JsonRowParser without it takes it too and writes the same row. And
// the one-pass path does take the plain rows it is there for.
#include "sim/trace/json_plain_row.h"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "sim/trace/json_row_parser.h"

namespace tidemark::sim {
namespace {

using engine::ValueType;

engine::Schema RowSchema() {
  return engine::Schema({{"user.id", ValueType::kString},
                         {"ts", ValueType::kInt},
                         {"amount", ValueType::kDouble},
                         {"ok", ValueType::kBool},
                         {"tags", ValueType::kList}});
}

JsonRowParser::Options ParserOptions(bool plain_rows, bool timing_keys) {
  return {.schema = RowSchema(),
          .event_time_field = 1,
          .key_fields = {{.field = 0, .keyed_stream = "counts"}},
          .dead_letter = false,
          .timing_keys = timing_keys,
          .plain_rows = plain_rows};
}

bool SameRow(const TraceRow& a, const TraceRow& b) {
  return a.kind == b.kind && a.record.values == b.record.values &&
         a.record.timestamp == b.record.timestamp && a.arrival == b.arrival &&
         a.partition == b.partition && a.watermark == b.watermark;
}

// A random row: keys that name fields (top-level, dotted and nested), the
// reserved keys and unknown ones, each with a value of a random kind, random
// whitespace, and now and then a byte inserted or dropped.
class RowMaker {
 public:
  explicit RowMaker(uint32_t seed) : random_(seed) {}

  std::string Row() {
    // Mostly a valid event: every field once, in a random order, with a
    // value of its type three times in four; then extra keys.
    std::vector<std::string> members = {
        Pick(2) == 0
            ? "\"user.id\":" + Space() + Typed(ValueType::kString)
            : "\"user\":" + Space() + "{\"id\":" + Space() + Typed(ValueType::kString) + "}",
        "\"ts\":" + Space() + Typed(ValueType::kInt),
        "\"amount\":" + Space() + Typed(ValueType::kDouble),
        "\"ok\":" + Space() + Typed(ValueType::kBool),
        "\"tags\":" + Space() + Typed(ValueType::kList)};
    for (int extra = Pick(4); extra > 0; --extra) {
      members.push_back(Key() + Space() + ":" + Space() + Value(0));
    }
    if (Pick(8) == 0) members.erase(members.begin() + Pick(static_cast<int>(members.size())));
    std::shuffle(members.begin(), members.end(), random_);
    std::string out = Space() + "{";
    for (size_t k = 0; k < members.size(); ++k) {
      if (k > 0) out += "," + Space();
      out += members[k];
    }
    out += Space() + "}" + Space();
    if (Pick(10) == 0 && !out.empty()) {
      const size_t at = Pick(static_cast<int>(out.size()));
      if (Pick(2) == 0) {
        out.erase(at, 1);
      } else {
        out.insert(at, 1, "{}[]\",:-.e0a\\ \x01\xc3"[Pick(15)]);
      }
    }
    return out;
  }

 private:
  // A value of `type` three times in four, else any value.
  std::string Typed(ValueType type) {
    if (Pick(4) == 0) return Value(0);
    switch (type) {
      case ValueType::kString: return OneOf({"\"u1\"", "\"k0003\"", "\"\"", "null"});
      case ValueType::kInt:
        return OneOf({"0", "-0", "17", "-42", "1700000000000", "9223372036854775807"});
      case ValueType::kDouble: return OneOf({"1.5", "704", "-2.5E-3", "1e3", "0", "-0", "null"});
      case ValueType::kBool: return OneOf({"true", "false", "null"});
      default: return OneOf({"null", "[]", "[\"a\", \"b\"]"});
    }
  }
  int Pick(int n) { return static_cast<int>(random_() % static_cast<uint32_t>(n)); }
  std::string OneOf(const std::vector<std::string>& options) {
    return options[Pick(static_cast<int>(options.size()))];
  }
  std::string Space() { return OneOf({"", "", "", " ", "\t", " \r\n "}); }
  std::string Key() {
    return OneOf({"\"user.id\"", "\"ts\"", "\"ts\"", "\"amount\"", "\"ok\"", "\"tags\"", "\"user\"",
                  "\"@arrival\"", "\"@partition\"", "\"@kind\"", "\"@x\"", "\"x\"", "\"\"",
                  "\"t\\u0073\"", "\"ts\" "});
  }
  std::string Value(int depth) {
    switch (Pick(depth < 3 ? 9 : 8)) {
      case 0:
        return OneOf({"0", "-0", "7", "-42", "1700000000000", "9223372036854775807",
                      "9223372036854775808", "-9223372036854775809", "18446744073709551616", "01",
                      "-", "1."});
      case 1: return OneOf({"1.5", "-2.5E-3", "1e3", "1E+2", "0.1", "1e999", "-1e-999", ".5"});
      case 2:
        return OneOf({"\"u1\"", "\"\"", "\"42\"", "\"1.5\"", "\"true\"", "\"[a, b]\"", "\"a\\\"b\"",
                      "\"caf\xc3\xa9\"", "\"x", "\"tab\there\""});
      case 3: return OneOf({"true", "false", "True", "nul"});
      case 4: return "null";
      case 5: return OneOf({"[]", "[\"a\", \"b\"]", "[1, true]", "[null]", "[[\"a\"]]"});
      case 6: return OneOf({"\"watermark\"", "\"event\"", "\"idle\""});
      case 7: return std::to_string(Pick(100000) - 100);
      default: {
        std::string out = "{";
        const int keys = Pick(3);
        for (int k = 0; k < keys; ++k) {
          if (k > 0) out += ",";
          out += OneOf({"\"id\"", "\"name\"", "\"@arrival\""}) + ":" + Value(depth + 1);
        }
        return out + "}";
      }
    }
  }

  std::mt19937 random_;  // seeded: the same rows every run
};

BOOST_AUTO_TEST_SUITE(json_plain_row)

BOOST_AUTO_TEST_CASE(every_row_taken_in_one_pass_reads_as_the_general_path_reads_it) {
  for (const bool timing_keys : {true, false}) {
    JsonRowParser general(ParserOptions(false, timing_keys));
    JsonPlainRowParser plain(RowSchema(), 1, {{.field = 0, .keyed_stream = "counts"}}, timing_keys);
    RowMaker maker(20261203);
    int taken = 0, read = 0;
    for (int i = 0; i < 50000; ++i) {
      const std::string text = maker.Row();
      TraceRow fast, slow;
      RowError error;
      const bool slow_ok = general.Parse(text, slow, error);
      read += slow_ok;
      if (!plain.Parse(text, fast)) continue;
      ++taken;
      BOOST_TEST_REQUIRE(slow_ok,
                         "the one-pass path took a row the general path refuses: " << text);
      BOOST_TEST_REQUIRE(SameRow(fast, slow), "the two paths read differently: " << text);
    }
    // The comparison means something only if both outcomes occur often.
    BOOST_TEST_MESSAGE("timing keys " << timing_keys << ": " << taken << " taken in one pass, "
                                      << read << " read by the general path");
    BOOST_TEST(taken > 20);
    BOOST_TEST(read > taken);
  }
}

BOOST_AUTO_TEST_CASE(plain_rows_are_taken_in_one_pass) {
  JsonPlainRowParser plain(RowSchema(), 1, {{.field = 0, .keyed_stream = "counts"}}, true);
  TraceRow row;
  BOOST_TEST(plain.Parse("{\"user\": {\"id\": \"u1\"}, \"ts\": 10, \"amount\": 2, \"ok\": true, "
                         "\"tags\": null, \"@arrival\": 5, \"@partition\": 1, \"other\": [1]}",
                         row) == false);  // an array under an unknown key: declined
  BOOST_TEST(
      plain.Parse("{\"user\": {\"id\": \"u1\"}, \"ts\": 10, \"amount\": 2, \"ok\": true, "
                  "\"tags\": null, \"@arrival\": 5, \"@partition\": 1, \"other\": {\"a\": 1}}",
                  row));
  BOOST_TEST((row.record.values[0] == engine::Value(std::string("u1"))));
  BOOST_TEST(row.record.timestamp.millis() == 10);
  BOOST_TEST((row.record.values[2] == engine::Value(2.0)));
  BOOST_TEST(row.arrival->millis() == 5);
  BOOST_TEST(*row.partition == 1);
  // What the generator writes.
  BOOST_TEST(
      plain.Parse("{\"user.id\":\"k0003\",\"ts\":0,\"amount\":704,\"ok\":false,\"tags\":null,"
                  "\"@arrival\":0}",
                  row));
}

BOOST_AUTO_TEST_CASE(deep_nesting_is_left_to_the_general_path) {
  JsonPlainRowParser plain(RowSchema(), 1, {}, true);
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "{\"a\":";
  TraceRow row;
  BOOST_TEST(!plain.Parse(deep, row));  // declined, not a stack overflow
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
