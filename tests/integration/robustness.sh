#!/usr/bin/env bash
# Input that once crashed clustersim or left broken output: each must end in exit 2 (bad input) with one line, or,
# for signals, 130/143 with one line, and leave no half-written output behind.
set -uo pipefail
exe=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
s=scenarios/speculative_read/quickstart.json
# expect STATUS NEEDLE CMD...: the exit status, a text the one-line message contains, the command.
expect() {
  local want=$1 needle=$2
  shift 2
  "$@" >/dev/null 2>"$tmp/err"
  local got=$?
  if [ $got -ne "$want" ]; then echo "FAIL ($*): exit $got, expected $want: $(head -c 300 "$tmp/err")"; fail=1; return; fi
  if ! grep -qF -- "$needle" "$tmp/err"; then echo "FAIL ($*): message lacks '$needle': $(cat "$tmp/err")"; fail=1; fi
  if [ "$(wc -l <"$tmp/err")" -ne 1 ]; then echo "FAIL ($*): expected one line: $(head -c 300 "$tmp/err")"; fail=1; fi
}

# Options: ranges, types, no wrap-around.
expect 2 '--seed expects an integer' "$exe" run $s --seed -1 --out "$tmp/o1"
expect 2 '--seed expects an integer' "$exe" run $s --seed 18446744073709551616 --out "$tmp/o1"
expect 2 '--max-wall expects seconds' "$exe" run $s --max-wall nan --out "$tmp/o1"
echo '{"scenario": "'$PWD'/'$s'", "grid": {"params.method": ["NR", "FR"]}}' >"$tmp/sw.json"
for t in -1 nan 1e308 0x10; do
  expect 2 '--point-timeout expects seconds' "$exe" sweep "$tmp/sw.json" --out "$tmp/sw-$t" --point-timeout "$t"
done
# --set values: numbers beyond a double, bytes that are no UTF-8, nesting, key paths.
expect 2 '--set params.iterations: number overflow' "$exe" run $s --set params.iterations=1e999 --out "$tmp/o1"
expect 2 '--set params.method: not valid UTF-8' "$exe" run $s --set "params.method=$(printf 'F\377')" --out "$tmp/o1"
deep=$(printf '[%.0s' $(seq 1 100000))
expect 2 'nested deeper than 64 levels' "$exe" run $s --set "params.x=$deep" --out "$tmp/o1"
expect 2 'a key path deeper than 64 levels' "$exe" run $s --set "$(printf 'a.%.0s' $(seq 1 100))b=1" --out "$tmp/o1"
expect 2 'params/iterations: expected an integer in [1, 10000000]' \
  "$exe" run $s --set params.iterations=9223372036854775807 --out "$tmp/o1"
# SimGrid's own options, checked before the engine sees them.
expect 2 '"network/model" must be one of' "$exe" run $s --cfg=network/model:Bogus --out "$tmp/o1"
expect 2 '"contexts/factory" must be one of' "$exe" run $s --cfg=contexts/factory:bogus --out "$tmp/o1"
expect 2 'SimGrid has no option "bogus/key"' "$exe" run $s --cfg=bogus/key:1 --out "$tmp/o1"
expect 2 'is a boolean' "$exe" run $s --cfg=network/crosstraffic:maybe --out "$tmp/o1"
expect 2 'is no log setting' "$exe" run $s --log=bogus --out "$tmp/o1"
expect 2 'is no log level' "$exe" run $s --log=root.thres:loud --out "$tmp/o1"
expect 2 '"network/model" must be one of' "$exe" sweep "$tmp/sw.json" --out "$tmp/sw-cfg" --cfg=network/model:Bogus
[ -e "$tmp/o1" ] && { echo "FAIL: bad input left $tmp/o1 behind"; fail=1; }
# A sweep's derived expression nested 20,000 deep is refused, not a stack overflow.
printf '{"scenario": "%s/%s", "grid": {"params.method": ["NR"]}, "derived": {"x": "%s1%s"}}' "$PWD" $s \
  "$(printf '(%.0s' $(seq 1 20000))" "$(printf ')%.0s' $(seq 1 20000))" >"$tmp/deep_sweep.json"
expect 2 'nested deeper than' "$exe" sweep plan "$tmp/deep_sweep.json"
# A file name longer than the system takes (NAME_MAX) is a missing file, not a filesystem_error (found by the fuzzer).
echo '{"scenario": "'$(printf 'x%.0s' $(seq 1 300))'.json", "grid": {"params.method": ["NR"]}}' >"$tmp/long_name.json"
expect 2 '/scenario: no such scenario file' "$exe" sweep plan "$tmp/long_name.json"

