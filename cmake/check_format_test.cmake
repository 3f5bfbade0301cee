# check_format.cmake must fail on a file clang-format would change, naming
# that file and no other.
#   cmake -DSCRATCH=<dir> -DCHECK=<check_format.cmake> -DSTYLE=<.clang-format> -P check_format_test.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE ${SCRATCH})
configure_file(${STYLE} ${SCRATCH}/.clang-format COPYONLY)
file(WRITE ${SCRATCH}/engine/tidy.cc "int Tidy(int x) { return x + 1; }\n")
file(WRITE ${SCRATCH}/sim/runtime/untidy.cc "int  Untidy( int x ){return x+1;}\n")
execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${SCRATCH} -P ${CHECK}
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(out MATCHES "skipped:")
  message(STATUS "${out}")
  return()
endif()
if(status EQUAL 0)
  message(FATAL_ERROR "the format check accepted sim/runtime/untidy.cc:\n${out}")
endif()
string(FIND "${err}" "${SCRATCH}/sim/runtime/untidy.cc" named)
if(named EQUAL -1 OR err MATCHES "tidy\\.cc[^\n]*\n[^\n]*tidy\\.cc" OR err MATCHES "engine/tidy")
  message(FATAL_ERROR "the format check did not name exactly the untidy file:\n${err}")
endif()
file(REMOVE_RECURSE ${SCRATCH})
