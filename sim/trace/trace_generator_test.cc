#include "sim/trace/trace_generator.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

#include <boost/test/unit_test.hpp>

namespace tidemark::sim {
namespace {

std::vector<GeneratedRow> Drain(TraceGeneratorOptions options) {
  TraceGenerator generator(std::move(options));
  std::vector<GeneratedRow> rows;
  while (auto row = generator.Next()) rows.push_back(*row);
  return rows;
}

BOOST_AUTO_TEST_SUITE(trace_generator)

BOOST_AUTO_TEST_CASE(without_disorder_rows_arrive_at_their_event_time_in_order) {
  // 4 events per second from 0: event times 0, 250, 500, ... (i * 1000 / 4).
  const auto rows = Drain({.seed = 1, .rows = 8, .keys = 3, .events_per_second = 4});
  BOOST_REQUIRE_EQUAL(rows.size(), 8u);
  for (size_t i = 0; i < rows.size(); ++i) {
    BOOST_TEST(rows[i].event_time.millis() == static_cast<int64_t>(i) * 250);
    BOOST_TEST(rows[i].arrival.millis() == rows[i].event_time.millis());
    BOOST_TEST(rows[i].key < 3u);
  }
}

BOOST_AUTO_TEST_CASE(rows_come_out_in_arrival_order_with_delay_within_the_bound) {
  const auto rows = Drain({.seed = 9,
                           .rows = 2000,
                           .keys = 5,
                           .events_per_second = 100,
                           .max_disorder = engine::Duration::Millis(300)});
  BOOST_REQUIRE_EQUAL(rows.size(), 2000u);
  bool out_of_order = false;
  for (size_t i = 0; i < rows.size(); ++i) {
    const int64_t delay = (rows[i].arrival - rows[i].event_time).millis();
    BOOST_REQUIRE(delay >= 0 && delay <= 300);
    if (i > 0) {
      BOOST_REQUIRE(rows[i - 1].arrival <= rows[i].arrival);
      out_of_order |= rows[i].event_time < rows[i - 1].event_time;
    }
  }
  BOOST_TEST(out_of_order);  // 300 ms of disorder at 10 ms spacing must reorder some events
}

BOOST_AUTO_TEST_CASE(the_same_seed_gives_the_same_trace_and_another_seed_differs) {
  const TraceGeneratorOptions options{
      .seed = 5, .rows = 200, .keys = 50, .max_disorder = engine::Duration::Millis(40)};
  auto a = Drain(options);
  auto b = Drain(options);
  auto other = options;
  other.seed = 6;
  auto c = Drain(other);
  auto same = [](const auto& x, const auto& y) {
    for (size_t i = 0; i < x.size(); ++i) {
      if (x[i].key != y[i].key || x[i].arrival != y[i].arrival || x[i].value != y[i].value) {
        return false;
      }
    }
    return x.size() == y.size();
  };
  BOOST_TEST(same(a, b));
  BOOST_TEST(!same(a, c));
}

BOOST_AUTO_TEST_CASE(skew_makes_the_first_key_the_most_frequent) {
  const auto rows = Drain({.seed = 2, .rows = 5000, .keys = 100, .skew = 1.2});
  std::map<uint32_t, int> counts;
  for (const auto& row : rows) ++counts[row.key];
  // Zipf(1.2) over 100 keys gives key 0 about 1/H(100,1.2) ~ 28% of rows,
  // key 1 about 12%; uniform would give each 1%.
  BOOST_TEST(counts[0] > 1000);
  BOOST_TEST(counts[0] > counts[1]);
  BOOST_TEST(counts[1] > counts[50]);
}

BOOST_AUTO_TEST_CASE(stragglers_are_delayed_by_at_least_the_straggler_delay) {
  const auto rows = Drain({.seed = 4,
                           .rows = 1000,
                           .keys = 2,
                           .max_disorder = engine::Duration::Millis(10),
                           .straggler_share = 0.05,
                           .straggler_delay = engine::Duration::Seconds(5)});
  int stragglers = 0;
  for (const auto& row : rows) {
    if ((row.arrival - row.event_time).millis() >= 5000) ++stragglers;
  }
  // 5% of 1000 rows, with sampling noise.
  BOOST_TEST(stragglers > 20);
  BOOST_TEST(stragglers < 90);
}

BOOST_AUTO_TEST_CASE(idle_partition_has_no_events_in_its_idle_span) {
  const auto rows = Drain({.seed = 3,
                           .rows = 1000,
                           .keys = 4,
                           .events_per_second = 100,
                           .partitions = 2,
                           .idle = {{.partition = 1,
                                     .from = engine::Timestamp::Millis(2000),
                                     .to = engine::Timestamp::Millis(5000)}}});
  std::set<int32_t> before, during;
  for (const auto& row : rows) {
    BOOST_TEST(row.partition == static_cast<int32_t>(row.key % 2));
    if (row.event_time.millis() < 2000) before.insert(row.partition);
    if (row.event_time.millis() >= 2000 && row.event_time.millis() < 5000) {
      during.insert(row.partition);
    }
  }
  BOOST_TEST(before.count(1) == 1u);
  BOOST_TEST(during.count(1) == 0u);
  BOOST_TEST(during.count(0) == 1u);
}

// `rows` counts rows written: the draws an idle partition skips are made up
// by later ones (`gen --rows 1000 --idle ...` once wrote fewer, or none).
BOOST_AUTO_TEST_CASE(idle_spans_do_not_cost_rows) {
  const auto rows = Drain({.seed = 3,
                           .rows = 1000,
                           .keys = 4,
                           .events_per_second = 100,
                           .partitions = 2,
                           .idle = {{.partition = 1,
                                     .from = engine::Timestamp::Millis(0),
                                     .to = engine::Timestamp::Millis(5000)}}});
  BOOST_TEST(rows.size() == 1000u);
}

// Both partitions idle from 1 s to 10^12 ms: at 100 events per second that
// is 10^11 draws, jumped over at once. The first second holds draws 0..99
// (event times 0, 10, ..., 990), so the other 900 rows start at 10^12.
BOOST_AUTO_TEST_CASE(a_stretch_where_every_partition_is_idle_is_jumped) {
  const auto rows = Drain({.seed = 5,
                           .rows = 1000,
                           .keys = 4,
                           .events_per_second = 100,
                           .partitions = 2,
                           .idle = {{.partition = 0,
                                     .from = engine::Timestamp::Millis(1000),
                                     .to = engine::Timestamp::Millis(1'000'000'000'000)},
                                    {.partition = 1,
                                     .from = engine::Timestamp::Millis(1000),
                                     .to = engine::Timestamp::Millis(1'000'000'000'000)}}});
  BOOST_TEST(rows.size() == 1000u);
  const auto late = std::count_if(rows.begin(), rows.end(), [](const GeneratedRow& row) {
    return row.event_time.millis() >= 1'000'000'000'000;
  });
  BOOST_TEST(late == 900);
}

// One key lives in partition 0 of 4; partitions 1..3 draw nothing, so partition
// 0 idle is every drawable partition idle: jumped, not drawn through.
BOOST_AUTO_TEST_CASE(partitions_without_keys_do_not_hold_the_generator) {
  const auto rows = Drain({.seed = 1,
                           .rows = 10,
                           .keys = 1,
                           .partitions = 4,
                           .idle = {{.partition = 0,
                                     .from = engine::Timestamp::Millis(0),
                                     .to = engine::Timestamp::Millis(4'000'000'000'000)}}});
  BOOST_TEST(rows.size() == 10u);
  BOOST_TEST(rows.front().event_time.millis() == 4'000'000'000'000);
}

BOOST_AUTO_TEST_CASE(writes_csv_rows_the_trace_reader_understands) {
  TraceGenerator generator({.seed = 1, .rows = 1, .keys = 1, .partitions = 3});
  BOOST_TEST(generator.Header() == "key,ts,value,@arrival,@partition");
  std::string line;
  generator.AppendCsv(*generator.Next(), line);
  BOOST_TEST(line.rfind("k0000,0,", 0) == 0u);
  BOOST_TEST(line.substr(line.size() - 5) == ",0,0\n");
}

BOOST_AUTO_TEST_CASE(rejects_impossible_options) {
  BOOST_TEST(TraceGenerator::ValidateOptions({.keys = 0}).has_value());
  BOOST_TEST(TraceGenerator::ValidateOptions({.straggler_share = 1.5}).has_value());
  BOOST_TEST(TraceGenerator::ValidateOptions({.idle = {{.partition = 0}}}).has_value());
  // 1000 rows from 3 ms before the end of time would wrap to negative times.
  BOOST_TEST(TraceGenerator::ValidateOptions(
                 {.start = engine::Timestamp::Millis(std::numeric_limits<int64_t>::max() - 3)})
                 .has_value());
  BOOST_TEST(!TraceGenerator::ValidateOptions({}).has_value());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
