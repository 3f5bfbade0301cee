# The .deb gives a working tidemark: build it with cpack from this build,
# check its control fields and contents, install it into a scratch root with
# dpkg, and run the flagship scenario it ships with the binary it installed.
#   cmake -DCPACK=<cpack> -DBUILD=<build dir> -DSCRATCH=<dir> -DVERSION=<x.y.z>
#         -DREADME=<README.md> -P deb_package_test.cmake
#
# dpkg --root installs into SCRATCH/root with a database of its own there (an
# empty one, so --force-depends: the dependencies are checked above against
# this machine's dpkg instead). It needs root, as CI runs; not as root the
# package is only unpacked (dpkg-deb -x), which does not show that dpkg
# accepts it.
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE ${SCRATCH})

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${what} failed (${status}):\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

run("cpack" ${CPACK} --config ${BUILD}/CPackConfig.cmake -B ${SCRATCH}/out)
file(GLOB debs ${SCRATCH}/out/*.deb)
list(LENGTH debs count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "cpack made ${count} .deb files: ${debs}")
endif()
run("dpkg --print-architecture" dpkg --print-architecture)
string(STRIP "${out}" arch)
if(NOT debs MATCHES "/tidemark_${VERSION}_${arch}\\.deb$")
  message(FATAL_ERROR "the package file is not tidemark_${VERSION}_${arch}.deb: ${debs}")
endif()

# Control fields: the name, the version, and Depends naming the runtime
# libraries of Debian 12 that the binary links.
run("dpkg-deb --field" dpkg-deb --field ${debs} Package Version Architecture Depends)
foreach(field "Package: tidemark" "Version: ${VERSION}" "Architecture: ${arch}")
  if(NOT out MATCHES "${field}\n")
    message(FATAL_ERROR "the package does not say '${field}':\n${out}")
  endif()
endforeach()
if(NOT out MATCHES "Depends: ([^\n]+)")
  message(FATAL_ERROR "the package has no Depends:\n${out}")
endif()
set(depends "${CMAKE_MATCH_1}")
string(REGEX REPLACE " *\\([^)]*\\)" "" names "${depends}")
string(REPLACE ", " ";" names "${names}")
foreach(library libc6 libstdc++6 libfmt9 libyaml-cpp0.7 libcsv3)
  if(NOT library IN_LIST names)
    message(FATAL_ERROR "Depends does not name ${library}: ${depends}")
  endif()
endforeach()
# Every name is a Debian package this machine has installed (the binary runs here).
foreach(name ${names})
  run("dpkg-query of ${name}" dpkg-query -W -f=\${Status} ${name})
  if(NOT out STREQUAL "install ok installed")
    message(FATAL_ERROR "Depends names ${name}, which is not an installed package: ${out}")
  endif()
endforeach()

set(root ${SCRATCH}/root)
run("id -u" id -u)
if(out MATCHES "^0")
  file(MAKE_DIRECTORY ${root}/var/lib/dpkg/info ${root}/var/lib/dpkg/updates)
  file(TOUCH ${root}/var/lib/dpkg/status ${root}/var/lib/dpkg/available)
  run("dpkg --root -i" dpkg --root=${root} --log=${SCRATCH}/dpkg.log --force-depends
    --force-script-chrootless -i ${debs})
  run("dpkg --root -s" dpkg --root=${root} -s tidemark)
  if(NOT out MATCHES "Status: install ok installed")
    message(FATAL_ERROR "dpkg does not list tidemark as installed in the scratch root:\n${out}")
  endif()
else()
  message(STATUS "not root: unpacking with dpkg-deb -x instead of installing with dpkg --root")
  run("dpkg-deb -x" dpkg-deb -x ${debs} ${root})
endif()
foreach(file usr/bin/tidemark usr/include/tidemark/tidemark.h usr/lib/libtidemark_api.a
    usr/lib/cmake/tidemark/tidemarkConfig.cmake
    usr/share/tidemark/scenarios/sensors/late-sensor-readings.yaml)
  if(NOT EXISTS ${root}/${file})
    message(FATAL_ERROR "the package did not install /${file}")
  endif()
endforeach()

# The installed binary on the scenario the package ships prints what the
# README shows.
run("the installed tidemark" ${root}/usr/bin/tidemark run
  ${root}/usr/share/tidemark/scenarios/sensors/late-sensor-readings.yaml)
file(READ ${README} readme)
# The first block of the README that starts with the first sink's heading.
string(FIND "${readme}" "```\n== averages (4 records) ==\n" start)
if(start EQUAL -1)
  message(FATAL_ERROR "README.md no longer shows the flagship's output")
endif()
math(EXPR start "${start} + 4")
string(SUBSTRING "${readme}" ${start} -1 expected)
string(FIND "${expected}" "```" stop)
string(SUBSTRING "${expected}" 0 ${stop} expected)
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "the installed tidemark printed:\n${out}\ninstead of:\n${expected}")
endif()
run("tidemark --version" ${root}/usr/bin/tidemark --version)
if(NOT out MATCHES "${VERSION}")
  message(FATAL_ERROR "the installed tidemark --version does not say ${VERSION}: ${out}")
endif()
message(STATUS "the .deb installs a tidemark that runs the flagship scenario")
