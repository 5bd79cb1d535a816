#!/usr/bin/env bash
# The command line end to end: help, list, describe, run (determinism, --set, --seed), sweep (merge and resume).
set -euo pipefail
exe=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() { if ! eval "$1"; then echo "FAIL: $2"; exit 1; fi; }

# Whole outputs are read before they are searched: a `grep -q` closing the pipe early would make the command's own
# write fail (clustersim checks its writes and exits 1 on a broken pipe).
"$exe" --help >"$tmp/help.txt" && grep -q "run SCENARIO.json" "$tmp/help.txt"
for c in run sweep validate list describe calibrate; do "$exe" $c --help >/dev/null; done
"$exe" list >"$tmp/list.txt" && grep -q "speculative_read" "$tmp/list.txt"
"$exe" describe speculative_read >"$tmp/describe.txt" && grep -q "local_process" "$tmp/describe.txt"

s=scenarios/speculative_read/quickstart.json
"$exe" run $s --out "$tmp/a" -q
"$exe" run $s --out "$tmp/b" -q
check "cmp -s $tmp/a/result.json $tmp/b/result.json" "same scenario and seed must give byte-identical result.json"
check "cmp -s $tmp/a/iterations.csv $tmp/b/iterations.csv" "same scenario and seed must give identical CSV"
"$exe" run $s --out "$tmp/c" -q --seed 99
check "! cmp -s $tmp/a/result.json $tmp/c/result.json" "another seed must change the result"
"$exe" run $s --out "$tmp/d" -q --set params.method=NR
check "grep -q '\"method\": \"NR\"' $tmp/d/result.json" "--set must reach the model"
check "grep -q '\"simgrid_version\": \"3.32' $tmp/a/result.json" "result.json names the SimGrid version"

cat >"$tmp/sweep.json" <<JSON
{"scenario": "$PWD/scenarios/speculative_read/case1.json",
 "grid": {"params.method": ["NR", "FR"], "platform.slowdown": [1, 32]}, "set": {"params.iterations": 20}}
JSON
"$exe" sweep "$tmp/sweep.json" --out "$tmp/sw" --jobs 2 -q
check "[ \$(wc -l < $tmp/sw/sweep.csv) -eq 5 ]" "sweep.csv has a header and 4 rows"
check "grep -q '^p00003,0,1,FR,32,ok' $tmp/sw/sweep.csv" "sweep rows carry their parameters (got: $(sed -n 2p $tmp/sw/sweep.csv))"
cp "$tmp/sw/sweep.csv" "$tmp/first.csv"
rm -r "$tmp/sw/points/p00002"
"$exe" sweep "$tmp/sweep.json" --out "$tmp/sw" --jobs 1 2>"$tmp/log"
check "grep -q '1 run, 3 already done' $tmp/log" "a re-run must only run the missing point ($(cat $tmp/log))"
check "cmp -s $tmp/first.csv $tmp/sw/sweep.csv" "resumed sweep must merge to the same CSV"
echo "cli: ok so far"

# A SimGrid XML platform is accepted too, and simulates the same exchange as its JSON twin.
"$exe" run scenarios/pingpong/pingpong.json --out "$tmp/json" -q
"$exe" run scenarios/pingpong/pingpong.json --set platform.file=platforms/two_hosts_1gbps.xml --out "$tmp/xml" -q
tj=$(grep -o '"total_time_s": [0-9.e-]*' "$tmp/json/result.json")
tx=$(grep -o '"total_time_s": [0-9.e-]*' "$tmp/xml/result.json")
check "[ '$tj' = '$tx' ]" "XML platform must simulate the same ping-pong ($tj vs $tx)"
# Zones that route by themselves pass the XML check when every host has its links (and, Vivaldi, its coordinates).
cat >"$tmp/cluster.xml" <<'XML'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="AS0" routing="Cluster">
    <host id="a" speed="1Gf"/>
    <host id="b" speed="1Gf"/>
    <link id="la" bandwidth="1Gbps" latency="50us"/>
    <link id="lb" bandwidth="1Gbps" latency="50us"/>
    <host_link id="a" up="la" down="la"/>
    <host_link id="b" up="lb" down="lb"/>
  </zone>
</platform>
XML
sed -e 's/routing="Cluster"/routing="Vivaldi"/' -e 's/<host id="a"/<host id="a" coordinates="0 0 0"/' \
  -e 's/<host id="b"/<host id="b" coordinates="3 4 0"/' "$tmp/cluster.xml" >"$tmp/vivaldi.xml"
for zone in cluster vivaldi; do
  "$exe" run scenarios/pingpong/pingpong.json --set platform.file="$tmp/$zone.xml" --out "$tmp/$zone" -q ||
    fail "a $zone zone with every host linked must run"
done
echo "cli (xml platform): ok"
# A DSM scenario that names no switch runs on its platform's only switch, whichever platform a sample draws.
for p in ext_jiajia21_ss20 ext_jiajia21_ss20_lan; do
  "$exe" run scenarios/dsm/ext_jiajia21_mm.json --set platform.file=platforms/$p.json --set params.apps_mm.n=64 \
    --out "$tmp/$p" -q || fail "ext_jiajia21_mm on $p must run on the platform's only switch"
done
echo "cli (the platform's only switch): ok"
