#!/usr/bin/env bash
# Targets on 2 cores: each 8-processor TreadMarks run of validation/ext_dsm.json (four programs on ATM with AAL3/4,
# ATM with UDP/IP and the shared Ethernet) under 10 s wall, with its wall cost per simulated message; the TSP
# distribution over 20 instances (1, 4 and 8 processors on ATM: 60 runs, through `validate --jobs 2`) under 2 min;
# and the four JIAJIA 2.1 apps/mm runs (4 processes), for comparison. CPU time (user + system) is printed beside the wall time: on a shared
# machine it is the figure that does not depend on the load.
#   usage: bench/ext_dsm.sh        (BUILD=build-dir, default build)
source "$(dirname "$0")/common.sh"

one() { # label, scenario, overrides...
  local label=$1 scen=$2; shift 2
  local sets=() s e
  for o in "$@"; do sets+=(--set "$o"); done
  s=$(now); /usr/bin/time -f "%U %S" -o "$tmp/cpu" "$exe" run "$scen" --out "$tmp/r" -q "${sets[@]}" >/dev/null 2>&1; e=$(now)
  python3 - "$tmp/r/result.json" "$(calc "$e - $s")" "$label" "$tmp/cpu" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))["metrics"]
wall, msgs = float(sys.argv[2]), max(1, m["datagrams_on_wire"])
cpu = sum(float(x) for x in open(sys.argv[4]).read().split()[-2:])
print(f"{sys.argv[3]:<38} {wall:6.2f} s wall {cpu:6.2f} s CPU  {m['exec_time_s']:8.2f} simulated s  {msgs:7d} datagrams  "
      f"{1e6 * cpu / msgs:6.1f} us CPU per simulated message")
PY
}

for app in jacobi water tsp quicksort; do
  for net in atm ethernet atm_udp; do
    one "treadmarks $app $net 8 procs" scenarios/dsm/ext_treadmarks94.json params.bench=$app \
      platform.file=platforms/ext_treadmarks94_$net.json params.nodes=8
  done
done
one "jiajia21 mm middle alloc" scenarios/dsm/ext_jiajia21_mm.json params.apps_mm.alloc=alloc
one "jiajia21 mm middle alloc3" scenarios/dsm/ext_jiajia21_mm.json
one "jiajia21 mm inner cache1024" scenarios/dsm/ext_jiajia21_mm.json params.apps_mm.order=inner
one "jiajia21 mm inner cache512" scenarios/dsm/ext_jiajia21_mm.json params.apps_mm.order=inner \
  params.systems.jiajia.cache_pages=512

s=$(now)
"$exe" validate --only ext.treadmarks94.tsp.atm.time8_s --jobs 2 --report "$tmp/tsp.json" >/dev/null 2>&1 || true
e=$(now)
echo "treadmarks tsp: 20 instances x 1, 4, 8 procs (ATM) $(calc "$e - $s") s wall"
