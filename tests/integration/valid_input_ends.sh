#!/usr/bin/env bash
# Valid input that used to end in an abort: each now runs to its end, or fails cleanly (exit 1, one line, no
# result.json) where the run cannot end as its model expects.
set -uo pipefail
exe=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
sim_time() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["simulated_time_s"])' "$1/result.json"; }

# A torus with size-1 dimensions is the torus of its other dimensions (SimGrid declared its self-links twice).
torus() {
  "$exe" run scenarios/javaparty/raytracer.json --set params.machines=8 \
    --set "platform.switches.c3750.topology={\"kind\":\"torus\",\"dimensions\":$1}" --out "$tmp/torus-$2" -q 2>"$tmp/err"
}
torus '[8]' 8 && torus '[1,1,8]' 118 && torus '[2,2,2]' 222 && [ "$(sim_time "$tmp/torus-8")" = "$(sim_time "$tmp/torus-118")" ] ||
  { echo "FAIL: torus [1,1,8] against [8]: $(cat "$tmp/err")"; fail=1; }

# An ACK timeout far below the round trip: every message is sent again and acknowledged twice, and the run ends.
# The end of the simulation killed a DSM receiver during the unlock leaving Socket::recv, and the kill, thrown from
# a noexcept destructor, aborted the process.
"$exe" run scenarios/dsm/scale.json --set params.nodes=4 --set params.bench=nqueens \
  --set params.systems.mocha.ack_timeout=1e-5s --out "$tmp/acks" -q 2>"$tmp/err" >/dev/null &&
  python3 -c 'import json,sys; m=json.load(open(sys.argv[1]))["metrics"]; sys.exit(not (m["gave_up"] == 0 and m["resends"] > 1000))' \
    "$tmp/acks/result.json" || { echo "FAIL: dsm with a 10 us ACK timeout: $(cat "$tmp/err")"; fail=1; }

# More actor stacks than the address-space limit holds: one line and exit 1 (SimGrid aborted mapping a stack), no
# output folder left; with smaller stacks the same run ends.
(ulimit -v 4000000; "$exe" run scenarios/msglog/scale.json --set params.ranks=256 --out "$tmp/stacks" 2>"$tmp/err" >/dev/null)
status=$?
[ $status -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -e "$tmp/stacks" ] &&
  grep -q 'not enough memory for [0-9]* actor stacks of 8392704 bytes: .*contexts/stack-size' "$tmp/err" ||
  { echo "FAIL: 256 ranks under ulimit -v 4000000: exit $status: $(cat "$tmp/err")"; fail=1; }
(ulimit -v 4000000; "$exe" run scenarios/msglog/scale.json --set params.ranks=256 --cfg=contexts/stack-size:256 \
  --out "$tmp/stacks" -q 2>"$tmp/err" >/dev/null) && [ -e "$tmp/stacks/result.json" ] ||
  { echo "FAIL: 256 ranks with 256 KiB stacks under ulimit -v 4000000: $(cat "$tmp/err")"; fail=1; }

[ $fail -eq 0 ] && echo "valid input: every case ends as its model expects"
exit $fail
