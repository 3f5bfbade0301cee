// StatusWatermarkValve: the rules of §5.1, one test each.
// Every expectation is derived in a comment from the per-channel state
// (watermark, status, aligned) and the valve's last output.
#include "engine/watermarks/status_watermark_valve.h"

#include <vector>

#include <boost/test/unit_test.hpp>

#include "engine/watermarks/internal/recording_output.h"

namespace tidemark::engine {
namespace {

using internal::RecordingOutput;
using enum WatermarkStatus;  // kIdle, kActive

struct Valve {
  explicit Valve(int channels) : valve(channels) {}

  void Wm(int channel, int64_t ms) { valve.InputWatermark(Timestamp::Millis(ms), channel, out); }
  void Status(int channel, WatermarkStatus status) {
    valve.InputWatermarkStatus(status, channel, out);
  }

  StatusWatermarkValve valve;
  RecordingOutput out;
};

BOOST_AUTO_TEST_SUITE(status_watermark_valve)

BOOST_AUTO_TEST_CASE(output_is_the_min_over_active_channels) {
  // §5.1: output = min over active aligned channels, emitted on strict increase.
  Valve v(3);
  v.Wm(0, 10);
  v.Wm(1, 20);
  v.Wm(2, 15);  // min(10, 20, 15) = 10
  BOOST_TEST(v.out.Take() == "W(10)");
  v.Wm(0, 30);  // min(30, 20, 15) = 15
  BOOST_TEST(v.out.Take() == "W(15)");
  v.Wm(1, 25);  // min(30, 25, 15) = 15: unchanged, nothing emitted
  BOOST_TEST(v.out.Take() == "");
  BOOST_TEST(v.valve.HoldingChannels() == std::vector<int>{2});
}

BOOST_AUTO_TEST_CASE(nothing_is_emitted_until_every_active_channel_is_past_min) {
  // §5.1: channels start at Min; the min stays Min (not > last output Min)
  // until the last channel reports.
  Valve v(3);
  v.Wm(0, 5);
  v.Wm(1, 7);
  BOOST_TEST(v.out.Take() == "");
  BOOST_TEST(v.valve.HoldingChannels() == std::vector<int>{2});
  v.Wm(2, 6);  // min(5, 7, 6) = 5
  BOOST_TEST(v.out.Take() == "W(5)");
}

BOOST_AUTO_TEST_CASE(channel_regressions_and_repeats_are_ignored) {
  // §5.1: ts <= ch.wm is ignored (not even stored).
  Valve v(1);
  v.Wm(0, 10);
  v.Wm(0, 10);
  v.Wm(0, 8);
  BOOST_TEST(v.out.Take() == "W(10)");
  BOOST_TEST(v.valve.channel(0).watermark.millis() == 10);
}

BOOST_AUTO_TEST_CASE(idle_channel_is_excluded_from_the_min) {
  // §5.1: ch1 at Min goes idle -> it sat at the last output (Min), so the
  // min over the remaining aligned channel {ch0 = 10} is tried: 10 > Min.
  Valve v(2);
  v.Wm(0, 10);
  BOOST_TEST(v.out.Take() == "");
  v.Status(1, kIdle);
  BOOST_TEST(v.out.Take() == "W(10)");
  // Watermarks of an idle channel are ignored entirely: ch1 stays at Min.
  v.Wm(1, 3);
  BOOST_TEST(v.out.Take() == "");
  BOOST_TEST(v.valve.channel(1).watermark.is_min());
  v.Wm(0, 12);  // min over {ch0 = 12}
  BOOST_TEST(v.out.Take() == "W(12)");
}

BOOST_AUTO_TEST_CASE(channel_going_idle_above_the_output_changes_nothing) {
  // §5.1: ch0 = 10 (holding), ch1 = 20. ch1 idle: its wm 20 != last output 10,
  // so no new min is tried and nothing is emitted.
  Valve v(2);
  v.Wm(0, 10);
  v.Wm(1, 20);
  BOOST_TEST(v.out.Take() == "W(10)");
  v.Status(1, kIdle);
  BOOST_TEST(v.out.Take() == "");
}

BOOST_AUTO_TEST_CASE(last_active_channel_going_idle_flushes_the_max) {
  // §5.1 idle flush: ch0 = 10, ch1 = 20 -> W(10). ch1 idle (20 != 10: no
  // advance). ch0 idle: no active channel left and ch0 sat at the output 10,
  // so flush max over ALL channels = 20 > 10, then the valve goes IDLE.
  Valve v(2);
  v.Wm(0, 10);
  v.Wm(1, 20);
  v.Status(1, kIdle);
  v.Status(0, kIdle);
  BOOST_TEST(v.out.Take() == "W(10) W(20) IDLE");
  BOOST_TEST((v.valve.last_output_status() == kIdle));
  // While the valve is IDLE, watermarks are ignored.
  v.Wm(0, 50);
  BOOST_TEST(v.out.Take() == "");
}

BOOST_AUTO_TEST_CASE(no_flush_when_the_last_channel_was_not_at_the_output) {
  // §5.1: ch0 = 10, ch1 = 20 -> W(10). ch0 idle: it sat at 10 -> new min over
  // {ch1 = 20} -> W(20). ch1 idle: last active, at the output 20 -> flush max
  // (20) is not > 20, nothing; then IDLE.
  Valve v(2);
  v.Wm(0, 10);
  v.Wm(1, 20);
  v.Status(0, kIdle);
  BOOST_TEST(v.out.Take() == "W(10) W(20)");
  v.Status(1, kIdle);
  BOOST_TEST(v.out.Take() == "IDLE");
}

BOOST_AUTO_TEST_CASE(valve_turns_active_when_any_channel_does) {
  // §5.1 IDLE -> ACTIVE: the valve was IDLE -> it emits ACTIVE; repeats are no-ops.
  Valve v(2);
  v.Status(0, kIdle);
  v.Status(1, kIdle);
  BOOST_TEST(v.out.Take() == "IDLE");
  v.Status(1, kIdle);
  v.Status(0, kActive);
  v.Status(0, kActive);
  BOOST_TEST(v.out.Take() == "ACTIVE");
  v.Status(1, kActive);
  BOOST_TEST(v.out.Take() == "");
}

BOOST_AUTO_TEST_CASE(lagging_channel_rejoining_does_not_regress_the_output) {
  // §5.1 rejoin: ch0 = 10, ch1 = 20 -> W(10). ch0 idle -> min over {ch1} = 20.
  // ch0 active again at 10 < 20: unaligned, excluded from the min. ch1 -> 30
  // emits W(30) (min over aligned {ch1}). ch0 -> 25 (< 30): stored, still
  // unaligned; ch0 -> 35 (>= 30): aligned again; min(35, 30) = 30: nothing.
  Valve v(2);
  v.Wm(0, 10);
  v.Wm(1, 20);
  v.Status(0, kIdle);
  BOOST_TEST(v.out.Take() == "W(10) W(20)");
  v.Status(0, kActive);
  BOOST_TEST(v.out.Take() == "");
  BOOST_TEST((v.valve.channel(0).alignment == ChannelAlignment::kUnaligned));
  v.Wm(1, 30);
  BOOST_TEST(v.out.Take() == "W(30)");
  v.Wm(0, 25);
  BOOST_TEST(v.out.Take() == "");
  BOOST_TEST(v.valve.channel(0).watermark.millis() == 25);
  BOOST_TEST((v.valve.channel(0).alignment == ChannelAlignment::kUnaligned));
  v.Wm(0, 35);
  BOOST_TEST(v.out.Take() == "");
  BOOST_TEST((v.valve.channel(0).alignment == ChannelAlignment::kAligned));
  v.Wm(1, 40);  // min(35, 40) = 35
  BOOST_TEST(v.out.Take() == "W(35)");
}

BOOST_AUTO_TEST_CASE(channel_rejoining_at_the_output_is_aligned_at_once) {
  // §5.1: a channel coming back with wm >= last output re-aligns immediately.
  // ch0 = 10, ch1 = 10 -> W(10). ch0 idle; ch0 active at 10 >= 10: aligned.
  Valve v(2);
  v.Wm(0, 10);
  v.Wm(1, 10);
  v.Status(0, kIdle);
  v.Status(0, kActive);
  BOOST_TEST(v.out.Take() == "W(10)");
  BOOST_TEST((v.valve.channel(0).alignment == ChannelAlignment::kAligned));
  v.Wm(1, 20);  // min(10, 20) = 10: held by ch0
  BOOST_TEST(v.out.Take() == "");
  BOOST_TEST(v.valve.HoldingChannels() == std::vector<int>{0});
}

BOOST_AUTO_TEST_CASE(no_output_when_all_active_channels_are_unaligned) {
  // §5.1 (testNoOutputWhenAllActiveChannelsAreUnaligned): ch0 = 10, ch1 = 7
  // -> W(7). ch0 idle: its 10 != 7, nothing. ch1 idle: the last active one,
  // sitting at the output 7 -> flush max(10, 7) = 10 -> W(10), then IDLE.
  // ch1 active again at 7 < 10: unaligned; the valve turns ACTIVE. The only
  // active channel is unaligned, so the aligned set is empty: ch1 -> 8 (< 10)
  // is stored but nothing is emitted, and the valve stays ACTIVE at 10.
  // ch1 -> 11 (>= 10) re-aligns it: min over {ch1 = 11} = 11.
  Valve v(2);
  v.Wm(0, 10);
  v.Wm(1, 7);
  v.Status(0, kIdle);
  v.Status(1, kIdle);
  BOOST_TEST(v.out.Take() == "W(7) W(10) IDLE");
  v.Status(1, kActive);
  BOOST_TEST(v.out.Take() == "ACTIVE");
  BOOST_TEST((v.valve.channel(1).alignment == ChannelAlignment::kUnaligned));
  v.Wm(1, 8);
  BOOST_TEST(v.out.Take() == "");
  BOOST_TEST(v.valve.HoldingChannels().empty());
  BOOST_TEST(v.valve.last_output_watermark().millis() == 10);
  BOOST_TEST((v.valve.last_output_status() == kActive));
  v.Wm(1, 11);
  BOOST_TEST(v.out.Take() == "W(11)");
}

BOOST_AUTO_TEST_CASE(many_channels_track_the_minimum_through_the_heap) {
  // O(log n) updates: the channel holding the min moves as channels advance.
  Valve v(8);
  for (int ch = 0; ch < 8; ++ch) v.Wm(ch, 100 + ch);  // min 100 once all report
  BOOST_TEST(v.out.Take() == "W(100)");
  for (int ch = 0; ch < 8; ++ch) v.Wm(ch, 200 - ch);  // each raise moves the min
  // After ch0..ch6 rise, the min is ch7 = 107 until it rises to 193.
  BOOST_TEST(v.out.Take() == "W(101) W(102) W(103) W(104) W(105) W(106) W(107) W(193)");
  BOOST_TEST(v.valve.HoldingChannels() == std::vector<int>{7});
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::engine
