# Fails when a source file differs from what clang-format makes of it with the
# project's .clang-format: the tree is formatted once, and stays so.
#   cmake -DROOT=<repository root> [-DCLANG_FORMAT=<program>] [-DFIX=ON] -P check_format.cmake
# With FIX=ON it formats the files in place instead (`cmake --build --preset dev --target format`).
#
# Formatting differs between clang-format's major versions; the tree follows
# Debian 12's clang-format 14. With another major version the check says so
# and is skipped rather than failing on choices the project did not make.
cmake_minimum_required(VERSION 3.25)

if(NOT CLANG_FORMAT)
  find_program(CLANG_FORMAT NAMES clang-format-14 clang-format)
endif()
if(NOT CLANG_FORMAT)
  message(FATAL_ERROR "clang-format not found: install Debian's clang-format package")
endif()
execute_process(COMMAND ${CLANG_FORMAT} --version OUTPUT_VARIABLE version)
if(NOT version MATCHES "version 14\\.")
  message(STATUS "skipped: the tree is formatted with clang-format 14; this is ${version}")
  return()
endif()

include(${CMAKE_CURRENT_LIST_DIR}/source_files.cmake)
tidemark_source_files(files ${ROOT})
if(FIX)
  execute_process(COMMAND ${CLANG_FORMAT} -i ${files} WORKING_DIRECTORY ${ROOT}
    RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "clang-format -i failed")
  endif()
  return()
endif()
set(bad "")
# In batches, so that a command line never grows too long.
set(batch "")
foreach(file ${files} "")
  if(file)
    list(APPEND batch ${file})
  endif()
  list(LENGTH batch n)
  if(n EQUAL 50 OR (NOT file AND n GREATER 0))
    execute_process(COMMAND ${CLANG_FORMAT} --dry-run -Werror ${batch}
      WORKING_DIRECTORY ${ROOT} RESULT_VARIABLE status ERROR_VARIABLE err)
    if(NOT status EQUAL 0)
      string(REGEX MATCHALL "[^\n]+: error: code should be clang-formatted" found "${err}")
      foreach(line ${found})
        string(REGEX REPLACE ":[0-9]+:[0-9]+: error: code should be clang-formatted" "" path
          "${line}")
        list(APPEND bad ${path})
      endforeach()
      if(NOT found)
        message(FATAL_ERROR "clang-format failed:\n${err}")
      endif()
    endif()
    set(batch "")
  endif()
endforeach()
if(bad)
  list(REMOVE_DUPLICATES bad)
  list(JOIN bad "\n  " text)
  message(FATAL_ERROR "files that differ from clang-format's layout (.clang-format):\n  ${text}\n"
    "format them with `cmake --build --preset dev --target format` (or clang-format -i FILE)")
endif()
message(STATUS "every source file is clang-formatted")
