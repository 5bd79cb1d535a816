#!/usr/bin/env bash
# Sweep files and commands end to end: plan, grid x zip x sample x repetitions, derived columns, the same merged
# CSV whatever --jobs or sharding, merge of folders, failed points, foreign folders refused, plots.
source "$(dirname "$0")/harness.sh"

cat >"$tmp/sweep.json" <<JSON
{"name": "it's a \"test\"", "scenario": "$PWD/scenarios/speculative_read/case1.json", "seed": 4,
 "set": {"params.iterations": 10}, "repetitions": 2,
 "grid": {"params.method": ["NR", "FR"]},
 "zip": {"platform.slowdown": [1, 4, 16], "params.object_size": ["1KiB", "10KiB", "100KiB"]},
 "sample": {"method": "lhs", "count": 2, "params": {"params.local_process": {"uniform": ["10ms", "60ms"]}}},
 "derived": {"speedup_vs_nr": {"expr": "baseline.total_time_s / total_time_s", "baseline": {"params.method": "NR"}},
             "read_ms": "1000 * read_time_per_op_s", "per_iteration_s": "total_time_s / params.iterations"}}
JSON
points=24

# plan: how many and which, without running.
"$exe" sweep plan "$tmp/sweep.json" >"$tmp/plan"
grep -q "= $points points" "$tmp/plan" || fail "plan must count $points points: $(head -3 "$tmp/plan")"
grep -q "^p00023 " "$tmp/plan" || fail "plan must list every point"
[ ! -e "$tmp/a" ] || fail "plan must not run anything"
"$exe" sweep plan "$tmp/sweep.json" --shard 2/3 --json | grep -c '"point"' | grep -qx 8 || fail "plan --shard 2/3"

# The same merged table whatever the parallelism or the sharding.
"$exe" sweep "$tmp/sweep.json" --out "$tmp/a" --jobs 1 -q
"$exe" sweep run "$tmp/sweep.json" --out "$tmp/b" --jobs 2 -q
for k in 1 2 3; do "$exe" sweep "$tmp/sweep.json" --out "$tmp/c" --shard $k/3 --no-merge -q; done
[ ! -e "$tmp/c/sweep.csv" ] || fail "--no-merge must not merge"
"$exe" sweep merge "$tmp/c" 2>/dev/null
for k in 1 2 3; do "$exe" sweep "$tmp/sweep.json" --out "$tmp/d$k" --shard $k/3 --jobs 2 -q; done
"$exe" sweep merge "$tmp/d1" "$tmp/d2" "$tmp/d3" --out "$tmp/m" 2>"$tmp/log" || fail "merge: $(cat "$tmp/log")"
for x in b c m; do
  cmp -s "$tmp/a/sweep.csv" "$tmp/$x/sweep.csv" || fail "$x: merged CSV differs from the --jobs 1 run"
  cmp -s "$tmp/a/sweep.json" "$tmp/$x/sweep.json" || fail "$x: merged JSON differs from the --jobs 1 run"
done
! "$exe" sweep merge "$tmp/d1" 2>"$tmp/log" || fail "merging one shard must report the missing points"
grep -q "16 missing" "$tmp/log" || fail "merge summary: $(cat "$tmp/log")"

# Columns: parameters of every factor, then metrics, then derived columns.
head -1 "$tmp/a/sweep.csv" | grep -q '^point,rep,seed,params.method,params.object_size,platform.slowdown,params.local_process,status,.*,per_iteration_s,read_ms,speedup_vs_nr$' ||
  fail "CSV header: $(head -1 "$tmp/a/sweep.csv")"
[ "$(wc -l <"$tmp/a/sweep.csv")" -eq $((points + 1)) ] || fail "one row per point"
awk -F, 'NR > 1 && $4 == "NR" && $NF != 1 { bad = 1 } END { exit bad }' "$tmp/a/sweep.csv" ||
  fail "the NR rows are their own baseline: speedup 1"