# --out: an unwritable place fails before the simulation, and nothing is created.
touch "$tmp/file"
expect 2 'is not a folder' "$exe" run $s --out "$tmp/file/sub"
# A run into a used folder replaces that run's files and nothing else.
"$exe" run $s --out "$tmp/used" -q || { echo "FAIL: run into $tmp/used"; fail=1; }
python3 - "$tmp/used/result.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); r["tables"]["stale"] = "stale.csv"; json.dump(r, open(sys.argv[1], "w"))
PY
echo old >"$tmp/used/stale.csv"
echo mine >"$tmp/used/notes.txt"
"$exe" run $s --out "$tmp/used" -q || { echo "FAIL: rerun into $tmp/used"; fail=1; }
[ -e "$tmp/used/stale.csv" ] && { echo "FAIL: a rerun kept the earlier run's stale.csv"; fail=1; }
[ -e "$tmp/used/notes.txt" ] || { echo "FAIL: a rerun removed a file that was not the run's"; fail=1; }
ls "$tmp/used" | grep -q '\.tmp\.' && { echo "FAIL: temporary files left in $tmp/used"; fail=1; }

# Signals: 130 / 143, one line, nothing written.
for sig in INT TERM; do
  "$exe" run $s --set params.iterations=10000000 --out "$tmp/sig-$sig" -q 2>"$tmp/err" &
  pid=$!
  sleep 3
  kill -$sig $pid
  wait $pid
  got=$?
  want=$([ $sig = INT ] && echo 130 || echo 143)
  [ $got -eq "$want" ] || { echo "FAIL: SIG$sig gave exit $got, expected $want: $(head -c 300 "$tmp/err")"; fail=1; }
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || { echo "FAIL: SIG$sig: expected one line: $(head -c 300 "$tmp/err")"; fail=1; }
  [ -e "$tmp/sig-$sig/result.json" ] && { echo "FAIL: SIG$sig left a result.json"; fail=1; }
done
# validate's temporary runs folder goes with a signal too: to validate alone (its workers must be stopped first), or
# to its whole process group as Ctrl-C sends it.
for target in process group; do
  mkdir -p "$tmp/vt-$target"
  TMPDIR="$tmp/vt-$target" setsid "$exe" validate --only 000 -q >/dev/null 2>"$tmp/err" &
  pid=$!
  for _ in $(seq 1 300); do compgen -G "$tmp/vt-$target/*/*/*/points/*" >/dev/null && break; sleep 0.1; done
  compgen -G "$tmp/vt-$target/*/*/*/points/*" >/dev/null || { echo "FAIL: validate ($target) started no run"; fail=1; }
  if [ $target = process ]; then kill -INT $pid; else kill -INT -- -$pid; fi
  wait $pid
  got=$?
  [ $got -eq 130 ] || { echo "FAIL: SIGINT to validate's $target gave exit $got: $(head -c 300 "$tmp/err")"; fail=1; }
  grep -q 'interrupted (SIGINT)' "$tmp/err" && [ "$(wc -l <"$tmp/err")" -eq 1 ] ||
    { echo "FAIL: SIGINT to validate's $target: expected one line: $(head -c 300 "$tmp/err")"; fail=1; }
  sleep 0.5 # a worker left running would write into the folder again
  [ -z "$(ls -A "$tmp/vt-$target")" ] ||
    { echo "FAIL: SIGINT to validate's $target left $(ls -A "$tmp/vt-$target")"; fail=1; }
done
# --max-wall stops a run that would go on, with one line and nothing written.
expect 1 'stopped by --max-wall 2 s' "$exe" run $s --set params.iterations=10000000 --max-wall 2 --out "$tmp/mw" -q
[ -e "$tmp/mw/result.json" ] && { echo "FAIL: --max-wall left a result.json"; fail=1; }

# Two sweeps into one folder: the second exits 2 at once, naming the first one's pid.
echo '{"scenario": "'$PWD'/'$s'", "grid": {"params.iterations": [10000000, 9999999]}}' >"$tmp/long.json"
"$exe" sweep "$tmp/long.json" --out "$tmp/lock" --jobs 1 -q 2>/dev/null &
first=$!
for _ in $(seq 1 100); do [ -e "$tmp/lock/locks/1-of-1.lock" ] && break; sleep 0.1; done
sleep 0.5
expect 2 "another sweep (pid $first" "$exe" sweep "$tmp/long.json" --out "$tmp/lock" -q
expect 2 "another sweep (pid $first" "$exe" sweep "$tmp/long.json" --out "$tmp/lock" --shard 1/2 -q
kill -TERM $first
wait $first 2>/dev/null

# validate --only that matches no cell compares nothing: bad input.
expect 2 'no cell' "$exe" validate --only zzz-no-such-cell

[ $fail -eq 0 ] && echo "robustness: every case exits as expected, nothing half-written"
exit $fail
