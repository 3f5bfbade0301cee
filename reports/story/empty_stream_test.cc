// Why a side output is empty, one teaching scenario per reason; each
// scenario's description derives the sentence by hand.
#include "reports/story/empty_stream.h"

#include <string>

#include <boost/test/unit_test.hpp>

#include "reports/story/explain.h"
#include "sim/planner/job_plan.h"
#include "sim/runtime/runtime.h"
#include "sim/scenario/scenario.h"
#include "sim/session/scenario_front_end.h"

namespace tidemark::reports {
namespace {

struct Detailed {
  explicit Detailed(const std::string& scenario)
      : plan(sim::BindScenario(
            sim::LoadScenarioSpec(std::string(TIDEMARK_SCENARIOS_DIR) + "/teaching/" + scenario))),
        result(sim::RunJob(
            plan, {.seed = plan.info.seed, .detail = engine::Ledger::Detail::kEveryRecord})),
        story(plan, result) {}
  std::string Why(const std::string& stream) const {
    for (sim::NodeIndex n = 0; n < plan.nodes.size(); ++n) {
      if (plan.nodes[n].name == stream) return WhyEmpty(story, n);
    }
    BOOST_FAIL("no stream " << stream);
    return "";
  }
  sim::JobPlan plan;
  sim::RunResult result;
  RunStory story;
};

BOOST_AUTO_TEST_SUITE(empty_stream)

BOOST_AUTO_TEST_CASE(nothing_was_late_names_the_closest_call) {
  const Detailed run("empty-side-output-nothing-late.yaml");
  BOOST_TEST(run.Why("late_rows") ==
             "'late_rows' is empty: it takes side output 'late' of 'counts', and nothing was "
             "late: every record reached 'counts' before its windows' cleanup time (§1.2). The "
             "closest call: readings:2 (ts 8500) met watermark 6999 with its window's cleanup "
             "time at 9999: 3000ms more of watermark would have made it late.");
  // A side output that did receive records needs no explanation.
  BOOST_TEST(run.Why("counts").empty());
  const std::string text =
      FormatExplanation(run.story, {.record = {}, .stream = run.plan.nodes.size() - 1});
  BOOST_TEST(text.find("\nWhy it is empty:\n  'late_rows' is empty: ") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_tag_taken_from_the_wrong_stream_names_its_emitter) {
  const Detailed run("empty-side-output-wrong-stream.yaml");
  BOOST_TEST(run.Why("cold") ==
             "'cold' is empty: it takes side output 'low-temp' of 'hot', and 'hot' never emits "
             "it: the tag is taken from the wrong stream. 'classified' emits 'low-temp' (side "
             "outputs are not forwarded downstream, §7.2): write 'from: classified'.");
}

BOOST_AUTO_TEST_CASE(a_tag_nobody_emits_is_named) {
  const Detailed run("empty-side-output-nobody-emits.yaml");
  BOOST_TEST(run.Why("warnings") ==
             "'warnings' is empty: it takes side output 'alert' of 'classified', and nobody emits "
             "it: no rule of any stream sends a record to 'alert', and no window has it as its "
             "late_output.");
  BOOST_TEST(run.Why("alerts_out").empty());
}

BOOST_AUTO_TEST_CASE(a_watermark_that_never_advanced_makes_nothing_late) {
  const Detailed run("empty-side-output-watermark-never-advanced.yaml");
  BOOST_TEST(run.Why("late_rows") ==
             "'late_rows' is empty: it takes side output 'late' of 'counts', and the watermark of "
             "'counts' never advanced (it stayed -inf until the end, then jumped to +inf), so no "
             "record could be late: a record is late only once the watermark has passed its "
             "window's cleanup time (§1.2).");
}

BOOST_AUTO_TEST_CASE(a_window_that_never_fired_never_ran_its_function) {
  const Detailed run("empty-side-output-window-never-fired.yaml");
  BOOST_TEST(run.Why("sparse") ==
             "'sparse' is empty: it takes side output 'sparse' of 'counts', and the window of "
             "'counts' never fired, so its function never ran. Its windows are still pending at "
             "the end of the run (below).");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace tidemark::reports
