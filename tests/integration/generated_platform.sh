#!/usr/bin/env bash
# Platforms that size themselves: a generated group gets the size the run asks for, a fixed list refuses with a
# message saying how to change it, and a switch's topology runs a model on a fabric of SimGrid's cluster zones.
source "$(dirname "$0")/harness.sh"

# 260 nodes on seed 003's platform, whose fixed list has 256: the scale scenario makes the group generated.
"$exe" run scenarios/dsm/scale.json --set params.nodes=260 --set params.bench=nqueens --out "$tmp/gen" -q ||
  fail "the generated group did not run"
rows=$(($(wc -l <"$tmp/gen/nodes.csv") - 1))
[ "$rows" -eq 260 ] || fail "260 nodes asked, $rows ran"

# The same size on the fixed list: bad input (exit 2) naming the parameter, with the way out.
set +e
"$exe" run scenarios/dsm/speedup.json --set params.nodes=260 --out "$tmp/fixed" -q 2>"$tmp/fixed.err"
status=$?
set -e
[ $status -eq 2 ] || fail "a fixed list too small: exit $status, expected 2"
grep -q '/params/nodes' "$tmp/fixed.err" || fail "the refusal does not name /params/nodes: $(cat "$tmp/fixed.err")"
grep -q '"generated": true' "$tmp/fixed.err" || fail "the refusal does not say how to change it: $(cat "$tmp/fixed.err")"
[ ! -e "$tmp/fixed" ] || fail "a refused run wrote its output folder"

# A torus of 64 hosts instead of the one switch: the run finishes on SimGrid's torus zone.
"$exe" run scenarios/dsm/scale.json --set params.nodes=64 --set params.bench=nqueens \
  --set 'platform.switches.gige.topology={"kind": "torus", "dimensions": [4, 4, 4]}' --out "$tmp/torus" -q ||
  fail "the torus run failed"
[ "$(($(wc -l <"$tmp/torus/nodes.csv") - 1))" -eq 64 ] || fail "the torus run did not have 64 nodes"
echo "generated groups and topologies: ok"
