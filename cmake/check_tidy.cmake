# Fails on any clang-tidy finding (the checks of the project's .clang-tidy) in
# the project's own code outside the tests: the libraries of engine/, sim/,
# reports/ and api/, and app/.
#   cmake -DROOT=<repository root> -DBUILD=<build folder> [-DJOBS=<n>] -P check_tidy.cmake
#
# clang-tidy parses a translation unit and runs its checks over all of it,
# headers included, before it keeps the findings in the project's files. So the
# check compiles each library (and app/) as one translation unit that includes
# its .cc files, with the flags BUILD's compile_commands.json gives that
# target: the standard library and the headers a library shares are parsed and
# checked once per library rather than once per file or per unity batch. The
# header filter names the project's folders, which reports the findings in the
# included .cc files. A library whose files cannot share one translation unit
# (two of them define the same name) fails here even when the build's batches
# keep them apart: give the names what they are (CONTRIBUTING.md).
#
# Findings differ between clang-tidy's major versions; the tree is kept clean
# for Debian 12's clang-tidy 14. With another major version the check says so
# and is skipped rather than failing on findings the project never saw.
cmake_minimum_required(VERSION 3.25)

if(NOT JOBS)
  set(JOBS 2)
endif()
find_program(CLANG_TIDY NAMES clang-tidy-14 clang-tidy)
find_program(RUN_CLANG_TIDY NAMES run-clang-tidy-14 run-clang-tidy)
if(NOT CLANG_TIDY OR NOT RUN_CLANG_TIDY)
  message(FATAL_ERROR "clang-tidy not found: install Debian's clang-tidy package")
endif()
execute_process(COMMAND ${CLANG_TIDY} --version OUTPUT_VARIABLE version)
if(NOT version MATCHES "version 14\\.")
  message(STATUS "skipped: the tree is kept clean for clang-tidy 14; this is ${version}")
  return()
endif()

# A path as a regular expression that matches only itself.
function(tidemark_regex_escape var text)
  string(REGEX REPLACE "([][.+*?^$()|{}\\\\])" "\\\\\\1" escaped "${text}")
  set(${var} "${escaped}" PARENT_SCOPE)
endfunction()

tidemark_regex_escape(root_regex "${ROOT}")
set(own_code "^${root_regex}/(engine|sim|reports|api|include|app)/")

# Whether a source file is the project's code outside the tests.
function(tidemark_checked_source var file)
  string(LENGTH "${ROOT}/" prefix)
  string(SUBSTRING "${file}" ${prefix} -1 relative)
  if(file MATCHES "${own_code}" AND NOT file MATCHES "_test\\.cc$"
     AND NOT relative MATCHES "(^|/)build/")
    set(${var} TRUE PARENT_SCOPE)
  else()
    set(${var} FALSE PARENT_SCOPE)
  endif()
endfunction()

# Each entry of the build's database, grouped by the target it compiles for
# (the CMakeFiles/<target>.dir of its object file, `-o`; an entry without one
# is a group of its own): the .cc files it compiles (a unity file's includes)
# and the command that compiles the first.
file(READ ${BUILD}/compile_commands.json database)
string(JSON entries LENGTH "${database}")
math(EXPR last "${entries} - 1")
set(targets "")
foreach(i RANGE ${last})
  string(JSON unit GET "${database}" ${i} file)
  string(JSON command GET "${database}" ${i} command)
  if(command MATCHES " -o ([^ ]*CMakeFiles/[^/ ]+\\.dir)/")
    set(target "${CMAKE_MATCH_1}")
  else()
    set(target "${unit}")
  endif()
  string(MD5 key "${target}")
  if(NOT DEFINED files_${key})
    list(APPEND targets ${key})
    set(name_${key} "${target}")
    set(files_${key} "")
    string(JSON directory_${key} GET "${database}" ${i} directory)
    set(command_${key} "${command}")
    set(unit_${key} "${unit}")
  endif()
  if(unit MATCHES "/Unity/unity_[^/]*\\.cxx$")
    file(STRINGS ${unit} lines REGEX "^#include \"")
    foreach(line ${lines})
      string(REGEX REPLACE "^#include \"(.*)\"$" "\\1" included "${line}")
      list(APPEND files_${key} ${included})
    endforeach()
  else()
    list(APPEND files_${key} ${unit})
  endif()
