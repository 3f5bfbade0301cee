# Command-level tests of `explain`, `report`, `run --report/--json` and
# `check --junit/--summary`. Included from scenarios/CMakeLists.txt, so
# tidemark_expect runs tidemark from the scenarios folder.

tidemark_expect(NAME explain_states_the_late_inequality EXIT 0
  ARGS explain sensors/late-sensor-readings.yaml
  OUTPUT "averages[0] decides readings:6 (ts 8000)|cleanup 9999 <= watermark 10499, so the record is late and goes to 'late-readings'|averages[0] watermark 6999 -> 10499, from readings[0]|Verdicts:")

tidemark_expect(NAME explain_record_tells_one_story EXIT 0
  ARGS explain sensors/late-sensor-readings.yaml --record readings:8
  OUTPUT "The story of readings:8 (line 10)|late[0]: readings:8 reaches sink 'late'|Verdict:")

# Two sources' rows 1 share a row number, a timestamp, a key and a window;
# past the union only their ids tell them apart (the scenario's description
# derives each fate): a:1 on time at 100, b:1 late at 700.
tidemark_expect(NAME explain_record_past_a_union_tells_the_on_time_row EXIT 0
  ARGS explain windows/union-rows-share-numbers.yaml --record a:1
  OUTPUT "The story of a:1 (line 35)|counts[0] decides a:1 (ts 1500)|max timestamp 9999 > watermark -inf, so the record is on time|a:1 (line 35, ts 1500): on_time")

tidemark_expect(NAME explain_record_past_a_union_tells_the_late_row EXIT 0
  ARGS explain windows/union-rows-share-numbers.yaml --record b:1
  OUTPUT "The story of b:1 (line 42)|counts[0] decides b:1 (ts 1500)|cleanup 9999 <= watermark 11999, so the record is late and goes to 'late'|late_rows[0]: b:1 reaches sink 'late_rows'|b:1 (line 42, ts 1500): late_to_side_output")

# Each source has two rows: the hint counts b's, not every source's.
tidemark_expect(NAME explain_record_beyond_a_source_counts_its_rows EXIT 2 NO_STDOUT
  ARGS explain windows/union-rows-share-numbers.yaml --record b:2
  OUTPUT "source 'b' has no row 2|this source has 2")

tidemark_expect(NAME explain_unknown_source_is_bad_usage EXIT 2 NO_STDOUT
  ARGS explain sensors/late-sensor-readings.yaml --record reading:8
  OUTPUT "--record: error: no source named 'reading'|did you mean 'readings'?")

tidemark_expect(NAME explain_unknown_stream_is_bad_usage EXIT 2 NO_STDOUT
  ARGS explain sensors/late-sensor-readings.yaml --stream average
  OUTPUT "--stream: error: no stream named 'average'|did you mean 'averages'?")

foreach(scenario sensors/late-sensor-readings parallel/min-watermark-across-channels
                 teaching/quiet-partition-delays-windows)
  string(REPLACE "/" "_" test_name "reports_are_byte_identical_${scenario}")
  string(REPLACE "-" "_" test_name "${test_name}")
  add_test(NAME ${test_name}
    COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark>
      -DSCENARIO=${CMAKE_CURRENT_SOURCE_DIR}/${scenario}.yaml
      -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/${test_name}
      -P ${PROJECT_SOURCE_DIR}/reports/byte_identical_reports.cmake)
endforeach()

# A zoomed timeline is as reproducible as the whole one.
add_test(NAME reports_are_byte_identical_zoomed_to_a_range
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark>
    -DSCENARIO=${CMAKE_CURRENT_SOURCE_DIR}/teaching/quiet-partition-delays-windows.yaml
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/reports_are_byte_identical_zoomed
    "-DREPORT_ARGS=--from 2000 --to 9000"
    -P ${PROJECT_SOURCE_DIR}/reports/byte_identical_reports.cmake)

tidemark_expect(NAME run_json_prints_the_report EXIT 0
  ARGS run sensors/late-sensor-readings.yaml --json
  OUTPUT "\"format\": \"tidemark-report\"|\"format_version\": 1|\"verdict\": \"late_to_side_output\"")

