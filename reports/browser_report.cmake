# Shared by the browser checks: checks that Chromium is there, writes the
# report of SCENARIO into SCRATCH/report with a fresh SCRATCH, and sets
# `chromium_flags`, the headless flags for a machine without network with a
# fresh profile. Included with TIDEMARK, CHROMIUM, SCENARIO and SCRATCH set.
if(NOT CHROMIUM OR NOT EXISTS "${CHROMIUM}")
  message(FATAL_ERROR "chromium not found: install Debian's 'chromium' (./dev.sh test does)")
endif()
file(REMOVE_RECURSE ${SCRATCH})
file(MAKE_DIRECTORY ${SCRATCH}/profile)
execute_process(COMMAND ${TIDEMARK} report ${SCENARIO} -o ${SCRATCH}/report
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "tidemark report exited ${status}:\n${out}${err}")
endif()
set(chromium_flags --headless --no-sandbox --disable-gpu --disable-quic --no-first-run
  --disable-background-networking --disable-component-update --disable-sync
  --user-data-dir=${SCRATCH}/profile)
