# Bad input: every case exits 2, names file:line:column (1-based, as counted by
# hand in the file), and prints no partial result on stdout.

# tidemark_expect_error(<name> <scenario file in errors/> <output pieces a|b|...>)
function(tidemark_expect_error name file output)
  tidemark_expect(NAME error_${name} EXIT 2 NO_STDOUT ARGS run errors/${file} OUTPUT "${output}")
endfunction()

tidemark_expect_error(yaml_syntax yaml-syntax.yaml
  "errors/yaml-syntax.yaml:6:15: error: invalid YAML")
tidemark_expect_error(unknown_key unknown-key.yaml
  "errors/unknown-key.yaml:7:5: error: unknown key 'watermark' in source 'readings'|did you mean 'watermarks'?")
tidemark_expect_error(wrong_type wrong-type.yaml
  "errors/wrong-type.yaml:7:18: error: expected a parallelism (a whole number), got 'four'")
tidemark_expect_error(misspelt_field_in_rule misspelt-field-in-rule.yaml
  "errors/misspelt-field-in-rule.yaml:12:15: error: unknown field 'temprature'|did you mean 'temperature'?")
tidemark_expect_error(bad_duration bad-duration.yaml
  "errors/bad-duration.yaml:11:24: error: expected the window size (a duration), got '10 seconds'|500ms, 2s")
tidemark_expect_error(expression_type expression-type.yaml
  "errors/expression-type.yaml:10:25: error: cannot compare double with string")
tidemark_expect_error(non_number_in_trace non-number-temperature.yaml
  "errors/non-number-temperature.csv:3:15: error: column 'temperature' expects a double, got 'hot'")
tidemark_expect_error(wrong_column_count wrong-column-count.yaml
  "errors/wrong-column-count.csv:3:20: error: row has 4 fields, the header has 3")
tidemark_expect_error(missing_trace missing-trace.yaml
  "errors/missing-trace.yaml:4:12: error: cannot open trace file|no-such-trace.csv")
tidemark_expect_error(unknown_from unknown-from.yaml
  "errors/unknown-from.yaml:9:11: error: stream 'hot' reads from unknown stream 'reading'|did you mean 'readings'?")
tidemark_expect_error(cycle cycle.yaml
  "errors/cycle.yaml:11:11: error: cycle in the graph: a -> b -> c -> a")
tidemark_expect_error(side_output_type_clash side-output-type-clash.yaml
  "errors/side-output-type-clash.yaml:18:36: error: A side output with a matching id was already requested with a different type.|declare that type")
tidemark_expect_error(window_all_parallelism window-all-parallelism.yaml
  "errors/window-all-parallelism.yaml:13:18: error: The parallelism of non parallel operator must be 1.|windowAll")
tidemark_expect_error(duplicate_tag_type duplicate-tag-type.yaml
  "errors/duplicate-tag-type.yaml:13:20: error: side output 'alerts' is emitted with two types|side output ids need to be unique")
tidemark_expect_error(unknown_window_kind missing-window-kind.yaml
  "errors/missing-window-kind.yaml:11:14: error: unknown key 'tumbeling' in the window|did you mean 'tumbling'?")
tidemark_expect_error(event_time_not_int event-time-not-int.yaml
  "errors/event-time-not-int.yaml:6:17: error: event-time field 'temperature' must be int")
tidemark_expect_error(unknown_aggregate unknown-aggregate.yaml
  "errors/unknown-aggregate.yaml:12:23: error: unknown aggregate 'average'|'avg'")
tidemark_expect_error(unknown_expected_field unknown-expected-field.yaml
  "errors/unknown-expected-field.yaml:10:8: error: sink 'readings' has no field 'sensor'")
tidemark_expect_error(forward_parallelism forward-parallelism.yaml
  "errors/forward-parallelism.yaml:12:19: error: Forward partitioning does not allow change of parallelism")
tidemark_expect_error(partition_out_of_range partition-out-of-range.yaml
  "errors/partition-out-of-range.csv:3:1: error: partition 2 does not exist")
tidemark_expect_error(timers_without_key timers-without-key.yaml
  "errors/timers-without-key.yaml:12:16: error: timers need a keyed stream")
tidemark_expect_error(arrival_backwards arrival-backwards.yaml
  "errors/arrival-backwards.csv:3:1: error: @arrival 400 is earlier than the previous row's 500")
tidemark_expect_error(negative_lateness negative-lateness.yaml
  "errors/negative-lateness.yaml:11:47: error: The allowed lateness cannot be negative.")

# Bad usage of the command line itself.
tidemark_expect(NAME error_missing_scenario_file EXIT 2 NO_STDOUT ARGS run errors/nope.yaml
  OUTPUT "errors/nope.yaml: error: cannot open the scenario file")
tidemark_expect(NAME error_unknown_subcommand EXIT 2 ARGS runn OUTPUT "A subcommand is required")
tidemark_expect_error(empty_tag_id empty-tag-id.yaml
  "errors/empty-tag-id.yaml:11:42: error: OutputTag id must not be empty.")
