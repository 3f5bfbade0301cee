// A RapidCheck property through tidemark's public API: for any clicks, in any
// arrival order, every click is either counted in a window or sent to the
// late side output, exactly once.
#include <cstdint>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>
#include <tidemark/tidemark.h>

namespace {

struct Click {
  int user = 0;    // 0..2
  int64_t ts = 0;  // 0..29999 ms
};

// The scenario of late-clicks.yaml with `clicks` as its events, one a second.
std::string ScenarioWith(const std::vector<Click>& clicks) {
  std::string text =
      "name: generated\n"
      "sources:\n"
      "  clicks:\n"
      "    schema: {user: string, ts: int}\n"
      "    event_time: ts\n"
      "    watermarks: {strategy: bounded_out_of_orderness, max_out_of_orderness: 1s}\n"
      "    events:\n";
  for (size_t i = 0; i < clicks.size(); ++i) {
    text += "      - {user: u" + std::to_string(clicks[i].user) +
            ", ts: " + std::to_string(clicks[i].ts) +
            ", \"@arrival\": " + std::to_string(i * 1000) + "}\n";
  }
  text +=
      "streams:\n"
      "  counts:\n"
      "    from: clicks\n"
      "    key_by: user\n"
      "    window: {tumbling: 5s, late_output: late}\n"
      "    aggregate: {n: count()}\n"
      "  late_clicks:\n"
      "    from: counts\n"
      "    side_output: late\n"
      "sinks: {counts: {}, late_clicks: {}}\n";
  return text;
}

}  // namespace

RC_BOOST_PROP(every_click_is_counted_once_or_late, ()) {
  const auto clicks = *rc::gen::nonEmpty(rc::gen::container<std::vector<Click>>(
      rc::gen::build<Click>(rc::gen::set(&Click::user, rc::gen::inRange(0, 3)),
                            rc::gen::set(&Click::ts, rc::gen::inRange<int64_t>(0, 30000)))));
  const tidemark::RunResult run =
      tidemark::Scenario::Parse(ScenarioWith(clicks), "generated.yaml", ".").Run({.seed = 1});

  // The bounded input ends with a watermark at +inf, so every window fires:
  // a click is either in a window or late, never pending or dropped.
  const uint64_t in_window = run.ledger.Count("counts", tidemark::Fate::kInWindow);
  const uint64_t late = run.ledger.Count("counts", tidemark::Fate::kLateToSideOutput);
  RC_CLASSIFY(late > 0, "some late");
  RC_ASSERT(in_window + late == clicks.size());
  RC_ASSERT(run.sink("late_clicks").records.size() == late);
  // Tumbling windows do not overlap: the counts add up to the on-time clicks.
  uint64_t counted = 0;
  const tidemark::Sink& counts = run.sink("counts");
  for (size_t r = 0; r < counts.records.size(); ++r) {
    counted += static_cast<uint64_t>(std::get<int64_t>(counts.Get(r, "n")));
  }
  RC_ASSERT(counted == in_window);
}
