#!/usr/bin/env bash
# The scenario's fault schedule ("faults") reaches every model: one case per model, each compared with the same
# run without faults, plus the bad inputs. docs/faults.md describes the schedule.
source "$(dirname "$0")/harness.sh"
metric() { grep -o "\"$2\": [-0-9.e+]*" "$1/result.json" | head -1 | awk '{print $2}'; }
more() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }
run() { local out=$1; shift; "$exe" run "$@" --out "$tmp/$out" -q >/dev/null 2>"$tmp/$out.log" || fail "$out: $(cat "$tmp/$out.log")"; }

# speculative_read: the LAN's backplane 16 times slower for the whole run -> slower reads.
s=scenarios/speculative_read/quickstart.json
run sr0 $s --set params.method=NR
run sr1 $s --set params.method=NR --set 'faults=[{"link": "lan:backplane", "from": "0s", "slowdown": 16}]'
more "$(metric "$tmp/sr1" read_time_s)" "$(metric "$tmp/sr0" read_time_s)" || fail "speculative_read: a slowed link must slow the reads"
grep -q fault_begin "$tmp/sr1/events.csv" || fail "speculative_read: the fault is not in events.csv"

# pingpong: the wire 10 times slower between 0 and 1 ms -> longer round trips.
run pp0 scenarios/pingpong/pingpong.json
run pp1 scenarios/pingpong/pingpong.json --set 'faults=[{"link": "wire", "from": "0s", "to": "1ms", "slowdown": 10}]'
more "$(metric "$tmp/pp1" total_time_s)" "$(metric "$tmp/pp0" total_time_s)" || fail "pingpong: a slowed wire must take longer"

# javaparty: jp-1's downlink (the head's RMI traffic) 1000 times slower.
j=scenarios/javaparty/raytracer.json
run jp0 $j
run jp1 $j --set 'faults=[{"link": "c3750:jp-1:down", "from": "0s", "slowdown": 1000}]'
more "$(metric "$tmp/jp1" exec_time_s)" "$(metric "$tmp/jp0" exec_time_s)" || fail "javaparty: a slowed head link must slow the run"

# checkpoint: a node switched off by the schedule is detected and recovered exactly as the model's own failure.
w=(scenarios/checkpoint/water.json --set params.interval=8min --set params.failures.recovery=replacement)
run ck0 "${w[@]}" --set params.failures.fail_at=1000s --set params.failures.fail_node=2
run ck1 "${w[@]}" --set 'faults=[{"host": "node2", "at": "1000s"}]'
[ "$(metric "$tmp/ck1" recoveries)" = 1 ] || fail "checkpoint: the scheduled host fault was not recovered"
[ "$(metric "$tmp/ck1" exec_time_s)" = "$(metric "$tmp/ck0" exec_time_s)" ] ||
  fail "checkpoint: schedule and model failure differ ($(metric "$tmp/ck1" exec_time_s) vs $(metric "$tmp/ck0" exec_time_s))"
[ "$(metric "$tmp/ck1" lost_work_s)" = "$(metric "$tmp/ck0" lost_work_s)" ] || fail "checkpoint: lost work differs"
run ck2 "${w[@]}" --set 'faults=[{"host": "node2", "mtbf": "1h"}]' --seed 3
more "$(metric "$tmp/ck2" failures)" 0 ||
  fail "checkpoint: an MTBF of 1 h over a 42 min run gave no failure with this seed"
# and a disk slowed: the checkpoints take longer
run ck3 "${w[@]}" --set 'faults=[{"host": "node1", "disk": "scsi", "from": "0s", "slowdown": 20}]'
run ck4 "${w[@]}"
more "$(metric "$tmp/ck3" ckpt_time_s)" "$(metric "$tmp/ck4" ckpt_time_s)" || fail "checkpoint: a slowed disk must slow the checkpoints"

# dsm: 5% loss on the links toward node 1 -> losses and GETP resends.
d=(scenarios/dsm/speedup.json --set params.bench=sor --set params.nodes=4)
run ds1 "${d[@]}" --set 'faults=[{"link": "gige:node1:down", "from": "0s", "loss": 0.05}]'
more "$(metric "$tmp/ds1" lost_injected)" 0 || fail "dsm: a lossy link lost nothing"
more "$(metric "$tmp/ds1" getpage_resends)" 0 || fail "dsm: losses must cause GETP resends"

# msglog: every node's disk 10 times slower -> the synchronous log writes cost more.
m=(scenarios/msglog/nas.json --set params.bench=sp --set params.scheme=logging --set params.pages=1)
slow='['
for i in 1 2 3 4 5 6 7 8; do slow="$slow{\"host\": \"cmi$i\", \"disk\": \"hda\", \"from\": \"0s\", \"slowdown\": 10},"; done
run ml0 "${m[@]}"
run ml1 "${m[@]}" --set "faults=${slow%,}]"
more "$(metric "$tmp/ml1" exec_time_s)" "$(metric "$tmp/ml0" exec_time_s)" || fail "msglog: slower disks must slow logging"

# Bad input: exit 2, one line naming the file and the pointer, no output.
bad() {
  local rc=0
  "$exe" run "$@" --out "$tmp/bad" -q 2>"$tmp/bad.log" || rc=$?
  [ "$rc" = 2 ] || fail "exit status $rc (expected 2) for: $*"
  grep -q "/faults/0" "$tmp/bad.log" || fail "no pointer in: $(cat "$tmp/bad.log")"
  [ ! -e "$tmp/bad/result.json" ] || fail "output written for bad input"
}
bad $s --set 'faults=[{"link": "nope", "from": "0s", "slowdown": 2}]'
bad $s --set 'faults=[{"host": "server", "at": "1s"}]'
bad $s --set 'faults=[{"link": "lan:backplane", "from": "2s", "to": "1s", "slowdown": 2}]'
echo "faults: ok"
