# End-to-end checks of `tidemark explore` (run by explore_tests.cmake):
#   MODE=repro  explore union-race.yaml finds two outcomes, writes a minimal
#               reproduction of at most 10 rows, and that file replays: `check`
#               passes on it (its expectations pin the divergent seed) and
#               `run --seed BASE` prints something else.
#   MODE=shards three shards merged with --merge give byte-identical JSON
#               and text to the unsharded run.
#   MODE=auto   --shard auto under GitLab, Slurm and Kubernetes numbering gives
#               the same shards as --shard I/K, and they merge; with no
#               variables set it is bad input.
#   MODE=failures  explore --failures 1 on failure-makes-a-record-late.yaml:
#               some seeds make y late after the restore, explained and shrunk
#               to a reproduction whose `failures:` holds the seed's point;
#               `check` passes on it and, without that entry, `run` prints
#               the failure-free output. Two shards merge to the same JSON.
#   MODE=sweep  the long-tail sweep on a generated trace; two shards merged
#               equal the whole sweep.
#   cmake -DTIDEMARK=... -DSCENARIO=... -DSCRATCH=... -DMODE=... -P explore_cli_test.cmake
file(REMOVE_RECURSE ${SCRATCH})
file(MAKE_DIRECTORY ${SCRATCH})

function(run_tidemark out_var expect_exit)
  execute_process(COMMAND ${TIDEMARK} ${ARGN} WORKING_DIRECTORY ${SCRATCH}
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status STREQUAL expect_exit)
    message(FATAL_ERROR "tidemark ${ARGN}: expected exit ${expect_exit}, got ${status}\n${out}${err}")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