add_test(NAME check_writes_junit_and_summary_with_the_diff
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark>
    -DSCENARIOS=${CMAKE_CURRENT_SOURCE_DIR}
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/check_writes_junit
    -P ${PROJECT_SOURCE_DIR}/reports/junit_failure_test.cmake)

# report.html of the flagship scenario, rendered in headless Chromium.
find_program(TIDEMARK_CHROMIUM NAMES chromium chromium-browser)
# In a sanitized build the browser checks stop once tidemark has written the
# report: that is what ASan and UBSan watch, and the page is the same bytes as
# the ci preset's (tidemark's output is deterministic), whose run of these
# tests renders it. Chromium took most of their time, minutes in all.
if(TIDEMARK_SANITIZE)
  set(browser_report_only -DREPORT_ONLY=ON)
else()
  set(browser_report_only "")
endif()
add_test(NAME report_html_renders_in_chromium
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark> -DCHROMIUM=${TIDEMARK_CHROMIUM}
    ${browser_report_only}
    -DSCENARIO=${CMAKE_CURRENT_SOURCE_DIR}/sensors/late-sensor-readings.yaml
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/report_html_renders_in_chromium
    -DEXPECT_MARKS=10 -DEXPECT_LINES=1
    -P ${PROJECT_SOURCE_DIR}/reports/browser_check.cmake)

# Names, a description and values that are script tags, handlers and links
# stay text on the page, in report.md and in the CSVs.
add_test(NAME report_html_shows_hostile_names_as_text_in_chromium
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark> -DCHROMIUM=${TIDEMARK_CHROMIUM}
    -DSCENARIO=${PROJECT_SOURCE_DIR}/reports/testdata/hostile-names.yaml
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/report_html_shows_hostile_names
    -P ${PROJECT_SOURCE_DIR}/reports/browser_escape_check.cmake)

# A run that leaves two windows pending (§1.13): an open band for each, the
# legend entry and the "Pending windows" section.
add_test(NAME report_html_draws_pending_windows_in_chromium
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark> -DCHROMIUM=${TIDEMARK_CHROMIUM}
    ${browser_report_only}
    -DSCENARIO=${CMAKE_CURRENT_SOURCE_DIR}/teaching/idle-partition-blocks-window.yaml
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/report_html_draws_pending_windows
    -DEXPECT_MARKS=4 -DEXPECT_LINES=1 -DEXPECT_PENDING=2
    -P ${PROJECT_SOURCE_DIR}/reports/browser_check.cmake)

# §1.2: a late firing's line names the cleanup time, max timestamp 1999 +
# allowed lateness 500 (WindowOperatorTest#testLateness).
tidemark_expect(NAME explain_late_firing_names_the_cleanup_time EXIT 0
  ARGS explain harness/window-lateness.yaml
  OUTPUT "a late firing within allowed lateness (watermark 2300, cleanup at 2499)")

add_test(NAME report_metadata_adds_record_columns
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark>
    -DSCENARIO=${CMAKE_CURRENT_SOURCE_DIR}/harness/window-side-output-due-to-lateness-tumbling.yaml
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/report_metadata
    -P ${PROJECT_SOURCE_DIR}/reports/report_metadata_test.cmake)

# A trace longer than the listed detail: capped lists, aggregates, streamed files.
add_test(NAME report_of_a_long_trace_caps_and_streams
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark>
    -DSCENARIO=${PROJECT_SOURCE_DIR}/bench/scenarios/tumbling-count-avg.yaml
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/long_report
    -P ${PROJECT_SOURCE_DIR}/reports/long_report_test.cmake)

