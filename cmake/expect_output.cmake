# Runs a command and checks its exit status and output. Used by CTest for the
# command line's behaviour on bad input and failing checks:
#   cmake -DCOMMAND="tidemark;run;file.yaml" -DEXPECT_EXIT=2
#         -DEXPECT_OUTPUT="file.yaml:12:9: error|did you mean 'temperature'"
#         [-DEXPECT_NO_STDOUT=ON] [-DWORKING_DIRECTORY=dir] -P expect_output.cmake
# EXPECT_OUTPUT is a |-separated list of substrings that must all appear in
# stdout+stderr.
if(NOT WORKING_DIRECTORY)
  set(WORKING_DIRECTORY ".")
endif()
execute_process(COMMAND ${COMMAND}
  WORKING_DIRECTORY ${WORKING_DIRECTORY}
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
if(NOT status STREQUAL EXPECT_EXIT)
  message(FATAL_ERROR "expected exit ${EXPECT_EXIT}, got ${status}\n--- output:\n${all}")
endif()
string(REPLACE "|" ";" wanted "${EXPECT_OUTPUT}")
foreach(text IN LISTS wanted)
  string(FIND "${all}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "output lacks '${text}'\n--- output:\n${all}")
  endif()
endforeach()
if(EXPECT_NO_STDOUT AND NOT out STREQUAL "")
  message(FATAL_ERROR "expected nothing on stdout (no partial result), got:\n${out}")
endif()
