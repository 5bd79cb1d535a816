#!/usr/bin/env bash
# The Brazos checkpoint model replaying an MPI program's time-independent trace (docs/models/checkpoint.md, "An MPI
# trace as the workload"): tests/data/checkpoint_trace, ring.c traced by SMPI at 4 ranks. Failure-free, every rank
# sends what its trace file sends; with a checkpoint interval, the checkpoints the rule gives at the trace's clean
# global collectives; with a failure, the run completes from the last checkpoint and the re-executed work accounts for
# the difference; a trace that deadlocks fails (exit 1); bad trace input is refused (exit 2).
source "$(dirname "$0")/harness.sh"
d=tests/data/checkpoint_trace
s=$d/scenario.json
metric() { grep -o "\"$2\": [-0-9.e+]*" "$1/result.json" | head -1 | awk '{print $2}'; }
col() { awk -F, -v r="$2" -v c="$3" 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next } $1 == r { print $k[c] }' "$1/ranks.csv"; }
run() { local out=$1; shift; "$exe" run "$@" --out "$tmp/$out" -q >/dev/null 2>"$tmp/$out.log" || fail "$out: $(cat "$tmp/$out.log")"; }

# Failure-free: per rank, the point-to-point messages and bytes of its file (count x 8 B, MPI_DOUBLE).
run free $s
[ "$(metric "$tmp/free" ranks)" = 4 ] || fail "ranks: $(metric "$tmp/free" ranks)"
for r in 0 1 2 3; do
  want=$(awk '$2 == "send" || $2 == "isend" { n++ } END { print n + 0 }' "$d/rank-$r.txt")
  bytes=$(awk '$2 == "send" || $2 == "isend" { b += $5 * 8 } END { print b + 0 }' "$d/rank-$r.txt")
  [ "$(col "$tmp/free" $r p2p_messages)" = "$want" ] || fail "rank $r sent $(col "$tmp/free" $r p2p_messages), trace $want"
  [ "$(col "$tmp/free" $r p2p_bytes)" = "$bytes" ] || fail "rank $r sent $(col "$tmp/free" $r p2p_bytes) B, trace $bytes"
  flops=$(awk '$2 == "compute" { f += $3 } END { printf "%.0f", f }' "$d/rank-$r.txt")
  awk -v a="$(col "$tmp/free" $r flops)" -v b="$flops" 'BEGIN { exit !(a == b) }' || fail "rank $r flops"
done
# Sane time: at least one rank's flops at the node's speed, less than a second beyond (8 x 8 KB exchanges).
t=$(metric "$tmp/free" exec_time_s)
awk -v t="$t" 'BEGIN { exit !(t >= 8.5e8 / 200e6 && t < 8.5e8 / 200e6 + 1) }' || fail "exec_time_s $t"
[ "$(metric "$tmp/free" checkpoints)" = 0 ] || fail "checkpoints without an interval"
# The 8 allreduces and the barrier are global; the allreduce after each waitall leaves nothing in flight.
[ "$(metric "$tmp/free" global_collectives)" = 9 ] || fail "global_collectives $(metric "$tmp/free" global_collectives)"
[ "$(metric "$tmp/free" checkpoint_points)" = 9 ] || fail "checkpoint_points $(metric "$tmp/free" checkpoint_points)"

# Checkpoints by interval: every iteration is 0.5 s of compute and ends at a point (its allreduce), a checkpoint stalls
# the ranks 0.25 s and the interval runs from its end, so a 1 s interval is met at every second point: 4 of the 8.
run every $s --set params.interval=1s
[ "$(metric "$tmp/every" checkpoints)" = 4 ] || fail "1 s interval: $(metric "$tmp/every" checkpoints) checkpoints, want 4"
run seldom $s --set params.interval=5s
# A rank's image size (trace.rank_bytes) is what a checkpoint writes: four times the bytes, a longer stall.
run big $s --set params.interval=1s --set params.trace.rank_bytes=4MiB
awk -v a="$(metric "$tmp/big" ckpt_time_s)" -v b="$(metric "$tmp/every" ckpt_time_s)" 'BEGIN { exit !(a > 2 * b) }' ||
  fail "rank_bytes 4 MiB: checkpoint time $(metric "$tmp/big" ckpt_time_s) s, against $(metric "$tmp/every" ckpt_time_s) s"
[ "$(metric "$tmp/seldom" checkpoints)" = 0 ] || fail "5 s interval: $(metric "$tmp/seldom" checkpoints) checkpoints"