tidemark_expect_error(dynamic_gap_not_positive dynamic-gap-not-positive.yaml
  "errors/dynamic-gap-not-positive.yaml:13:29: error: Dynamic session time gap must satisfy 0 < gap|'gap_ms' is 0 for the record with timestamp 20")
tidemark_expect_error(reduce_without_key reduce-without-key.yaml
  "errors/reduce-without-key.yaml:11:13: error: a reduce needs 'key_by' or a 'window'|add 'key_by: FIELD' for a running value per key")
tidemark_expect_error(script_with_watermarks script-with-watermarks.yaml
  "errors/script-with-watermarks.yaml:9:17: error: 'watermarks' does not apply to a script source")
tidemark_expect_error(unknown_record_metadata unknown-record-metadata.yaml
  "errors/unknown-record-metadata.yaml:11:14: error: unknown record metadata '@timestmp'|did you mean '@timestamp'?")
tidemark_expect_error(row_after_end row-after-end.yaml
  "errors/row-after-end.yaml:8:1: error: the row arrives at 1000, after source 'input' ends at 500")
tidemark_expect_error(script_channel_out_of_range script-channel-out-of-range.yaml
  "errors/script-channel-out-of-range.yaml:8:1: error: channel 2 does not exist: script 'input' feeds 2 input channels")
tidemark_expect_error(script_consumer_parallelism script-consumer-parallelism.yaml
  "errors/script-consumer-parallelism.yaml:10:3: error: stream 'counts' reads script source 'input' with parallelism 2")
tidemark_expect_error(unknown_ledger_counter unknown-ledger-counter.yaml
  "errors/unknown-ledger-counter.yaml:10:11: error: unknown key 'droped_late' in the ledger counters of 'input'|did you mean 'dropped_late'?")

# A blank key cell is Flink's null key ("Assigned key must not be null!"): a
# located error at the cell, the same at parallelism 1 and 4; after a filter
# the record meets the key_by in the run, located at its row.
tidemark_expect_error(null_key null-key.yaml
  "errors/null-key.csv:3:4: error: key field 'sensor_id' is empty: stream 'counts' keys by it|Assigned key must not be null!|dead_letter")
tidemark_expect_error(null_key_parallel null-key-parallel.yaml
  "errors/null-key.csv:3:4: error: key field 'sensor_id' is empty: stream 'counts' keys by it|Assigned key must not be null!")
tidemark_expect_error(null_key_after_filter null-key-after-filter.yaml
  "errors/null-key.csv:3:1: error: a record (row id 1) reaches stream 'counts' with a null key in 'sensor_id'|Assigned key must not be null!")

# Nothing silently lost or unlocated: a second YAML document, an empty or
# comment-only scenario, a folder given to run, a Long.MIN_VALUE event time
# reaching a window (Flink's "no timestamp").
tidemark_expect_error(second_document second-document.yaml
  "errors/second-document.yaml:12:1: error: a second YAML document: a scenario file holds one")
tidemark_expect_error(empty_scenario empty.yaml
  "errors/empty.yaml:1:1: error: the scenario is empty|'sources' and 'sinks'")
tidemark_expect_error(comments_only_scenario comments-only.yaml
  "errors/comments-only.yaml:1:1: error: the scenario is empty")
tidemark_expect(NAME error_run_folder EXIT 2 NO_STDOUT ARGS run errors
  OUTPUT "errors: error: this is a folder, not a scenario file|tidemark check FOLDER")
tidemark_expect_error(min_timestamp min-timestamp.yaml
  "errors/min-timestamp.csv:3:1: error: Record has Long.MIN_VALUE timestamp (= no timestamp marker)|stream 'counts' windows by event time|-9223372036854775808")

# Every error at once, in file order: three misspelt keys (the loader), three
# unknown fields in three streams (the planner), three bad rows (the trace
# reader, and lint, which now reads traces through).
tidemark_expect_error(three_misspelt_keys three-misspelt-keys.yaml
  "errors/three-misspelt-keys.yaml:9:5: error: unknown key 'watermark' in source 'readings'|errors/three-misspelt-keys.yaml:15:5: error: unknown key 'agregate'|errors/three-misspelt-keys.yaml:19:5: error: unknown key 'paralelism'")
tidemark_expect_error(three_misspelt_fields three-misspelt-fields.yaml
  "errors/three-misspelt-fields.yaml:13:13: error: unknown field 'temprature'|errors/three-misspelt-fields.yaml:16:13: error: unknown field 'temperatur'|errors/three-misspelt-fields.yaml:19:13: error: key_by names unknown field 'sensorid'")
tidemark_expect_error(three_bad_cells three-bad-cells.yaml
  "errors/three-bad-cells.csv:3:10: error: column 'ts' expects an int, got 'soon'|errors/three-bad-cells.csv:4:15: error: column 'temperature' expects a double, got 'hot'|errors/three-bad-cells.csv:6:1: error: row has 2 fields, the header has 3")
