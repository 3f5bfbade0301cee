#!/usr/bin/env bash
# Time and peak memory of the tumbling benchmark job fed the same generated
# trace as CSV, JSON lines and a Kafka console-consumer dump. Generates each
# trace with `tidemark gen --format F` (seeded, so the three hold the same
# rows), checks that the three runs print the same counts, then times each
# under /usr/bin/time -v. Rows: 1M, and 100k for the flat-memory check (peak
# RSS must not grow with the trace). Needs a release build:
#   cmake --preset release && cmake --build --preset release
#   bench/formats.sh [build/release/app/tidemark] [workdir]
set -euo pipefail
cd "$(dirname "$0")/.."
TIDEMARK=${1:-build/release/app/tidemark}
WORK=${2:-/tmp/tidemark-bench-formats}
mkdir -p "$WORK"
declare -A ext=([csv]=csv [jsonl]=jsonl [kafka]=kafka)
for rows in 100000 1000000; do
  for format in csv jsonl kafka; do
    trace="$WORK/rows-$rows.${ext[$format]}"
    if [ ! -f "$trace" ]; then
      "$TIDEMARK" gen --format "$format" --rows "$rows" --keys 1000 --skew 1.1 --rate 1000 \
        --disorder 2s --stragglers 0.01 --straggler-delay 30s --seed 42 -o "$trace"
    fi
    # The format comes from the extension (.csv, .jsonl, .kafka).
    /usr/bin/time -v "$TIDEMARK" run --count-only --trace "rows=$trace" \
      bench/scenarios/tumbling-count-avg.yaml > "$WORK/out-$rows-$format.txt" \
      2> "$WORK/time-$rows-$format.txt"
    if ! cmp -s "$WORK/out-$rows-csv.txt" "$WORK/out-$rows-$format.txt"; then
      echo "the $format run differs from the CSV run at $rows rows" >&2
      diff "$WORK/out-$rows-csv.txt" "$WORK/out-$rows-$format.txt" >&2 || true
      exit 1
    fi
    echo "== $format, $rows rows ($(stat -c %s "$trace") bytes): $(tail -1 "$WORK/out-$rows-$format.txt")"
    grep -E "Maximum resident set size|Elapsed \(wall clock\)" "$WORK/time-$rows-$format.txt"
  done
done
