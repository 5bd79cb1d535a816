#!/usr/bin/env bash
# Seed 000: the full test case 1 + 2 sweep (3 methods x 6 speeds x 2 local times, plus 3 p values x 3 methods x
# 6 speeds) on 2 cores. Target: under 5 s wall.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/case2.json" <<JSON
{"scenario": "$PWD/scenarios/speculative_read/case2.json",
 "grid": {"params.write_probability": [0, 0.1, 0.25], "params.method": ["NR", "FR", "TR"],
          "platform.slowdown": [1, 2, 4, 8, 16, 32]}}
JSON
s=$(date +%s.%N)
"$build/clustersim" sweep scenarios/speculative_read/case1_sweep.json --out "$tmp/c1" --jobs 2 -q
"$build/clustersim" sweep "$tmp/case2.json" --out "$tmp/c2" --jobs 2 -q
e=$(date +%s.%N)
points=$(( $(wc -l < "$tmp/c1/sweep.csv") + $(wc -l < "$tmp/c2/sweep.csv") - 2 ))
python3 -c "w=$e-$s; print(f'seed 000 full sweep: {$points} points in {w:.2f} s wall on 2 jobs ({1000*w/$points:.1f} ms per point; target < 5 s)')"
