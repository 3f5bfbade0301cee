# A trace longer than a report lists one by one (reports::kReportDetailRows,
# 5000 rows per source): report.html lists the first rows and aggregates the
# rest, saying so; report.json and `run --json` stay valid JSON and list the
# first 5000; records.jsonl beside report.json has one valid line per trace
# row, and each sink's CSV every record the run's counts name.
#
# Derived by hand: `gen --rows 12000` writes 12,000 event rows (no watermark
# or status rows), so records_in is 12000, the single source lists rows 0..4999
# (5000 records) and records.jsonl holds 12000 lines, rows 0..11999, the first
# 5000 with "listed": true.
#   cmake -DTIDEMARK=<exe> -DSCENARIO=<file.yaml> -DSCRATCH=<dir> -P long_report_test.cmake
file(REMOVE_RECURSE ${SCRATCH})
file(MAKE_DIRECTORY ${SCRATCH})
function(run_ok)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${ARGN} failed (exit ${status}):\n${out}${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

run_ok(${TIDEMARK} gen --rows 12000 --keys 50 --rate 100 --disorder 2s --stragglers 0.01
       --straggler-delay 30s --seed 42 -o ${SCRATCH}/rows.csv)
run_ok(${TIDEMARK} report ${SCENARIO} --trace rows=${SCRATCH}/rows.csv -o ${SCRATCH}/report)
if(NOT out MATCHES "records.jsonl")
  message(FATAL_ERROR "report does not name records.jsonl:\n${out}")
endif()

# report.html: the cap and the aggregate are on the page.
file(READ ${SCRATCH}/report/report.html html)
foreach(wanted "id=\"aggregates\"" "This run read 12000 records"
        "the first 5000 of each source (5000 records)" "id=\"aggregate-ledger\""
        "The first 2000 of 12000 records; report.json holds the first 5000")
  string(FIND "${html}" "${wanted}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "report.html lacks '${wanted}'")
  endif()
endforeach()
# The records table stops at 2000 rows: 2000 rows plus its header row.
string(REGEX MATCHALL "<tr><td>rows:[0-9]+</td>" listed "${html}")
list(LENGTH listed n)
if(NOT n EQUAL 2000)
  message(FATAL_ERROR "report.html lists ${n} records, expected 2000")
endif()

# report.json and run --json: valid JSON, the first 5000 records listed.
file(READ ${SCRATCH}/report/report.json report_json)
run_ok(${TIDEMARK} run ${SCENARIO} --trace rows=${SCRATCH}/rows.csv --json)
set(run_json "${out}")
foreach(doc report_json run_json)
  string(JSON records_in GET "${${doc}}" detail records_in)
  string(JSON listed LENGTH "${${doc}}" records)
  string(JSON last_row GET "${${doc}}" records 4999 row)
  string(JSON summary_in GET "${${doc}}" summary records_in)
  if(NOT records_in EQUAL 12000 OR NOT summary_in EQUAL 12000 OR NOT listed EQUAL 5000
     OR NOT last_row EQUAL 4999)
    message(FATAL_ERROR "${doc}: records_in ${records_in}/${summary_in}, ${listed} listed, "
                        "last row ${last_row}")
  endif()
endforeach()

# records.jsonl: one line per trace row, every line an object, rows in order.
file(STRINGS ${SCRATCH}/report/records.jsonl lines)
list(LENGTH lines n)
if(NOT n EQUAL 12000)
  message(FATAL_ERROR "records.jsonl has ${n} lines, expected 12000")
endif()
set(row 0)
foreach(line IN LISTS lines)
  # Every 997th line parsed in full (all 12000 take minutes in CMake's JSON);
  # every line checked for its row and the object's shape.
  if(NOT line MATCHES "^{\"event_time\":-?[0-9]+,\"kind\":\"event\",.*\"row\":${row},\"source\":\"rows\",\"values\":\\[.*\\]}$")
    message(FATAL_ERROR "records.jsonl line ${row} is not row ${row}'s object: ${line}")
  endif()
  math(EXPR pick "${row} % 997")
  if(pick EQUAL 0 OR row EQUAL 11999)
    string(JSON listed GET "${line}" listed)
    string(JSON values LENGTH "${line}" values)
    if(row LESS 5000)
      set(expected_listed ON)
    else()
      set(expected_listed OFF)
    endif()
    if(NOT listed STREQUAL expected_listed OR NOT values EQUAL 3)
      message(FATAL_ERROR "records.jsonl line ${row}: listed ${listed}, ${values} values")
    endif()
  endif()
  math(EXPR row "${row} + 1")
endforeach()

# Each sink's CSV holds every record its count names (the header line aside).
foreach(sink windows late)
  string(JSON count GET "${report_json}" summary sinks ${sink})
  file(STRINGS ${SCRATCH}/report/${sink}.csv csv)
  list(LENGTH csv n)
  math(EXPR n "${n} - 1")
  if(NOT n EQUAL count)
    message(FATAL_ERROR "${sink}.csv has ${n} records, report.json counts ${count}")
  endif()
endforeach()
string(JSON late GET "${report_json}" summary sinks late)
if(late EQUAL 0)
  message(FATAL_ERROR "the trace's stragglers made no late records: the check above is vacuous")
endif()

# A short run into the same folder leaves no stale records.jsonl.
run_ok(${TIDEMARK} report ${SCENARIO} -o ${SCRATCH}/report)
if(EXISTS ${SCRATCH}/report/records.jsonl)
  message(FATAL_ERROR "records.jsonl of the long run survived a short report")
endif()
file(REMOVE_RECURSE ${SCRATCH})
