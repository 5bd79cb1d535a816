#!/usr/bin/env bash
# Traces ring.c at 4 ranks with SMPI (smpicc/smpirun from SimGrid 3.32) into this folder: index.txt and rank-N.txt.
# Compute comes from smpi_execute_flops alone (simulate-computation off), so the trace is the same on any machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
smpicc -O1 "$here/ring.c" -o ring
cat > plat.xml <<'XML'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="c" prefix="n" suffix="" radical="0-3" speed="1Gf" bw="125MBps" lat="50us"/>
</platform>
XML
printf 'n0\nn1\nn2\nn3\n' > hosts
smpirun -np 4 -platform plat.xml -hostfile hosts -trace-ti --cfg=tracing/filename:index.txt \
  --cfg=smpi/simulate-computation:no ./ring > /dev/null 2>&1
for r in 1 2 3 4; do cp index.txt_files/*_rank-$r.txt "$here/rank-$((r - 1)).txt"; done
for r in 0 1 2 3; do echo "rank-$r.txt"; done > "$here/index.txt"
