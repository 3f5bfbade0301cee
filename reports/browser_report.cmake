# Shared by the browser checks: checks that Chromium is there, writes the
# report of SCENARIO into SCRATCH/report with a fresh SCRATCH, and sets
# `chromium_flags`, the headless flags for a machine without network with a
# fresh profile. Included with TIDEMARK, CHROMIUM, SCENARIO and SCRATCH set
# (REPORT_ONLY: the check ends once the report is written, and needs no Chromium);
# REPORT_ARGS (one string) adds flags to `report`; GEN_ARGS and TRACE_SOURCE
# first generate SCRATCH/trace.csv with `tidemark gen` and read TRACE_SOURCE
# from it.
if(NOT REPORT_ONLY AND (NOT CHROMIUM OR NOT EXISTS "${CHROMIUM}"))
  message(FATAL_ERROR "chromium not found: install Debian's 'chromium' (./dev.sh test does)")
endif()
file(REMOVE_RECURSE ${SCRATCH})
file(MAKE_DIRECTORY ${SCRATCH}/profile)
separate_arguments(report_args UNIX_COMMAND "${REPORT_ARGS}")
if(DEFINED GEN_ARGS)
  separate_arguments(gen_args UNIX_COMMAND "${GEN_ARGS}")
  execute_process(COMMAND ${TIDEMARK} gen ${gen_args} -o ${SCRATCH}/trace.csv
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "tidemark gen exited ${status}:\n${out}${err}")
  endif()
  list(APPEND report_args --trace ${TRACE_SOURCE}=${SCRATCH}/trace.csv)
endif()
execute_process(COMMAND ${TIDEMARK} report ${SCENARIO} -o ${SCRATCH}/report ${report_args}
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "tidemark report exited ${status}:\n${out}${err}")
endif()
set(chromium_flags --headless --no-sandbox --disable-gpu --disable-quic --no-first-run
  --disable-background-networking --disable-component-update --disable-sync
  --user-data-dir=${SCRATCH}/profile)
