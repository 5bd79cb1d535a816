#!/usr/bin/env bash
# `validate --uncertainty`: a sample whose inputs are exactly those of a sample of another run (a drawn platform
# choice against a run that sets that platform) takes that sample's result instead of simulating again
# (sim/run/result_reuse.hpp). Each run's sample files are byte for byte those the runs write alone, where every
# sample simulates; and the twins were found (fewer kept results than samples).
source "$(dirname "$0")/harness.sh"
data=$PWD/tests/data
samples=8
cell() { # run name -> a cell on it
  echo "{\"id\": \"910.$1\", \"source\": \"test\", \"metric\": \"round trip\", \"table\": \"t\", \"role\": \"prediction\",
         \"measured\": null, \"compute\": {\"op\": \"value\", \"run\": \"$1\", \"y\": \"round_trip_time_s\"}}"
}
validation() { # folder, run names...
  local dir=$1 runs="" cells="" r
  shift
  mkdir -p "$dir"
  for r in "$@"; do
    local set="{}"
    [ "$r" = set ] && set='{"platform.file": "uncertainty_two_hosts.json"}'
    runs+="${runs:+,} \"$r\": {\"scenario\": \"$data/uncertainty_pingpong_choice.json\", \"set\": $set}"
    cells+="${cells:+,} $(cell "$r")"
  done
  echo "{\"seed\": \"910\", \"title\": \"twins\", \"runs\": {$runs}, \"cells\": [$cells]}" >"$dir/910_twins.json"
}
run() { # name, run names...
  local name=$1
  shift
  validation "$tmp/$name/validation" "$@"
  "$exe" validate --validation-dir "$tmp/$name/validation" --uncertainty $samples --jobs 1 -q \
    --report "$tmp/$name/report.json" --work "$tmp/$name/work" >"$tmp/$name.out" 2>"$tmp/$name.log" ||
    fail "validate ($name): $(tail -3 "$tmp/$name.log")"
}
run both drawn set
run drawn_alone drawn
run set_alone set

for r in drawn set; do
  for f in $(cd "$tmp/both/work/910_twins/$r.samples/points" && find . -name result.json | sort); do
    cmp -s "$tmp/both/work/910_twins/$r.samples/points/$f" "$tmp/${r}_alone/work/910_twins/$r.samples/points/$f" ||
      fail "$r's sample $f differs from the one its run writes alone"
  done
done
chose_set=$(grep -l '"chosen": "uncertainty_two_hosts.json"' -r "$tmp/both/work/910_twins/drawn.samples/points" | wc -l)
[ "$chose_set" -gt 0 ] || fail "no sample of the drawn run chose the platform the other run sets"
kept=$(find "$tmp/both/work/twins" -name '*.json' | wc -l)
[ "$kept" -eq $((2 * samples - chose_set)) ] ||
  fail "$kept results kept for $((2 * samples)) samples of which $chose_set have a twin"
