# `tidemark check` must fail (exit 1) with a readable diff when an expectation
# is edited to be wrong.

# tidemark_expect_check_failure(NAME <test> SCENARIO <file> FIND <text> REPLACE <text>
#                               OUTPUT <a|b>)
function(tidemark_expect_check_failure)
  cmake_parse_arguments(ARG "" "NAME;SCENARIO;FIND;REPLACE;OUTPUT" "" ${ARGN})
  add_test(NAME ${ARG_NAME}
    COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark>
      -DSCENARIO=${CMAKE_CURRENT_SOURCE_DIR}/${ARG_SCENARIO}
      -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/${ARG_NAME}
      "-DFIND=${ARG_FIND}" "-DREPLACE=${ARG_REPLACE}" "-DEXPECT_OUTPUT=${ARG_OUTPUT}"
      -P ${PROJECT_SOURCE_DIR}/cmake/edited_expectation_test.cmake)
endfunction()

tidemark_expect_check_failure(NAME check_fails_on_wrong_value
  SCENARIO sensors/temperature-split.yaml
  FIND "{sensor_id: sensor_3, ts: 2500, temperature: 35.7}"
  REPLACE "{sensor_id: sensor_3, ts: 2500, temperature: 35.8}"
  OUTPUT "FAIL|sink 'hot'|record 2: expected {sensor_id: sensor_3, ts: 2500, temperature: 35.8}|actual {sensor_id: sensor_3, ts: 2500, temperature: 35.7}")

tidemark_expect_check_failure(NAME check_fails_on_missing_record
  SCENARIO sensors/temperature-split.yaml
  FIND "    - {sensor_id: sensor_1, temperature: -2.5}"
  REPLACE "    - {sensor_id: sensor_1, temperature: -2.5}\n    - {sensor_id: sensor_9, temperature: 1.0}"
  OUTPUT "FAIL|sink 'cold': expected 5 records, got 4|record 5: missing {sensor_id: sensor_9, temperature: 1}")

# A side output taken from a stream that never emits its tag runs, as in
# Flink, with a warning that names the stream that does emit it (§11.7).
tidemark_expect(NAME run_warns_about_an_empty_side_output EXIT 0
  ARGS run routing/side-output-wrong-stream.yaml
  OUTPUT "routing/side-output-wrong-stream.yaml:29:18: warning: stream 'hot' never emits side output 'low-temp', so 'cold' stays empty|hint: 'low-temp' is emitted by 'classified': write 'from: classified' to read it|== cold (0 records) ==")
