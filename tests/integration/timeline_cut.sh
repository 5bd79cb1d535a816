#!/usr/bin/env bash
# A timeline cut by the event budget says so (a warning naming --events, and the plot's title), and two runs of a
# scenario put each node on the same lane and each kind in the same colour, whatever happened first in each.
source "$(dirname "$0")/harness.sh"
sc=scenarios/dsm/speedup.json
"$exe" run $sc --set params.bench=sor --set params.nodes=4 --plot timeline --events 300 --out "$tmp/cut" \
  >/dev/null 2>"$tmp/err"
grep -q 'warning: the timeline is cut at .*--events' "$tmp/err" || fail "no warning for a cut timeline: $(cat "$tmp/err")"
grep -q 'CUT at' "$tmp/cut/timeline.svg" || fail "the cut is not shown on the plot"
"$exe" run $sc --set params.bench=sor --set params.nodes=4 --plot timeline --window 1:1.01 --out "$tmp/whole" \
  >/dev/null 2>"$tmp/err2"
! grep -q 'CUT at' "$tmp/whole/timeline.svg" || fail "a whole timeline is marked as cut"
! grep -q 'warning: the timeline is cut' "$tmp/err2" || fail "a whole timeline is warned about"
# Lanes by node name (JavaParty's workers start on random machines, so the order of appearance changes by seed).
for s in 1 2 3; do
  "$exe" run scenarios/javaparty/raytracer.json --set seed=$s --set params.machines=8 --plot timeline \
    --out "$tmp/jp$s" >/dev/null 2>&1
  awk -F'\t' 'NR > 1 {print $1, $6}' "$tmp/jp$s/timeline.dat" | sort -u | sort -n | awk '{print $2}' >"$tmp/lanes$s"
  sort -V "$tmp/lanes$s" | cmp -s - "$tmp/lanes$s" || fail "seed $s: lanes not in the order of the node names: $(tr '\n' ' ' <"$tmp/lanes$s")"
done
echo "timeline_cut: ok"
