#!/usr/bin/env bash
# Does appendix B's QoS profile drop or delay JavaParty's own traffic where the workers' results converge (the head's
# egress port)? Runs bench_qos_fanin_probe for 3 workers (4 machines) and 7 (8 machines), results sent by slow start
# or all at once, without and with the line-rate blast.
#   usage: bench/001_qos_fanin_probe.sh        (BUILD=build-dir, default build)
set -euo pipefail
probe="${BUILD:-build}/bench_qos_fanin_probe"
for args in "3 10 0 0" "3 10 1 0" "7 10 1 0" "3 10 0 1" "3 10 1 1" "7 10 1 1"; do
  # shellcheck disable=SC2086
  "$probe" $args
done