# Checkpoints: requested at two times far apart -> two, taken at the next point each.
run req $s --set 'params.requests=["1s", "3s"]'
[ "$(metric "$tmp/req" checkpoints)" = 2 ] || fail "requested checkpoints: $(metric "$tmp/req" checkpoints)"
[ "$(metric "$tmp/req" checkpoints_complete)" = 2 ] || fail "complete: $(metric "$tmp/req" checkpoints_complete)"

# A failure of node 2 after the second checkpoint: the run completes, re-executing what followed the checkpoint.
run fail $s --set 'params.requests=["1s", "3s"]' --set params.failures.fail_at=3.9s --set params.failures.fail_node=2
[ "$(metric "$tmp/fail" recoveries)" = 1 ] || fail "recoveries $(metric "$tmp/fail" recoveries)"
grep -q '"finished": true' "$tmp/fail/result.json" || fail "not finished"
awk -v a="$(metric "$tmp/fail" reexecuted_messages)" 'BEGIN { exit !(a > 0) }' || fail "nothing re-executed"
awk -v a="$(metric "$tmp/fail" lost_work_s)" 'BEGIN { exit !(a > 0) }' || fail "no lost work"
for r in 0 1 2 3; do # no rank sent less than its trace
  total=$(col "$tmp/fail" $r p2p_messages)
  awk -v t="$total" -v free="$(col "$tmp/free" $r p2p_messages)" 'BEGIN { exit !(t >= free) }' || fail "rank $r lost messages"
done
m_fail=$(metric "$tmp/fail" messages)
m_free=$(metric "$tmp/free" messages)
[ "$((m_fail - $(metric "$tmp/fail" reexecuted_messages)))" = "$m_free" ] ||
  fail "messages $m_fail - re-executed != failure-free $m_free"

# The eager limit (trace.eager_bytes): rank 0 sends 8,000 B, then computes 1 s; rank 1 computes 1 s, then receives.
# Below the limit the send completes at once and both compute together (about 1 s); above it the send waits for
# the receive, posted after rank 1's second, and rank 0's compute follows (about 2 s).
mkdir "$tmp/eager"
printf 'rank-0.txt\nrank-1.txt\n' >"$tmp/eager/index.txt"
printf '0 init\n0 send 1 0 1000 0\n0 compute 2e+08\n0 finalize\n' >"$tmp/eager/rank-0.txt"
printf '1 init\n1 compute 2e+08\n1 recv 0 0 1000 0\n1 finalize\n' >"$tmp/eager/rank-1.txt"
cp "$s" "$tmp/eager/scenario.json"
run eager "$tmp/eager/scenario.json" --set params.nodes=2
run rendezvous "$tmp/eager/scenario.json" --set params.nodes=2 --set params.trace.eager_bytes=1KiB
t_eager=$(metric "$tmp/eager" exec_time_s)
t_rdv=$(metric "$tmp/rendezvous" exec_time_s)
awk -v a="$t_eager" -v b="$t_rdv" 'BEGIN { exit !(a >= 1 && a < 1.1 && b >= 2 && b < 2.1) }' ||
  fail "eager limit: 8,000 B sent in $t_eager s below the limit, $t_rdv s above it (want about 1 and 2)"

# A trace that deadlocks: rank 1 never receives rank 0's message -> exit 1, named.
cp -r "$d" "$tmp/dead"
grep -v ' recv ' "$d/rank-1.txt" > "$tmp/dead/rank-1.txt"
set +e
"$exe" run "$tmp/dead/scenario.json" --out "$tmp/dead_out" -q >/dev/null 2>"$tmp/dead.log"
rc=$?
set -e
[ $rc = 1 ] || fail "deadlocking trace: exit $rc, want 1"
grep -q "deadlocks" "$tmp/dead.log" || fail "deadlock message: $(cat "$tmp/dead.log")"

# A bad trace line: exit 2, naming the file and line.
cp -r "$d" "$tmp/bad"
sed '3s/.*/0 isend one 0 1000 0/' "$d/rank-0.txt" > "$tmp/bad/rank-0.txt"
set +e
"$exe" run "$tmp/bad/scenario.json" --out "$tmp/bad_out" -q >/dev/null 2>"$tmp/bad.log"
rc=$?
set -e
[ $rc = 2 ] || fail "bad trace: exit $rc, want 2"
grep -q "rank-0.txt.*3" "$tmp/bad.log" || fail "bad trace message: $(cat "$tmp/bad.log")"
