#!/usr/bin/env bash
# Sweeps are checked whole before any point runs, and never held whole: a bad value in the last point's axis value
# exits 2 from `sweep plan` and `sweep` alike, naming the point and the value, with nothing run; a grid of a million
# points and a sample of 10^7 rows are planned within a memory bound that holding them would exceed; the bad sweeps of
# tests/bad_input/sweeps/ each exit 2 with one line.
source "$(dirname "$0")/harness.sh"
cd "$(dirname "$0")/../.."
base=$PWD/scenarios/speculative_read/case1.json
cat >"$tmp/late.json" <<JSON
{"scenario": "$base",
 "grid": [{"params.method": ["NR", "FR"]}, {"platform.slowdown": [1, 2]}, {"params.object_size": ["10KiB", "1 Gbit"]}]}
JSON
for cmd in "sweep plan $tmp/late.json" "sweep $tmp/late.json --out $tmp/late -q"; do
  st=0
  $exe $cmd >/dev/null 2>"$tmp/err" || st=$?
  [ "$st" -eq 2 ] || fail "$cmd: exit $st, expected 2: $(cat "$tmp/err")"
  grep -q 'point p00001 (params.object_size = "1 Gbit"' "$tmp/err" || fail "$cmd: point and value not named: $(cat "$tmp/err")"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$cmd: expected one line: $(cat "$tmp/err")"
done
[ ! -e "$tmp/late/points" ] || fail "a point ran before the bad value was found"
# 10^6 points (10 axes of 4 values, minus...): held whole they take several hundred MB.
python3 - "$base" >"$tmp/huge.json" <<'PY'
import json, sys
grid = [{"params.local_process": ["%dms" % (10 + i) for i in range(100)]},
        {"params.object_size": ["%dKiB" % (1 + i) for i in range(100)]},
        {"params.request_size": ["%dB" % (64 + i) for i in range(100)]}]
print(json.dumps({"scenario": sys.argv[1], "grid": grid}))
PY
st=0
(ulimit -v 400000; "$exe" sweep plan "$tmp/huge.json" >"$tmp/plan" 2>"$tmp/err") || st=$?
[ "$st" -eq 0 ] || fail "plan of 10^6 points within 400 MB: exit $st: $(head -c 300 "$tmp/err")"
grep -q "= 1000000 points" "$tmp/plan" || fail "plan must count 10^6 points: $(head -3 "$tmp/plan")"
[ "$(tail -1 "$tmp/plan" | cut -d' ' -f1)" = p999999 ] || fail "plan must list the last point: $(tail -1 "$tmp/plan")"
# A Latin-hypercube sample of 10^7 rows: drawn whole (rows of JSON values) it took gigabytes and ended in bad_alloc;
# its rows are now drawn when asked, and only its strata are held (4 B per row and parameter).
cat >"$tmp/sample.json" <<JSON
{"scenario": "$base", "sample": {"method": "lhs", "count": 10000000,
 "params": {"params.local_process": {"uniform": ["0.01s", "0.05s"]}, "params.object_size": {"integer": ["1024B", "65536B"]}}}}
JSON
st=0
(ulimit -v 400000; "$exe" sweep plan "$tmp/sample.json" --shard 1000/1000 >"$tmp/plan" 2>"$tmp/err") || st=$?
[ "$st" -eq 0 ] || fail "plan of a 10^7-row sample within 400 MB: exit $st: $(head -c 300 "$tmp/err")"
grep -q "= 10000000 points" "$tmp/plan" || fail "plan must count 10^7 points: $(head -3 "$tmp/plan")"
[ "$(tail -1 "$tmp/plan" | cut -d' ' -f1)" = p9999999 ] || fail "plan must list the last point: $(tail -1 "$tmp/plan")"
# The corpus of bad sweep files.
n=0
while IFS='|' read -r file needle; do
  [[ -z "$file" || "$file" == \#* ]] && continue
  n=$((n + 1))
  st=0
  timeout 20 "$exe" sweep plan "tests/bad_input/sweeps/$file" >/dev/null 2>"$tmp/err" || st=$?
  [ "$st" -eq 2 ] || fail "$file: exit $st, expected 2: $(cat "$tmp/err")"
  grep -qF -- "$file" "$tmp/err" || fail "$file: message does not name the file: $(cat "$tmp/err")"
  grep -qF -- "$needle" "$tmp/err" || fail "$file: message lacks '$needle': $(cat "$tmp/err")"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$file: expected one line: $(cat "$tmp/err")"
done <tests/bad_input/sweeps/expected.txt
[ $n -ge 5 ] || fail "only $n bad sweeps"
echo "sweep checks: a bad last value stops plan and sweep, 10^6 grid points and a 10^7-row sample planned in 400 MB, $n bad sweeps exit 2"
