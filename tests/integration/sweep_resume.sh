#!/usr/bin/env bash
# Crash safety: a sweep killed with SIGKILL (first the sweep process alone, then its whole process group) and
# started again runs only the missing points; the merged CSV equals an uninterrupted run's, no row twice.
set -euo pipefail
exe=$1
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 -- "-$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
count() { find "$tmp/out/points" -name result.json 2>/dev/null | wc -l; }

cat >"$tmp/sweep.json" <<JSON
{"scenario": "$PWD/scenarios/speculative_read/case1.json", "seed": 11, "repetitions": 5,
 "grid": {"params.method": ["NR", "FR", "TR"], "platform.slowdown": [1, 2, 4, 8, 16, 32, 64, 128]}}
JSON
total=120
"$exe" sweep "$tmp/sweep.json" --out "$tmp/ref" --jobs 2 -q 2>/dev/null

# Starts the sweep in its own process group, waits until it has finished at least $1 points, SIGKILLs $2.
run_and_kill() {
  setsid "$exe" sweep "$tmp/sweep.json" --out "$tmp/out" --jobs 2 -q 2>/dev/null &
  pid=$!
  for _ in $(seq 1000); do [ "$(count)" -ge "$1" ] && break; sleep 0.01; done
  if [ "$2" = group ]; then kill -9 -- "-$pid"; else kill -9 "$pid"; fi
  wait "$pid" 2>/dev/null || true
  pid=
  sleep 0.3 # a worker that outlived its sweep would write a result now
  local before=$(count)
  sleep 0.5
  [ "$(count)" -eq "$before" ] || fail "points finished after the sweep was killed: workers outlived it"
  [ "$before" -lt "$total" ] || fail "the sweep finished before it could be killed (make the points slower)"
  echo "killed ($2) with $before of $total points done"
}

run_and_kill 20 sweep
run_and_kill $(( $(count) + 20 )) group
done_before=$(count)
"$exe" sweep "$tmp/sweep.json" --out "$tmp/out" --jobs 2 2>"$tmp/log" || fail "resume failed: $(cat "$tmp/log")"
grep -q "$total points: $((total - done_before)) run, $done_before already done, 0 failed" "$tmp/log" ||
  fail "the resume must run exactly the missing points: $(tail -1 "$tmp/log")"
cmp -s "$tmp/ref/sweep.csv" "$tmp/out/sweep.csv" || fail "resumed sweep differs from an uninterrupted one"
cmp -s "$tmp/ref/sweep.json" "$tmp/out/sweep.json" || fail "resumed sweep.json differs from an uninterrupted one"
[ "$(tail -n +2 "$tmp/out/sweep.csv" | cut -d, -f1 | sort -u | wc -l)" -eq "$total" ] || fail "rows lost or doubled"
[ -z "$(find "$tmp/out/points" -name '*.tmp.*')" ] || fail "temporary files of killed writers were left behind"
echo "sweep_resume: ok"
