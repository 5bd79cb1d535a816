#!/usr/bin/env bash
# Replaying an SMPI time-independent trace: SimGrid's own replay (smpirun -replay, on the platform and with the
# network options `clustersim smpi-platform` writes, so both use the scenario's network model) against
# `clustersim run` of the same trace through the msglog model, logging off (scheme base) and on (scheme logging).
# Prints each command's wall time (min, median, max over RUNS runs, the commands taking turns so that a drift of the
# machine's speed touches all alike), the ratios clustersim / SMPI run by run (median), and the simulated times.
#   usage: bench/replay.sh [INDEX RANKS]   (BUILD=build-dir, RUNS=5, SCENARIO=scenarios/msglog/nas.json,
#          SET="a.b=v ...": scenario overrides for both halves, e.g. SET=params.ranks_per_node=8 for 64 ranks on its
#          8 nodes)
# Without INDEX it traces apps/mpi/stencil2d.c at 16 ranks on SCENARIO's machine first (scripts/trace_mpi.sh).
# The clustersim half needs the msglog model's trace replay (params.bench "trace", params.trace INDEX); on a build
# without it only SMPI's replay is timed, and the script says so.
source "$(dirname "$0")/common.sh"
runs=${RUNS:-5}
scenario=${SCENARIO:-scenarios/msglog/nas.json}
sets=()
for a in ${SET:-}; do sets+=(--set "$a"); done
command -v smpirun >/dev/null || { echo "smpirun is missing (libsimgrid-dev)"; exit 2; }
replaymain=/usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain
[ -x "$replaymain" ] || replaymain=$(dirname "$(readlink -f "$(command -v smpirun)")")/../lib/simgrid/smpireplaymain
[ -x "$replaymain" ] || { echo "SimGrid's smpireplaymain is missing"; exit 2; }

if [ $# -ge 2 ]; then
  index=$(readlink -f "$1") ranks=$2
  "$exe" smpi-platform "$scenario" --ranks "$ranks" "${sets[@]}" --out "$tmp/smpi" >/dev/null
  smpi=$tmp/smpi
else
  ranks=16
  index=$(bash scripts/trace_mpi.sh --clustersim "$exe" --out "$tmp/trace" "${sets[@]}" "$scenario" apps/mpi/stencil2d.c "$ranks" \
    2>/dev/null)
  smpi=$tmp/trace/smpi
fi
echo "trace: $index ($ranks ranks, $(cat "$(head -1 "$index")" | wc -l) actions on rank 0) on $scenario"
mapfile -t cfg <"$smpi/smpirun.args"

smpi_cmd=(smpirun -np "$ranks" -platform "$smpi/platform.xml" -hostfile "$smpi/hostfile" -replay "$index" "${cfg[@]}"
  --cfg=smpi/display-timing:yes --log=root.thres:warning --log=smpi_utils.thres:info "$replaymain")
commands=("smpi")
if "$exe" run "$scenario" "${sets[@]}" --set params.bench=trace --set "params.trace=$index" --set "params.ranks=$ranks" \
  --set params.scheme=base --out "$tmp/probe" -q 2>"$tmp/probe.err"; then
  commands+=("base" "logging")
else
  echo "clustersim half not run: $(head -1 "$tmp/probe.err")"
fi

python3 - "$runs" "$tmp" "$exe" "$scenario" "$index" "$ranks" "${SET:-}" "${commands[@]}" -- "${smpi_cmd[@]}" <<'PY'
import json, re, statistics, subprocess, sys, time
runs, tmp, exe, scenario, index, ranks, sets = int(sys.argv[1]), *sys.argv[2:8]
sep = sys.argv.index("--")
names, smpi_cmd = sys.argv[8:sep], sys.argv[sep + 1:]
def cs_cmd(scheme):
    overrides = [x for a in sets.split() for x in ("--set", a)]
    return [exe, "run", scenario, *overrides, "--set", "params.bench=trace", "--set", f"params.trace={index}", "--set",
            f"params.ranks={ranks}", "--set", f"params.scheme={scheme}", "--out", f"{tmp}/{scheme}", "-q"]
cmds = {"smpi": smpi_cmd, "base": cs_cmd("base"), "logging": cs_cmd("logging")}
label = {"smpi": "SMPI replay (smpirun -replay)", "base": "clustersim msglog, logging off",
         "logging": "clustersim msglog, logging on"}
walls = {n: [] for n in names}
smpi_out = ""
for r in range(runs + 1):  # the first round warms the caches and is not counted
    for n in names:
        t = time.perf_counter()
        p = subprocess.run(cmds[n], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        w = time.perf_counter() - t
        if p.returncode != 0:
            sys.exit(f"{label[n]} failed ({p.returncode}):\n{p.stdout[-2000:]}")
        if n == "smpi":
            smpi_out = p.stdout
        if r > 0:
            walls[n].append(w)
print(f"wall seconds over {runs} runs (min / median / max):")
for n in names:
    print(f"  {label[n]:34s} {min(walls[n]):7.3f} / {statistics.median(walls[n]):7.3f} / {max(walls[n]):7.3f}")
for n in names[1:]:
    ratios = [a / b for a, b in zip(walls[n], walls["smpi"])]
    print(f"  ratio {label[n]} / SMPI replay: median {statistics.median(ratios):.2f} "
          f"(min {min(ratios):.2f}, max {max(ratios):.2f})")
m = re.search(r"Simulated time: ([0-9.eE+-]+) seconds", smpi_out)
print("simulated seconds:")
print(f"  {label['smpi']:34s} {float(m.group(1)) if m else float('nan'):.6f}")
for n in names[1:]:
    metrics = json.load(open(f"{tmp}/{n}/result.json"))["metrics"]
    print(f"  {label[n]:34s} {metrics.get('exec_time_s', float('nan')):.6f}")
PY
