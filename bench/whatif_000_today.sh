#!/usr/bin/env bash
# What-if of seed 000 on today's machine: runs scenarios/microbench/whatif_000_today.json (the seed's nodes, then
# every node replaced by platforms/generated/reference_vm.json), prints where NR and FR cross, and redraws
# docs/img/calibration_whatif_000.png. PROFILE=platforms/generated/<host>.json uses another machine's profile.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build}
profile=${PROFILE:-platforms/generated/reference_vm.json}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# The copy lives in a temporary folder, so its paths are made absolute (a sweep resolves them from its own folder).
python3 - scenarios/microbench/whatif_000_today.json "$profile" "$tmp/sweep.json" <<'PY'
import json, os, sys
src, profile, out = sys.argv[1:]
sweep = json.load(open(src))
sweep["scenario"] = os.path.abspath(os.path.join(os.path.dirname(src), sweep["scenario"]))
sweep["grid"]["platform.host_profile"] = ["", os.path.abspath(profile)]
json.dump(sweep, open(out, "w"), indent=1)
PY
"$build/clustersim" sweep "$tmp/sweep.json" --out "$tmp/out" --jobs 2 -q
csv="$tmp/out/sweep.csv"
# Where NR and FR cross (the k at which FR's read time drops below NR's, interpolated linearly as validate does),
# and the fork of the 32 MB client that sets it.
python3 - "$csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
def crossover(today):
    t = {}
    for r in rows:
        if (r["platform.host_profile"] != "") == today:
            t.setdefault(r["params.method"], {})[float(r["platform.slowdown"])] = float(r["read_time_per_op_s"])
    ks = sorted(t["NR"])
    for a, b in zip(ks, ks[1:]):
        d0, d1 = t["NR"][a] - t["FR"][a], t["NR"][b] - t["FR"][b]
        if d0 < 0 <= d1:
            return f"k = {a + (b - a) * -d0 / (d1 - d0):.2f} (FR read {1e3 * t['FR'][1]:.2f} ms a read, mostly its fork)"
    return "none in the swept range"
print("NR/FR crossover, test case 1, 30 ms local processing:")
print("  seed nodes (Linux 2.4, 2001 JVM):", crossover(False))
print("  today's machine                 :", crossover(True))
PY
mkdir -p docs/img
gnuplot -e "datafile='$csv'; set terminal pngcairo size 960,640 font ',11'; set output 'docs/img/calibration_whatif_000.png'" \
  plots/calibration_whatif_000.gp
echo "plot: docs/img/calibration_whatif_000.png"