endforeach()

# One translation unit per target whose every file is checked; with the
# project's .clang-tidy beside it, since clang-tidy looks for it from there.
set(scratch ${BUILD}/tidy)
file(REMOVE_RECURSE ${scratch})
configure_file(${ROOT}/.clang-tidy ${scratch}/.clang-tidy COPYONLY)
set(checked "")
set(count 0)
foreach(key ${targets})
  set(all_checked TRUE)
  foreach(file ${files_${key}})
    tidemark_checked_source(is_checked ${file})
    if(NOT is_checked)
      set(all_checked FALSE)
      break()
    endif()
  endforeach()
  if(NOT all_checked)
    continue()
  endif()
  string(REGEX REPLACE "^.*/([^/]+)$" "\\1" name "${name_${key}}")
  string(REGEX REPLACE "\\.(dir|cc)$" "" name "${name}")
  set(source ${scratch}/${count}_${name}.cxx)
  set(text "/* ${name_${key}}: its sources, one translation unit for clang-tidy */\n")
  foreach(file ${files_${key}})
    string(APPEND text "#include \"${file}\"\n")
  endforeach()
  file(WRITE ${source} "${text}")
  string(REPLACE "${unit_${key}}" "${source}" command "${command_${key}}")
  string(REPLACE "\\" "\\\\" command "${command}")
  string(REPLACE "\"" "\\\"" command "${command}")
  list(APPEND checked "{\n  \"directory\": \"${directory_${key}}\",\n  \"command\": \"${command}\",\n  \"file\": \"${source}\"\n}")
  math(EXPR count "${count} + 1")
endforeach()
if(count EQUAL 0)
  message(FATAL_ERROR "no translation unit of the project's code in ${BUILD}/compile_commands.json")
endif()
list(JOIN checked ",\n" joined)
file(WRITE ${scratch}/compile_commands.json "[\n${joined}\n]\n")

message(STATUS "clang-tidy on ${count} translation units, ${JOBS} at a time")
execute_process(
  COMMAND ${RUN_CLANG_TIDY} -clang-tidy-binary ${CLANG_TIDY} -p ${scratch} -j ${JOBS} -quiet
    "-header-filter=${own_code}"
  WORKING_DIRECTORY ${scratch} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)

# One line per finding: file:line:column: warning: text [check]. A header
# included by several translation units reports its finding in each.
# run-clang-tidy asks for colour whatever the terminal; the escapes go.
string(ASCII 27 escape)
string(REGEX REPLACE "${escape}\\[[0-9;]*m" "" out "${out}")
string(REGEX REPLACE "${escape}\\[[0-9;]*m" "" err "${err}")
string(REPLACE ";" "," out "${out}")
string(REPLACE ";" "," err "${err}")
string(REGEX MATCHALL "[^\n]+:[0-9]+:[0-9]+: (warning|error): [^\n]+" found "${out}\n${err}")
list(REMOVE_DUPLICATES found)
if(found)
  list(SORT found)
  list(LENGTH found n)
  list(JOIN found "\n  " text)
  message(FATAL_ERROR "${n} clang-tidy findings (.clang-tidy):\n  ${text}\n"
    "see each with `clang-tidy -p ${scratch} ${scratch}/N_TARGET.cxx`; CONTRIBUTING.md says "
    "how to run the check")
endif()
if(NOT status EQUAL 0)
  message(FATAL_ERROR "clang-tidy failed:\n${out}\n${err}")
endif()
message(STATUS "no clang-tidy finding in ${count} translation units")
