#!/usr/bin/env bash
# Every shipped scenario finishes with SimGrid's thread contexts (what sanitizer builds use) and writes the same
# result.json as with the default contexts: actors on threads must neither deadlock at the end of a simulation
# (daemons killed while they wait) nor change a result.
# Usage: thread_contexts.sh CLUSTERSIM [SCENARIO...]. Without a list: every shipped scenario but the what-ifs
# (whatif_*: minutes each, too long for the test suite; CS_ALL_SCENARIOS=1 adds them) and but the LONG ones below.
# CS_THREAD_CONTEXTS=long runs the LONG ones only (ctest's integration.thread_contexts_long, label `long`).
set -uo pipefail
exe=$1
shift
# The scenarios whose thread-context run takes 20-115 s (default contexts: 0.7-5 s; a switch between threads costs a
# futex round trip, and these simulate 10^5-10^6 actor switches): 300 of the 325 s this test took in CI with them.
LONG=(scenarios/dsm/sor_barrier_timeline.json scenarios/dsm/speedup.json scenarios/msglog/nas.json
  scenarios/dsm/ext_jiajia21_mm.json scenarios/dsm/ext_treadmarks94.json)
if [ $# -eq 0 ] && [ "${CS_THREAD_CONTEXTS:-}" = long ]; then
  set -- "${LONG[@]}"
elif [ $# -eq 0 ]; then
  for s in scenarios/*/*.json; do
    grep -q '"grid"\|"zip"\|"sample"' "$s" && continue # sweeps: their points are scenarios run the same way
    grep -q '"model"' "$s" || continue                     # data files beside the scenarios
    [[ "$(basename "$s")" == whatif_* && "${CS_ALL_SCENARIOS:-0}" != 1 ]] && continue
    [[ " ${LONG[*]} " == *" $s "* ]] && continue
    set -- "$@" "$s"
  done
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
for s in "$@"; do
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
