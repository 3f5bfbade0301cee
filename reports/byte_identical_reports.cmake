# Reports are reproducible: the same scenario and seed give byte-identical
# files, whichever way the scenario path is written and whichever command
# writes them (`report -o` or `run --report`). With REPORT_ARGS (one string,
# flags only `report` has, such as --from and --to) only `report` runs, twice.
#   cmake -DTIDEMARK=<exe> -DSCENARIO=<absolute file.yaml> -DSCRATCH=<dir>
#         [-DREPORT_ARGS="--from 0 --to 900"] -P byte_identical_reports.cmake
get_filename_component(folder ${SCENARIO} DIRECTORY)
get_filename_component(name ${SCENARIO} NAME)
file(REMOVE_RECURSE ${SCRATCH})
file(MAKE_DIRECTORY ${SCRATCH})
function(run_tidemark dir)
  execute_process(COMMAND ${TIDEMARK} ${ARGN} WORKING_DIRECTORY ${dir}
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "tidemark ${ARGN} exited ${status}:\n${out}${err}")
  endif()
endfunction()
separate_arguments(report_args UNIX_COMMAND "${REPORT_ARGS}")
run_tidemark(${SCRATCH} report ${SCENARIO} -o ${SCRATCH}/a ${report_args})
run_tidemark(${folder} report ${name} -o ${SCRATCH}/b ${report_args})
set(others b)
if(NOT DEFINED REPORT_ARGS)
  run_tidemark(${SCRATCH} run ${SCENARIO} --report ${SCRATCH}/c)
  list(APPEND others c)
endif()
file(GLOB files RELATIVE ${SCRATCH}/a ${SCRATCH}/a/*)
list(LENGTH files count)
if(count LESS 4)
  message(FATAL_ERROR "expected report.html, report.md, report.json and CSVs, got: ${files}")
endif()
foreach(other IN LISTS others)
  file(GLOB other_files RELATIVE ${SCRATCH}/${other} ${SCRATCH}/${other}/*)
  if(NOT other_files STREQUAL files)
    message(FATAL_ERROR "file sets differ: ${files} vs ${other_files}")
  endif()
  foreach(f IN LISTS files)
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${SCRATCH}/a/${f} ${SCRATCH}/${other}/${f}
      RESULT_VARIABLE differ)
    if(differ)
      message(FATAL_ERROR "${f} differs between two runs (a and ${other})")
    endif()
  endforeach()
endforeach()
file(REMOVE_RECURSE ${SCRATCH})
