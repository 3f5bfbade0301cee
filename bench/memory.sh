#!/usr/bin/env bash
# Peak memory of a streamed run against trace length: generates 1M- and
# 10M-row traces with `tidemark gen` (seeded) and runs the tumbling benchmark
# job on each under /usr/bin/time -v. Needs a release build:
#   cmake --preset release && cmake --build --preset release
#   bench/memory.sh [build/release/app/tidemark] [workdir]
set -euo pipefail
cd "$(dirname "$0")/.."
TIDEMARK=${1:-build/release/app/tidemark}
WORK=${2:-/tmp/tidemark-bench}
mkdir -p "$WORK"
for rows in 1000000 10000000; do
  trace="$WORK/rows-$rows.csv"
  if [ ! -f "$trace" ]; then
    "$TIDEMARK" gen --rows "$rows" --keys 1000 --skew 1.1 --rate 1000 --disorder 2s \
      --stragglers 0.01 --straggler-delay 30s --seed 42 -o "$trace"
  fi
  echo "== $rows rows"
  /usr/bin/time -v "$TIDEMARK" run --count-only --trace "rows=$trace" \
    bench/scenarios/tumbling-count-avg.yaml 2> "$WORK/time-$rows.txt"
  grep -E "Maximum resident set size|Elapsed \(wall clock\)" "$WORK/time-$rows.txt"
done
