#!/usr/bin/env bash
# The cost of intervals: for each validation file given (default: 002_brazos), the wall time of
# `validate --only FILE` and of `validate --only FILE --uncertainty N` (default 20), as medians over paired runs
# (farm-bench: A and B in turn, the ratio taken pair by pair), and their ratio (target <= 12x with 20 samples).
# An uncertainty run runs the point runs and the N samples, so its plain cost is N + 1 times the point run.
# Usage: bench/uncertainty.sh [-n RUNS] [-s SAMPLES] [FILE...]
source "$(dirname "$0")/common.sh"
runs=3 samples=20
while getopts "n:s:" opt; do
  case $opt in
  n) runs=$OPTARG ;;
  s) samples=$OPTARG ;;
  *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
files=("${@:-002_brazos}")
command -v farm-bench >/dev/null || { echo "bench/uncertainty.sh needs farm-bench"; exit 2; }
for f in "${files[@]}"; do
  echo "== validate --only $f: --uncertainty $samples (A) against the point runs (B), $runs pairs"
  farm-bench -n "$runs" --warmup 0 --timeout 3600 \
    --vs "$exe validate --only $f -q --jobs 2" -- "$exe" validate --only "$f" -q --jobs 2 --uncertainty "$samples" |
    tee "$tmp/bench.txt"
done