function(require text what)
  string(FIND "${text}" "${what}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "output lacks '${what}':\n${text}")
  endif()
endfunction()

if(MODE STREQUAL "repro")
  run_tidemark(out 0 explore ${SCENARIO} --seeds 100 --repro-dir repro --json explore.json)
  require("${out}" "2 outcomes")
  require("${out}" "row 2 of 'fast' (ts 1000, @arrival 400)")
  require("${out}" "1-minimal, verified")
  string(REGEX MATCH "outcome 2 \\(seed ([0-9]+)\\) differs from outcome 1 \\(seed ([0-9]+)\\)" m "${out}")
  set(seed ${CMAKE_MATCH_1})
  set(base ${CMAKE_MATCH_2})
  string(REGEX MATCH "\\(([0-9]+) of ([0-9]+) rows" m "${out}")
  if(CMAKE_MATCH_1 GREATER 10)
    message(FATAL_ERROR "the reproduction keeps ${CMAKE_MATCH_1} rows, more than 10")
  endif()
  file(GLOB repro ${SCRATCH}/repro/*.yaml)
  run_tidemark(checked 0 check ${repro})
  require("${checked}" "1 passed")
  run_tidemark(at_seed 0 run ${repro} --seed ${seed})
  run_tidemark(at_base 0 run ${repro} --seed ${base})
  require("${at_seed}" "late_rows")
  if(at_seed STREQUAL at_base)
    message(FATAL_ERROR "seeds ${seed} and ${base} give the same output on the reproduction")
  endif()
elseif(MODE STREQUAL "auto")
  # Only the variables given count: the ones the test runner may have are unset.
  set(clean "")
  foreach(name TIDEMARK_SHARD_INDEX TIDEMARK_SHARD_COUNT JOB_COMPLETION_INDEX SLURM_ARRAY_TASK_ID
      SLURM_ARRAY_TASK_MIN SLURM_ARRAY_TASK_MAX SLURM_ARRAY_TASK_STEP SLURM_ARRAY_TASK_COUNT
      CI_NODE_INDEX CI_NODE_TOTAL CIRCLE_NODE_INDEX CIRCLE_NODE_TOTAL BUILDKITE_PARALLEL_JOB
      BUILDKITE_PARALLEL_JOB_COUNT)
    list(APPEND clean --unset=${name})
  endforeach()
  # Shard 0: GitLab's node 1; shard 1: Slurm task 11 of --array=10-12;
  # shard 2: Kubernetes completion index 2 of 3.
  set(env_0 CI_NODE_INDEX=1 CI_NODE_TOTAL=3)
  set(env_1 SLURM_ARRAY_TASK_ID=11 SLURM_ARRAY_TASK_MIN=10 SLURM_ARRAY_TASK_MAX=12
      SLURM_ARRAY_TASK_COUNT=3)
  set(env_2 JOB_COMPLETION_INDEX=2)
  set(count_2 --shard-count 3)
  foreach(i 0 1 2)
    run_tidemark(given 0 explore ${SCENARIO} --seeds 30 --shard ${i}/3 --json given-${i}.json)
    execute_process(COMMAND ${CMAKE_COMMAND} -E env ${clean} ${env_${i}}
        ${TIDEMARK} explore ${SCENARIO} --seeds 30 --shard auto ${count_${i}} --json auto-${i}.json
      WORKING_DIRECTORY ${SCRATCH} RESULT_VARIABLE status OUTPUT_VARIABLE auto ERROR_VARIABLE err)
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "--shard auto with ${env_${i}}: exit ${status}\n${auto}${err}")
    endif()
    require("${err}" "shard ${i}/3 from the ")
    file(READ ${SCRATCH}/given-${i}.json a)
    file(READ ${SCRATCH}/auto-${i}.json b)
    if(NOT auto STREQUAL given OR NOT a STREQUAL b)
      message(FATAL_ERROR "--shard auto with ${env_${i}} is not shard ${i}/3:\n${auto}\n---\n${given}")
    endif()
  endforeach()
  run_tidemark(whole 0 explore ${SCENARIO} --seeds 30 --no-repro)
  run_tidemark(merged 0 explore ${SCENARIO} --seeds 30 --no-repro
    --merge auto-0.json auto-1.json auto-2.json)
  if(NOT whole STREQUAL merged)
    message(FATAL_ERROR "merged text differs:\n${whole}\n---\n${merged}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env ${clean}
      ${TIDEMARK} explore ${SCENARIO} --seeds 30 --shard auto
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 2 OR NOT err MATCHES "--shard auto: error: no CI or batch system's job number is set")
    message(FATAL_ERROR "--shard auto without variables: exit ${status}\n${out}${err}")
  endif()
elseif(MODE STREQUAL "shards")
  run_tidemark(whole 0 explore ${SCENARIO} --seeds 40 --repro-dir repro --json whole.json)
  foreach(i 0 1 2)
    run_tidemark(part 0 explore ${SCENARIO} --seeds 40 --shard ${i}/3 --json shard-${i}.json
      --jobs 2)
    require("${part}" "shard ${i}/3")
  endforeach()
  run_tidemark(merged 0 explore ${SCENARIO} --seeds 40 --repro-dir repro --json merged.json
    --merge shard-2.json shard-0.json shard-1.json)
  if(NOT whole STREQUAL merged)
    message(FATAL_ERROR "merged text differs:\n${whole}\n---\n${merged}")
  endif()
  file(READ ${SCRATCH}/whole.json a)
  file(READ ${SCRATCH}/merged.json b)
  if(NOT a STREQUAL b)
    message(FATAL_ERROR "merged JSON differs from the unsharded run's")
  endif()
  run_tidemark(missing 2 explore ${SCENARIO} --seeds 40 --merge shard-0.json shard-2.json)
elseif(MODE STREQUAL "failures")
  set(args explore ${SCENARIO} --seeds 40 --failures 1)
  run_tidemark(out 0 ${args} --repro-dir repro --json whole.json)
  require("${out}" "seeds 0..39, 1 failure per run")
  require("${out}" ": the failure-free output")
  require("${out}" "without failures: 'windows' subtask 0 at t=500")
  require("${out}" "after the restore: 'windows' subtask 0")
  require("${out}" "late, skipped -> late_to_side_output")
  require("${out}" "judged differently after the restore in")
  require("${out}" "exactly-once, no loss): hold in every run")
  require("${out}" "verified")
  file(GLOB repros ${SCRATCH}/repro/*.yaml)
  list(GET repros 0 repro)
  file(READ ${repro} text)
  require("${text}" "failures:\n  - {")
  run_tidemark(checked 0 check ${repro})
  require("${checked}" "1 passed")
  run_tidemark(failing 0 run ${repro})
  string(REGEX REPLACE "failures:\n  - {[^\n]*}\n" "" free_text "${text}")
  file(WRITE ${SCRATCH}/repro/free.yaml "${free_text}")
  run_tidemark(free 0 run ${SCRATCH}/repro/free.yaml)
  if(failing STREQUAL free)
    message(FATAL_ERROR "the reproduction gives the same output without its failure")
  endif()
  run_tidemark(a 0 ${args} --shard 0/2 --json a.json)
  run_tidemark(b 0 ${args} --shard 1/2 --json b.json)
  run_tidemark(merged 0 ${args} --merge a.json b.json --repro-dir repro --json merged.json)
  file(READ ${SCRATCH}/whole.json whole)
  file(READ ${SCRATCH}/merged.json merged_json)
  if(NOT whole STREQUAL merged_json)
    message(FATAL_ERROR "merged shards differ from the whole campaign")
  endif()
  # Shards of another --failures are another campaign: bad input.
  run_tidemark(other 2 explore ${SCENARIO} --seeds 40 --failures 2 --merge a.json b.json)
elseif(MODE STREQUAL "sweep")
  # The long-tail sweep on a generated trace: the trade-off shows (late share
  # falls to 0 as the bound grows), and shards merged equal the whole sweep.
  run_tidemark(gen 0 gen --rows 3000 --keys 10 --rate 100 --disorder 500ms --stragglers 0.05
    --straggler-delay 8s --seed 7 -o long-tail.csv)
  set(sweep sweep ${SCENARIO} --trace rows=long-tail.csv
    --set sources.rows.watermarks.max_out_of_orderness=0s..9s:3s)
  run_tidemark(whole 0 ${sweep} --json whole.json --svg whole.svg --html whole.html)
  require("${whole}" "| 0ms | 3000 |")
  require("${whole}" "| 9s | 3000 | 0 | 0.0% | 0 | 0 |")
  file(READ ${SCRATCH}/whole.svg svg)
  require("${svg}" "<svg xmlns=\"http://www.w3.org/2000/svg\"")
  # The HTML report holds the same plot inline, and the table.
  file(READ ${SCRATCH}/whole.html html)
  require("${html}" "${svg}")
  require("${html}" "<td>9s</td><td>3000</td><td>0</td><td>0.0%</td>")
  run_tidemark(a 0 ${sweep} --shard 0/2 --json a.json)
  run_tidemark(b 0 ${sweep} --shard 1/2 --json b.json)
  run_tidemark(merged 0 ${sweep} --json merged.json --merge b.json a.json)
  if(NOT whole STREQUAL merged)
    message(FATAL_ERROR "merged sweep differs:\n${whole}\n---\n${merged}")
  endif()
  file(READ ${SCRATCH}/whole.json x)
  file(READ ${SCRATCH}/merged.json y)
  if(NOT x STREQUAL y)
    message(FATAL_ERROR "merged sweep JSON differs from the unsharded sweep's")
  endif()
else()
  message(FATAL_ERROR "unknown MODE '${MODE}'")
endif()
