# `tidemark check` must fail (exit 1) with a readable diff when an expectation
# is edited to be wrong.

# tidemark_expect_check_failure(NAME <test> SCENARIO <file> FIND <text> REPLACE <text>
#                               OUTPUT <a|b> [NO_UPDATE] [EDIT <file beside it>])
function(tidemark_expect_check_failure)
  cmake_parse_arguments(ARG "NO_UPDATE" "NAME;SCENARIO;FIND;REPLACE;OUTPUT;EDIT" "" ${ARGN})
  add_test(NAME ${ARG_NAME}
    COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark>
      -DSCENARIO=${CMAKE_CURRENT_SOURCE_DIR}/${ARG_SCENARIO}
      -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/${ARG_NAME}
      "-DFIND=${ARG_FIND}" "-DREPLACE=${ARG_REPLACE}" "-DEXPECT_OUTPUT=${ARG_OUTPUT}"
      -DNO_UPDATE=${ARG_NO_UPDATE} -DEDIT=${ARG_EDIT}
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

# A record dropped from the middle of an expectation is reported alone: the
# diff aligns the rest (longest common subsequence) instead of shifting it.
tidemark_expect_check_failure(NAME check_aligns_records_around_a_missing_one
  SCENARIO sensors/temperature-split.yaml
  FIND "    - {sensor_id: sensor_3, ts: 2500, temperature: 35.7}\n"
  REPLACE ""
  OUTPUT "FAIL|sink 'hot': expected 3 records, got 4|record 2 of the output: unexpected {sensor_id: sensor_3, ts: 2500, temperature: 35.7}")

# Each assertion kind fails, with a message naming the value, when one field
# of it is wrong (the harness scenarios derive the right values by hand).
set(tumbling harness/window-side-output-due-to-lateness-tumbling.yaml)
tidemark_expect_check_failure(NAME check_fails_on_wrong_timestamp
  SCENARIO ${tumbling}
  FIND "ts: 1998, \"@timestamp\": 1998," REPLACE "ts: 1998, \"@timestamp\": 1997,"
  OUTPUT "FAIL|sink 'late': expected 1 records, got 1|@timestamp is 1998, expected 1997")
tidemark_expect_check_failure(NAME check_fails_on_wrong_emission_watermark
  SCENARIO ${tumbling}
  FIND "\"@watermark\": 1999, \"@at\": 4}" REPLACE "\"@watermark\": 1985, \"@at\": 4}"
  OUTPUT "FAIL|sink 'late'|@watermark is 1999, expected 1985")
tidemark_expect_check_failure(NAME check_fails_on_wrong_emission_time
  SCENARIO ${tumbling}
  FIND "\"@at\": 4}" REPLACE "\"@at\": 5}"
  OUTPUT "FAIL|sink 'late'|@at is 4, expected 5")
tidemark_expect_check_failure(NAME check_fails_on_wrong_ledger_tag_count
  SCENARIO ${tumbling}
  FIND "to: {late: 1}" REPLACE "to: {late: 0}"
  OUTPUT "FAIL|ledger of 'sums': 1 counter differs|to 'late': expected 0, got 1")
tidemark_expect_check_failure(NAME check_fails_on_wrong_ledger_counter
  SCENARIO harness/window-drop-due-to-lateness-tumbling.yaml
  FIND "dropped_late: 1" REPLACE "dropped_late: 2"
  OUTPUT "FAIL|ledger of 'sums'|dropped_late: expected 2, got 1")
tidemark_expect_check_failure(NAME check_fails_on_wrong_forwarded_watermark
  SCENARIO harness/valve-multiple-input-increasing-watermarks.yaml
  FIND "- {watermark: 12}" REPLACE "- {watermark: 11}"
  OUTPUT "FAIL|sink 'valve'|entry 3: expected {watermark: 11}|actual {watermark: 12}")
tidemark_expect_check_failure(NAME check_fails_on_wrong_forwarded_status
  SCENARIO harness/valve-watermark-on-idle-channel-is-ignored.yaml
  FIND "- {status: active}" REPLACE "- {status: idle}"
  OUTPUT "FAIL|sink 'valve'|entry 3: expected {status: idle}|actual {status: active}")
tidemark_expect_check_failure(NAME check_fails_on_a_result_after_its_watermark
  SCENARIO ${tumbling}
  FIND "      - {key: key2, v: 2, \"@timestamp\": 1999, \"@watermark\": 1999}\n      - {watermark: 1999}\n"
  REPLACE "      - {watermark: 1999}\n      - {key: key2, v: 2, \"@timestamp\": 1999, \"@watermark\": 1999}\n"
  OUTPUT "FAIL|sink 'sums'|entry 2: missing {watermark: 1999}|entry 3 of the output: unexpected {watermark: 1999}")
tidemark_expect_check_failure(NAME check_fails_on_wrong_unordered_run
  SCENARIO harness/window-side-output-due-to-lateness-sliding.yaml
  FIND "- {key: key1, v: 2, \"@timestamp\": 4999}" REPLACE "- {key: key1, v: 3, \"@timestamp\": 4999}"
  OUTPUT "FAIL|sink 'sums'|field 'v' is 2, expected 3")
set(clash harness/side-output-name-clash.yaml)
tidemark_expect_check_failure(NAME check_fails_on_other_refusal_message
  SCENARIO ${clash} NO_UPDATE
  FIND "contains: \"side output ids need to be unique\"" REPLACE "contains: \"ids must differ\""
  OUTPUT "FAIL|expect_error: expected a refusal with 'ids must differ' at line 29, but it was refused with:")
tidemark_expect_check_failure(NAME check_fails_on_refusal_at_other_line
  SCENARIO ${clash} NO_UPDATE
  FIND "  line: 29" REPLACE "  line: 30"
  OUTPUT "FAIL|at line 30, but it was refused with: |side-output-name-clash.yaml:29:")
tidemark_expect_check_failure(NAME check_fails_when_expected_refusal_runs
  SCENARIO harness/window-lateness.yaml NO_UPDATE
  FIND "name: window-lateness\n" REPLACE "name: window-lateness\nexpect_error: {contains: refused}\n"
  OUTPUT "FAIL|expect_error: expected a refusal with 'refused', but it ran")

# `check --update` writes an expectation for a sink that has none.
add_test(NAME check_update_bootstraps_expectations
  COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark>
    -DSCENARIO=${CMAKE_CURRENT_SOURCE_DIR}/harness/window-lateness.yaml
    -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/check_update_bootstraps_expectations
    -P ${PROJECT_SOURCE_DIR}/cmake/bootstrap_expectation_test.cmake)
tidemark_expect_check_failure(NAME check_fails_on_wrong_golden_timestamp
  SCENARIO harness/keyed-window-late-arriving-events.yaml
  EDIT keyed-window-late-arriving-events.csv
  FIND "4,4,5,1,late,4" REPLACE "4,4,5,1,late,3"
  OUTPUT "FAIL|sink 'windows'|missing {key: 4, window_start: 4, window_end: 5, n: 1, firing: late, @timestamp: 3}")

# `check --seed N` runs with seed N instead of the scenario's: the alert of
# inactivity-alert.yaml leaves at 7000 only when its row comes before the
# tick due at the same time, as it does with the scenario's seed 1; with
# seed 0 the tick comes first and the alert leaves at the next one, 7200.
tidemark_expect(NAME check_seed_overrides_the_scenario_seed EXIT 1
  ARGS check --seed 0 timers/inactivity-alert.yaml
  OUTPUT "FAIL|@at is 7200, expected 7000")
tidemark_expect(NAME check_seed_of_the_scenario_passes EXIT 0
  ARGS check --seed 1 timers/inactivity-alert.yaml
  OUTPUT "PASS")

# `recovery:` counters fail, naming the counter, its scope and both values.
set(resurrects checkpoints/late-record-resurrects-its-window.yaml)
tidemark_expect_check_failure(NAME check_fails_on_wrong_duplicate_count
  SCENARIO ${resurrects}
  FIND "windows: {written: 4, visible: 4, duplicates: 1}"
  REPLACE "windows: {written: 4, visible: 4, duplicates: 0}"
  OUTPUT "FAIL|recovery: 1 counter differs|duplicates of 'windows': expected 0, got 1")
tidemark_expect_check_failure(NAME check_fails_on_wrong_restart_count
  SCENARIO ${resurrects}
  FIND "restarts: 1" REPLACE "restarts: 2"
  OUTPUT "FAIL|recovery: 1 counter differs|restarts: expected 2, got 1")
tidemark_expect_check_failure(NAME check_fails_when_the_job_did_not_fail
  SCENARIO checkpoints/poison-record-exhausts-restarts.yaml
  FIND "job_failed: true" REPLACE "job_failed: false"
  OUTPUT "FAIL|job_failed: expected 0, got 1")
