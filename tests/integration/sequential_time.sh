#!/usr/bin/env bash
# A measured sequential time sets a program's compute scale (docs/calibration.md): the run on one processor without
# the parallel machinery then takes that time (within 1%), a parallel run records the fitted scale with its source,
# and bad values exit 2 with one line naming the file and the JSON pointer.
source "$(dirname "$0")/harness.sh"
tm=scenarios/dsm/ext_treadmarks94.json
small=(--set params.jacobi.rows=200 --set params.jacobi.cols=100 --set params.jacobi.iterations=5)

# metric DIR NAME: a metric of DIR/result.json
metric() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['metrics'][sys.argv[2]])" "$1/result.json" "$2"; }
# within A B: |A/B - 1| <= 1%
within() { python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(abs(a / b - 1) > 0.01)" "$1" "$2"; }

# dsm jacobi: the sequential run (one node, protocol none) gives the time back, whatever the CPU costs say.
"$exe" run "$tm" -q --out "$tmp/seq" "${small[@]}" --set params.bench=jacobi --set params.nodes=1 \
  --set params.systems.treadmarks.protocol=none --set params.jacobi.seq_time=3s --set params.jacobi.update_time=5us
t=$(metric "$tmp/seq" exec_time_s)
within "$t" 3 || fail "jacobi sequential run took $t s, expected 3 s"

# A parallel run: the fitted scale and its source in result.json; the scale is what the CPU costs ask (0.75 us an
# element x 200 x 100 x 5 = 0.075 s sequential, so 3 s is 40 times that).
"$exe" run "$tm" -q --out "$tmp/par" "${small[@]}" --set params.bench=jacobi --set params.nodes=4 \
  --set params.jacobi.seq_time=3s
python3 - "$tmp/par/result.json" <<'PY' || fail "the parallel run does not record the fitted compute scale"
import json, sys
r = json.load(open(sys.argv[1]))
cs = r["scenario"]["compute_scale"]
assert abs(cs["value"] / 40 - 1) < 0.01, cs
assert "/params/jacobi/seq_time" in cs["source"] and "params.nodes=1" in cs["source"], cs
PY

# tsp: each instance's sequential run takes the scenario's measured 315 s.
"$exe" run "$tm" -q --out "$tmp/tsp" --set params.bench=tsp --set params.tsp.seed=3 --set params.nodes=1 \
  --set params.systems.treadmarks.protocol=none
t=$(metric "$tmp/tsp" exec_time_s)
within "$t" 315 || fail "tsp sequential run took $t s, expected 315 s"

# javaparty: one machine, one thread (the time is affine in the scale: the RMI calls stay).
jp=scenarios/javaparty/raytracer.json
"$exe" run "$jp" -q --out "$tmp/jp" --set params.machines=1 --set params.seq_time=400s
t=$(metric "$tmp/jp" exec_time_s)
within "$t" 400 || fail "javaparty one-machine run took $t s, expected 400 s"

# compute_scale given directly: mm on one JIAJIA node is all program, so twice the scale takes twice the time.
"$exe" run scenarios/dsm/speedup.json -q --out "$tmp/cs1" --set params.nodes=1 --set compute_scale=1
"$exe" run scenarios/dsm/speedup.json -q --out "$tmp/cs2" --set params.nodes=1 --set compute_scale=2
t1=$(metric "$tmp/cs1" exec_time_s)
t2=$(metric "$tmp/cs2" exec_time_s)
within "$t2" "$(python3 -c "import sys; print(2 * float(sys.argv[1]))" "$t1")" ||
  fail "compute_scale 2 took $t2 s, against $t1 s at 1: expected twice"

# expect NEEDLE ARGS...: exit 2, one line on stderr containing NEEDLE, nothing written.
expect() {
  local needle=$1
  shift
  local out="$tmp/bad-$RANDOM" status=0
  "$exe" run "$@" --out "$out" -q 2>"$tmp/err" >/dev/null || status=$?
  [ $status -eq 2 ] || fail "$*: exit $status, expected 2: $(cat "$tmp/err")"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$*: expected one line: $(cat "$tmp/err")"
  grep -qF -- "$needle" "$tmp/err" || fail "$*: the message lacks '$needle': $(cat "$tmp/err")"
  [ ! -e "$out/result.json" ] || fail "$*: wrote a result"
}
expect "$tm: /params/jacobi/seq_time" "$tm" "${small[@]}" --set params.bench=jacobi --set params.jacobi.seq_time=-5s
expect "$tm: /params/jacobi/seq_time" "$tm" "${small[@]}" --set params.bench=jacobi --set params.jacobi.seq_time=fast
expect "$tm: /compute_scale: compute_scale is fitted" "$tm" "${small[@]}" --set params.bench=jacobi \
  --set params.jacobi.seq_time=3s --set compute_scale=2
expect "$tm: /compute_scale" "$tm" --set compute_scale=0
expect "scenarios/checkpoint/sor.json: /params/seq_time: checkpoint has no sequential run" \
  scenarios/checkpoint/sor.json --set params.seq_time=10s
expect "scenarios/speculative_read/quickstart.json: /params/seq_time: speculative_read has no sequential run" \
  scenarios/speculative_read/quickstart.json --set params.seq_time=10s
expect "scenarios/speculative_read/quickstart.json: /compute_scale: model speculative_read has no compute scale" \
  scenarios/speculative_read/quickstart.json --set compute_scale=2
echo ok
