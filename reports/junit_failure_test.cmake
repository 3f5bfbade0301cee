# `check --junit --summary` on a scenario whose expectation is edited to be
# wrong: exit 1, one testcase with a <failure> whose message is the first diff
# line and whose body holds the whole diff, and the diff in the summary.
#   cmake -DTIDEMARK=<exe> -DSCENARIOS=<scenarios dir> -DSCRATCH=<dir> -P junit_failure_test.cmake
file(REMOVE_RECURSE ${SCRATCH})
file(COPY ${SCENARIOS}/sensors/ DESTINATION ${SCRATCH}/sensors)
file(READ ${SCRATCH}/sensors/late-sensor-readings.yaml text)
string(REPLACE "{sensor_id: sensor_2, ts: 9500, temperature: 29.0}"
  "{sensor_id: sensor_2, ts: 9500, temperature: 28.0}" edited "${text}")
if(edited STREQUAL text)
  message(FATAL_ERROR "the expectation to edit is gone from late-sensor-readings.yaml")
endif()
file(WRITE ${SCRATCH}/sensors/late-sensor-readings.yaml "${edited}")
execute_process(COMMAND ${TIDEMARK} check sensors --junit junit.xml --summary summary.md
  WORKING_DIRECTORY ${SCRATCH} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 1)
  message(FATAL_ERROR "expected exit 1, got ${status}\n${out}${err}")
endif()
file(READ ${SCRATCH}/junit.xml xml)
file(READ ${SCRATCH}/summary.md md)
foreach(piece
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
    "<testsuite name=\"tidemark check\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\">"
    "<testcase classname=\"sensors\" name=\"temperature-split.yaml\"/>"
    "<testcase classname=\"sensors\" name=\"late-sensor-readings.yaml\">"
    "<failure type=\"expectation\" message=\"sink &apos;late&apos;: expected 2 records, got 2\">"
    "record 2: expected {sensor_id: sensor_2, ts: 9500, temperature: 28}"
    "actual {sensor_id: sensor_2, ts: 9500, temperature: 29}")
  string(FIND "${xml}" "${piece}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "junit.xml lacks '${piece}':\n${xml}")
  endif()
endforeach()
foreach(piece "1 passed, 1 failed" "| late-sensor-readings | `sensors/late-sensor-readings.yaml` | FAILED |"
    "actual {sensor_id: sensor_2, ts: 9500, temperature: 29}")
  string(FIND "${md}" "${piece}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "summary.md lacks '${piece}':\n${md}")
  endif()
endforeach()
file(REMOVE_RECURSE ${SCRATCH})
