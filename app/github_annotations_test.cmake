# `check --format github` on a scenario whose expectation is edited to be
# wrong: exit 1, an ::error annotation at the line of the expected record that
# differs, the JUnit and summary written into folders that did not exist, and
# --append-summary adding to the summary instead of replacing it.
#   cmake -DTIDEMARK=<exe> -DSCENARIOS=<scenarios dir> -DSCRATCH=<dir> -P github_annotations_test.cmake
file(REMOVE_RECURSE ${SCRATCH})
file(COPY ${SCENARIOS}/sensors/ DESTINATION ${SCRATCH}/sensors)
set(scenario ${SCRATCH}/sensors/late-sensor-readings.yaml)
file(READ ${scenario} text)
set(row "    - {sensor_id: sensor_2, ts: 9500, temperature: 29.0}")
string(FIND "${text}" "${row}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the expectation to edit is gone from late-sensor-readings.yaml")
endif()
# The line of the edited row, counted here rather than written down.
string(SUBSTRING "${text}" 0 ${at} before)
string(REGEX MATCHALL "\n" breaks "${before}")
list(LENGTH breaks line)
math(EXPR line "${line} + 1")
string(REPLACE "${row}" "    - {sensor_id: sensor_2, ts: 9500, temperature: 28.0}" text "${text}")
file(WRITE ${scenario} "${text}")

function(run_check expect_exit)
  execute_process(COMMAND ${TIDEMARK} check sensors --format github ${ARGN}
    WORKING_DIRECTORY ${SCRATCH} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL ${expect_exit})
    message(FATAL_ERROR "expected exit ${expect_exit}, got ${status}\n${out}${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(all "${out}${err}" PARENT_SCOPE)
endfunction()

function(expect_in what text)
  foreach(piece IN LISTS ARGN)
    string(FIND "${text}" "${piece}" found)
    if(found EQUAL -1)
      message(FATAL_ERROR "${what} lacks '${piece}':\n${text}")
    endif()
  endforeach()
endfunction()

run_check(1 --junit out/ci/junit.xml --summary out/ci/summary.md)
expect_in("stdout" "${out}"
  "FAIL sensors/late-sensor-readings.yaml"
  "\n::error file=sensors/late-sensor-readings.yaml,line=${line},col=7::sink 'late': record 2: expected {sensor_id: sensor_2, ts: 9500, temperature: 28}%0A           actual {sensor_id: sensor_2, ts: 9500, temperature: 29}%0A")
# The annotation is one line: its line breaks are escaped.
string(REGEX MATCHALL "::error[^\n]*" annotations "${out}")
list(LENGTH annotations count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one annotation, got ${count}:\n${out}")
endif()
foreach(file out/ci/junit.xml out/ci/summary.md)
  if(NOT EXISTS ${SCRATCH}/${file})
    message(FATAL_ERROR "${file} was not written (its folder did not exist)")
  endif()
endforeach()

# Appending: two runs, two summaries; without --append-summary, one.
run_check(1 --summary out/ci/summary.md --append-summary)
file(READ ${SCRATCH}/out/ci/summary.md md)
string(REGEX MATCHALL "# tidemark check\n" headings "${md}")
list(LENGTH headings count)
if(NOT count EQUAL 2)
  message(FATAL_ERROR "--append-summary should leave two summaries, found ${count}:\n${md}")
endif()
run_check(1 --summary out/ci/summary.md)
file(READ ${SCRATCH}/out/ci/summary.md md)
string(REGEX MATCHALL "# tidemark check\n" headings "${md}")
list(LENGTH headings count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "without --append-summary the summary is replaced, found ${count}:\n${md}")
endif()

# A file where a folder must go: the reason is given.
file(WRITE ${SCRATCH}/blocked "")
run_check(2 --junit blocked/junit.xml)
expect_in("output" "${all}" "blocked/junit.xml: error: cannot create the folder 'blocked'")
file(REMOVE_RECURSE ${SCRATCH})
