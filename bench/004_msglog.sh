#!/usr/bin/env bash
# Seed 004 benchmark. Target on 2 cores: the whole seed-004 validation (30 runs: 6 benchmarks x base,
# buffering-only, 4MBx1, x2, x3, which give Table 1's times and Table 2's buffer-full rates; the longest ~850
# simulated seconds with up to ~100k messages per rank) under 30 s wall.
#   usage: bench/004_msglog.sh        (BUILD=build-dir, default build)
source "$(dirname "$0")/common.sh"

# The two dearest single runs: SP with synchronous logging (the longest simulated time) and LU (the most messages).
for b in sp lu; do
  s=$(now); "$exe" run scenarios/msglog/nas.json --set params.bench=$b --set params.scheme=logging --set params.pages=1 \
    --out "$tmp/$b" -q; e=$(now)
  python3 - "$tmp/$b/result.json" "$(calc "$e - $s")" $b <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))["metrics"]
print(f"one run, {sys.argv[3]} 4MBx1: {float(sys.argv[2]):.2f} s wall for {m['exec_time_s']:.0f} simulated s, "
      f"{m['msgs_logged_max']} messages logged by the busiest rank, {m['simulated_transfers']} transfers simulated")
PY
done

# Tables 1 and 2: the validation file's 30 runs, two processes, as `clustersim validate` runs them.
s=$(now); "$exe" validate --only 004.table --work "$tmp/v" --jobs 2 -q >"$tmp/report.txt"; e=$(now)
calc "f'seed 004 validation (Tables 1 and 2), 30 runs, --jobs 2: {$e - $s:.2f} s wall (target < 30 s)'"
tail -1 "$tmp/report.txt"
