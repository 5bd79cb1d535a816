#!/usr/bin/env bash
# Platforms that size themselves: a generated group gets the size the run asks for, a fixed list refuses with a
# message saying how to change it, and a switch's topology runs a model on a fabric of SimGrid's cluster zones (the
# DSM's own UDP fabric: one switch or a fat tree).
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

# A fat tree of 64 hosts instead of the one switch: the DSM's UDP fabric queues at every switch on the way.
"$exe" run scenarios/dsm/scale.json --set params.nodes=64 --set params.bench=nqueens \
  --set 'platform.switches.gige.topology={"kind": "fat_tree", "levels": 2, "down": [8, 8], "up": [1, 4], "link_count": [1, 1]}' \
  --out "$tmp/fat" -q || fail "the fat-tree run failed"
[ "$(($(wc -l <"$tmp/fat/nodes.csv") - 1))" -eq 64 ] || fail "the fat-tree run did not have 64 nodes"

# A torus: the UDP fabric does not route one, so the DSM refuses it (exit 2) naming the topology's kind; the
# RayTracer's RMI legs are SimGrid flows, so it runs on SimGrid's torus zone.
set +e
"$exe" run scenarios/dsm/scale.json --set params.nodes=64 --set params.bench=nqueens \
  --set 'platform.switches.gige.topology={"kind": "torus", "dimensions": [4, 4, 4]}' --out "$tmp/torus" -q \
  2>"$tmp/torus.err"
status=$?
set -e
[ $status -eq 2 ] || fail "the DSM on a torus: exit $status, expected 2"
grep -q '/topology/kind' "$tmp/torus.err" || fail "the torus refusal does not name the kind: $(cat "$tmp/torus.err")"
"$exe" run scenarios/javaparty/raytracer.json --set params.machines=8 \
  --set 'platform.switches.c3750.topology={"kind": "torus", "dimensions": [2, 2, 2]}' --out "$tmp/jp_torus" -q ||
  fail "the RayTracer on a torus failed"
echo "generated groups and topologies: ok"
