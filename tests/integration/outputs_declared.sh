#!/usr/bin/env bash
# Every output defined: a run of each model (each experiment, the what-ifs that add metrics) writes only metrics and
# table columns its model declares (the recorder fails the run otherwise), and `clustersim describe MODEL` lists
# each one with a unit and a definition.
source "$(dirname "$0")/harness.sh"

n=0
# check MODEL SCENARIO [--set ...]: the run succeeds and describe lists every metric and column it wrote.
check() {
  local model=$1 scenario=$2
  shift 2
  n=$((n + 1))
  local out="$tmp/run-$n"
  "$exe" run "$scenario" --out "$out" -q "$@" >/dev/null 2>"$tmp/err" || fail "$scenario $*: $(cat "$tmp/err")"
  "$exe" describe "$model" >"$tmp/describe.txt"
  python3 - "$out" "$tmp/describe.txt" "$model" <<'PY' || fail "$scenario $*: an output without its definition"
import json, re, sys
out, describe, model = sys.argv[1:]
text = open(describe).read()
sections = re.split(r"\n\n", text)
metrics = next(s for s in sections if s.startswith("metrics"))
defined = {}
for line in metrics.splitlines()[1:]:
    parts = line.split(None, 2)
    assert len(parts) == 3 and parts[2].strip(), f"{model}: metric line without unit and definition: {line!r}"
    defined[parts[0]] = parts[2]
r = json.load(open(out + "/result.json"))
missing = [k for k in r["metrics"] if k not in defined]
assert not missing, f"{model}: metrics written but not described: {missing}"
for table in r.get("tables", {}):
    sec = next((s for s in sections if s.startswith(f"table {table} ")), None)
    assert sec, f"{model}: table {table} not described"
    cols = {l.split(None, 2)[0] for l in sec.splitlines()[1:] if len(l.split(None, 2)) == 3}
    header = open(f"{out}/{table}.csv").readline().strip().split(",")
    assert set(header) <= cols, f"{model}: {table}.csv columns not described: {set(header) - cols}"
PY
}

check speculative_read scenarios/speculative_read/quickstart.json --set params.iterations=20
check pingpong scenarios/pingpong/pingpong.json --set params.round_trips=5
check microbench scenarios/microbench/flops.json
check microbench scenarios/microbench/write.json
check msglog scenarios/msglog/nas.json --set params.bench=sp --set params.class=S --set params.scheme=logging
check msglog scenarios/msglog/nas.json --set params.bench=mg --set params.scheme=logging --set params.pages=2 \
  --set params.recovery.checkpoint_interval=10s --set params.recovery.checkpoint_size=4MiB \
  --set 'faults=[{"host": "cmi2", "at": "20s"}]'
check checkpoint scenarios/checkpoint/migration.json
check checkpoint scenarios/checkpoint/water.json --set params.interval=4min --set params.failures.fail_at=20min
check dsm scenarios/dsm/udp_rtt.json
check dsm scenarios/dsm/speedup.json --set params.bench=sor --set params.nodes=4 --set params.trace_barrier=2
check dsm scenarios/dsm/speedup.json --set params.bench=tsp --set params.nodes=4
check dsm scenarios/dsm/ext_treadmarks94.json
check dsm scenarios/dsm/ext_treadmarks94_basic.json
check javaparty scenarios/javaparty/raytracer.json --set params.machines=4
echo "outputs_declared: $n runs, every output described"
