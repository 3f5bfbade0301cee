# What a scenario writes cannot command the CI: names and values with line
# breaks, workflow commands and bytes that are no UTF-8 go through `check
# --format github --junit` and `lint --format github`; no line of their
# output may start a workflow command of the scenario's (only tidemark's own
# annotations, "::error file=" and "::warning file=", start with "::"), and
# junit.xml must be well-formed XML for xmllint.
#   cmake -DTIDEMARK=<exe> -DSCRATCH=<dir> [-DXMLLINT=<xmllint>] -P ci_injection_test.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE ${SCRATCH})
string(ASCII 255 ff)
# A trace value with a byte that is no UTF-8 and a line break; a key name and
# a stream name that carry workflow commands after a line break.
file(WRITE ${SCRATCH}/hostile.csv "k,ts\n\"a${ff}\n::stop-commands::x\",1\n")
file(WRITE ${SCRATCH}/hostile.yaml [=[
name: "hostile\n::error::fake name"
sources:
  s:
    trace: hostile.csv
    schema: {k: string, ts: int}
    event_time: ts
streams:
  "out\n::warning::fake stream": {from: s}
  "unused\n::error::fake unused": {from: s}
sinks: {s: {}, "out\n::warning::fake stream": {}}
expect:
  s: [{k: "b\n::error::fake value"}]
]=])
execute_process(COMMAND ${TIDEMARK} check hostile.yaml --format github --junit junit.xml
  WORKING_DIRECTORY ${SCRATCH} RESULT_VARIABLE check_status
  OUTPUT_VARIABLE check_out ERROR_VARIABLE check_err)
execute_process(COMMAND ${TIDEMARK} lint hostile.yaml --format github
  WORKING_DIRECTORY ${SCRATCH} RESULT_VARIABLE lint_status
  OUTPUT_VARIABLE lint_out ERROR_VARIABLE lint_err)
if(NOT check_status MATCHES "^[12]$" OR NOT lint_status MATCHES "^[012]$")
  message(FATAL_ERROR "check exited ${check_status}, lint ${lint_status}:\n${check_out}${check_err}${lint_out}${lint_err}")
endif()
set(all "${check_out}\n${check_err}\n${lint_out}\n${lint_err}")
string(REPLACE "\n" ";" lines "${all}")
foreach(line IN LISTS lines)
  if(line MATCHES "^::" AND NOT line MATCHES "^::(error|warning) file=")
    message(FATAL_ERROR "a line of the scenario's became a workflow command: ${line}\n${all}")
  endif()
endforeach()
if(NOT EXISTS ${SCRATCH}/junit.xml)
  message(FATAL_ERROR "check wrote no junit.xml:\n${all}")
endif()
if(XMLLINT)
  execute_process(COMMAND ${XMLLINT} --noout ${SCRATCH}/junit.xml RESULT_VARIABLE xml_status
    ERROR_VARIABLE xml_err)
  if(NOT xml_status EQUAL 0)
    message(FATAL_ERROR "junit.xml is not well-formed XML:\n${xml_err}")
  endif()
else()
  message(STATUS "xmllint not found: junit.xml's well-formedness left to the unit tests")
endif()
message(STATUS "no workflow command of the scenario's; junit.xml well-formed")
