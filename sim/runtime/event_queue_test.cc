#include "sim/runtime/event_queue.h"

#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

namespace tidemark::sim {
namespace {

using engine::Timestamp;

std::vector<int> DrainSimultaneous(uint64_t seed) {
  EventQueue<int> queue{Prng(seed)};
  for (int i = 0; i < 8; ++i) queue.Push(Timestamp::Millis(5), i);
  std::vector<int> order;
  Timestamp at;
  while (!queue.empty()) order.push_back(queue.Pop(&at));
  return order;
}

BOOST_AUTO_TEST_SUITE(event_queue)

BOOST_AUTO_TEST_CASE(actions_come_out_by_time) {
  EventQueue<char> queue{Prng(1)};
  queue.Push(Timestamp::Millis(30), 'c');
  queue.Push(Timestamp::Millis(10), 'a');
  queue.Push(Timestamp::Millis(20), 'b');
  Timestamp at;
  BOOST_TEST(queue.Pop(&at) == 'a');
  BOOST_TEST(at.millis() == 10);
  BOOST_TEST(queue.Pop(&at) == 'b');
  BOOST_TEST(queue.Pop(&at) == 'c');
  BOOST_TEST(queue.empty());
}

BOOST_AUTO_TEST_CASE(simultaneous_actions_follow_the_seed) {
  BOOST_TEST(DrainSimultaneous(7) == DrainSimultaneous(7));
  // Some seed among a few must order 8 simultaneous actions differently.
  bool differs = false;
  for (uint64_t seed = 8; seed < 12 && !differs; ++seed) {
    differs = DrainSimultaneous(seed) != DrainSimultaneous(7);
  }
  BOOST_TEST(differs);
}

// Neither the slot in front of the heap, nor the lanes, nor the calendar may
// change the order: interleaved pushes (to the heap, to lanes and to the
// calendar), removals and pops, many at equal times, come out exactly as a
// plain sort by (time, rank, insertion) of the same PRNG draws says.
BOOST_AUTO_TEST_CASE(interleaved_pushes_lanes_calendar_and_pops_follow_time_rank_insertion) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    EventQueue<int> queue{Prng(seed)};
    Prng ranks(seed);                                         // the queue's own draws, replayed
    Prng script(seed + 99);                                   // what to push and when to pop
    std::vector<std::tuple<int64_t, uint64_t, int>> pending;  // (time, rank, id)
    int64_t now = 0;
    int next_id = 0;
    std::vector<int> lane_holds(3, -1);  // the id each lane holds, or -1
    for (int step = 0; step < 400; ++step) {
      const uint64_t what = script.Below(12);
      if (what < 7 || pending.empty()) {
        // Three times ahead at most, so that many entries share a time and
        // some land in the bucket being drained, or before every bucket.
        const int64_t at = now + static_cast<int64_t>(script.Below(3));
        const uint64_t where = script.Below(7);  // 0-2: a lane, 3-4: calendar, 5-6: heap
        if (where < lane_holds.size() && lane_holds[where] == -1) {
          queue.PushToLane(where, Timestamp::Millis(at), next_id);
          lane_holds[where] = next_id;
        } else if (where == 3 || where == 4) {
          queue.PushToCalendar(Timestamp::Millis(at), next_id);
        } else {
          queue.Push(Timestamp::Millis(at), next_id);
        }
        pending.emplace_back(at, ranks.Next(), next_id++);
        continue;
      }
      if (what == 7) {
        // What a failed task had on the agenda: every id of one residue.
        const int residue = static_cast<int>(script.Below(5));
        queue.RemoveIf([&](int id) { return id % 5 == residue; });
        std::erase_if(pending, [&](const auto& p) { return std::get<2>(p) % 5 == residue; });
        for (int& held : lane_holds) {
          if (held != -1 && held % 5 == residue) held = -1;
        }
        BOOST_TEST_REQUIRE(queue.size() == pending.size());
        continue;
      }
      const auto expected = std::min_element(pending.begin(), pending.end());
      Timestamp at;
      const int got = queue.Pop(&at);
      BOOST_TEST_REQUIRE(got == std::get<2>(*expected));
      BOOST_TEST_REQUIRE(at.millis() == std::get<0>(*expected));
      now = at.millis();
      pending.erase(expected);
      for (int& held : lane_holds) {
        if (held == got) held = -1;
      }
    }
    BOOST_TEST(queue.size() == pending.size());
  }
}

// The sources' ticks: a thousand subtasks on one 200 ms grid, each pushing
// its next tick when its tick comes out, as the runtime does. They come out
// grid time by grid time, within one in the order of their ranks (the draws
// replayed here), and every bucket is drained before the next begins.
BOOST_AUTO_TEST_CASE(a_grid_of_ticks_comes_out_by_time_then_rank) {
  EventQueue<int> queue{Prng(3)};
  Prng ranks(3);
  std::vector<std::pair<uint64_t, int>> due;  // (rank, subtask) of the next grid time
  for (int subtask = 0; subtask < 1000; ++subtask) {
    queue.PushToCalendar(Timestamp::Millis(200), subtask);
    due.emplace_back(ranks.Next(), subtask);
  }
  for (int64_t grid = 200; grid <= 1000; grid += 200) {
    std::sort(due.begin(), due.end());
    std::vector<std::pair<uint64_t, int>> next;
    for (const auto& [rank, subtask] : due) {
      Timestamp at;
      BOOST_TEST_REQUIRE(queue.Pop(&at) == subtask);
      BOOST_TEST_REQUIRE(at.millis() == grid);
      queue.PushToCalendar(Timestamp::Millis(grid + 200), subtask);
      next.emplace_back(ranks.Next(), subtask);
    }
    due = std::move(next);
  }
  BOOST_TEST(queue.size() == 1000u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::sim
