# Checks report.html as a person sees it: renders it in headless Chromium to a
# PNG and a DOM dump, and fails if the page does not load cleanly, the SVG is
# empty, or it lacks a mark per record or a watermark line per subtask (a
# line drawn in several key lanes counts once).
#   cmake -DTIDEMARK=<exe> -DCHROMIUM=<chromium> -DSCENARIO=<file.yaml> -DSCRATCH=<dir>
#         -DEXPECT_MARKS=<n> -DEXPECT_LINES=<n> [-DEXPECT_PENDING=<n>] -P browser_check.cmake
# EXPECT_PENDING: the open bands of windows still pending at the end, and the
# "Pending windows" section that lists them.
include(${CMAKE_CURRENT_LIST_DIR}/browser_report.cmake)
if(REPORT_ONLY)
  message(STATUS "report written; the ci preset's run of this check renders it in Chromium")
  return()
endif()
set(page ${SCRATCH}/report/report.html)
file(READ ${page} html)
foreach(external "http:" "https:" "<script" "<link" "url(" "@import" "src=")
  string(FIND "${html}" "${external}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "report.html is not self-contained: it has '${external}'")
  endif()
endforeach()

set(flags ${chromium_flags} --enable-logging=stderr --v=0)
execute_process(COMMAND ${CHROMIUM} ${flags} --screenshot=${SCRATCH}/report.png
  --window-size=1400,1000 file://${page}
  TIMEOUT 90 RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE shot_log)
if(NOT status EQUAL 0 OR NOT EXISTS ${SCRATCH}/report.png)
  message(FATAL_ERROR "chromium --screenshot failed (${status}):\n${shot_log}")
endif()
file(SIZE ${SCRATCH}/report.png png_size)
if(png_size LESS 20000)
  message(FATAL_ERROR "the screenshot is only ${png_size} bytes: is the page blank?")
endif()
execute_process(COMMAND ${CHROMIUM} ${flags} --dump-dom file://${page}
  TIMEOUT 90 RESULT_VARIABLE status OUTPUT_VARIABLE dom ERROR_VARIABLE dom_log)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "chromium --dump-dom failed (${status}):\n${dom_log}")
endif()
file(WRITE ${SCRATCH}/report.dom.html "${dom}")

# Page errors: console messages (script errors, failed loads) and net errors.
foreach(log IN ITEMS "${shot_log}" "${dom_log}")
  string(REGEX MATCH "CONSOLE[^\n]*|Uncaught[^\n]*|Failed to load[^\n]*|net::ERR_[^\n]*" problem "${log}")
  if(problem)
    message(FATAL_ERROR "the page reported an error: ${problem}")
  endif()
endforeach()

# The DOM as Chromium built it: parsed to the end, SVG present and full.
foreach(piece "<svg id=\"timeline\"" "id=\"report-end\"" "data-aggregated=\"false\"")
  string(FIND "${dom}" "${piece}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the rendered DOM lacks '${piece}'")
  endif()
endforeach()
# Counted inside the timeline: the legend's swatches reuse its classes.
string(FIND "${dom}" "<svg id=\"timeline\"" start)
string(SUBSTRING "${dom}" ${start} -1 svg)
string(FIND "${svg}" "</svg>" end)
string(SUBSTRING "${svg}" 0 ${end} svg)
string(REGEX MATCHALL "<circle class=\"mark\"" marks "${svg}")
# A line drawn in several lanes (one subtask judging several keys) counts once.
string(REGEX MATCHALL "<path class=\"wm-line\" data-operator=\"[^\"]*\" data-subtask=\"[0-9]+\""
  lines "${svg}")
list(REMOVE_DUPLICATES lines)
string(REGEX MATCH "data-records=\"([0-9]+)\"" _ "${svg}")
set(records ${CMAKE_MATCH_1})
list(LENGTH marks mark_count)
list(LENGTH lines line_count)
if(mark_count EQUAL 0 OR NOT mark_count EQUAL EXPECT_MARKS OR NOT mark_count EQUAL records)
  message(FATAL_ERROR "the SVG has ${mark_count} record marks; expected ${EXPECT_MARKS} "
    "(data-records ${records})")
endif()
if(line_count EQUAL 0 OR NOT line_count EQUAL EXPECT_LINES)
  message(FATAL_ERROR "the SVG has ${line_count} watermark lines; expected ${EXPECT_LINES}")
endif()
if(DEFINED EXPECT_PENDING)
  string(REGEX MATCHALL "<rect class=\"pending-window\"" bands "${svg}")
  list(LENGTH bands band_count)
  if(NOT band_count EQUAL EXPECT_PENDING)
    message(FATAL_ERROR "the SVG has ${band_count} pending window bands; expected ${EXPECT_PENDING}")
  endif()
  foreach(piece "<h2 id=\"pending\">Pending windows</h2>" "window still open at the end")
    string(FIND "${dom}" "${piece}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "the rendered DOM lacks '${piece}'")
    endif()
  endforeach()
endif()
message(STATUS "report.html renders: ${mark_count} marks, ${line_count} watermark lines; "
  "screenshot ${SCRATCH}/report.png")
