#!/usr/bin/env bash
# Hardware what-ifs without copying platform files: a platform field set with --set and swept as an axis (recorded in
# result.json as an override, checked like any field), and a resume that re-runs exactly the points whose platform
# file changed, saying why.
source "$(dirname "$0")/harness.sh"
metric() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['metrics'][sys.argv[2]])" "$@"; }

cp platforms/000_yi2002_rpi_linux.json "$tmp/plat_a.json"
cp platforms/000_yi2002_rpi_linux.json "$tmp/plat_b.json"
python3 - "$tmp" <<'PY'
import json, sys
s = json.load(open("scenarios/speculative_read/quickstart.json"))
s["platform"] = {"file": "plat_a.json", "slowdown": 8}  # beside the scenario
s["params"]["iterations"] = 20
json.dump(s, open(sys.argv[1] + "/scen.json", "w"))
PY

# --set on a switch port: a real change of the run, recorded with its provenance.
"$exe" run "$tmp/scen.json" --out "$tmp/base" -q
"$exe" run "$tmp/scen.json" --out "$tmp/slow" -q --set platform.switches.lan.port.bandwidth=1Mbps
python3 - "$tmp/slow/result.json" <<'PY' || fail "the override is not recorded in result.json"
import json, sys
r = json.load(open(sys.argv[1]))
(o,) = r["platform_overrides"]
assert o["set_at"] == "/platform/switches/lan/port/bandwidth", o
assert o["platform_pointer"] == "/switches/0/port/bandwidth", o
assert o["value"]["value"] == "1Mbps" and o["value"]["source"].startswith("override:"), o
assert "source" in o["replaced"], o
assert r["inputs"]["program"].startswith("clustersim "), r["inputs"]
PY
base=$(metric "$tmp/base/result.json" total_time_s)
slow=$(metric "$tmp/slow/result.json" total_time_s)
python3 -c "import sys; sys.exit(0 if $slow > 1.5 * $base else 1)" || fail "a 1 Mb/s port must slow the run ($base -> $slow s)"

# A name with dots (an OS profile) and a host group's field work the same way.
"$exe" run "$tmp/scen.json" --out "$tmp/os" -q --set platform.os_profiles.linux-2.4-jdk1.3.costs.fork_fixed=50ms \
  --set platform.hosts.client.cores=2 || fail "overriding an OS cost and a host field must work"

# Checked like every field: exit 2, one line naming the scenario and the override's pointer, the valid keys listed.
expect_error() {
  local rc=0
  "$exe" run "$tmp/scen.json" --out "$tmp/bad" -q --set "$1" 2>"$tmp/err" || rc=$?
  [ $rc -eq 2 ] || fail "--set $1: exit status $rc, expected 2"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "--set $1: expected one line, got: $(cat "$tmp/err")"
  grep -qF "$2" "$tmp/err" || fail "--set $1: expected \"$2\" in: $(cat "$tmp/err")"
  [ ! -e "$tmp/bad" ] || fail "--set $1: output written despite bad input"
}
expect_error platform.switches.lan.port.bandwdth=1Mbps 'unknown key "bandwdth" (did you mean "bandwidth"?); valid keys: '
expect_error platform.switches.lam.port.bandwidth=1Mbps 'no switch "lam" (did you mean "lan"?); names: lan'
expect_error platform.switches.lan.port.bandwidth=fast 'scen.json: /platform/switches/lan/port/bandwidth: expected a bandwidth'
expect_error platform.hosts.client.sped=1Gf 'did you mean "speed"?'
expect_error platform.disks.x=1 'unknown key "disks"'

# A sweep over the platform file and a switch port: 2 x 2 grid x 2 repetitions.
cat >"$tmp/sweep.json" <<'JSON'
{"scenario": "scen.json", "repetitions": 2,
 "grid": {"platform.file": ["plat_a.json", "plat_b.json"], "platform.switches.lan.port.bandwidth": ["1Mbps", "100Mbps"]}}
JSON
"$exe" sweep "$tmp/sweep.json" --out "$tmp/out" --jobs 2 2>"$tmp/log" || fail "sweep failed: $(cat "$tmp/log")"
grep -q "8 points: 8 run, 0 already done, 0 failed" "$tmp/log" || fail "first sweep: $(tail -1 "$tmp/log")"
head -1 "$tmp/out/sweep.csv" | grep -q "platform.switches.lan.port.bandwidth" || fail "the axis is not a CSV column"
python3 - "$tmp/out/sweep_stats.json" <<'PY' || fail "sweep_stats.json: one row per grid point, n = 2, slower at 1 Mb/s"
import json, sys
rows = json.load(open(sys.argv[1]))
assert len(rows) == 4, len(rows)
t = {r["params"]["platform.switches.lan.port.bandwidth"]: r["stats"]["total_time_s"] for r in rows}
assert all(r["stats"]["total_time_s"]["n"] == 2 for r in rows)
assert t["1Mbps"]["mean"] > 1.5 * t["100Mbps"]["mean"], t
PY

# Nothing changed: nothing re-runs. Then plat_b's backplane changes: exactly its 4 points re-run, and the sweep says why.
"$exe" sweep "$tmp/sweep.json" --out "$tmp/out" --jobs 2 2>"$tmp/log"
grep -q "8 points: 0 run, 8 already done, 0 failed" "$tmp/log" || fail "unchanged resume: $(tail -1 "$tmp/log")"
cp "$tmp/out/points/p00000/result.json" "$tmp/a_before.json"
python3 - "$tmp/plat_b.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p["switches"][0]["backplane"]["latency"] = {"value": "1ms", "source": "test: a slower backplane"}
json.dump(p, open(sys.argv[1], "w"))
PY
"$exe" sweep "$tmp/sweep.json" --out "$tmp/out" --jobs 2 2>"$tmp/log"
grep -q "8 points: 4 run (4 re-run: platform file .*plat_b.json changed), 4 already done, 0 failed" "$tmp/log" ||
  fail "after editing plat_b.json exactly its 4 points must re-run: $(tail -1 "$tmp/log")"
cmp -s "$tmp/a_before.json" "$tmp/out/points/p00000/result.json" || fail "a point on plat_a.json was re-run"
echo "platform_sweep: ok"
