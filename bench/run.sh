#!/usr/bin/env bash
# Throughput benchmark: tidemark against the hand-written baseline
# (bench/baseline.cc) on seeded traces from `tidemark gen`.
#
#   cmake --preset release && cmake --build --preset release
#   bench/run.sh [--rounds N] [--rows "1000000 10000000"] [--all] [--work DIR]
#
# 1. Generates the traces (1,000 keys, Zipf skew 1.1, 1,000 rows/s, 2 s
#    disorder, 1% stragglers 30 s late, seed 42) under DIR (default
#    /tmp/tidemark-bench) unless they exist.
# 2. Checks that the results agree before timing anything: on the first trace,
#    tidemark's sinks (a normal `run`, at parallelism 1 and 8) sorted must equal
#    the baseline's sorted, row for row; on every trace, each timed run's window
#    and late counts must equal the baseline's. A mismatch stops the script.
# 3. Times the baseline and tidemark (`run --count-only`) alternately, N rounds
#    (default 5), each under /usr/bin/time, and prints the median wall time,
#    rows per second, the largest peak RSS and the ratio of medians to the
#    baseline. --all adds the sliding and session jobs (no baseline: rows/s and
#    RSS only).
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=5
ROWS="1000000 10000000"
ALL=0
WORK=/tmp/tidemark-bench
TIDEMARK=build/release/app/tidemark
BASELINE=build/release/bench/baseline
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) ROUNDS=$2; shift 2 ;;
    --rows) ROWS=$2; shift 2 ;;
    --all) ALL=1; shift ;;
    --work) WORK=$2; shift 2 ;;
    --tidemark) TIDEMARK=$2; shift 2 ;;
    --baseline) BASELINE=$2; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$WORK"

TUMBLING="tumbling-count-avg tumbling-count-avg-p8"
OTHERS="sliding-count-avg sliding-count-avg-p8 session-count-avg session-count-avg-p8"

trace_of() { echo "$WORK/rows-$1.csv"; }

for rows in $ROWS; do
  trace=$(trace_of "$rows")
  if [ ! -f "$trace" ]; then
    "$TIDEMARK" gen --rows "$rows" --keys 1000 --skew 1.1 --rate 1000 --disorder 2s \
      --stragglers 0.01 --straggler-delay 30s --seed 42 -o "$trace"
  fi
done

# A sink section of `tidemark run`, header first, rows sorted.
sorted_sink() {  # RUN_OUTPUT SINK
  awk -v sink="$2" '/^== /{on = ($2 == sink); next} /^ledger:/{on = 0} on && NF > 0' "$1" |
    { IFS= read -r header; echo "$header"; LC_ALL=C sort; }
}
sorted_csv() { { IFS= read -r header; echo "$header"; LC_ALL=C sort; } < "$1"; }

# --- 2. results agree --------------------------------------------------------
first=$(trace_of "${ROWS%% *}")
mkdir -p "$WORK/check"
"$BASELINE" "$first" --out "$WORK/check" > /dev/null
for job in $TUMBLING; do
  "$TIDEMARK" run --trace "rows=$first" "bench/scenarios/$job.yaml" > "$WORK/check/$job.txt"
  for sink in windows late; do
    if ! cmp -s <(sorted_sink "$WORK/check/$job.txt" "$sink") \
                <(sorted_csv "$WORK/check/$sink.csv"); then
      echo "MISMATCH: $job sink '$sink' differs from the baseline on $first" >&2
      exit 1
    fi
  done
done
echo "results agree: tumbling p=1 and p=8 sinks equal the baseline's, sorted ($first)"

# --- 3. timing ---------------------------------------------------------------
# One timed run; appends "microseconds kilobytes" to FILE (wall time from
# date, which /usr/bin/time rounds to 10 ms; peak RSS from /usr/bin/time) and
# checks the counts.
timed() {  # FILE EXPECTED_COUNTS COMMAND...
  local file=$1 expected=$2
  shift 2
  local out start stop
  start=$(date +%s%N)
  out=$(/usr/bin/time -f "%M" -o "$WORK/time.txt" "$@")
  stop=$(date +%s%N)
  echo "$(( (stop - start) / 1000 )) $(cat "$WORK/time.txt")" >> "$file"
  if [ -n "$expected" ]; then
    local counts
    counts=$(echo "$out" | grep -o 'windows [0-9]*, late [0-9]*$')
    if [ "$counts" != "$expected" ]; then
      echo "MISMATCH: '$*' gave '$counts', the baseline '$expected'" >&2
      exit 1
    fi
  fi
}
median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
summary() {  # FILE ROWS BASELINE_MEDIAN LABEL
  local med rss
  med=$(cut -d' ' -f1 "$1" | median | awk '{print $1 / 1e6}')
  rss=$(cut -d' ' -f2 "$1" | sort -n | tail -1)
  awk -v label="$4" -v rows="$2" -v med="$med" -v rss="$rss" -v base="$3" 'BEGIN {
    ratio = base > 0 ? sprintf("%.2fx", med / base) : "-";
    printf "| %-24s | %10d | %7.3f s | %6.2f M | %8d KB | %6s |\n",
           label, rows, med, rows / med / 1e6, rss, ratio }'
}

jobs="$TUMBLING"
[ "$ALL" = 1 ] && jobs="$jobs $OTHERS"
echo
echo "rounds: $ROUNDS, alternating; wall time is the median, peak RSS the largest"
echo
echo "| job                      |       rows | wall (med) | rows/s   | peak RSS    | ratio  |"
echo "|---|---|---|---|---|---|"
for rows in $ROWS; do
  trace=$(trace_of "$rows")
  rm -f "$WORK"/t-*.txt
  expected=$("$BASELINE" "$trace")
  for ((round = 0; round < ROUNDS; ++round)); do
    timed "$WORK/t-baseline.txt" "$expected" "$BASELINE" "$trace"
    for job in $jobs; do
      check=""
      case "$job" in tumbling*) check="$expected" ;; esac
      timed "$WORK/t-$job.txt" "$check" \
        "$TIDEMARK" run --count-only --trace "rows=$trace" "bench/scenarios/$job.yaml"
    done
  done
  base=$(cut -d' ' -f1 "$WORK/t-baseline.txt" | median | awk '{print $1 / 1e6}')
  summary "$WORK/t-baseline.txt" "$rows" 0 "baseline"
  for job in $jobs; do
    case "$job" in tumbling*) b=$base ;; *) b=0 ;; esac
    summary "$WORK/t-$job.txt" "$rows" "$b" "$job"
  done
done
