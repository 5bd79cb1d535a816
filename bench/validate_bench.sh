#!/usr/bin/env bash
# Validation against the engine's own limit, side by side in one run: a bare S4U ping-pong of 200,000 round
# trips (bench_pingpong_bare), the full `clustersim validate` with the CPU time of each validation file, the events
# the whole validation simulates with the floor they set at the bare engine's cost per event
# (bench/validation_events.py), the simulated events (SimGrid activities completed: communications, computations,
# I/O; sleeps ended) per wall second of one run of each model, and the ratio full validation / ping-pong (target
# <= 30x). Wall times depend on the machine's load, so the load average and the CPU time (user + system) are printed
# beside them.
# Usage: bench/validate_bench.sh [BASE_REPORT.json]   (with a baseline report: the new one must equal it)
source "$(dirname "$0")/common.sh"
bare=${BUILD:-build}/bench_pingpong_bare
base=${1:-}
timed() { /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$@"; read -r wall user sys <"$tmp/time"; }

timed "$bare" 200000 >/dev/null 2>&1
pp_wall=$wall pp_cpu=$(calc "round($user + $sys, 2)")
echo "bare S4U ping-pong, 200000 round trips: $pp_wall s wall, $pp_cpu s CPU, $(calc "round(400000 / $pp_wall)") comms per wall s"

# Each run logs its simulated events (one verbose line in its kept log), for the floor below.
timed "$exe" validate --report "$tmp/report.json" --work "$tmp/work" --log=cs_run.thres:verbose >"$tmp/validate.txt" \
  2>"$tmp/validate.err" || true
v_wall=$wall v_cpu=$(calc "round($user + $sys, 2)") v_user=$user v_sys=$sys
echo "full validation: $v_wall s wall, $v_cpu s CPU ($v_user user, $v_sys system); load average now $(cut -d' ' -f1-3 /proc/loadavg)"
# All files' runs share one pool of workers, so a file has no wall time of its own: its CPU time is printed.
sed -n 's/^\[validate\] \(.*\): \([0-9]*\) points in \(.*\) CPU s$/  \1|\2|\3/p' "$tmp/validate.err" |
  while IFS='|' read -r file points secs; do printf "  %-24s %5d points %8.2f s CPU\n" "$file" "$points" "$secs"; done
grep '^\[validate\] all runs:' "$tmp/validate.err" | sed 's/^\[validate\] /  /'
tail -1 "$tmp/validate.txt"

echo "simulated events of the full validation, and its floor at the bare engine's cost per event:"
python3 bench/validation_events.py "$tmp/work" "$pp_wall"

echo "simulated events per wall second, one run of each model (engine.run() only):"
printf "  %-22s %-44s %10s %9s %12s\n" model scenario events "sim s" "per wall s"
for s in speculative_read/case1 javaparty/raytracer checkpoint/water dsm/speedup msglog/nas microbench/udp_rtt \
  pingpong/pingpong; do
  "$exe" run "scenarios/$s.json" --out "$tmp/run" -q --log=cs_run.thres:verbose 2>"$tmp/run.err" >/dev/null
  sed -n 's/.*\[cs_run\/VERBOSE\] \(.*\): \([0-9]*\) events (.*) in \([0-9.]*\) wall s.*(\([0-9]*\) per wall s)/\1 \2 \3 \4/p' \
    "$tmp/run.err" | while read -r model n secs rate; do
    printf "  %-22s %-44s %10d %9.3f %12d\n" "$model" "scenarios/$s.json" "$n" "$secs" "$rate"
  done
done
printf "  %-22s %-44s %10d %9.3f %12d\n" "bare S4U" "bench/pingpong_bare.cpp (200000 round trips)" 400000 "$pp_wall" \
  "$(calc "round(400000 / $pp_wall)")"

echo "full validation / ping-pong: $(calc "round($v_wall / $pp_wall, 1)")x wall (target <= 30x), $(calc "round($v_cpu / $pp_cpu, 1)")x CPU"
if [ -n "$base" ]; then
  python3 bench/compare_reports.py "$base" "$tmp/report.json" | tail -5
fi
