#!/usr/bin/env bash
# Message logging recovers a crashed rank by replay (docs/models/msglog.md, "Crash and recovery"): the crashed
# rank's receive digest equals the failure-free run's, the timeline shows crash, restart and replay, and a crash
# without a log is bad input.
source "$(dirname "$0")/harness.sh"
metric() { grep -o "\"$2\": [-0-9.e+]*" "$1/result.json" | head -1 | awk '{print $2}'; }
run() { local out=$1; shift; "$exe" run "$@" --out "$tmp/$out" -q >/dev/null 2>"$tmp/$out.log" || fail "$out: $(cat "$tmp/$out.log")"; }

m=(scenarios/msglog/nas.json --set params.bench=mg --set params.scheme=logging --set params.pages=2)
run free "${m[@]}" --set params.recovery.trace=true
run crash "${m[@]}" --set params.recovery.checkpoint_interval=10s --set params.recovery.checkpoint_size=4MiB --set 'faults=[{"host": "cmi2", "at": "20s"}]'
[ "$(metric "$tmp/crash" crashes)" = 2 ] || fail "the host fault must crash the node's two ranks"
cmp -s <(cut -d, -f1,3 "$tmp/free/recovery.csv") <(cut -d, -f1,3 "$tmp/crash/recovery.csv") ||
  fail "receive order differs from the failure-free run: $(diff <(cut -d, -f1,3 "$tmp/free/recovery.csv") <(cut -d, -f1,3 "$tmp/crash/recovery.csv"))"
for k in crash restart replay recovered checkpoint; do
  grep -q ",$k," "$tmp/crash/events.csv" || fail "no $k event in events.csv"
done
awk -v a="$(metric "$tmp/crash" exec_time_s)" -v b="$(metric "$tmp/free" exec_time_s)" 'BEGIN { exit !(a > b) }' ||
  fail "a crash must cost time"

# No log, no replay: a host fault with scheme base is refused.
set +e
"$exe" run scenarios/msglog/nas.json --set params.bench=mg --set params.scheme=base \
  --set 'faults=[{"host": "cmi2", "at": "20s"}]' --out "$tmp/base" -q >/dev/null 2>"$tmp/base.log"
rc=$?
set -e
[ "$rc" = 2 ] || fail "scheme base with a host fault: exit $rc, expected 2"
grep -q "/faults/0" "$tmp/base.log" || fail "the message must name /faults/0: $(cat "$tmp/base.log")"
[ ! -e "$tmp/base/result.json" ] || fail "nothing may be written on bad input"
echo OK
