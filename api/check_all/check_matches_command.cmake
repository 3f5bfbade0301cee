# The library's check gives the command's verdict on every shipped scenario:
# `tidemark check DIR ARGS...` and check_all (the same, through the public
# API only) must print the same bytes and exit the same way.
#   cmake -DTIDEMARK=<tidemark> -DCHECK_ALL=<check_all> -DROOT=<repository root>
#         -DDIR=<folder under ROOT> [-DARGS=<flags;...>] -P check_matches_command.cmake
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND ${TIDEMARK} check ${DIR} ${ARGS} WORKING_DIRECTORY ${ROOT}
  RESULT_VARIABLE command_status OUTPUT_VARIABLE command_out ERROR_VARIABLE command_err)
execute_process(COMMAND ${CHECK_ALL} ${DIR} ${ARGS} WORKING_DIRECTORY ${ROOT}
  RESULT_VARIABLE api_status OUTPUT_VARIABLE api_out ERROR_VARIABLE api_err)
if(NOT command_out STREQUAL api_out)
  file(WRITE ${SCRATCH}/command.out "${command_out}")
  file(WRITE ${SCRATCH}/api.out "${api_out}")
  message(FATAL_ERROR "the API's check printed otherwise than `tidemark check ${DIR} ${ARGS}`: "
    "compare ${SCRATCH}/command.out and ${SCRATCH}/api.out")
endif()
if(NOT command_err STREQUAL api_err)
  message(FATAL_ERROR "their errors differ:\ncommand:\n${command_err}\nAPI:\n${api_err}")
endif()
if(NOT command_status STREQUAL api_status)
  message(FATAL_ERROR "the command exited ${command_status}, the API's check ${api_status}")
endif()
string(REGEX MATCH "[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped, [0-9]+ bad input" summary
  "${command_out}")
message(STATUS "the same verdicts: ${summary}")
