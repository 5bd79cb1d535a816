#!/usr/bin/env bash
# Where inputs meet: a javaparty rows file found beside its scenario and checked; result.json naming its scenario
# in one spelling however it was typed; a magnitude no run can mean refused at load; a SimGrid trace file in a
# folder that does not exist refused before SimGrid opens it; calibrate --from on a file that is no profile; a sweep
# point whose result.json was damaged merged as failed, never as ok.
source "$(dirname "$0")/harness.sh"
exe=$(realpath "$exe")
src=$(pwd)

# One line on stderr and exit 2, naming $2.
expect_bad() {
  local what=$1 named=$2
  shift 2
  "$@" >/dev/null 2>"$tmp/err" && fail "$what: accepted"
  local status=$?
  [ $status -eq 2 ] || fail "$what: exit $status, expected 2: $(cat "$tmp/err")"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$what: expected one line: $(cat "$tmp/err")"
  grep -qF -- "$named" "$tmp/err" || fail "$what: the message does not name $named: $(cat "$tmp/err")"
}

# The shipped raytracer from another folder: its rows file is found in the data directory, and a rows file beside
# a copied scenario wins over it.
mkdir -p "$tmp/elsewhere"
(cd "$tmp/elsewhere" && "$exe" run "$src/scenarios/javaparty/raytracer.json" --set params.machines=1 --out o -q) ||
  fail "the raytracer does not run from another folder"
python3 - "$src/scenarios/javaparty/raytracer.json" "$tmp/elsewhere/rt.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
s["params"]["rows_file"] = "rows.json"
s["platform"]["file"] = "platforms/001_javaparty_cluster.json"
json.dump(s, open(sys.argv[2], "w"))
PY
echo '{"tests": [1000, 2000]}' >"$tmp/elsewhere/rows.json"
"$exe" run "$tmp/elsewhere/rt.json" --set params.machines=1 --out "$tmp/rt" -q || fail "a rows file beside its scenario"
echo '["a"]' >"$tmp/elsewhere/rows.json"
expect_bad "a rows file that is a list" "$tmp/elsewhere/rows.json" "$exe" run "$tmp/elsewhere/rt.json" --out "$tmp/x"
echo '{"tests": [1000, -5]}' >"$tmp/elsewhere/rows.json"
expect_bad "a negative count of tests" "rows.json: /tests/1" "$exe" run "$tmp/elsewhere/rt.json" --out "$tmp/x"
[ -e "$tmp/x" ] && fail "output left behind by a bad rows file"

# result.json names its scenario the same way however the path is typed.
mkdir -p "$tmp/sub"
cp scenarios/pingpong/pingpong.json "$tmp/sub/pp.json"
sed -i 's#"platforms/two_hosts_1gbps.json"#"'"$src"'/platforms/two_hosts_1gbps.json"#' "$tmp/sub/pp.json"
(cd "$tmp/sub" && "$exe" run pp.json --out "$tmp/a" -q && "$exe" run ../sub/pp.json --out "$tmp/b" -q &&
  "$exe" run "$tmp/sub/./pp.json" --out "$tmp/c" -q) || fail "pingpong runs"
cmp -s "$tmp/a/result.json" "$tmp/b/result.json" && cmp -s "$tmp/a/result.json" "$tmp/c/result.json" ||
  fail "result.json differs with the spelling of the scenario's path"
grep -q "\"scenario_file\": \"$(realpath "$tmp/sub/pp.json")\"" "$tmp/a/result.json" || fail "scenario_file not absolute"
"$exe" run scenarios/pingpong/pingpong.json --out "$tmp/d" -q
grep -q '"scenario_file": "scenarios/pingpong/pingpong.json"' "$tmp/d/result.json" || fail "a shipped scenario's path"

# Magnitudes no run can mean, refused at load (SimGrid reported a deadlock, and the run once exited 0).
expect_bad "local_process 1e300 s" "/params/local_process" \
  "$exe" run scenarios/speculative_read/case1.json --set params.local_process=1e300s --out "$tmp/x"
expect_bad "test_cost 1e300 s" "/params/test_cost" \
  "$exe" run scenarios/javaparty/raytracer.json --set params.test_cost=1e300s --out "$tmp/x"

# A Paje trace into a folder that does not exist ended in a segmentation fault.
for scenario in scenarios/pingpong/pingpong.json scenarios/javaparty/raytracer.json; do
  expect_bad "trace into a missing folder ($scenario)" "$tmp/nope" "$exe" run "$scenario" --out "$tmp/x" \
    --cfg=tracing:yes --cfg=tracing/filename:"$tmp/nope/t.trace"
done
expect_bad "a log file in a missing folder" "$tmp/nope" "$exe" run scenarios/pingpong/pingpong.json --out "$tmp/x" \
  --log=root.app:file:"$tmp/nope/log.txt"
[ -e "$tmp/x" ] && fail "output left behind"

# calibrate --from a file that is no host profile.
expect_bad "calibrate --from a scenario" "pingpong.json: /raw" \
  "$exe" calibrate --from scenarios/pingpong/pingpong.json --validation "$tmp/v.json"
echo '{"raw": {"machine": {}, "fits": {"speed": {"from": [3]}}, "figures": []}}' >"$tmp/p.json"
expect_bad "calibrate --from a malformed profile" "p.json: /raw/fits/speed/from" \
  "$exe" calibrate --from "$tmp/p.json" --validation "$tmp/v.json"

# A sweep point whose result.json was damaged after its run is a failed row.
cat >"$tmp/sweep.json" <<JSON
{"scenario": "$src/scenarios/pingpong/pingpong.json", "grid": {"params.round_trips": [10, 20]}}
JSON
"$exe" sweep "$tmp/sweep.json" --out "$tmp/sw" -q 2>/dev/null || fail "the sweep failed"
python3 - "$tmp/sw/points/p00001/result.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["simulated_time_s"] = None
json.dump(r, open(sys.argv[1], "w"))
PY
"$exe" sweep merge "$tmp/sw" >/dev/null 2>"$tmp/err" && fail "a damaged point merged as ok"
grep -q '"status": "failed"' "$tmp/sw/sweep.json" || fail "the damaged point is not marked failed"
[ "$(grep -c '"status": "ok"' "$tmp/sw/sweep.json")" -eq 1 ] || fail "the undamaged point is not ok"
# A point past the simulated-time horizon is refused before anything runs.
cat >"$tmp/late.json" <<JSON
{"scenario": "$src/scenarios/speculative_read/case1.json",
 "grid": {"params.iterations": [3], "params.local_process": ["30ms", "5e8s"]}}
JSON
# Every point is checked before the first runs: the sweep is refused whole (exit 2), naming the point.
status=0
"$exe" sweep "$tmp/late.json" --out "$tmp/late" -q 2>"$tmp/late.err" || status=$?
[ $status -eq 2 ] || fail "a sweep with a point past the horizon did not exit 2"
grep -q "point p00001 .*beyond the 1000000000 s any run may simulate" "$tmp/late.err" ||
  fail "the refusal does not name the point and say why"
[ ! -e "$tmp/late/points/p00000" ] || fail "a point ran before the bad one was found"
echo "rows file, scenario_file, load-time bounds, trace paths, calibrate --from and damaged sweep points: all checked"
