# check_tidy.cmake must fail on a planted finding in a file that a unity
# translation unit compiles, naming that file's findings and no other file:
# not the clean file of the same batch, and not a test file, which the check
# leaves to the tests.
#   cmake -DSCRATCH=<dir> -DCHECK=<check_tidy.cmake> -DSTYLE=<.clang-tidy> -DCXX=<compiler>
#     -P check_tidy_test.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE ${SCRATCH})
configure_file(${STYLE} ${SCRATCH}/.clang-tidy COPYONLY)
file(WRITE ${SCRATCH}/engine/tidy.cc "#include <string>\n#include <utility>\n
std::string Tidy(const std::string& text) { return text + \"!\"; }\n")
# bugprone-use-after-move, and a function one line over readability-function-size's limit.
set(long_body "")
foreach(i RANGE 1 160)
  string(APPEND long_body "  total += ${i} * step;\n")
endforeach()
file(WRITE ${SCRATCH}/sim/runtime/untidy.cc "#include <string>\n#include <utility>\n
size_t Untidy(std::string text) {
  std::string taken = std::move(text);
  return taken.size() + text.size();
}

int LongSum(int step) {
  int total = 0;
${long_body}  return total;
}
")
file(WRITE ${SCRATCH}/sim/runtime/untidy_test.cc "#include <string>\n#include <utility>\n
size_t UntidyTest(std::string text) {
  std::string taken = std::move(text);
  return taken.size() + text.size();
}
")
# The unity translation unit as CMake writes it, and the test file on its own.
set(unity ${SCRATCH}/build/sim/CMakeFiles/scratch.dir/Unity/unity_0_cxx.cxx)
file(WRITE ${unity} "/* generated */\n#include \"${SCRATCH}/engine/tidy.cc\"\n
#include \"${SCRATCH}/sim/runtime/untidy.cc\"\n\n")
set(test_file ${SCRATCH}/sim/runtime/untidy_test.cc)
file(WRITE ${SCRATCH}/build/compile_commands.json "[
{
  \"directory\": \"${SCRATCH}/build\",
  \"command\": \"${CXX} -std=c++20 -c ${unity}\",
  \"file\": \"${unity}\"
},
{
  \"directory\": \"${SCRATCH}/build\",
  \"command\": \"${CXX} -std=c++20 -c ${test_file}\",
  \"file\": \"${test_file}\"
}
]
")
execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${SCRATCH} -DBUILD=${SCRATCH}/build -DJOBS=1
  -P ${CHECK} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(out MATCHES "skipped:")
  message(STATUS "${out}")
  return()
endif()
if(status EQUAL 0)
  message(FATAL_ERROR "the clang-tidy check accepted sim/runtime/untidy.cc:\n${out}\n${err}")
endif()
foreach(expected "untidy.cc:6:25: warning: 'text' used after it was moved [bugprone-use-after-move]"
    "untidy.cc:9:5: warning: function 'LongSum' exceeds recommended size/complexity thresholds [readability-function-size]")
  string(FIND "${err}" "${SCRATCH}/sim/runtime/${expected}" named)
  if(named EQUAL -1)
    message(FATAL_ERROR "the clang-tidy check did not report ${expected}:\n${err}")
  endif()
endforeach()
if(err MATCHES "/tidy\\.cc:" OR err MATCHES "untidy_test\\.cc:")
  message(FATAL_ERROR "the clang-tidy check reported a file it should not have:\n${err}")
endif()
file(REMOVE_RECURSE ${SCRATCH})
