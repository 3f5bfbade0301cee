# `tidemark explore` and `tidemark sweep` on the shipped explore scenarios.

function(tidemark_explore_cli_test NAME MODE SCENARIO)
  add_test(NAME ${NAME}
    COMMAND ${CMAKE_COMMAND} -DTIDEMARK=$<TARGET_FILE:tidemark>
      -DSCENARIO=${CMAKE_CURRENT_SOURCE_DIR}/${SCENARIO}
      -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch/${NAME} -DMODE=${MODE}
      -P ${CMAKE_CURRENT_SOURCE_DIR}/explore/explore_cli_test.cmake)
endfunction()

tidemark_explore_cli_test(explore_union_race_repro_replays repro explore/union-race.yaml)
tidemark_explore_cli_test(explore_shards_merge_to_the_unsharded_run shards explore/union-race.yaml)
tidemark_explore_cli_test(explore_shard_auto_reads_the_job_number auto explore/union-race.yaml)
tidemark_explore_cli_test(explore_failures_find_a_record_late_after_restore failures
  explore/failure-makes-a-record-late.yaml)
tidemark_explore_cli_test(sweep_long_tail_tradeoff_and_shards sweep explore/sweep-long-tail.yaml)

# 1,000 schedules of a parallel scenario with jittered channels: one outcome.
tidemark_expect(NAME explore_deterministic_scenario_one_outcome EXIT 0
  ARGS explore explore/deterministic-parallel.yaml --seeds 1000 --jobs 2
  OUTPUT "seeds 0..999, 1 outcome|1000 runs, first seed 0|hold in every run|deterministic: one outcome")

tidemark_expect(NAME explore_deterministic_scenario_that_diverges_fails EXIT 1
  ARGS explore explore/errors/union-race-deterministic.yaml --seeds 20 --no-repro
  OUTPUT "2 outcomes|FAIL: the scenario is deterministic, but 2 outcomes")

tidemark_expect(NAME explore_bad_shard EXIT 2
  ARGS explore explore/union-race.yaml --shard 2/2
  OUTPUT "--shard: error: shard '2/2' does not exist")

tidemark_expect(NAME sweep_hand_checked_table EXIT 0
  ARGS sweep explore/sweep-hand-checked.yaml --set sources.r.watermarks.max_out_of_orderness=0s,1s
  OUTPUT "| 0s | 5 | 2 | 40.0% | 0 | 2 | 3 (1) | 50 ms | 50 ms |\n| 1s | 5 | 0 | 0.0% | 0 | 0 | 3 (1) | 1000 ms | 2050 ms |")

tidemark_expect(NAME sweep_unknown_setting EXIT 2
  ARGS sweep explore/sweep-hand-checked.yaml --set sources.r.watermarks.bound=1s
  OUTPUT "unknown setting 'sources.r.watermarks.bound'|sources.NAME.watermarks.max_out_of_orderness")

# Every checkpoint scenario under seeded failures: the recovery invariants
# (exactly-once output, nothing lost) and the others hold in every run.
file(GLOB checkpoint_scenarios RELATIVE ${CMAKE_CURRENT_SOURCE_DIR}
  ${CMAKE_CURRENT_SOURCE_DIR}/checkpoints/*.yaml)
foreach(scenario ${checkpoint_scenarios})
  get_filename_component(stem ${scenario} NAME_WE)
  tidemark_expect(NAME explore_failures_${stem} EXIT 0
    ARGS explore ${scenario} --seeds 30 --failures 2 --no-repro
    OUTPUT "2 failures per run|exactly-once, no loss): hold in every run")
endforeach()
tidemark_expect(NAME explore_failures_sensor_pipeline EXIT 0
  ARGS explore explore/failures-sensor-pipeline.yaml --seeds 200 --failures 2 --no-repro
  OUTPUT "the failure-free output|exactly-once, no loss): hold in every run")
