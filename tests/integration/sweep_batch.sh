#!/usr/bin/env bash
# Batched repetitions: a worker process that runs several repetitions one after the other (a fresh SimGrid engine
# each) gives, for every point, byte for byte the files of one process per point (--batch 1), for each model family
# and with faults; a derived column (whose first point runs alone) leaves the batching as it is; and it does batch
# (fewer worker processes than points).
source "$(dirname "$0")/harness.sh"

# name | scenario | sweep fields besides the scenario (fast settings, repetitions)
cases=(
  "javaparty|javaparty/raytracer.json|\"set\": {\"params.machines\": 4, \"params.congestion.enabled\": true}, \"grid\": {\"params.switch_model.mls_qos\": [\"off\", \"on\"]}, \"repetitions\": 9, \"derived\": {\"twice\": {\"expr\": \"2 * blast_fps\"}}"
  "speculative_read|speculative_read/case2.json|\"grid\": {\"params.method\": [\"NR\", \"FR\"], \"platform.slowdown\": [1, 8]}, \"repetitions\": 5"
  "checkpoint|checkpoint/water.json|\"set\": {\"params.interval\": \"8min\", \"params.failures.fail_at\": \"1000s\", \"params.failures.recovery\": \"replacement\"}, \"repetitions\": 4"
  "dsm|dsm/speedup.json|\"set\": {\"params.bench\": \"sor\", \"params.nodes\": 2}, \"repetitions\": 3"
  "msglog|msglog/nas.json|\"set\": {\"params.bench\": \"ep\"}, \"repetitions\": 3"
  "microbench|microbench/udp_rtt.json|\"repetitions\": 4"
  "faults|pingpong/pingpong.json|\"set\": {\"params.round_trips\": 2000, \"faults\": [{\"link\": \"wire\", \"from\": \"1ms\", \"to\": \"20ms\", \"slowdown\": 4}]}, \"repetitions\": 5"
)
for c in "${cases[@]}"; do
  IFS='|' read -r name scenario fields <<<"$c"
  echo "{\"scenario\": \"$PWD/scenarios/$scenario\", \"seed\": 5, $fields}" >"$tmp/$name.json"
  "$exe" sweep "$tmp/$name.json" --out "$tmp/$name.single" --batch 1 --jobs 2 2>"$tmp/single.log" ||
    fail "$name, one process per point: $(tail -3 "$tmp/single.log")"
  "$exe" sweep "$tmp/$name.json" --out "$tmp/$name.batched" --jobs 2 2>"$tmp/batched.log" ||
    fail "$name, batched: $(tail -3 "$tmp/batched.log")"
  points=$(sed -n 's/.*\[sweep\] \([0-9]*\) points:.*/\1/p' "$tmp/batched.log")
  single=$(sed -n 's/.* \([0-9]*\) worker processes.*/\1/p' "$tmp/single.log")
  batched=$(sed -n 's/.* \([0-9]*\) worker processes.*/\1/p' "$tmp/batched.log")
  [ "$single" = "$points" ] || fail "$name: --batch 1 must start one worker per point ($single for $points)"
  [ "$batched" -lt "$points" ] || fail "$name: the repetitions did not run in batches ($batched workers, $points points)"
  diff -r "$tmp/$name.single/points" "$tmp/$name.batched/points" >"$tmp/diff" ||
    fail "$name: batched results differ from one process per point: $(head -c 600 "$tmp/diff")"
  cmp -s "$tmp/$name.single/sweep.csv" "$tmp/$name.batched/sweep.csv" || fail "$name: sweep.csv differs"
  echo "$name: $points points, $batched worker processes batched against $single: identical"
done
echo "sweep_batch: ok"
