#!/usr/bin/env bash
# Samples in batches (docs/uncertainty.md, Cost): the samples of a grid point run several to a worker process, like
# repetitions, and give byte for byte the files of one process per point (--batch 1), also where a zip factor comes
# after the sample axis and with repetitions; and a sample whose drawn platform file sets other SimGrid options than
# the worker's first run goes to a fresh process instead of inheriting the first run's options.
source "$(dirname "$0")/harness.sh"

# Runs sweep file $1 into $tmp/$2.single (--batch 1) and $tmp/$2.batched (automatic), with $3 samples; compares them.
compare() {
  local sweep=$1 name=$2 samples=$3
  "$exe" sweep "$sweep" --out "$tmp/$name.single" --uncertainty "$samples" --batch 1 --jobs 2 2>"$tmp/single.log" ||
    fail "$name, one process per point: $(tail -3 "$tmp/single.log")"
  "$exe" sweep "$sweep" --out "$tmp/$name.batched" --uncertainty "$samples" --jobs 2 2>"$tmp/batched.log" ||
    fail "$name, batched: $(tail -3 "$tmp/batched.log")"
  points=$(sed -n 's/.*\[sweep\] \([0-9]*\) points:.*/\1/p' "$tmp/batched.log")
  batched=$(sed -n 's/.* \([0-9]*\) worker processes.*/\1/p' "$tmp/batched.log")
  [ "$batched" -lt "$points" ] || fail "$name: the samples did not run in batches ($batched workers, $points points)"
  diff -r "$tmp/$name.single/points" "$tmp/$name.batched/points" >"$tmp/diff" ||
    fail "$name: batched samples differ from one process per point: $(head -c 600 "$tmp/diff")"
  cmp -s "$tmp/$name.single/sweep_stats.csv" "$tmp/$name.batched/sweep_stats.csv" ||
    fail "$name: the intervals (sweep_stats.csv) differ"
  echo "$name: $points points, $batched worker processes: identical to one process per point"
}

# Speculative read: two methods, a zip of slowdowns after the sample axis, three repetitions per sample.
cat >"$tmp/read.json" <<EOF
{"scenario": "$PWD/scenarios/speculative_read/case2.json", "grid": {"params.method": ["NR", "FR"]},
 "zip": {"platform.slowdown": [1, 8]}, "repetitions": 3}
EOF
compare "$tmp/read.json" read 6

# Checkpointing with a failure (ranged platform, disk and application inputs).
cat >"$tmp/checkpoint.json" <<EOF
{"scenario": "$PWD/scenarios/checkpoint/water.json", "set": {"params.interval": "8min",
 "params.failures.fail_at": "1000s", "params.failures.recovery": "replacement"}}
EOF
compare "$tmp/checkpoint.json" checkpoint 6

# A platform file drawn among two that set different SimGrid options: a worker's later run that draws the other one
# must not run in that process (SimGrid keeps the first run's options), so some points run again in fresh workers.
python3 - "$PWD" "$tmp" <<'PY'
import json, sys
root, tmp = sys.argv[1], sys.argv[2]
p = json.load(open(f"{root}/platforms/two_hosts_1gbps.json"))
p["links"][0]["latency"] = {"value": "50us", "range": ["20us", "80us"], "source": "a test range"}
json.dump(p, open(f"{tmp}/a.json", "w"))
p["simgrid"] = {"network/model": "CM02"}  # cross traffic left on: other options than a.json's
json.dump(p, open(f"{tmp}/b.json", "w"))
s = json.load(open(f"{root}/scenarios/pingpong/pingpong.json"))
s["platform"] = {"file": {"value": "a.json", "choices": ["a.json", "b.json"],
                          "source": "a test choice between two platforms that set different SimGrid options"}}
s["params"]["round_trips"] = 50
json.dump(s, open(f"{tmp}/choice.json", "w"))
json.dump({"scenario": f"{tmp}/choice.json", "repetitions": 2}, open(f"{tmp}/choice_sweep.json", "w"))
PY
compare "$tmp/choice_sweep.json" choice 8
grep -q '"chosen": "b.json"' -r "$tmp/choice.batched/points" || fail "choice: no sample drew b.json"
grep -q '"chosen": "a.json"' -r "$tmp/choice.batched/points" || fail "choice: no sample drew a.json"
echo "uncertainty_batch: ok"
