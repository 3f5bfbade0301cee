# Shared settings for tidemark's own targets (never applied to dependencies).

add_library(tidemark_warnings INTERFACE)
target_compile_options(tidemark_warnings INTERFACE -Wall -Wextra -Wpedantic)
if(TIDEMARK_WERROR)
  target_compile_options(tidemark_warnings INTERFACE -Werror)
endif()
if(TIDEMARK_SANITIZE)
  target_compile_options(tidemark_warnings INTERFACE
    -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  target_link_options(tidemark_warnings INTERFACE -fsanitize=address,undefined)
endif()
if(TIDEMARK_LIBFUZZER)
  # Coverage for libFuzzer on all of tidemark's code; fuzz/ links the driver.
  target_compile_options(tidemark_warnings INTERFACE -fsanitize=fuzzer-no-link)
endif()

# Unity builds: each target compiles its .cc files in batches, one translation
# unit per batch, so the headers they share (the standard library, fmt, the
# engine's) are parsed once per batch instead of once per file. Every preset
# builds this way, so two files of a batch that define the same name fail on a
# developer's build as they would in CI: a helper both need is shared, any
# other gets a name that says what it is. -DCMAKE_UNITY_BUILD=OFF builds file
# by file.
if(NOT DEFINED CMAKE_UNITY_BUILD)
  set(CMAKE_UNITY_BUILD ON)
endif()
if(NOT DEFINED CMAKE_UNITY_BUILD_BATCH_SIZE)
  set(CMAKE_UNITY_BUILD_BATCH_SIZE 8)
endif()

# tidemark_library(NAME <name> [DIRS <sub-folders...>] PUBLIC_DEPS <...> PRIVATE_DEPS <...>)
# Builds every non-test .cc file of the current folder (and internal/, and the
# DIRS named) into tidemark_<name>, aliased tidemark::<name>; includes are
# rooted at the repo root.
function(tidemark_library)
  cmake_parse_arguments(ARG "" "NAME" "DIRS;PUBLIC_DEPS;PRIVATE_DEPS" ${ARGN})
  set(globs ${CMAKE_CURRENT_SOURCE_DIR}/*.cc ${CMAKE_CURRENT_SOURCE_DIR}/internal/*.cc)
  foreach(dir ${ARG_DIRS})
    list(APPEND globs ${CMAKE_CURRENT_SOURCE_DIR}/${dir}/*.cc)
  endforeach()
  file(GLOB sources CONFIGURE_DEPENDS ${globs})
  list(FILTER sources EXCLUDE REGEX "_test\\.cc$")
  add_library(tidemark_${ARG_NAME} STATIC ${sources})
  add_library(tidemark::${ARG_NAME} ALIAS tidemark_${ARG_NAME})
  # The source tree's headers are for the build only: the installed package
  # has the public headers of tidemark::tidemark (cmake/TidemarkPackage.cmake)
  # and no warning or sanitizer flags.
  target_include_directories(tidemark_${ARG_NAME} PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>)
  target_link_libraries(tidemark_${ARG_NAME}
    PUBLIC ${ARG_PUBLIC_DEPS} PRIVATE ${ARG_PRIVATE_DEPS} $<BUILD_INTERFACE:tidemark_warnings>)
endfunction()

# tidemark_unit_tests(NAME <name> [DIRS <sub-folders...>] DEPS <link items...>)
# One Boost.Test executable from the *_test.cc files of the current folder (or
# of the DIRS under it), registered in CTest.
function(tidemark_unit_tests)
  cmake_parse_arguments(ARG "" "NAME" "DIRS;DEPS" ${ARGN})
  if(NOT TIDEMARK_TESTS)
    return()
  endif()
  if(NOT ARG_DIRS)
    set(ARG_DIRS .)
  endif()
  set(tests "")
  foreach(dir ${ARG_DIRS})
    file(GLOB found CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${dir}/*_test.cc
      ${CMAKE_CURRENT_SOURCE_DIR}/${dir}/internal/*_test.cc)
    list(APPEND tests ${found})
  endforeach()
  if(NOT tests)
    return()
  endif()
  add_executable(${ARG_NAME} ${PROJECT_SOURCE_DIR}/cmake/test_main.cc ${tests})
  target_link_libraries(${ARG_NAME} PRIVATE ${ARG_DEPS} Boost::unit_test_framework
    tidemark_warnings)
  target_compile_definitions(${ARG_NAME} PRIVATE BOOST_TEST_DYN_LINK)
  tidemark_test_precompiled_headers(${ARG_NAME} <boost/test/unit_test.hpp>)
  add_test(NAME ${ARG_NAME} COMMAND ${ARG_NAME} --color_output=no)
endfunction()

# tidemark_test_precompiled_headers(<target> <header...>)
# Parsing Boost.Test's header took most of a test file's compile time (about
# 2 of 3.5 s); a test executable parses it once. test_main.cc defines
# BOOST_TEST_MODULE before including it, so it compiles without.
# With the header first in every file, GCC 12 inlines std::string's copies in
# test code differently and raises its known false positives on them
# (-Warray-bounds, -Wstringop-overflow, -Wstringop-overread); ASan checks the tests' bounds when
# they run.
function(tidemark_test_precompiled_headers target)
  target_precompile_headers(${target} PRIVATE ${ARGN})
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-array-bounds -Wno-stringop-overflow
      -Wno-stringop-overread)
  endif()
  set_source_files_properties(${PROJECT_SOURCE_DIR}/cmake/test_main.cc
    PROPERTIES SKIP_PRECOMPILE_HEADERS ON SKIP_UNITY_BUILD_INCLUSION ON)
endfunction()
