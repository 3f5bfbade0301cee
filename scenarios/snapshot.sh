#!/usr/bin/env bash
# Writes what every command prints and writes for every shipped scenario into
# one folder, so that two builds can be compared with `diff -r`: a change that
# must not alter behaviour shows an empty diff.
#
#   scenarios/snapshot.sh OUT [TIDEMARK]     (default build/dev/app/tidemark)
#
# Per scenario: run, run --json, report (every file), explain, lint, check, and
# an explore campaign of 30 seeds with its JSON; sweeps for the sweep scenarios.
# Each command's stdout, stderr and exit status are kept. Paths are relative to
# the repository root, so snapshots of two checkouts compare equal.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${1:?usage: scenarios/snapshot.sh OUT [TIDEMARK]}
TIDEMARK=$(realpath "${2:-build/dev/app/tidemark}")
mkdir -p "$OUT"
OUT=$(realpath "$OUT")

capture() {  # capture NAME COMMAND...: stdout, stderr and exit status of one command
  local name=$1
  shift
  "$@" >"$name.out" 2>"$name.err"
  echo $? >"$name.exit"
}

find scenarios -name '*.yaml' | LC_ALL=C sort | while read -r scenario; do
  dir="$OUT/${scenario%.yaml}"
  mkdir -p "$dir"
  capture "$dir/run" "$TIDEMARK" run "$scenario"
  capture "$dir/run-json" "$TIDEMARK" run "$scenario" --json
  capture "$dir/report" "$TIDEMARK" report "$scenario" -o "$dir/report"
  capture "$dir/explain" "$TIDEMARK" explain "$scenario"
  capture "$dir/lint" "$TIDEMARK" lint "$scenario"
  capture "$dir/check" "$TIDEMARK" check "$scenario"
  capture "$dir/explore" "$TIDEMARK" explore "$scenario" --seeds 30 --jobs 1 \
    --json "$dir/explore.json" --repro-dir "$dir/repro"
done

sweep="$OUT/sweeps"
mkdir -p "$sweep"
capture "$sweep/hand-checked" "$TIDEMARK" sweep scenarios/explore/sweep-hand-checked.yaml \
  --set sources.r.watermarks.max_out_of_orderness=0s,1s,2s
capture "$sweep/long-tail" "$TIDEMARK" sweep scenarios/explore/sweep-long-tail.yaml \
  --set sources.rows.watermarks.max_out_of_orderness=0s..10s:2s --html "$sweep/long-tail.html"
# Paths in outputs are the scenarios' relative paths; the output folder's own
# absolute path is replaced so that two snapshots compare equal.
grep -rlF "$OUT" "$OUT" | while read -r file; do sed -i "s#$OUT#OUT#g" "$file"; done
echo "snapshot written to $OUT"
