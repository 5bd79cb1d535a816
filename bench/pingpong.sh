#!/usr/bin/env bash
# Framework cost: a bare S4U ping-pong against the same exchange run through `clustersim run` (JSON scenario and
# platform, registry, recorder, result.json). Prints wall times and the overhead; target < 25%.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build}
n=${1:-200000}
best() { # best of 3 wall times of a command
  local b=999999
  for _ in 1 2 3; do
    local s=$(date +%s.%N); "$@" >/dev/null 2>&1; local e=$(date +%s.%N)
    b=$(python3 -c "print(min($b, $e - $s))")
  done
  echo "$b"
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
bare=$(best "$build/bench_pingpong_bare" "$n")
cs=$(best "$build/clustersim" run scenarios/pingpong/pingpong.json --set params.round_trips=$n --out "$tmp/o" -q)
simb=$("$build/bench_pingpong_bare" "$n")
sims=$(python3 -c "import json;print(json.load(open('$tmp/o/result.json'))['metrics']['total_time_s'])")
python3 - "$n" "$bare" "$cs" "$simb" "$sims" <<'PY'
import sys
n, bare, cs, simb, sims = int(sys.argv[1]), *map(float, sys.argv[2:])
print(f"ping-pong, {n} round trips (best of 3 wall times)")
print(f"  bare S4U:        {bare:7.3f} s  ({2*n/bare/1e3:7.1f} k comms per wall s), simulated {simb:.6f} s")
print(f"  clustersim run:  {cs:7.3f} s  ({2*n/cs/1e3:7.1f} k comms per wall s), simulated {sims:.6f} s")
print(f"  framework overhead: {100*(cs/bare-1):+.1f}%  (target < 25%)")
assert abs(simb - sims) < 1e-9 * max(1, simb), "the two programs must simulate the same exchange"
PY
