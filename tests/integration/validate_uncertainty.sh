#!/usr/bin/env bash
# `validate --uncertainty` (docs/uncertainty.md, docs/validation-format.md): every cell, prediction cells too, gains
# its median, interval and sensitivity; the report gains its "uncertainty" object; the same seed gives the same report
# bytes; a range of zero width gives the point result (and its run's samples run once); a cell depending on one ranged
# input ranks that input first; `--plot` draws the file's tornado.
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
    assert {"median", "interval", "sensitivity"} <= c.keys(), c
    assert c["interval"][0] <= c["median"] <= c["interval"][1], c
    assert "ranking" not in c, c
rtt = cells["900.rtt"]
assert rtt["interval"][0] < rtt["interval"][1], rtt
assert rtt["sensitivity"][0]["input"].endswith("#/links/0/latency") and rtt["sensitivity"][0]["rho"] > 0.99, rtt
assert cells["900.rtt_predicted"]["pass"] is None, cells["900.rtt_predicted"]
zero = cells["900.zero"]
assert zero["interval"] == [zero["simulated"], zero["simulated"]] and zero["median"] == zero["simulated"], zero
PY

"$exe" validate --validation-dir "$tmp/validation" --uncertainty 8 --plot --report "$tmp/plot/report.json" -q \
  >/dev/null 2>"$tmp/plot.log" || fail "validate --uncertainty --plot: $(tail -3 "$tmp/plot.log")"
[ -s "$tmp/plot/validate_900_ranged_sensitivity.png" ] && [ -s "$tmp/plot/validate_900_ranged_sensitivity.svg" ] ||
  fail "no tornado plot: $(ls "$tmp/plot"; tail -3 "$tmp/plot.log")"
cmp -s "$tmp/a/report.json" "$tmp/plot/report.json" || fail "--plot changed the report"
echo "validate_uncertainty: ok"
