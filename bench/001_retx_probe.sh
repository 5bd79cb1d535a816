#!/usr/bin/env bash
# Are a lost segment's retransmissions lost independently at a FIFO port a constant-rate blast keeps full?
# Runs bench_retx_probe (60 simulated seconds each) for an exactly line-rate blast with and without 2 us of jitter,
# and for a generator clock 100 ppm fast or slow against the switch's (IEEE 802.3's tolerance) and 200 ppm fast.
#   usage: bench/001_retx_probe.sh        (BUILD=build-dir, default build)
set -euo pipefail
probe="${BUILD:-build}/bench_retx_probe"
for args in "0 0" "0 2e-6" "1e-4 0" "1e-4 2e-6" "-1e-4 0" "2e-4 0"; do
  # shellcheck disable=SC2086
  "$probe" $args 60
done
