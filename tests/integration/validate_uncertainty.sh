#!/usr/bin/env bash
# `validate --uncertainty` (docs/uncertainty.md, docs/validation-format.md): every cell, prediction cells too, gains
# its median, interval and sensitivity; the report gains its "uncertainty" object; the same seed gives the same report
# bytes; a range of zero width gives the point result (and its run's samples run once); a cell depending on one ranged
# input ranks that input first, and inputs of zero width are never ranked; `--plot` draws the file's tornado.
source "$(dirname "$0")/harness.sh"
data=$PWD/tests/data
mkdir -p "$tmp/validation"
cat >"$tmp/validation/900_ranged.json" <<EOF
{"seed": "900", "title": "ranged ping-pong",
 "runs": {"ranged": {"scenario": "$data/uncertainty_pingpong.json"},
          "zero": {"scenario": "$data/uncertainty_pingpong.json",
                   "set": {"platform.file": "uncertainty_zero_width.json"}}},
 "cells": [
  {"id": "900.rtt", "source": "test", "metric": "round trip", "table": "t", "role": "validation",
   "measured": 0.0001, "tolerance": {"rel": 0.9}, "compute": {"op": "value", "run": "ranged", "y": "round_trip_time_s"}},
  {"id": "900.rtt_predicted", "source": "test", "metric": "round trip", "table": "t", "role": "prediction",
   "measured": null, "compute": {"op": "value", "run": "ranged", "y": "round_trip_time_s"}},
  {"id": "900.zero", "source": "test", "metric": "round trip", "table": "t", "role": "validation",
   "measured": 0.0001, "tolerance": {"rel": 0.9}, "compute": {"op": "value", "run": "zero", "y": "round_trip_time_s"}}
 ]}
EOF
for r in a b; do
  "$exe" validate --validation-dir "$tmp/validation" --uncertainty 8 --report "$tmp/$r/report.json" -q \
    --work "$tmp/$r/work" >"$tmp/$r.out" 2>"$tmp/$r.log" || fail "validate --uncertainty ($r): $(tail -3 "$tmp/$r.log")"
done
cmp -s "$tmp/a/report.json" "$tmp/b/report.json" || fail "the same seed gave different reports"
# The run that draws only zero-width ranges ran once (its first sample), the ranged one all of its samples.
ran() { find "$tmp/a/work/900_ranged/$1.samples/points" -name result.json | wc -l; }
[ "$(ran zero)" = 1 ] || fail "the zero-width run's samples ran $(ran zero) times, not once"
[ "$(ran ranged)" = 8 ] || fail "the ranged run's samples ran $(ran ranged) times, not 8"
grep -q "^uncertainty: 8 samples (seed 1): coverage" "$tmp/a.out" || fail "no coverage line: $(tail -3 "$tmp/a.out")"

python3 - "$tmp/a/report.json" <<'PY' || fail "the report's intervals"
import json, sys
r = json.load(open(sys.argv[1]))
u = r["uncertainty"]
assert u["samples"] == 8 and u["seed"] == 1 and u["validation_cells"] == 2, u
assert "coverage" in u and "median_rel_halfwidth" in u, u
cells = {c["id"]: c for c in r["cells"]}
for c in cells.values():  # prediction cells too
    assert {"median", "interval", "interval_inputs", "model_error", "sensitivity"} <= c.keys(), c
    assert c["interval_inputs"][0] <= c["median"] <= c["interval_inputs"][1], c
    assert "ranking" not in c, c
rtt = cells["900.rtt"]
assert rtt["interval_inputs"][0] < rtt["interval_inputs"][1], rtt
assert rtt["sensitivity"][0]["input"].endswith("#/links/0/latency") and rtt["sensitivity"][0]["rho"] > 0.99, rtt
assert cells["900.rtt_predicted"]["pass"] is None, cells["900.rtt_predicted"]
zero = cells["900.zero"]
assert zero["interval_inputs"] == [zero["simulated"], zero["simulated"]] and zero["median"] == zero["simulated"], zero
assert zero["sensitivity"] == [], zero  # an input of zero width explains nothing, whatever its chance rho
PY

"$exe" validate --validation-dir "$tmp/validation" --uncertainty 8 --plot --report "$tmp/plot/report.json" -q \
  >/dev/null 2>"$tmp/plot.log" || fail "validate --uncertainty --plot: $(tail -3 "$tmp/plot.log")"
[ -s "$tmp/plot/validate_900_ranged_sensitivity.png" ] && [ -s "$tmp/plot/validate_900_ranged_sensitivity.svg" ] ||
  fail "no tornado plot: $(ls "$tmp/plot"; tail -3 "$tmp/plot.log")"
cmp -s "$tmp/a/report.json" "$tmp/plot/report.json" || fail "--plot changed the report"
# A draw the model cannot run (a one-host platform for a ping-pong) fails its samples, not the report: the cell's
# interval is over the samples that ran, the failures are counted and named, and the exit status is 1.
mkdir -p "$tmp/failing"
cat >"$tmp/failing/901_failing.json" <<EOF
{"seed": "901", "title": "a platform choice the model refuses",
 "runs": {"chosen": {"scenario": "$data/uncertainty_pingpong.json",
                     "set": {"platform.file": {"value": "uncertainty_two_hosts.json",
                             "choices": ["uncertainty_two_hosts.json", "uncertainty_one_host.json"],
                             "source": "test: one of the two cannot run a ping-pong"}}}},
 "cells": [
  {"id": "901.rtt", "source": "test", "metric": "round trip", "table": "t", "role": "validation",
   "measured": 0.0001, "tolerance": {"rel": 0.9}, "compute": {"op": "value", "run": "chosen", "y": "round_trip_time_s"}}
 ]}
EOF
set +e
"$exe" validate --validation-dir "$tmp/failing" --uncertainty 8 --report "$tmp/failing/report.json" -q \
  >"$tmp/failing.out" 2>"$tmp/failing.log"
rc=$?
set -e
[ $rc -eq 1 ] || fail "failed samples must exit 1 (got $rc: $(tail -3 "$tmp/failing.log"))"
grep -q "cell samples could not be computed" "$tmp/failing.out" || fail "no failed-sample line: $(cat "$tmp/failing.out")"
python3 - "$tmp/failing/report.json" <<'PY' || fail "the failed samples in the report"
import json, sys
r = json.load(open(sys.argv[1]))
cell = r["cells"][0]
assert 0 < cell["failed_samples"] < 8 and "interval" in cell and "run point" in cell["first_failure"], cell
assert r["uncertainty"]["failed_samples"] == cell["failed_samples"], r["uncertainty"]
PY
echo "validate_uncertainty: ok"
