#!/usr/bin/env bash
# Seed 002 benchmark. Targets on 2 cores: the whole Water table (6 runs of about 42 simulated minutes)
# under 5 s wall; a 1000-run failure sweep (SOR under random failures) under 60 s.
#   usage: bench/002_brazos.sh        (BUILD=build-dir, default build)
source "$(dirname "$0")/common.sh"

s=$(now); "$exe" validate --only 002.table3.water --work "$tmp/v" --jobs 2 -q >"$tmp/report.txt" 2>&1; e=$(now)
calc "f'Water table (6 runs of ~42 simulated min, --jobs 2): {$e - $s:.2f} s wall (target < 5 s)'"

s=$(now); "$exe" sweep scenarios/checkpoint/whatif_failures.sweep.json --out "$tmp/f" --jobs 2 -q 2>/dev/null; e=$(now)
python3 - "$tmp/f/sweep.csv" "$(calc "$e - $s")" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
ok = sum(r["status"] == "ok" for r in rows)
fails = sum(int(r["failures"]) for r in rows if r["status"] == "ok")
print(f"failure sweep: {len(rows)} runs ({ok} ok, {fails} node failures simulated) in {float(sys.argv[2]):.1f} s wall "
      f"(target < 60 s)")
PY
