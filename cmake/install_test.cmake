# The installed package works for a project of one's own: `cmake --install`
# this build into SCRATCH/prefix, check what it holds, then configure, build
# and test examples/library-test against it with CMAKE_PREFIX_PATH.
#   cmake -DBUILD=<build dir> -DEXAMPLE=<examples/library-test> -DSCRATCH=<dir>
#         -DGENERATOR=<generator> -DCXX=<compiler> -DCTEST=<ctest> -DVERSION=<x.y.z>
#         -P install_test.cmake
cmake_minimum_required(VERSION 3.25)
set(prefix ${SCRATCH}/prefix)
file(REMOVE_RECURSE ${SCRATCH})

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${what} failed (${status}):\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

run("cmake --install" ${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix})

# The binary, the API's headers and nothing internal, the libraries, the package.
foreach(file bin/tidemark include/tidemark/tidemark.h lib/libtidemark_api.a
    lib/libtidemark_engine_core.a lib/libtidemark_engine_windows.a
    lib/cmake/tidemark/tidemarkConfig.cmake
    lib/cmake/tidemark/tidemarkConfigVersion.cmake lib/cmake/tidemark/tidemarkTargets.cmake
    share/tidemark/scenarios/sensors/late-sensor-readings.yaml)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "cmake --install did not install ${file}")
  endif()
endforeach()
file(GLOB_RECURSE headers RELATIVE ${prefix}/include ${prefix}/include/*)
foreach(header ${headers})
  if(NOT header MATCHES "^tidemark/[a-z_]+\\.h$")
    message(FATAL_ERROR "an internal header was installed: include/${header}")
  endif()
  file(STRINGS ${prefix}/include/${header} includes REGEX "#include \"")
  foreach(line ${includes})
    if(NOT line MATCHES "#include \"tidemark/")
      message(FATAL_ERROR "the public header ${header} includes a private one: ${line}")
    endif()
  endforeach()
endforeach()

# The version file: this MAJOR.MINOR matches, another minor does not (0.x).
string(REGEX REPLACE "^([0-9]+)\\.([0-9]+).*" "\\1" major ${VERSION})
string(REGEX REPLACE "^([0-9]+)\\.([0-9]+).*" "\\2" minor ${VERSION})
set(PACKAGE_FIND_VERSION ${VERSION})
set(PACKAGE_FIND_VERSION_MAJOR ${major})
set(PACKAGE_FIND_VERSION_MINOR ${minor})
include(${prefix}/lib/cmake/tidemark/tidemarkConfigVersion.cmake)
if(NOT PACKAGE_VERSION_COMPATIBLE OR NOT PACKAGE_VERSION STREQUAL VERSION)
  message(FATAL_ERROR "the version file refuses version ${VERSION} (it is ${PACKAGE_VERSION})")
endif()
math(EXPR next "${minor} + 1")
set(PACKAGE_FIND_VERSION ${major}.${next})
set(PACKAGE_FIND_VERSION_MAJOR ${major})
set(PACKAGE_FIND_VERSION_MINOR ${next})
include(${prefix}/lib/cmake/tidemark/tidemarkConfigVersion.cmake)
if(PACKAGE_VERSION_COMPATIBLE)
  message(FATAL_ERROR "the version file accepts ${major}.${next} for ${VERSION}")
endif()

# The example, as a user builds it: its own project, the package from the prefix.
run("configuring the example" ${CMAKE_COMMAND} -S ${EXAMPLE} -B ${SCRATCH}/example
  -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_BUILD_TYPE=Release
  -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
file(STRINGS ${SCRATCH}/example/CMakeCache.txt found REGEX "^tidemark_DIR:")
if(NOT found STREQUAL "tidemark_DIR:PATH=${prefix}/lib/cmake/tidemark")
  message(FATAL_ERROR "the example found another tidemark: ${found}")
endif()
run("building the example" ${CMAKE_COMMAND} --build ${SCRATCH}/example -j 2)
run("the example's tests" ${CTEST} --test-dir ${SCRATCH}/example --output-on-failure)
if(NOT out MATCHES "100% tests passed, 0 tests failed out of 1")
  message(FATAL_ERROR "the example's tests did not all pass:\n${out}")
endif()
# Both files are in, and both ran: the Boost.Test cases and the property.
set(ENV{RC_PARAMS} "seed=20261202 max_success=100")
run("the example's executable" ${SCRATCH}/example/late_clicks_tests --log_level=test_suite
  --color_output=no)
foreach(name windows_count_the_on_time_clicks_per_user bad_input_is_an_error_with_its_place
    every_click_is_counted_once_or_late)
  if(NOT out MATCHES "Leaving test case \"${name}\"")
    message(FATAL_ERROR "the example did not run ${name}:\n${out}")
  endif()
endforeach()
message(STATUS "the installed package builds and passes examples/library-test")
