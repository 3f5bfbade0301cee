# Shows that `check --update` bootstraps an `expect:` block: copies a scenario
# to a scratch folder, cuts everything from its `expect:` line on, checks that
# `check` skips it (no expectations), then that `check --update` writes one for
# every sink and that `check` passes on the result.
#   cmake -DTIDEMARK=<exe> -DSCENARIO=<file.yaml> -DSCRATCH=<dir> -P bootstrap_expectation_test.cmake
get_filename_component(name ${SCENARIO} NAME)
file(REMOVE_RECURSE ${SCRATCH})
file(MAKE_DIRECTORY ${SCRATCH})
file(READ ${SCENARIO} text)
string(FIND "${text}" "\nexpect:" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${SCENARIO} has no expect: block to cut")
endif()
string(SUBSTRING "${text}" 0 ${at} text)
file(WRITE ${SCRATCH}/${name} "${text}\n")
execute_process(COMMAND ${TIDEMARK} check ${SCRATCH}/${name}
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT out MATCHES "SKIP")
  message(FATAL_ERROR "without expectations check should skip (exit ${status}):\n${out}${err}")
endif()
execute_process(COMMAND ${TIDEMARK} check --update ${SCRATCH}/${name}
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT out MATCHES "UPDATED")
  message(FATAL_ERROR "check --update did not bootstrap (exit ${status}):\n${out}${err}")
endif()
file(READ ${SCRATCH}/${name} written)
foreach(piece "\nexpect:\n  sums:\n" "\n  late:\n    - {key: key2, v: 1, ts: 1998}\n")
  string(FIND "${written}" "${piece}" found)
  if(found EQUAL -1)
    message(FATAL_ERROR "the bootstrapped scenario lacks '${piece}':\n${written}")
  endif()
endforeach()
execute_process(COMMAND ${TIDEMARK} check ${SCRATCH}/${name}
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT out MATCHES "PASS")
  message(FATAL_ERROR "the bootstrapped scenario does not pass (exit ${status}):\n${out}${err}")
endif()
file(REMOVE_RECURSE ${SCRATCH})
