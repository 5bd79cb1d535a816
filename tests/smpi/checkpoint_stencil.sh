#!/usr/bin/env bash
# The Brazos checkpoint model replaying the 16-rank trace of apps/mpi/stencil2d.c that tests/smpi/trace_apps.sh wrote
# into the build tree (docs/models/checkpoint.md, "An MPI trace as the workload"): failure-free, every rank sends the
# messages and bytes and computes the flops of its trace file; with checkpoints and a failure of node 2, the run
# completes, rolls back, and its totals minus what it re-executed are the failure-free run's. Exit 77 (ctest SKIP)
# when smpicc is missing, as the trace is then never written.
# usage: tests/smpi/checkpoint_stencil.sh CLUSTERSIM TRACES (the folder trace_apps.sh wrote)
set -euo pipefail
cd "$(dirname "$0")/../.."
exe=$1 index=$2/stencil2d-16/trace/index.txt
fail() { echo "FAIL: $*"; exit 1; }
command -v smpicc >/dev/null || { echo "SKIP: smpicc is missing (libsimgrid-dev)"; exit 77; }
[ -s "$index" ] || fail "no trace at $index (integration.smpi_trace_apps writes it)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
s=tests/data/checkpoint_trace/scenario.json
set_trace=(--set "params.trace.index=$(cd "$(dirname "$index")" && pwd)/index.txt" --set params.trace.rank_bytes=16KiB)
metric() { grep -o "\"$2\": [-0-9.e+]*" "$1/result.json" | head -1 | awk '{print $2}'; }
col() { awk -F, -v r="$2" -v c="$3" 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next } $1 == r { print $k[c] }' "$1/ranks.csv"; }
run() { local out=$1; shift; "$exe" run "$s" "${set_trace[@]}" "$@" --out "$tmp/$out" -q >/dev/null 2>"$tmp/$out.log" || fail "$out: $(cat "$tmp/$out.log")"; }

run free
[ "$(metric "$tmp/free" ranks)" = 16 ] || fail "ranks: $(metric "$tmp/free" ranks)"
# Datatypes of these traces: 0 MPI_DOUBLE (8 B); a line without one is MPI_BYTE.
r=0
while read -r f; do
  read -r n b fl < <(awk '$2 == "send" || $2 == "isend" { n++; b += $5 * ($6 == "" ? 1 : ($6 == 0 ? 8 : -1e18)) }
                      $2 == "compute" { fl += $3 } END { printf "%d %d %.0f\n", n, b, fl }' "$f")
  [ "$(col "$tmp/free" $r p2p_messages)" = "$n" ] || fail "rank $r sent $(col "$tmp/free" $r p2p_messages), trace $n"
  [ "$(col "$tmp/free" $r p2p_bytes)" = "$b" ] || fail "rank $r sent $(col "$tmp/free" $r p2p_bytes) B, trace $b"
  awk -v a="$(col "$tmp/free" $r flops)" -v b="$fl" 'BEGIN { exit !(a - b < 1 && b - a < 1) }' || fail "rank $r flops"
  r=$((r + 1))
done <"$index"
[ $r = 16 ] || fail "$r rank files"

# Checkpoints every 0.05 s of the 0.12 s run, node 2 failing after the second is complete: a rollback to it.
run fail --set params.interval=0.05s --set params.failures.fail_at=0.14s --set params.failures.fail_node=2
grep -q '"finished": true' "$tmp/fail/result.json" || fail "not finished"
[ "$(metric "$tmp/fail" recoveries)" = 1 ] || fail "recoveries $(metric "$tmp/fail" recoveries)"
awk -v l="$(metric "$tmp/fail" lost_work_s)" 'BEGIN { exit !(l > 0 && l < 0.14) }' ||
  fail "lost work $(metric "$tmp/fail" lost_work_s) s: not a rollback to a checkpoint"
[ "$(($(metric "$tmp/fail" messages) - $(metric "$tmp/fail" reexecuted_messages)))" = "$(metric "$tmp/free" messages)" ] ||
  fail "messages minus re-executed differ from the failure-free run's"
awk -v a="$(metric "$tmp/fail" compute_Gflop)" -v b="$(metric "$tmp/fail" reexecuted_Gflop)" \
  -v c="$(metric "$tmp/free" compute_Gflop)" 'BEGIN { d = a - b - c; exit !(d < 1e-6 && d > -1e-6) }' ||
  fail "flops minus re-executed differ from the failure-free run's"
echo "stencil2d at 16 ranks: replayed as traced; with a failure, rolled back and completed"
