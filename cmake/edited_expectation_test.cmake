# Shows that `tidemark check` catches a wrong expectation: copies a scenario
# (and its trace) to a scratch folder, replaces FIND with REPLACE in it, and
# expects exit 1 with every EXPECT_OUTPUT substring (|-separated) printed;
# then `check --update` must restore it (exit 0, and `check` passes again),
# unless -DNO_UPDATE=ON (an `expect_error:` is never rewritten).
# -DEDIT=<file> edits that file of the scenario's folder (a golden file)
# instead of the scenario.
#   cmake -DTIDEMARK=<exe> -DSCENARIO=<file.yaml> -DSCRATCH=<dir> -DFIND=<text>
#         -DREPLACE=<text> -DEXPECT_OUTPUT=<a|b> [-DNO_UPDATE=ON] [-DEDIT=<file>]
#         -P edited_expectation_test.cmake
get_filename_component(folder ${SCENARIO} DIRECTORY)
get_filename_component(name ${SCENARIO} NAME)
file(REMOVE_RECURSE ${SCRATCH})
file(COPY ${folder}/ DESTINATION ${SCRATCH})
if(NOT EDIT)
  set(EDIT ${name})
endif()
file(READ ${SCRATCH}/${EDIT} text)
string(FIND "${text}" "${FIND}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "'${FIND}' is not in ${EDIT}; the test no longer edits anything")
endif()
string(REPLACE "${FIND}" "${REPLACE}" text "${text}")
file(WRITE ${SCRATCH}/${EDIT} "${text}")
execute_process(COMMAND ${TIDEMARK} check ${SCRATCH}/${name}
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 1)
  message(FATAL_ERROR "expected exit 1 from check, got ${status}\n${out}${err}")
endif()
string(REPLACE "|" ";" wanted "${EXPECT_OUTPUT}")
foreach(piece IN LISTS wanted)
  string(FIND "${out}${err}" "${piece}" found)
  if(found EQUAL -1)
    message(FATAL_ERROR "check output lacks '${piece}':\n${out}${err}")
  endif()
endforeach()
if(NO_UPDATE)
  file(REMOVE_RECURSE ${SCRATCH})
  return()
endif()
# `check --update` rewrites the expectation from the output, after which the
# scenario passes again.
execute_process(COMMAND ${TIDEMARK} check --update ${SCRATCH}/${name}
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT out MATCHES "UPDATED")
  message(FATAL_ERROR "check --update did not update (exit ${status}):\n${out}${err}")
endif()
execute_process(COMMAND ${TIDEMARK} check ${SCRATCH}/${name}
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT out MATCHES "PASS")
  message(FATAL_ERROR "after --update the scenario still fails (exit ${status}):\n${out}${err}")
endif()
file(REMOVE_RECURSE ${SCRATCH})
