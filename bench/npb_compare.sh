#!/usr/bin/env bash
# Checks the msglog model's built-in NAS message streams (models/msglog/streams.cpp) against the real NPB 3.3-MPI
# codes: builds each code with SimGrid's SMPI (smpiff, smpicc), runs it under smpirun with a time-independent trace,
# and prints per rank the point-to-point messages, bytes and partners of the trace beside the model's stream for the
# same class and rank count (bench_nas_stream_summary), with the message sizes that differ and the collectives.
# docs/models/msglog.md, "Checked against NPB 3.3-MPI", holds the figures.
#   usage: bench/npb_compare.sh NPB3.3-MPI-DIR [--out DIR] [--benches "cg mg lu bt sp ep"] [--classes "S A"]
#                               [--ranks 16]            (BUILD=build-dir, default build)
# NPB-DIR is only read: the sources are copied to OUT/src and built there. OUT (default: a new temporary folder)
# keeps the traces (OUT/traces), the logs, one JSON summary per side and OUT/report.md.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
summary="$root/bench/npb_trace_summary.py"
model="${BUILD:-$root/build}/bench_nas_stream_summary"
die() { echo "npb_compare.sh: $1" >&2; exit 2; }

[ $# -ge 1 ] || die "usage: bench/npb_compare.sh NPB3.3-MPI-DIR [--out DIR] [--benches LIST] [--classes LIST] [--ranks N]"
npb=$1; shift
out="" benches="cg mg lu bt sp ep" classes="S A" ranks=16
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || die "$1 needs a value"
  case $1 in
    --out) out=$2 ;; --benches) benches=$2 ;; --classes) classes=$2 ;; --ranks) ranks=$2 ;;
    *) die "unknown option $1" ;;
  esac
  shift 2
done
[ -f "$npb/sys/setparams.c" ] && [ -d "$npb/CG" ] || die "$npb: not an NPB3.3-MPI source folder (no sys/setparams.c, CG/)"
[[ $ranks =~ ^[1-9][0-9]*$ ]] || die "--ranks: expected a positive integer, got \"$ranks\""
for b in $benches; do [[ $b =~ ^(bt|cg|ep|lu|mg|sp)$ ]] || die "--benches: unknown benchmark \"$b\" (bt cg ep lu mg sp)"; done
for c in $classes; do [[ $c =~ ^[SWABC]$ ]] || die "--classes: unknown class \"$c\" (S W A B C)"; done
for t in smpiff smpicc smpirun; do command -v $t >/dev/null || die "$t not found (SimGrid's SMPI)"; done
[ -x "$model" ] || die "$model not built (bash /work/devbuild.sh bench_nas_stream_summary, or BUILD=...)"
out=${out:-$(mktemp -d)}
mkdir -p "$out/traces" "$out/logs"
out=$(cd "$out" && pwd)

# The sources, copied so that the given folder is never written; make.def for SMPI's compilers. randdp: NPB's
# portable generator (randi8's X'..' constants are refused by gfortran 12); -fallow-argument-mismatch: gfortran 10+
# rejects NPB's untyped MPI buffers otherwise.
rm -rf "$out/src"
cp -r "$npb" "$out/src"
mkdir -p "$out/src/bin"
cat >"$out/src/config/make.def" <<'EOF'
MPIF77 = smpiff
FLINK = smpiff
FMPI_LIB =
FMPI_INC =
FFLAGS = -O2 -fallow-argument-mismatch -w
FLINKFLAGS = -O2
MPICC = smpicc
CLINK = smpicc
CMPI_LIB =
CMPI_INC =
CFLAGS = -O2
CLINKFLAGS = -O2
CC = cc -g
BINDIR = ../bin
RAND = randdp
EOF

# One host per rank on a star (a SimGrid cluster): the traces record calls and sizes, not times, so the platform
# only has to exist. Computation is not simulated (the message sequence of these codes does not depend on time).
{
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo '<platform version="4.1">'
  echo "  <cluster id=\"c\" prefix=\"node-\" suffix=\"\" radical=\"0-$((ranks - 1))\" speed=\"1Gf\" bw=\"125MBps\""
  echo '           lat="50us" bb_bw="2.25GBps" bb_lat="500us"/>'
  echo '</platform>'
} >"$out/platform.xml"
for ((i = 0; i < ranks; i++)); do echo "node-$i"; done >"$out/hostfile"

report="$out/report.md"
{
  echo "NPB sources: $npb (sha256 of the sorted sources: $(cd "$npb" && find . -type f -name '*.[fch]' | LC_ALL=C sort |
    xargs sha256sum | sha256sum | cut -c1-16)); $(smpirun --version 2>&1 | head -1); $ranks ranks"
  echo
} >"$report"
for c in $classes; do
  for b in $benches; do
    name=$b.$c.$ranks
    (cd "$out/src" && make "$b" NPROCS="$ranks" CLASS="$c") >"$out/logs/build.$name.log" 2>&1 ||
      { echo "npb_compare.sh: building $name failed: $out/logs/build.$name.log" >&2; exit 1; }
    s=$(date +%s)
    (cd "$out/traces" && smpirun -np "$ranks" -platform "$out/platform.xml" -hostfile "$out/hostfile" -trace-ti \
      --cfg=tracing/filename:"$name.ti" --cfg=smpi/simulate-computation:no "$out/src/bin/$name") \
      >"$out/logs/run.$name.log" 2>&1 || { echo "npb_compare.sh: $name failed: $out/logs/run.$name.log" >&2; exit 1; }
    grep -q "Verification *= *SUCCESSFUL" "$out/logs/run.$name.log" ||
      { echo "npb_compare.sh: $name did not verify: $out/logs/run.$name.log" >&2; exit 1; }
    echo "$name: built, run and traced in $(($(date +%s) - s)) s" >&2
    python3 "$summary" trace "$out/traces/$name.ti" >"$out/$name.npb.json"
    "$model" "$b" "$c" "$ranks" >"$out/$name.model.json"
    python3 "$summary" compare "$out/$name.npb.json" "$out/$name.model.json" \
      --title "$b class $c, $ranks ranks" >>"$report"
  done
done
cat "$report"
echo "traces, summaries and logs: $out" >&2
