#!/usr/bin/env bash
# Cost against size: each model's scenarios/<model>/scale.json at growing sizes (its one size parameter set with
# --set), on a generated platform. For each run: wall time, peak memory (/usr/bin/time -v's maximum resident set),
# the simulated events (SimGrid activities completed and sleeps ended, the run's verbose line) and events per wall
# second; the bare S4U ping-pong of this same bench run is the yardstick (its events per wall second: the engine's
# own floor on this machine, under this load). Last, each model's growth exponent: the least-squares slope of
# log(wall) and log(memory) against log(size). Wall times depend on the machine's load: the load average is printed.
# Usage: bench/scale.sh [SIZES...]        (default: 16 64 256 1024; MODELS="dsm msglog" restricts the models)
# Output: one table on stdout; with OUT=DIR also DIR/scale.dat (model size wall_s peak_kB) and DIR/scale.png, wall
# time against size on log-log axes, one line per model (gnuplot).
source "$(dirname "$0")/common.sh"
bare=${BUILD:-build}/bench_pingpong_bare
sizes=("${@:-16 64 256 1024}")
read -r -a sizes <<<"${sizes[*]}"
declare -A param=([dsm]=params.nodes [msglog]=params.ranks [checkpoint]=params.nodes [javaparty]=params.machines)
models=${MODELS:-dsm msglog checkpoint javaparty}

/usr/bin/time -f "%e" -o "$tmp/pp.time" "$bare" 200000 >/dev/null 2>&1
pp_wall=$(cat "$tmp/pp.time")
pp_rate=$(calc "round(400000 / $pp_wall)")
echo "yardstick: bare S4U ping-pong, 200000 round trips (400000 events) in $pp_wall s wall: $pp_rate events per wall s"
printf "%-11s %7s %9s %9s %12s %12s %9s\n" model size "wall s" "peak MB" events "per wall s" "of bare"
: >"$tmp/all.txt"
for m in $models; do
  scenario=scenarios/$m/scale.json
  [ -f "$scenario" ] || { echo "$m: no $scenario (not scaled yet)"; continue; }
  for n in "${sizes[@]}"; do
    # No guard page under each actor's stack: thousands of actors would pass the kernel's limit of memory maps
    # (vm.max_map_count, 65,530), and the guard only catches a stack overflow (results are the same without it).
    # Without a guard SimGrid takes a stack from malloc, zeroed; once a freed stack has raised glibc's dynamic mmap
    # threshold above a stack's size, later stacks come from the heap and the zeroing makes all of each resident (a
    # model that starts and ends actors as it runs: checkpointing at 1,024 nodes, 8.3 GB instead of 106 MB). A fixed
    # threshold keeps every stack its own mapping of untouched zero pages (results identical).
    if ! MALLOC_MMAP_THRESHOLD_=1048576 /usr/bin/time -v -o "$tmp/time" "$exe" run "$scenario" --set "${param[$m]}=$n" --out "$tmp/run" -q \
      --cfg=contexts/guard-size:0 --log=cs_run.thres:verbose >/dev/null 2>"$tmp/run.err"; then
      printf "%-11s %7s failed: %s\n" "$m" "$n" "$(grep -v VERBOSE "$tmp/run.err" | head -1)"
      continue
    fi
    wall=$(sed -n 's/.*Elapsed (wall clock) time.*: //p' "$tmp/time" | awk -F: '{s=0; for(i=1;i<=NF;i++) s=s*60+$i; print s}')
    kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/time")
    events=$(sed -n 's/.*\[cs_run\/VERBOSE\] .*: \([0-9]*\) events (.*/\1/p' "$tmp/run.err" | head -1)
    rate=$(calc "round(${events:-0} / max($wall, 1e-3))")
    printf "%-11s %7d %9.2f %9.1f %12d %12d %8.1f%%\n" "$m" "$n" "$wall" "$(calc "$kb / 1024")" "${events:-0}" "$rate" \
      "$(calc "100 * $rate / $pp_rate")"
    echo "$m $n $wall $kb" >>"$tmp/all.txt"
  done
done
python3 - "$tmp/all.txt" <<'PY'
import math, sys
rows = {}
for line in open(sys.argv[1]):
    m, n, wall, kb = line.split()
    rows.setdefault(m, []).append((int(n), float(wall), float(kb)))
def slope(points):
    xs = [math.log(x) for x, _ in points]; ys = [math.log(max(y, 1e-3)) for _, y in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else float("nan")
for m, pts in rows.items():
    if len(pts) < 2:
        continue
    print(f"growth exponent of {m} ({pts[0][0]}..{pts[-1][0]}): wall ~ size^{slope([(n, w) for n, w, _ in pts]):.2f}, "
          f"memory ~ size^{slope([(n, k) for n, _, k in pts]):.2f}")
PY
if [ -n "${OUT:-}" ]; then
  mkdir -p "$OUT"
  cp "$tmp/all.txt" "$OUT/scale.dat"
  plots=""
  for m in $(cut -d' ' -f1 "$OUT/scale.dat" | uniq); do
    plots+="${plots:+, }'$OUT/scale.dat' using 2:(strcol(1) eq '$m' ? \$3 : 1/0) with linespoints title '$m'"
  done
  gnuplot -e "set terminal pngcairo size 800,500; set output '$OUT/scale.png'; set logscale xy; \
    set xlabel 'nodes (ranks, machines)'; set ylabel 'wall time (s)'; set key left top; plot $plots" &&
    echo "plot: $OUT/scale.png"
fi
