#!/usr/bin/env bash
# The cost of checkpointing: the tumbling benchmark job with a checkpoint
# every second of processing time and no failure, against the same job
# without checkpointing, at parallelism 1 and 8, over the seeded traces of
# bench/run.sh (1,000 rows/s: one checkpoint per 1,000 rows). Needs a release
# build and hyperfine:
#   cmake --preset release && cmake --build --preset release
#   bench/checkpoints.sh [build/release/app/tidemark] [workdir] ["1000000 10000000"]
# Prints, per trace and job, the mean wall time of each (hyperfine, 2 warm-up
# runs), the ratio, and the peak RSS of one run of each (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."
TIDEMARK=${1:-build/release/app/tidemark}
WORK=${2:-/tmp/tidemark-bench}
ROWS=${3:-"1000000 10000000"}
mkdir -p "$WORK"
printf '| rows | job | without s | with s | ratio | RSS without MB | RSS with MB | checkpoints |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for rows in $ROWS; do
  trace="$WORK/rows-$rows.csv"
  [ -f "$trace" ] || "$TIDEMARK" gen --rows "$rows" --keys 1000 --skew 1.1 --rate 1000 \
    --disorder 2s --stragglers 0.01 --straggler-delay 30s --seed 42 -o "$trace"
  for job in tumbling-count-avg tumbling-count-avg-p8; do
    plain=bench/scenarios/$job.yaml
    checkpointed=bench/scenarios/$job-checkpointed.yaml
    # The same counts, or the comparison means nothing.
    a=$("$TIDEMARK" run --count-only --trace "rows=$trace" "$plain" | grep '^ledger:')
    b=$("$TIDEMARK" run --count-only --trace "rows=$trace" "$checkpointed" | grep '^ledger:')
    [ "$a" = "$b" ] || { echo "counts differ for $job: '$a' vs '$b'" >&2; exit 1; }
    hyperfine -N -w 2 -r 5 --export-json "$WORK/checkpoints.json" \
      "$TIDEMARK run --count-only --trace rows=$trace $plain" \
      "$TIDEMARK run --count-only --trace rows=$trace $checkpointed" > /dev/null
    read -r without with < <(python3 -c "
import json; r = json.load(open('$WORK/checkpoints.json'))['results']
print(r[0]['mean'], r[1]['mean'])")
    rss() {
      /usr/bin/time -f '%M' -o "$WORK/checkpoints-rss.txt" \
        "$TIDEMARK" run --count-only --trace "rows=$trace" "$1" > /dev/null
      echo $(($(cat "$WORK/checkpoints-rss.txt") / 1024))
    }
    count=$("$TIDEMARK" run --json --trace "rows=$trace" "$checkpointed" 2>/dev/null |
      python3 -c "import json,sys; print(json.load(sys.stdin).get('recovery', {}).get('checkpoints_completed', '?'))" \
      || echo '?')
    printf '| %s | %s | %.3f | %.3f | %.2fx | %s | %s | %s |\n' "$rows" "$job" "$without" "$with" \
      "$(python3 -c "print($with / $without)")" "$(rss "$plain")" "$(rss "$checkpointed")" "$count"
  done
done
