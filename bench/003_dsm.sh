#!/usr/bin/env bash
# Seed 003 benchmark. Targets on 2 cores: every validation run of the seed (5 benchmarks x 3 systems x
# 5 node counts, plus the UDP check) under 60 s wall; the scale-out what-if (MM on 256 nodes) completes, with its
# wall cost per simulated message.
#   usage: bench/003_dsm.sh        (BUILD=build-dir, default build)
source "$(dirname "$0")/common.sh"

s=$(now); "$exe" validate --only 003 --work "$tmp/v" --jobs 2 -q >"$tmp/report.txt" 2>&1 || true; e=$(now)
runs=$(tail -n +2 "$tmp/v/003_dsm/speedup/sweep.csv" | wc -l)
python3 - "$tmp/v/003_dsm/speedup/sweep.csv" "$(calc "$e - $s")" "$runs" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
dgrams = sum(int(r["datagrams_on_wire"]) for r in rows)
print(f"validation of seed 003: {sys.argv[3]} DSM runs + 3 UDP checks in {float(sys.argv[2]):.1f} s wall "
      f"(target < 60 s, --jobs 2), {dgrams / 1e6:.2f} M datagrams simulated")
PY

s=$(now); "$exe" run scenarios/dsm/whatif_scaleout.json --out "$tmp/s" -q >/dev/null 2>&1; e=$(now)
python3 - "$tmp/s/result.json" "$(calc "$e - $s")" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))["metrics"]
wall = float(sys.argv[2])
msgs = m["datagrams_on_wire"]
print(f"scale-out what-if, MM on 256 nodes (Mocha): {m['exec_time_s']:.2f} simulated s, {msgs / 1e6:.2f} M datagrams "
      f"({m['lost_datagrams']} lost), {wall:.1f} s wall: {1e6 * wall / msgs:.1f} us of wall per simulated message")
PY
