# check_includes.cmake must fail on a tree that breaks the dependency rule:
# each case writes one offending include into a scratch tree and expects the
# check to name it.
#   cmake -DSCRATCH=<dir> -DCHECK=<check_includes.cmake> -P check_includes_test.cmake
cmake_minimum_required(VERSION 3.25)
set(cases
  "sim/runtime/runtime.cc|#include \"sim/scenario/scenario.h\""
  "sim/trace/csv_cell.cc|#include \"sim/runtime/runtime.h\""
  "sim/graph/job_graph.h|#include \"sim/planner/job_plan.h\""
  "engine/windows/window.cc|#include \"sim/trace/trace_row.h\""
  "engine/windows/window.cc|#include <yaml-cpp/yaml.h>"
  "engine/core/time.cc|#include \"engine/windows/time_window.h\""
  "engine/watermarks/idleness_timer.cc|#include \"engine/expressions/expression.h\""
  "engine/windows/trigger.cc|#include \"engine/operators/router.h\""
  "reports/text/markup_escape.cc|#include \"reports/story/run_story.h\""
  "reports/story/explain.cc|#include \"reports/timeline/timeline_svg.h\""
  "reports/campaign/check_report.cc|#include \"reports/pages/html_report.h\""
  "sim/runtime/clock.cc|#include <chrono>"
  "reports/pages/text_report.cc|#include \"app/commands.h\""
  "include/tidemark/scenario.h|#include \"sim/planner/job_plan.h\""
  "include/tidemark/value.h|#include <fmt/format.h>"
  "api/scenario.cc|#include \"reports/story/run_story.h\""
  "sim/check/expectations.cc|#include \"tidemark/scenario.h\""
  "reports/story/run_story.cc|#include \"sim/scenario/scenario.h\""
  "sim/explore/sweep.cc|const ScenarioSpec& spec = plan.source->spec();")
foreach(case ${cases})
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 file)
  list(GET parts 1 line)
  file(REMOVE_RECURSE ${SCRATCH})
  file(WRITE ${SCRATCH}/${file} "${line}\n")
  # An allowed include beside it, so the check has something it must accept.
  file(WRITE ${SCRATCH}/sim/explore/explore.cc "#include \"sim/runtime/runtime.h\"\n#include <vector>\n")
  execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${SCRATCH} -P ${CHECK}
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(status EQUAL 0)
    message(FATAL_ERROR "the include check accepted ${file}: ${line}")
  endif()
  string(FIND "${err}" "${SCRATCH}/${file}: ${line}" named)
  if(named EQUAL -1 OR err MATCHES "explore.cc")
    message(FATAL_ERROR "the include check did not name exactly ${file}:\n${err}")
  endif()
endforeach()
file(REMOVE_RECURSE ${SCRATCH})
