# Checks the timeline of report.html as a person sees it, in headless Chromium:
# - the rendered DOM has a lane per key with its label as text, the late links,
#   the idle and held shading, the below-range arrows and the density cells
#   the SVG's data-* counts announce, in the numbers this test expects;
# - a copy of the page with a probe script appended measures, at a wide and a
#   narrow window (and with its print styles applied, at a printed page's
#   width), that every lane, late and partition label lies inside the picture
#   and every legend entry inside the window: nothing is clipped;
# - it prints to PDF.
# The report itself has no script; only the probe copy in SCRATCH does.
#   cmake -DTIDEMARK=<exe> -DCHROMIUM=<chromium> -DSCENARIO=<file.yaml> -DSCRATCH=<dir>
#         [-DREPORT_ARGS="--from 0 --to 900"] [-DGEN_ARGS="--rows 1500 ..." -DTRACE_SOURCE=name]
#         -DEXPECT_LANES=<n> [-DEXPECT_LANE_KEYS="key a|key b"] [-DEXPECT_LATE_LINKS=<n>]
#         [-DEXPECT_IDLE=<min>] [-DEXPECT_HELD=<min>] [-DEXPECT_BELOW=<min>]
#         [-DEXPECT_DENSITY=true|false] -P browser_timeline_check.cmake
include(${CMAKE_CURRENT_LIST_DIR}/browser_report.cmake)
if(REPORT_ONLY)
  message(STATUS "report written; the ci preset's run of this check renders it in Chromium")
  return()
endif()
set(page ${SCRATCH}/report/report.html)
file(READ ${page} html)

