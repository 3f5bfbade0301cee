# `report --metadata` adds @timestamp, @watermark and @at columns to the sink
# CSVs; without it they are absent. Values derived in the scenario's
# description (the late record: timestamp 1998, watermark 1999, at 4).
#   cmake -DTIDEMARK=<exe> -DSCENARIO=<file.yaml> -DSCRATCH=<dir> -P report_metadata_test.cmake
file(REMOVE_RECURSE ${SCRATCH})
execute_process(COMMAND ${TIDEMARK} report ${SCENARIO} -o ${SCRATCH}/with --metadata
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "report --metadata failed (exit ${status}):\n${out}${err}")
endif()
file(READ ${SCRATCH}/with/late.csv late)
set(wanted "key,v,ts,@timestamp,@watermark,@at\nkey2,1,1998,1998,1999,4\n")
if(NOT late STREQUAL wanted)
  message(FATAL_ERROR "late.csv is\n${late}\nexpected\n${wanted}")
endif()
execute_process(COMMAND ${TIDEMARK} report ${SCENARIO} -o ${SCRATCH}/without
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ ${SCRATCH}/without/late.csv late)
if(NOT late STREQUAL "key,v,ts\nkey2,1,1998\n")
  message(FATAL_ERROR "without --metadata late.csv is\n${late}")
endif()
file(REMOVE_RECURSE ${SCRATCH})