awk -F, 'NR > 1 && $4 == "FR" && ($NF == "" || $NF <= 0) { bad = 1 } END { exit bad }' "$tmp/a/sweep.csv" ||
  fail "every FR row has a speedup"
# A value fixed by "set" is a column of the derived expressions (10 iterations in every row).
python3 - "$tmp/a/sweep.csv" <<'PY' || fail "per_iteration_s must be total_time_s / 10"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert rows and all(abs(float(r["per_iteration_s"]) - float(r["total_time_s"]) / 10) < 1e-12 for r in rows)
PY

# A folder is never resumed by another sweep.
sed 's/"seed": 4/"seed": 5/' "$tmp/sweep.json" >"$tmp/other.json"
set +e; "$exe" sweep "$tmp/other.json" --out "$tmp/a" -q 2>"$tmp/log"; rc=$?; set -e
[ $rc -eq 2 ] && grep -q "another sweep" "$tmp/log" || fail "a foreign folder must be refused (rc $rc: $(cat "$tmp/log"))"

# Failed points are recorded, the others run, the exit status says so; a re-run retries only the failed ones. (A
# bad value is found before any point runs: these points fail in the run, on a fault naming a link the platform
# lacks, which only the run's platform finds.)
cat >"$tmp/failing.json" <<JSON
{"scenario": "$PWD/scenarios/speculative_read/case1.json", "set": {"params.iterations": 5},
 "grid": {"params.method": ["NR", "FR"], "faults": [[], [{"link": "nolink", "from": "0s", "slowdown": 2}]]}}
JSON
set +e; "$exe" sweep "$tmp/failing.json" --out "$tmp/f" --jobs 2 2>"$tmp/log"; rc=$?; set -e
[ $rc -eq 1 ] || fail "a sweep with failed points exits 1 (got $rc)"
grep -q "4 points: 4 run, 0 already done, 2 failed" "$tmp/log" || fail "summary: $(tail -2 "$tmp/log")"
grep -q "/faults/0/link" "$tmp/f/points/p00002.error" || fail "the error names the field: $(cat "$tmp/f/points/p00002.error")"
grep -q '^p00002,0,1,".*nolink.*",NR,failed' "$tmp/f/sweep.csv" || fail "failed rows: $(cat "$tmp/f/sweep.csv")"
grep -q '"error": ".*/faults/0/link' "$tmp/f/sweep.json" || fail "sweep.json keeps the error"
set +e; "$exe" sweep "$tmp/failing.json" --out "$tmp/f" --jobs 2 2>"$tmp/log"; set -e
grep -q "4 points: 2 run, 2 already done, 2 failed" "$tmp/log" || fail "re-run: $(tail -2 "$tmp/log")"

# A point that runs too long is killed and recorded; the others finish.
cat >"$tmp/slow.json" <<JSON
{"scenario": "$PWD/scenarios/speculative_read/case1.json", "grid": {"params.iterations": [5, 10000000]}}
JSON
set +e; "$exe" sweep "$tmp/slow.json" --out "$tmp/t" --point-timeout 0.5 -q 2>/dev/null; rc=$?; set -e
[ $rc -eq 1 ] && grep -q "timed out after 0.5" "$tmp/t/points/p00001.error" && [ -f "$tmp/t/points/p00000/result.json" ] ||
  fail "--point-timeout (rc $rc)"

# Plots: a line plot (one line per method) and a heat map, the sweep's quoted name in the title.
"$exe" sweep plot "$tmp/a" --x platform.slowdown --y total_time_s --lines params.method 2>"$tmp/log" && fail "a varying parameter left unfixed must be refused"
grep -q "params.local_process also varies" "$tmp/log" || fail "plot error: $(cat "$tmp/log")"
lp=$(sed -n 2p "$tmp/a/sweep.csv" | cut -d, -f7)
"$exe" sweep plot "$tmp/a" --x platform.slowdown --y speedup_vs_nr --lines params.method \
  --where params.local_process=$lp --logx 2>/dev/null