tidemark_expect(NAME lint_reads_trace_rows EXIT 2 ARGS lint errors/three-bad-cells.yaml
  OUTPUT "errors/three-bad-cells.csv:3:10: error: column 'ts'|errors/three-bad-cells.csv:4:15: error|errors/three-bad-cells.csv:6:1: error")

tidemark_expect_error(too_many_channels too-many-channels.yaml
  "errors/too-many-channels.yaml:14:3: error: the job needs 1210000 channels up to stream 'per_user', more than the limit of 1048576|lower 'parallelism'")

# JSON-lines and Kafka-dump traces: every bad row in one run, each at its
# line and column (counted by hand in the comments of the scenario files).
tidemark_expect_error(three_bad_json_rows three-bad-json-rows.yaml
  "errors/three-bad-json-rows.jsonl:2:32: error: field 'ts' expects an int, got 'soon'|errors/three-bad-json-rows.jsonl:3:1: error: the event has no field 'temperature'|did you mean 'temprature'?|errors/three-bad-json-rows.jsonl:4:56: error: invalid JSON: syntax error while parsing object key - unexpected '}'")
tidemark_expect_error(bad_kafka_records bad-kafka-records.yaml
  "errors/bad-kafka-records.kafka:2:1: error: expected the record's timestamp, as in CreateTime:1700000000000, got 'CreateTme:1700000000001'|errors/bad-kafka-records.kafka:3:76: error: field 'ts' expects an int, got '3000.5'|errors/bad-kafka-records.kafka:4:26: error: expected the record's partition, as in Partition:0, got 'Partition:x'")
tidemark_expect_error(unknown_trace_format unknown-trace-format.yaml
  "errors/unknown-trace-format.yaml:6:13: error: unknown trace format 'jsonlines'|expected one of 'csv', 'jsonl', 'kafka'")
# Fault tolerance: Flink's own refusals and ours, every one in one run.
tidemark_expect_error(bad_fault_tolerance bad-fault-tolerance.yaml
  "errors/bad-fault-tolerance.yaml:13:63: error: Cannot use unaligned checkpoints with AT_LEAST_ONCE checkpointing mode|bad-fault-tolerance.yaml:14:34: error: 'jitter' does not apply to the fixed_delay restart strategy|bad-fault-tolerance.yaml:16:20: error: a failure names unknown stream 'avergaes'|did you mean 'averages'?|bad-fault-tolerance.yaml:17:12: error: a failure names 'readings', which is not a sink")
# A path part longer than a file system keeps (sim/scenario/path_confinement.h).
tidemark_expect_error(golden_name_too_long golden-name-too-long.yaml
  "errors/golden-name-too-long.yaml:15:17: error: golden file 'gggg|has a name longer than 255 bytes")
tidemark_expect(NAME error_golden_name_too_long_update EXIT 2 ARGS check errors/golden-name-too-long.yaml --update
  OUTPUT "errors/golden-name-too-long.yaml:15:17: error: golden file 'gggg")
# A record's windows are bounded (sim/planner/plan_window.cc, kMaxWindowsPerRecord).
tidemark_expect_error(sliding_too_many_windows sliding-too-many-windows.yaml
  "errors/sliding-too-many-windows.yaml:16:13: error: a sliding window of 1000000 ms every 1 ms puts each record in 1000000 windows, more than the limit of 10000")
# A trace that cannot be read is reported where the scenario names it, by the
# campaigns (which hash the traces first) as by run; a folder is refused when
# it is opened (sim/trace/file_bytes.h).
tidemark_expect(NAME error_missing_trace_explore EXIT 2 NO_STDOUT ARGS explore errors/missing-trace.yaml
  OUTPUT "errors/missing-trace.yaml:4:12: error: cannot open|no-such-trace.csv")
tidemark_expect(NAME error_missing_trace_sweep EXIT 2 NO_STDOUT
  ARGS sweep errors/missing-trace.yaml --set seed=1,2
  OUTPUT "errors/missing-trace.yaml:4:12: error: cannot open|no-such-trace.csv")
tidemark_expect_error(trace_is_a_folder trace-is-a-folder.yaml
  "errors/trace-is-a-folder.yaml:7:12: error: cannot open trace file|Is a directory")
tidemark_expect(NAME error_trace_is_a_folder_explore EXIT 2 NO_STDOUT
  ARGS explore errors/trace-is-a-folder.yaml
  OUTPUT "errors/trace-is-a-folder.yaml:7:12: error: cannot read|Is a directory")
# A window's early firings are bounded (sim/planner/plan_window.cc, kMaxFiringsPerWindow).
tidemark_expect_error(continuous_trigger_too_often continuous-trigger-too-often.yaml
  "errors/continuous-trigger-too-often.yaml:16:39: error: a continuous trigger every 1 ms fires a 31536000000 ms window 31536000000 times, more than the limit of 100000")
# A run's checkpoints are bounded (sim/graph/fault_tolerance.h, kMaxCheckpointTriggers).
tidemark_expect_error(checkpoint_too_many checkpoint-too-many.yaml
  "errors/checkpoint-too-many.yaml:17:16: error: checkpointing every 10 ms reached 100001 checkpoints at processing time 1000010 ms, more than the limit of 100000")
