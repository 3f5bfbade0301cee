#!/usr/bin/env bash
# Peak memory and time of the detailed commands against trace length:
# `report` (every file of a report folder) and `run --json` over traces made
# here with `tidemark gen` (seeded), each under /usr/bin/time -v. Detail is
# listed for the first rows only (reports::kReportDetailRows), the sink CSVs
# and records.jsonl are streamed, so peak RSS should not grow with the rows.
#   cmake --preset release && cmake --build --preset release
#   bench/report-memory.sh [--rows "1000000 10000000"] [--json-rows 1000000] [--tidemark PATH] [--work DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
TIDEMARK=build/release/app/tidemark
WORK=/tmp/tidemark-bench
ROWS="1000000 10000000"
JSON_ROWS="1000000"
while [ $# -gt 0 ]; do
  case "$1" in
    --rows) ROWS=$2; shift 2 ;;
    --json-rows) JSON_ROWS=$2; shift 2 ;;
    --tidemark) TIDEMARK=$2; shift 2 ;;
    --work) WORK=$2; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$WORK"
JOB=bench/scenarios/tumbling-count-avg.yaml

trace_of() {  # ROWS: the trace, generated on first use (as bench/memory.sh makes it)
  local trace="$WORK/rows-$1.csv"
  if [ ! -f "$trace" ]; then
    "$TIDEMARK" gen --rows "$1" --keys 1000 --skew 1.1 --rate 1000 --disorder 2s \
      --stragglers 0.01 --straggler-delay 30s --seed 42 -o "$trace"
  fi
  echo "$trace"
}

measure() {  # LABEL ROWS COMMAND...: one line of the table
  local label=$1 rows=$2
  shift 2
  /usr/bin/time -v "$@" > "$WORK/out.txt" 2> "$WORK/time.txt"
  local rss wall
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$WORK/time.txt")
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$WORK/time.txt")
  printf '| %-12s | %10d | %10s | %8d KB |\n' "$label" "$rows" "$wall" "$rss"
}

echo "| command      |       rows | wall       | peak RSS    |"
echo "|---|---|---|---|"
for rows in $ROWS; do
  trace=$(trace_of "$rows")
  rm -rf "$WORK/report-$rows"
  measure report "$rows" "$TIDEMARK" report "$JOB" --trace "rows=$trace" -o "$WORK/report-$rows"
  lines=$(wc -l < "$WORK/report-$rows/records.jsonl")
  if [ "$lines" != "$rows" ]; then
    echo "MISMATCH: records.jsonl has $lines lines for $rows rows" >&2
    exit 1
  fi
done
for rows in $JSON_ROWS; do
  trace=$(trace_of "$rows")
  measure "run --json" "$rows" "$TIDEMARK" run "$JOB" --trace "rows=$trace" --json
done
