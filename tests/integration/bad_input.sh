#!/usr/bin/env bash
# The bad-input corpus: every broken scenario or platform must exit 2 with one line naming the file and the JSON
# pointer, and leave no output behind.
set -uo pipefail
exe=$1
dir=tests/bad_input
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
while IFS='|' read -r scenario file needle; do
  [[ -z "$scenario" || "$scenario" == \#* ]] && continue
  n=$((n + 1))
  out="$tmp/out-$n"
  "$exe" run "$dir/$scenario" --out "$out" 2>"$tmp/err" >/dev/null
  status=$?
  msg=$(cat "$tmp/err")
  if [ $status -ne 2 ]; then echo "FAIL $scenario: exit $status, expected 2: $msg"; fail=1; continue; fi
  if [[ "$msg" != *"$file"* ]]; then echo "FAIL $scenario: message does not name $file: $msg"; fail=1; fi
  if [[ "$msg" != *"$needle"* ]]; then echo "FAIL $scenario: message lacks '$needle': $msg"; fail=1; fi
  if [ "$(wc -l <"$tmp/err")" -ne 1 ]; then echo "FAIL $scenario: expected one line on stderr: $msg"; fail=1; fi
  if [ -e "$out" ]; then echo "FAIL $scenario: output left behind in $out"; fail=1; fi
done <"$dir/expected.txt"
[ $n -ge 60 ] || { echo "FAIL: only $n cases in the corpus (60 expected)"; fail=1; }
# Validation files, lab files and lab answer files: the same, through the commands that read them.
m=0
while IFS='|' read -r command file named needle; do
  [[ -z "$command" || "$command" == \#* ]] && continue
  m=$((m + 1))
  case $command in
  validate)
    mkdir -p "$tmp/v-$m" && cp "$dir/$file" "$tmp/v-$m/"
    "$exe" validate --validation-dir "$tmp/v-$m" -q 2>"$tmp/err" >/dev/null ;;
  answers) "$exe" lab check lab1_speculative_read "$dir/$file" -q 2>"$tmp/err" >/dev/null ;;
  lab) "$exe" lab check "$dir/$file" labs/answers/lab1_speculative_read.json -q 2>"$tmp/err" >/dev/null ;;
  esac
  status=$?
  msg=$(cat "$tmp/err")
  if [ $status -ne 2 ]; then echo "FAIL $file: exit $status, expected 2: $msg"; fail=1; continue; fi
  if [[ "$msg" != *"$named: "* ]]; then echo "FAIL $file: message does not name $named: $msg"; fail=1; fi
  if [[ $command != validate && "$msg" == *"/tmp/"* ]]; then echo "FAIL $file: message names a temporary file: $msg"; fail=1; fi
  if [[ "$msg" != *"$needle"* ]]; then echo "FAIL $file: message lacks '$needle': $msg"; fail=1; fi
  if [ "$(wc -l <"$tmp/err")" -ne 1 ]; then echo "FAIL $file: expected one line on stderr: $msg"; fail=1; fi
done <"$dir/expected_files.txt"
[ $m -ge 14 ] || { echo "FAIL: only $m validation and lab cases (14 expected)"; fail=1; }
n=$((n + m))
# Command-line misuse is bad input too.
"$exe" run 2>/dev/null; [ $? -eq 2 ] || { echo "FAIL: run without a scenario must exit 2"; fail=1; }
"$exe" run scenarios/speculative_read/case1.json --set novalue --out "$tmp/x" 2>/dev/null
[ $? -eq 2 ] || { echo "FAIL: --set without = must exit 2"; fail=1; }
# A number without a unit, given on the command line or as a sweep's last axis value, is refused before any run.
"$exe" run scenarios/speculative_read/case1.json --set params.local_process=30 --out "$tmp/x" 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -e "$tmp/x" ] &&
  grep -q '/params/local_process: 30 has no unit; give a duration such as 30s, 30ms' "$tmp/err" ||
  { echo "FAIL: --set params.local_process=30: $(cat "$tmp/err")"; fail=1; }
printf '{"scenario": "%s/scenarios/speculative_read/case1.json", "grid": {"params.local_process": ["10ms", 60]}}' \
  "$PWD" >"$tmp/bare.sweep.json"
"$exe" sweep "$tmp/bare.sweep.json" --out "$tmp/s" 2>"$tmp/err"
[ $? -eq 2 ] && [ ! -e "$tmp/s/sweep.csv" ] && grep -q 'point p00001 .*params.local_process = 60.*60 has no unit' "$tmp/err" ||
  { echo "FAIL: a sweep's unitless last value: $(cat "$tmp/err")"; fail=1; }
# A SimGrid option out of its range, on the command line as in a platform's simgrid block: refused with the range and
# why (SimGrid took these as given: an abort, a clock standing still, a link faster than its rate).
for cfg in maxmin/precision:1e10 network/bandwidth-factor:1000 network/latency-factor:-1 surf/precision:0 contexts/stack-size:0; do
  "$exe" run scenarios/speculative_read/case1.json "--cfg=$cfg" --out "$tmp/x" 2>"$tmp/err"
  [ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -e "$tmp/x" ] && grep -q "\"${cfg%%:*}\" must be in \[.*got ${cfg#*:}: " "$tmp/err" ||
    { echo "FAIL: --cfg=$cfg: $(cat "$tmp/err")"; fail=1; }
done
"$exe" frobnicate 2>/dev/null; [ $? -eq 2 ] || { echo "FAIL: unknown command must exit 2"; fail=1; }
"$exe" describe speculative_reed 2>"$tmp/err"; [ $? -eq 2 ] && grep -q 'did you mean "speculative_read"' "$tmp/err" ||
  { echo "FAIL: describe of an unknown model"; fail=1; }
[ $fail -eq 0 ] && echo "bad input: $n cases, all exit 2 with file and pointer, no output left"
exit $fail
