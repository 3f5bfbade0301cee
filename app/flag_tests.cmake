# Whole-number flags are read strictly (app/whole_number_option.h): a negative
# or out-of-range value is a usage error, exit 2, naming the flag, instead of
# wrapping round to about 1.8e19 (`gen --rows -5`) or saturating to 2^64 - 1
# (`--seed 1e23`). NO_STDOUT: nothing is generated or run.
tidemark_expect(NAME flag_gen_rows_negative EXIT 2 NO_STDOUT ARGS gen --rows -5
  OUTPUT "--rows: expects a whole number from 0 to 18446744073709551615, got '-5' (it cannot be negative)")
tidemark_expect(NAME flag_gen_seed_negative EXIT 2 NO_STDOUT ARGS gen --rows 1 --seed -1
  OUTPUT "--seed: expects a whole number from 0 to 18446744073709551615, got '-1'")
tidemark_expect(NAME flag_gen_seed_exponent EXIT 2 NO_STDOUT ARGS gen --rows 1 --seed 1e23
  OUTPUT "--seed: expects a whole number from 0 to 18446744073709551615, got '1e23'")
# 2^64 is one more than the largest uint64.
tidemark_expect(NAME flag_gen_rows_too_large EXIT 2 NO_STDOUT ARGS gen --rows 18446744073709551616
  OUTPUT "--rows: expects a whole number from 0 to 18446744073709551615, got '18446744073709551616', which is out of range")
tidemark_expect(NAME flag_gen_keys_range EXIT 2 NO_STDOUT ARGS gen --rows 1 --keys 4294967296
  OUTPUT "--keys: expects a whole number from 1 to 4294967295")
tidemark_expect(NAME flag_gen_partitions_negative EXIT 2 NO_STDOUT ARGS gen --rows 1 --partitions -2
  OUTPUT "--partitions: expects a whole number from 0 to 2147483647, got '-2'")
tidemark_expect(NAME flag_gen_rate_zero EXIT 2 NO_STDOUT ARGS gen --rows 1 --rate 0
  OUTPUT "--rate: expects a whole number from 1 to 9223372036854775807, got '0', which is out of range")
tidemark_expect(NAME flag_run_seed_negative EXIT 2 NO_STDOUT
  ARGS run sensors/late-sensor-readings.yaml --seed -1
  OUTPUT "--seed: expects a whole number from 0 to 18446744073709551615, got '-1'")
tidemark_expect(NAME flag_check_seed_fraction EXIT 2 NO_STDOUT
  ARGS check sensors/late-sensor-readings.yaml --seed 1.5
  OUTPUT "--seed: expects a whole number")
tidemark_expect(NAME flag_explain_seed_negative EXIT 2 NO_STDOUT
  ARGS explain sensors/late-sensor-readings.yaml --seed -3
  OUTPUT "--seed: expects a whole number")
tidemark_expect(NAME flag_report_seed_negative EXIT 2 NO_STDOUT
  ARGS report sensors/late-sensor-readings.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/scratch/flag_report --seed -3
  OUTPUT "--seed: expects a whole number")
tidemark_expect(NAME flag_explore_seeds_negative EXIT 2 NO_STDOUT
  ARGS explore sensors/late-sensor-readings.yaml --seeds -10
  OUTPUT "--seeds: expects a whole number from 0 to 18446744073709551615, got '-10'")
tidemark_expect(NAME flag_explore_jobs_too_many EXIT 2 NO_STDOUT
  ARGS explore sensors/late-sensor-readings.yaml --seeds 1 --jobs 1000000
  OUTPUT "--jobs: expects a whole number from 0 to 1024, got '1000000', which is out of range")
tidemark_expect(NAME flag_explore_shard_count_negative EXIT 2 NO_STDOUT
  ARGS explore sensors/late-sensor-readings.yaml --shard auto --shard-count -4
  OUTPUT "--shard-count: expects a whole number")
tidemark_expect(NAME flag_explore_shard_negative EXIT 2 NO_STDOUT
  ARGS explore sensors/late-sensor-readings.yaml --shard -1/4
  OUTPUT "--shard|'-1/4' is not I/K")
tidemark_expect(NAME flag_sweep_jobs_negative EXIT 2 NO_STDOUT
  ARGS sweep sensors/late-sensor-readings.yaml --set sources.readings.watermarks.max_out_of_orderness=0s,1s --jobs -1
  OUTPUT "--jobs: expects a whole number from 0 to 1024, got '-1'")
tidemark_expect(NAME flag_sweep_shard_count_too_large EXIT 2 NO_STDOUT
  ARGS sweep sensors/late-sensor-readings.yaml --set sources.readings.watermarks.max_out_of_orderness=0s,1s --shard auto --shard-count 99999999999999999999
  OUTPUT "--shard-count: expects a whole number from 0 to 18446744073709551615, got '99999999999999999999', which is out of range")
# report --from/--to: processing times in ms, whole numbers, the end after the start.
tidemark_expect(NAME flag_report_from_negative EXIT 2 NO_STDOUT
  ARGS report sensors/late-sensor-readings.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/scratch/flag_report --from -1
  OUTPUT "--from: expects a whole number from 0 to 9223372036854775807, got '-1' (it cannot be negative)")
tidemark_expect(NAME flag_report_to_with_a_unit EXIT 2 NO_STDOUT
  ARGS report sensors/late-sensor-readings.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/scratch/flag_report --to 5s
  OUTPUT "--to: expects a whole number from 0 to 9223372036854775807, got '5s'")
tidemark_expect(NAME flag_report_to_before_from EXIT 2 NO_STDOUT
  ARGS report sensors/late-sensor-readings.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/scratch/flag_report_range --from 5000 --to 5000
  OUTPUT "--to: error: must be later than --from (5000), got '5000'|hint: --from and --to are processing times in milliseconds")
# A sweep grid is counted before it is built (sim/explore/sweep.h, kMaxSweepPoints):
# three 1000-value settings once allocated until the process aborted.
tidemark_expect(NAME flag_sweep_grid_too_large EXIT 2 NO_STDOUT
  ARGS sweep explore/sweep-hand-checked.yaml --set seed=0..999:1 --set seed=0..999:1
    --set seed=0..999:1
  OUTPUT "--set: error: the settings make a grid of more than 10000 points")
# A skewed key table is bounded (sim/trace/trace_generator.h, kMaxSkewedKeys):
# --keys 4294967295 --skew 1.5 once allocated until the process aborted.
tidemark_expect(NAME flag_gen_skewed_keys_too_many EXIT 2 NO_STDOUT
  ARGS gen --rows 1 --keys 4294967295 --skew 1.5
  OUTPUT "--keys with --skew is at most 10000000")
# A value from --set is reported at the flag, not at an empty place: the
# scenario never names the parallelism it sets.
tidemark_expect(NAME flag_sweep_window_all_parallelism EXIT 2 NO_STDOUT
  ARGS sweep windows/window-all-count.yaml --set streams.triples.parallelism=1,2
  OUTPUT "--set streams.triples.parallelism=2: error: The parallelism of non parallel operator must be 1.")
