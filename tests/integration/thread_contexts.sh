#!/usr/bin/env bash
# Every shipped scenario finishes with SimGrid's thread contexts (what sanitizer builds use) and writes the same
# result.json as with the default contexts: actors on threads must neither deadlock at the end of a simulation
# (daemons killed while they wait) nor change a result.
set -uo pipefail
exe=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
for s in scenarios/*/*.json; do
  grep -q '"grid"\|"zip"\|"sample"' "$s" && continue # sweeps: their points are scenarios run the same way
  n=$((n + 1))
  name=$(echo "$s" | tr / _)
  timeout 600 "$exe" run "$s" --out "$tmp/$name-default" -q >/dev/null 2>"$tmp/err" ||
    { echo "FAIL $s (default contexts): $(head -c 300 "$tmp/err")"; fail=1; continue; }
  timeout 600 "$exe" run "$s" --out "$tmp/$name-thread" -q --cfg=contexts/factory:thread >/dev/null 2>"$tmp/err" ||
    { echo "FAIL $s (thread contexts, exit $?): $(head -c 300 "$tmp/err")"; fail=1; continue; }
  cmp -s "$tmp/$name-default/result.json" "$tmp/$name-thread/result.json" ||
    { echo "FAIL $s: result.json differs between the default and the thread contexts"; fail=1; }
done
[ $fail -eq 0 ] && echo "thread contexts: $n scenarios finish with the same result.json"
exit $fail