"$exe" sweep plot "$tmp/a" --kind heat --x platform.slowdown --y params.method --z read_ms \
  --where params.local_process=$lp --output "$tmp/heat" 2>/dev/null
for f in "$tmp/a/plot-line-speedup_vs_nr" "$tmp/heat"; do
  [ -s "$f.png" ] && [ -s "$f.svg" ] || fail "plot $f not rendered"
done
grep -qF "<text>it's a \"test\" (params.local_process=$lp)</text>" "$tmp/heat.svg" ||
  fail "the title must carry the sweep's name verbatim"
# A boolean parameter fixed by --where as sweep.csv and sweep_stats.csv write it (1), or as a word.
cat >"$tmp/bool.json" <<'EOF'
{"scenario": "scenarios/javaparty/raytracer.json",
 "grid": {"params.machines": [2, 4], "params.congestion.enabled": [false, true],
          "params.switch_model.mls_qos": ["off", "on"]}}
EOF
"$exe" sweep "$tmp/bool.json" --out "$tmp/bool" -q 2>/dev/null
for w in 1 true; do
  "$exe" sweep plot "$tmp/bool" --x params.machines --y exec_time_s --where params.congestion.enabled=$w \
    --lines params.switch_model.mls_qos \
    --output "$tmp/bool-$w" 2>"$tmp/log" || fail "--where params.congestion.enabled=$w: $(cat "$tmp/log")"
done
# Several --lines: one line per combination (lab 2's congestion x QoS in one command).
"$exe" sweep plot "$tmp/bool" --x params.machines --y exec_time_s --lines params.congestion.enabled \
  --lines params.switch_model.mls_qos --output "$tmp/four" 2>"$tmp/log" || fail "two --lines: $(cat "$tmp/log")"
grep -q "<text>Congestion enabled, Mls qos</text>" "$tmp/four.svg" ||
  fail "the key's title names the --lines by their fields, not by a doc's sentence"
# Without congestion the QoS profile changes nothing: that series lies exactly on the other, and the key says so.
for t in "false, off" "false, on (= false, off)" "true, off" "true, on"; do
  grep -q "<text>$t</text>" "$tmp/four.svg" || fail "two --lines: no line \"$t\" in the key"
done
# A log axis labels every swept value (1, 4, 16), not the decades alone.
for v in 1 4 16; do
  grep -q "<text>$v</text>" "$tmp/a/plot-line-speedup_vs_nr.svg" || fail "log x axis without a tick at $v"
done
# The filter in the title; no note on error bars where a point is one run.
grep -q "(params.congestion.enabled=1)" "$tmp/bool-1.svg" || fail "the --where filter is not in the title"
! grep -q "error bars" "$tmp/bool-1.svg" || fail "an error-bar note on a plot of single runs"
grep -q "error bars: one standard deviation" "$tmp/a/plot-line-speedup_vs_nr.svg" ||
  fail "no error-bar note on a plot of repetitions"
# A mistyped parameter path fails before anything runs (exit 2, the sweep file and the path named, no folder).
sed 's/"params.method"/"params.mehtod"/' "$tmp/sweep.json" >"$tmp/typo.json"
for cmd in "plan $tmp/typo.json" "run $tmp/typo.json --out $tmp/typo -q"; do
  set +e; "$exe" sweep $cmd 2>"$tmp/log"; rc=$?; set -e
  [ $rc -eq 2 ] || fail "sweep $cmd with a typo: exit $rc, expected 2"
  grep -q "typo.json.*params/mehtod.*did you mean \"method\"" "$tmp/log" || fail "typo message: $(cat "$tmp/log")"
done
[ ! -e "$tmp/typo" ] || fail "a sweep refused at the start must not leave an output folder"
echo "sweep_features: ok"