function(chromium_dom file width out_var)
  execute_process(COMMAND ${CHROMIUM} ${chromium_flags} --window-size=${width},1000 --dump-dom
    file://${file} TIMEOUT 90 RESULT_VARIABLE status OUTPUT_VARIABLE dom ERROR_VARIABLE log)
  if(NOT status EQUAL 0 OR dom STREQUAL "")
    message(FATAL_ERROR "chromium --dump-dom ${file} failed (${status}):\n${log}")
  endif()
  set(${out_var} "${dom}" PARENT_SCOPE)
endfunction()

function(count_in text regex out_var)
  string(REGEX MATCHALL "${regex}" found "${text}")
  list(LENGTH found n)
  set(${out_var} ${n} PARENT_SCOPE)
endfunction()

function(data_attribute svg name out_var)
  string(REGEX MATCH "data-${name}=\"([^\"]*)\"" _ "${svg}")
  set(${out_var} "${CMAKE_MATCH_1}" PARENT_SCOPE)
endfunction()

# 1. What the DOM holds, against what the SVG says it drew and what we expect.
chromium_dom(${page} 1400 dom)
file(WRITE ${SCRATCH}/report.dom.html "${dom}")
string(FIND "${dom}" "<svg id=\"timeline\"" start)
if(start EQUAL -1)
  message(FATAL_ERROR "the rendered DOM has no timeline")
endif()
string(SUBSTRING "${dom}" ${start} -1 svg)
string(FIND "${svg}" "</svg>" end)
string(SUBSTRING "${svg}" 0 ${end} svg)

data_attribute("${svg}" lanes lanes)
data_attribute("${svg}" records records)
data_attribute("${svg}" marks marks)
data_attribute("${svg}" aggregated aggregated)
data_attribute("${svg}" late-links late_links)
data_attribute("${svg}" idle-spans idle)
data_attribute("${svg}" held-spans held)
data_attribute("${svg}" below-markers below)
count_in("${svg}" "<g class=\"lane\"" lane_groups)
count_in("${svg}" "<text class=\"lane-label\"" lane_labels)
count_in("${svg}" "class=\"inf-label\"[^>]*>-inf</text>" minus_inf)
count_in("${svg}" "<g class=\"late-link\"" link_groups)
count_in("${svg}" "<line class=\"late-to-step\"" step_arrows)
count_in("${svg}" "<rect class=\"idle-span\"" idle_dom)
count_in("${svg}" "<rect class=\"held-span\"" held_dom)
count_in("${svg}" "<path class=\"wm-below\"" below_dom)
if(NOT lanes EQUAL EXPECT_LANES OR NOT lane_groups EQUAL lanes OR NOT lane_labels EQUAL lanes
   OR NOT minus_inf EQUAL lanes)
  message(FATAL_ERROR "expected ${EXPECT_LANES} lanes: data-lanes ${lanes}, ${lane_groups} lane "
    "groups, ${lane_labels} labels, ${minus_inf} -inf rows")
endif()
if(DEFINED EXPECT_LATE_LINKS)
  count_in("${dom}" "<li data-record=" listed)
  if(NOT late_links EQUAL EXPECT_LATE_LINKS OR NOT link_groups EQUAL late_links
     OR NOT step_arrows EQUAL late_links OR listed LESS late_links)
    message(FATAL_ERROR "expected ${EXPECT_LATE_LINKS} late links: data-late-links "
      "${late_links}, ${link_groups} drawn, ${step_arrows} arrows to a step, ${listed} listed")
  endif()
endif()
foreach(kind idle held below)
  string(TOUPPER "${kind}" upper)
  if(DEFINED EXPECT_${upper} AND (${kind} LESS EXPECT_${upper} OR NOT ${kind}_dom EQUAL ${kind}))
    message(FATAL_ERROR "expected at least ${EXPECT_${upper}} ${kind} elements: the SVG says "
      "${${kind}}, the DOM has ${${kind}_dom}")
  endif()
endforeach()
if(DEFINED EXPECT_DENSITY)
  if(NOT aggregated STREQUAL EXPECT_DENSITY)
    message(FATAL_ERROR "data-aggregated is ${aggregated}, expected ${EXPECT_DENSITY}")
  endif()
  if(aggregated STREQUAL "true")
    string(REGEX MATCHALL "<rect class=\"density-cell\"[^>]* data-count=\"[0-9]+\"" cells "${svg}")
    list(LENGTH cells cell_count)
    set(total 0)
    foreach(cell IN LISTS cells)
      string(REGEX MATCH "data-count=\"([0-9]+)\"" _ "${cell}")
      math(EXPR total "${total} + ${CMAKE_MATCH_1}")
    endforeach()
    if(cell_count EQUAL 0 OR NOT cell_count EQUAL marks OR NOT total EQUAL records)
      message(FATAL_ERROR "density: ${cell_count} cells (data-marks ${marks}) counting ${total} "
        "records, data-records ${records}")
    endif()
  else()
    count_in("${svg}" "<circle class=\"mark\"" circles)
    if(NOT circles EQUAL marks OR NOT circles EQUAL records)
      message(FATAL_ERROR "${circles} marks drawn, data-marks ${marks}, data-records ${records}")
    endif()
  endif()
endif()

# 2. Geometry, measured by a probe in a copy of the page: labels inside the
# picture, legend entries inside the window, lane keys as visible text.
set(probe [=[
<script>
(function () {
  var out = [];
  var width = document.documentElement.clientWidth;
  var svg = document.getElementById('timeline').getBoundingClientRect();
  var page = {left: 0, right: width, top: -1e9, bottom: 1e9};
  function inside(r, box) {
    return r.width > 0 && r.height > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5 &&
        r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
  }
  function check(selector, box, name) {
    var all = document.querySelectorAll(selector), ok = 0, bad = [];
    all.forEach(function (e) {
      var style = getComputedStyle(e);
      if (inside(e.getBoundingClientRect(), box) && style.visibility !== 'hidden' &&
          style.display !== 'none' && style.opacity !== '0') ok++;
      else bad.push(e.textContent.slice(0, 30));
    });
    out.push(name + ' ' + all.length + ' ' + ok + (bad.length ? ' outside: ' + bad.join(' | ') : ''));
  }
  check('#timeline', page, 'picture');
  check('#timeline .lane-label', svg, 'lane-labels');
  check('#timeline .late-label', svg, 'late-labels');
  check('#timeline .strip-label', svg, 'strip-labels');
  check('#timeline .wm-value', svg, 'watermark-values');
  check('#timeline-legend li', page, 'legend-entries');
  document.querySelectorAll('#timeline .lane-key').forEach(function (e) {
    out.push('lane-key ' + e.textContent);
  });
  var pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = out.join('\n');
  document.body.appendChild(pre);
})();
</script>
]=])
string(REPLACE "</body>" "${probe}</body>" probed "${html}")
file(WRITE ${SCRATCH}/probe.html "${probed}")
# The print styles applied on screen, at the width of a printed A4 page (96 dpi, 1 cm margins).
string(REPLACE "@media print" "@media all" printed "${probed}")
file(WRITE ${SCRATCH}/probe-print.html "${printed}")

foreach(view "probe.html:1400" "probe.html:420" "probe-print.html:718")
  string(REPLACE ":" ";" view "${view}")
  list(GET view 0 file)
  list(GET view 1 width)
  chromium_dom(${SCRATCH}/${file} ${width} probed_dom)
  string(REGEX MATCH "<pre id=\"probe\">([^<]*)</pre>" _ "${probed_dom}")
  set(report "${CMAKE_MATCH_1}")
  if(report STREQUAL "")
    message(FATAL_ERROR "the probe did not run in ${file} at ${width} px")
  endif()
  file(WRITE ${SCRATCH}/probe-${width}.txt "${report}")
  string(REGEX MATCHALL "(picture|lane-labels|late-labels|strip-labels|watermark-values|legend-entries) [^\n]*"
    lines "${report}")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^([a-z-]+) ([0-9]+) ([0-9]+)$" OR NOT CMAKE_MATCH_2 EQUAL CMAKE_MATCH_3)
      message(FATAL_ERROR "at ${width} px (${file}) not everything is inside: ${line}")
    endif()
    if(line MATCHES "^(picture|lane-labels|legend-entries) 0 ")
      message(FATAL_ERROR "at ${width} px (${file}) nothing to measure: ${line}")
    endif()
  endforeach()
  if(DEFINED EXPECT_LANE_KEYS)
    string(REPLACE "|" ";" keys "${EXPECT_LANE_KEYS}")
    foreach(key IN LISTS keys)
      string(FIND "${report}" "lane-key ${key}\n" at)
      string(FIND "${report}" "lane-key ${key}" at_end)
      if(at EQUAL -1 AND at_end EQUAL -1)
        message(FATAL_ERROR "no lane label reads '${key}' at ${width} px:\n${report}")
      endif()
    endforeach()
  endif()
endforeach()

# 3. Screenshots, wide and narrow, and a printout.
foreach(width 1400 420)
  execute_process(COMMAND ${CHROMIUM} ${chromium_flags} --window-size=${width},1000
    --screenshot=${SCRATCH}/timeline-${width}.png file://${page}
    TIMEOUT 90 RESULT_VARIABLE status ERROR_VARIABLE log)
  if(NOT status EQUAL 0 OR NOT EXISTS ${SCRATCH}/timeline-${width}.png)
    message(FATAL_ERROR "chromium --screenshot at ${width} px failed (${status}):\n${log}")
  endif()
endforeach()
execute_process(COMMAND ${CHROMIUM} ${chromium_flags} --no-pdf-header-footer
  --print-to-pdf=${SCRATCH}/report.pdf file://${page}
  TIMEOUT 90 RESULT_VARIABLE status ERROR_VARIABLE log)
if(NOT status EQUAL 0 OR NOT EXISTS ${SCRATCH}/report.pdf)
  message(FATAL_ERROR "chromium --print-to-pdf failed (${status}):\n${log}")
endif()
file(SIZE ${SCRATCH}/report.pdf pdf_size)
if(pdf_size LESS 10000)
  message(FATAL_ERROR "the printout is only ${pdf_size} bytes")
endif()
message(STATUS "timeline: ${lanes} lanes, ${late_links} late links, ${idle} idle, ${held} held, "
  "${below} below-range arrows, density ${aggregated}; labels and legend inside at 1400, 420 "
  "and print width; ${SCRATCH}")
