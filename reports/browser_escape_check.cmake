# Renders the report of a scenario whose names, description and values are
# markup (script tags, event handlers, links) in headless Chromium and fails
# if any of it became markup: a script or handler that ran sets data-pwned on
# <body>, an injected element shows in the DOM Chromium built. Also checks
# report.md shows the names escaped and the sink CSV neutralises the formula.
#   cmake -DTIDEMARK=<exe> -DCHROMIUM=<chromium> -DSCENARIO=<file.yaml> -DSCRATCH=<dir>
#         -P browser_escape_check.cmake
include(${CMAKE_CURRENT_LIST_DIR}/browser_report.cmake)
execute_process(COMMAND ${CHROMIUM} ${chromium_flags} --dump-dom file://${SCRATCH}/report/report.html
  TIMEOUT 90 RESULT_VARIABLE status OUTPUT_VARIABLE dom ERROR_VARIABLE log)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "chromium --dump-dom failed (${status}):\n${log}")
endif()
file(WRITE ${SCRATCH}/report.dom.html "${dom}")
string(FIND "${dom}" "id=\"report-end\"" end)
if(end EQUAL -1)
  message(FATAL_ERROR "the page did not parse to its end: ${SCRATCH}/report.dom.html")
endif()
foreach(injected "data-pwned=" "<script" "<img" "<svg onload" "<b>k</b>" "href=\"javascript")
  string(FIND "${dom}" "${injected}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "a name became markup in report.html: '${injected}' is in the DOM "
      "(${SCRATCH}/report.dom.html)")
  endif()
endforeach()
# The names are on the page as text.
foreach(text "&lt;script&gt;document.body.setAttribute('data-pwned','source')&lt;/script&gt;"
             "&lt;b&gt;k&lt;/b&gt;")
  string(FIND "${dom}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "report.html does not show '${text}' as text")
  endif()
endforeach()

file(READ ${SCRATCH}/report/report.md md)
foreach(escaped "# tidemark report: \\<script\\>" "### \\<img src=x onerror=" "\\[a link\\](javascript")
  string(FIND "${md}" "${escaped}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "report.md lacks the escaped '${escaped}'")
  endif()
endforeach()

file(READ ${SCRATCH}/report/late.csv late)
if(NOT late STREQUAL "k,ts\n'=1+2,2000\n")
  message(FATAL_ERROR "late.csv does not neutralise the formula:\n${late}")
endif()