# The timeline as a person sees it (reports/browser_timeline_check.cmake): a
# labelled lane per key, late records linked to the watermark step and the
# firing, watermarks below the plotted range marked apart from -inf, idle and
# held partitions shaded, density cells for a long trace and a zoomed range;
# labels and legend inside the picture and the window, wide, narrow and printed.
set(timeline_check ${PROJECT_SOURCE_DIR}/reports/browser_timeline_check.cmake)
# The flagship: sensor_1 and sensor_2, readings:6 and readings:8 late; the
# watermark starts at -1001, below the plotted event times, in both lanes.
add_test(NAME report_html_timeline_links_late_records_in_chromium
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark> -DCHROMIUM=${TIDEMARK_CHROMIUM}
    ${browser_report_only}
    -DSCENARIO=${CMAKE_CURRENT_SOURCE_DIR}/sensors/late-sensor-readings.yaml
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/report_html_timeline_links_late_records
    -DEXPECT_LANES=2 "-DEXPECT_LANE_KEYS=key sensor_1|key sensor_2" -DEXPECT_LATE_LINKS=2
    -DEXPECT_BELOW=2 -DEXPECT_DENSITY=false -P ${timeline_check})
# Partition 1 idle from 2600 to the end; the straggler ts 3000 late.
add_test(NAME report_html_timeline_shades_idle_partitions_in_chromium
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark> -DCHROMIUM=${TIDEMARK_CHROMIUM}
    ${browser_report_only}
    -DSCENARIO=${CMAKE_CURRENT_SOURCE_DIR}/parallel/idle-partition-with-idleness.yaml
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/report_html_timeline_shades_idle
    -DEXPECT_LANES=1 "-DEXPECT_LANE_KEYS=key s" -DEXPECT_LATE_LINKS=1 -DEXPECT_IDLE=1
    -P ${timeline_check})
# Partition 1 holds the watermark at 499 from 2000 to the end.
add_test(NAME report_html_timeline_shades_held_watermarks_in_chromium
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark> -DCHROMIUM=${TIDEMARK_CHROMIUM}
    ${browser_report_only}
    -DSCENARIO=${CMAKE_CURRENT_SOURCE_DIR}/teaching/quiet-partition-delays-windows.yaml
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/report_html_timeline_shades_held
    -DEXPECT_LANES=1 -DEXPECT_HELD=1 -P ${timeline_check})
# A 130-character key and long stream, source and tag names: cut labels,
# nothing clipped at 420 px.
add_test(NAME report_html_timeline_keeps_long_names_inside_in_chromium
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark> -DCHROMIUM=${TIDEMARK_CHROMIUM}
    ${browser_report_only}
    -DSCENARIO=${PROJECT_SOURCE_DIR}/reports/testdata/long-names.yaml
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/report_html_timeline_long_names
    "-DEXPECT_LANE_KEYS=key short|key température-capteur-numéro-un-dans-la-salle-des-…"
    -DEXPECT_LANES=2 -DEXPECT_LATE_LINKS=1 -DEXPECT_IDLE=1 -P ${timeline_check})
# 1500 generated rows over 15 s, 12 keys: density cells in 8 lanes (7 keys with
# the most late rows, then the other 5); 2000 to 4000 ms holds 200 rows, drawn
# one by one.
set(long_trace "--rows 1500 --keys 12 --rate 100 --disorder 2s --stragglers 0.02 --straggler-delay 5s --seed 7")
add_test(NAME report_html_timeline_bins_a_long_trace_in_chromium
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark> -DCHROMIUM=${TIDEMARK_CHROMIUM}
    ${browser_report_only}
    -DSCENARIO=${PROJECT_SOURCE_DIR}/bench/scenarios/tumbling-count-avg.yaml
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/report_html_timeline_bins
    "-DGEN_ARGS=${long_trace}" -DTRACE_SOURCE=rows
    -DEXPECT_LANES=8 -DEXPECT_DENSITY=true -P ${timeline_check})
add_test(NAME report_html_timeline_zooms_to_a_range_in_chromium
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark> -DCHROMIUM=${TIDEMARK_CHROMIUM}
    ${browser_report_only}
    -DSCENARIO=${PROJECT_SOURCE_DIR}/bench/scenarios/tumbling-count-avg.yaml
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/report_html_timeline_zooms
    "-DGEN_ARGS=${long_trace}" -DTRACE_SOURCE=rows "-DREPORT_ARGS=--from 2000 --to 4000"
    -DEXPECT_LANES=8 -DEXPECT_DENSITY=false -P ${timeline_check})
