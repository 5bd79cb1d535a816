#!/usr/bin/env bash
# Uncertainty runs (docs/uncertainty.md): the same seed gives the same bytes; a range of zero width gives the point
# result; the metric that depends on one ranged input only ranks that input first; the inputs keep their real
# file's id under --set overrides; a run without the field writes no "uncertainty" (the point run is unchanged).
source "$(dirname "$0")/harness.sh"
data=$PWD/tests/data
scenario=$data/uncertainty_pingpong.json
metric=round_trip_time_s

"$exe" run "$scenario" --out "$tmp/point" -q || fail "point run"
python3 - "$tmp/point/result.json" <<'PY' || fail "a run without the field must write no uncertainty record"
import json, sys
assert "uncertainty" not in json.load(open(sys.argv[1]))
PY

for run in a b; do
  "$exe" run "$scenario" --uncertainty 8 --uncertainty-seed 3 --jobs 2 --out "$tmp/$run" -q ||
    fail "uncertainty run $run"
done
cmp -s "$tmp/a/uncertainty.json" "$tmp/b/uncertainty.json" || fail "the same seed gave different intervals"
"$exe" run "$scenario" --uncertainty 8 --uncertainty-seed 4 --out "$tmp/c" -q || fail "uncertainty run, seed 4"
cmp -s "$tmp/a/uncertainty.json" "$tmp/c/uncertainty.json" && fail "another seed gave the same samples"

python3 - "$tmp/a/uncertainty.json" "$tmp/point/result.json" "$metric" <<'PY' || fail "ranking or point value"
import json, sys
u, point, metric = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
ids = [i["id"] for i in u["inputs"]]
assert ids == ["tests/data/uncertainty_two_hosts.json#/hosts/0/speed",
               "tests/data/uncertainty_two_hosts.json#/links/0/latency"], ids
m = u["metrics"][metric]
assert m["point"] == point["metrics"][metric], (m["point"], point["metrics"][metric])
assert m["p5"] < m["median"] < m["p95"], m
top = m["sensitivity"][0]
assert top["input"].endswith("#/links/0/latency") and top["rho"] > 0.99, m["sensitivity"]
assert abs(m["sensitivity"][1]["rho"]) < 0.9, m["sensitivity"]
PY

# A range of zero width: every sample is the point run.
"$exe" run "$scenario" --set platform.file=uncertainty_zero_width.json --uncertainty 4 --out "$tmp/zero" -q ||
  fail "zero-width run"
python3 - "$tmp/zero/uncertainty.json" "$metric" <<'PY' || fail "a range of zero width must give the point result"
import json, sys
m = json.load(open(sys.argv[1]))["metrics"][sys.argv[2]]
assert m["point"] == m["median"] == m["p5"] == m["p95"], m
assert all(s["rho"] == 0 for s in m["sensitivity"]), m
PY

# Overrides rewrite the platform in memory: the drawn input keeps the id of its real file.
"$exe" run "$scenario" --set 'platform.links={"wire": {"bandwidth": "2Gbps"}}' \
  --set 'uncertainty={"sample": 1, "samples": 4}' --out "$tmp/over" -q 2>"$tmp/over.log" ||
  fail "a sample with a platform override: $(tail -2 "$tmp/over.log")"
grep -q '"tests/data/uncertainty_two_hosts.json#/links/0/latency"' "$tmp/over/result.json" ||
  fail "the overridden platform's input lost its file's id"
"$exe" run "$scenario" --set 'uncertainty={"sample": 4, "samples": 4}' --out "$tmp/bad" -q 2>"$tmp/bad.log" &&
  fail "a sample beyond the samples was accepted"
grep -q "uncertainty/sample" "$tmp/bad.log" || fail "the error must name /uncertainty/sample: $(cat "$tmp/bad.log")"
# A sweep over samples: sweep_stats.csv groups a point's samples and gains their median, p5 and p95.
echo "{\"scenario\": \"$scenario\", \"grid\": {\"params.size\": [\"64B\", \"1KB\"]}}" >"$tmp/sweep.json"
"$exe" sweep "$tmp/sweep.json" --out "$tmp/sweep" --uncertainty 4 -q 2>"$tmp/sweep.log" || fail "sweep --uncertainty"
head -1 "$tmp/sweep/sweep_stats.csv" | grep -q '^params.size,runs,failed,column,n,mean,sd,ci95_low,ci95_high,median,p5,p95$' ||
  fail "sweep_stats.csv header: $(head -1 "$tmp/sweep/sweep_stats.csv")"
grep -q '^64B,4,0,round_trip_time_s,4,' "$tmp/sweep/sweep_stats.csv" || fail "a point's 4 samples are not one row"
echo "uncertainty: ok"
