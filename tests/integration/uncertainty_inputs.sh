#!/usr/bin/env bash
# Which inputs an uncertainty run samples and ranks (docs/uncertainty.md): a CG run ranks only the inputs it used
# (no other benchmark's compute, no disk read bandwidth it never reads), marks chance-level rhos, says which metrics
# are constant; a range given with a --set platform override or a sweep value is drawn like one written in the
# platform file.
source "$(dirname "$0")/harness.sh"
nas=scenarios/msglog/nas.json

"$exe" run "$nas" --set params.bench=cg --uncertainty 4 --out "$tmp/cg" -q 2>"$tmp/cg.log" ||
  fail "CG uncertainty run: $(tail -3 "$tmp/cg.log")"
python3 - "$tmp/cg" <<'PY' || fail "the CG run's inputs and ranking"
import glob, json, sys
out = sys.argv[1]
u = json.load(open(out + "/uncertainty.json"))
def unused(i):
    return "/params/lu/" in i or "/params/mg/" in i or "/params/bt/" in i or i.endswith("/read_bw")
ids = [i["id"] for i in u["inputs"]]
assert any(i.endswith("/params/cg/compute") for i in ids), ids
assert not [i for i in ids if unused(i)], ids
ranked = [s["input"] for m in u["metrics"].values() for s in m["sensitivity"]]
assert not [i for i in ranked if unused(i)], ranked
assert abs(u["chance_level"] - 1.96 / 3 ** 0.5) < 1e-9, u["chance_level"]
for name, m in u["metrics"].items():
    assert "chance_level" in m, name
    for s in m["sensitivity"]:
        assert s.get("below_chance", False) == (abs(s["rho"]) < m["chance_level"]), (name, s)
    if m.get("constant"):
        assert m["sensitivity"] == [] and m["p5"] == m["p95"], (name, m)
assert any(m.get("constant") for m in u["metrics"].values()), "some count of a CG run is the same in every sample"
# The samples still draw what they parsed: the other benches' compute is listed apart, as unused.
r = json.load(open(sorted(glob.glob(out + "/samples/points/*/result.json"))[0]))
assert any("/params/lu/" in i for i in r["uncertainty"].get("unused_inputs", [])), r["uncertainty"]
PY

# A range given with an override's value is drawn: the three samples use three different write bandwidths.
"$exe" run "$nas" --set params.bench=cg --uncertainty 3 --out "$tmp/over" -q \
  --set 'platform.hosts.cmi.disks.hda.write_bw={"value":"5000MBps","range":["4000MBps","6000MBps"],"source":"what-if"}' \
  2>"$tmp/over.log" || fail "override with a range: $(tail -3 "$tmp/over.log")"
python3 - "$tmp/over" <<'PY' || fail "the override's range was not drawn"
import glob, json, sys
values = []
for f in sorted(glob.glob(sys.argv[1] + "/samples/points/*/result.json")):
    ins = [i for i in json.load(open(f))["uncertainty"]["inputs"] if i["id"].endswith("/disks/0/write_bw")]
    assert len(ins) == 1, ins
    assert ins[0]["range"] == [4e9, 6e9] and ins[0]["point"] == 5e9, ins[0]
    values.append(ins[0]["value"])
assert len(values) == 3 and len(set(values)) == 3 and all(4e9 <= v <= 6e9 for v in values), values
PY

# So is one given as a sweep axis value (a preset set from a scenario arrives the same way, as an override).
cat >"$tmp/sweep.json" <<JSON
{"scenario": "$PWD/$nas", "set": {"params.bench": "ep"},
 "grid": {"platform.hosts.cmi.speed": [{"value": "2Gf", "range": ["1Gf", "3Gf"], "source": "what-if"}]}}
JSON
"$exe" sweep "$tmp/sweep.json" --out "$tmp/sweep" --uncertainty 2 -q 2>"$tmp/sweep.log" ||
  fail "sweep with a ranged value: $(tail -3 "$tmp/sweep.log")"
python3 - "$tmp/sweep" <<'PY' || fail "the sweep value's range was not drawn"
import glob, json, sys
values = []
for f in sorted(glob.glob(sys.argv[1] + "/points/*/result.json")):
    ins = [i for i in json.load(open(f))["uncertainty"]["inputs"] if i["id"].endswith("#/hosts/0/speed")]
    assert len(ins) == 1 and ins[0]["range"] == [1e9, 3e9], ins
    values.append(ins[0]["value"])
assert len(values) == 2 and len(set(values)) == 2, values
PY
echo "uncertainty_inputs: ok"
