# What `cmake --install` puts under the prefix, and the .deb CPack builds of it:
#   bin/tidemark
#   include/tidemark/*.h                      the public API (api/, docs/library.md)
#   lib/libtidemark_*.a                       tidemark::tidemark and the libraries it links
#   lib/cmake/tidemark/                       find_package(tidemark CONFIG)
#   share/tidemark/scenarios/sensors/         the flagship scenario, to try the binary
#
# The installed libraries are those tidemark::tidemark links, found by walking
# its link closure, so a room that gains a dependency is installed with it; the
# imported targets met on the way become the package's find_dependency calls.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The package each imported dependency target comes from.
set(tidemark_dependency_packages
  "fmt::fmt=fmt" "yaml-cpp=yaml-cpp" "nlohmann_json::nlohmann_json=nlohmann_json")

# tidemark_link_closure(<target> <own-var> <imported-var>): the project's own
# targets (alias resolved) and the imported targets <target> links, directly or
# not; what only the build links ($<BUILD_INTERFACE:...>) is left out.
function(tidemark_link_closure start own_var imported_var)
  set(own "")
  set(imported "")
  set(queue ${start})
  while(queue)
    list(POP_FRONT queue target)
    get_target_property(aliased ${target} ALIASED_TARGET)
    if(aliased)
      set(target ${aliased})
    endif()
    get_target_property(is_imported ${target} IMPORTED)
    if(is_imported)
      list(APPEND imported ${target})
      continue()
    endif()
    if(target IN_LIST own)
      continue()
    endif()
    list(APPEND own ${target})
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(links ${target} INTERFACE_LINK_LIBRARIES)
    else()
      get_target_property(links ${target} LINK_LIBRARIES)
    endif()
    foreach(item IN LISTS links)
      if(item MATCHES "^\\$<LINK_ONLY:([^$<>]+)>$")
        set(item ${CMAKE_MATCH_1})
      endif()
      if(NOT item MATCHES "^\\$<" AND TARGET ${item})
        list(APPEND queue ${item})
      endif()
    endforeach()
  endwhile()
  list(REMOVE_DUPLICATES imported)
  set(${own_var} ${own} PARENT_SCOPE)
  set(${imported_var} ${imported} PARENT_SCOPE)
endfunction()

tidemark_link_closure(tidemark_api tidemark_installed tidemark_imported)

# Installed names: tidemark::tidemark for the API, tidemark::<room> for the rest.
foreach(target IN LISTS tidemark_installed)
  string(REGEX REPLACE "^tidemark_" "" name ${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
endforeach()
set_target_properties(tidemark_api PROPERTIES EXPORT_NAME tidemark)

set(TIDEMARK_FIND_DEPENDENCIES "")
foreach(target IN LISTS tidemark_imported)
  set(package "")
  foreach(entry IN LISTS tidemark_dependency_packages)
    if(entry MATCHES "^${target}=(.+)$")
      set(package ${CMAKE_MATCH_1})
    endif()
  endforeach()
  if(NOT package)
    message(WARNING "tidemark::tidemark links ${target}, which no package of "
      "tidemark_dependency_packages (cmake/TidemarkPackage.cmake) provides")
    continue()
  endif()
  string(APPEND TIDEMARK_FIND_DEPENDENCIES "find_dependency(${package})\n")
endforeach()

list(REMOVE_ITEM tidemark_installed tidemark_api)
install(TARGETS ${tidemark_installed} EXPORT tidemarkTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS tidemark_api EXPORT tidemarkTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  FILE_SET HEADERS DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS tidemark RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/scenarios/sensors/late-sensor-readings.yaml
  ${PROJECT_SOURCE_DIR}/scenarios/sensors/late-readings.csv
  DESTINATION ${CMAKE_INSTALL_DATADIR}/tidemark/scenarios/sensors)

set(tidemark_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/tidemark)
install(EXPORT tidemarkTargets NAMESPACE tidemark:: DESTINATION ${tidemark_cmake_dir})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/tidemarkConfig.cmake.in
  ${PROJECT_BINARY_DIR}/package/tidemarkConfig.cmake INSTALL_DESTINATION ${tidemark_cmake_dir})
# 0.x: a minor version may change the API, so only the same MAJOR.MINOR matches.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/package/tidemarkConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/package/tidemarkConfig.cmake
  ${PROJECT_BINARY_DIR}/package/tidemarkConfigVersion.cmake DESTINATION ${tidemark_cmake_dir})

# The .deb: `cpack --config build/<preset>/CPackConfig.cmake` (docs/library.md).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tidemark)
set(CPACK_PACKAGE_VENDOR tidemark)
set(CPACK_PACKAGE_CONTACT "tidemark <dev@tidemark.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "deterministic simulator of Flink event-time stream processing")
set(CPACK_PACKAGE_DESCRIPTION "tidemark replays an out-of-order trace on a virtual clock through \
a windowed job described in a YAML scenario and shows where every record went and why. The \
package has the tidemark command, and the static libraries, headers and CMake package of its \
C++ API (find_package(tidemark CONFIG)).")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)
# The binary links libc6, libstdc++6, libgcc-s1, libfmt9, libyaml-cpp0.7 and
# libcsv3 (Debian 12); dpkg-shlibdeps (dpkg-dev) derives the versions from the
# binary. The libraries need the -dev packages to link against.
find_program(TIDEMARK_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(TIDEMARK_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libc6 (>= 2.34), libcsv3 (>= 3.0.3), libfmt9 (>= 9.1.0+ds1), libgcc-s1 (>= 3.0), \
libstdc++6 (>= 11), libyaml-cpp0.7 (>= 0.7.0)")
endif()
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "cmake, g++, libfmt-dev, libyaml-cpp-dev, libcsv-dev")
set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_IGNORE_FILES "/build/" "/\\\\.git/")
include(CPack)
