#!/usr/bin/env bash
# Time and peak memory against parallelism: the tumbling benchmark job over
# one seeded 20,000-row trace, first with only the source at parallelism P
# (the window at 1: P channels), then with the whole job at P (a keyBy from P
# source subtasks to P window subtasks: P x P channels). Needs a release build:
#   cmake --preset release && cmake --build --preset release
#   bench/parallelism.sh [build/release/app/tidemark] [workdir] ["1 8 128 1000"]
set -euo pipefail
cd "$(dirname "$0")/.."
TIDEMARK=${1:-build/release/app/tidemark}
WORK=${2:-/tmp/tidemark-bench}
LEVELS=${3:-"1 8 128 1000"}
mkdir -p "$WORK"
trace="$WORK/parallelism-20k.csv"
[ -f "$trace" ] || "$TIDEMARK" gen --rows 20000 --keys 1000 --rate 1000 --disorder 2s --seed 42 \
  -o "$trace"
job=bench/scenarios/tumbling-count-avg-p8.yaml
printf '| shape | P | channels | wall s | peak RSS MB |\n|---|---|---|---|---|\n'
for shape in source-only whole-job; do
  for p in $LEVELS; do
    scenario="$WORK/parallelism-$shape-$p.yaml"
    if [ "$shape" = source-only ]; then
      sed -e "s/parallelism: 8/parallelism: $p/" -e 's/^    key_by: key$/    key_by: key\n    parallelism: 1/' \
        "$job" > "$scenario"
      channels=$p
    else
      sed -e "s/parallelism: 8/parallelism: $p/" "$job" > "$scenario"
      channels=$((p * p))
    fi
    /usr/bin/time -f '%e %M' -o "$WORK/parallelism-time.txt" \
      "$TIDEMARK" run --count-only --trace "rows=$trace" "$scenario" > /dev/null
    read -r wall rss < "$WORK/parallelism-time.txt"
    printf '| %s | %s | %s | %s | %s |\n' "$shape" "$p" "$channels" "$wall" "$((rss / 1024))"
  done
done
