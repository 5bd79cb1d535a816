#!/usr/bin/env bash
# Seed 001 benchmark. Targets on 2 cores: one congestion run (4 machines, UDP blast, fluid switch) under
# 0.5 s wall; every validation run of the seed (3200 runs: 400 per configuration, the seed recorded 50) under 20 s;
# the packet-level switch port at least 5 million frames per wall second.
#   usage: bench/001_javaparty.sh        (BUILD=build-dir, default build)
source "$(dirname "$0")/common.sh"

s=$(now); "$exe" run scenarios/javaparty/raytracer.json --set params.congestion.enabled=true --out "$tmp/r" -q; e=$(now)
calc "f'one congestion run (4 machines, fluid switch): {$e - $s:.3f} s wall (target < 0.5 s)'"

s=$(now); "$exe" validate --only 001 --work "$tmp/v" --jobs 2 -q >/dev/null 2>&1 || true; e=$(now)
runs=$(cat "$tmp"/v/001_javaparty/*/sweep.csv | grep -c '^p[0-9]')
calc "f'validation of seed 001: $runs runs in {$e - $s:.1f} s wall (target < 20 s, --jobs 2)'"

"${BUILD:-build}/bench_qos_port" 60
