#!/usr/bin/env bash
# Seed 001: fits the calibration cells of validation/001_javaparty.json, in order:
#   1. test_cost (CPU per sphere test on a 2 GHz core) on Table 3's 2-machine mean (73.79 s);
#   2. full_queue_loss (drop probability of a JavaParty frame at a FIFO port the blast keeps full, the least bounded
#      part of the congestion penalty) on Table 4's congested mean, 57.90 s.
# (jvm_cpus = 1, the third calibration input, is read off appendix A's 2-machine runs, not searched: see the
# scenario's source.)
# Each point is the mean of 400 runs (the validation's 50 are too noisy to fit on). Prints the values; with
# --write, stores them with their source into scenarios/javaparty/raytracer.json and the platform.
#   usage: bench/001_calibrate.sh [--write]      (BUILD=build-dir, default build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build}
write=0
if [[ ${1:-} == --write ]]; then write=1; fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 - "$build" "$tmp" "$write" <<'PY'
import csv, json, os, statistics, subprocess, sys
build, tmp, write = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
scenario = "scenarios/javaparty/raytracer.json"
reps = 400
calls = []

def mean(sets):
    spec = {"name": "calib", "scenario": f"{os.getcwd()}/{scenario}", "repetitions": reps, "set": sets}
    json.dump(spec, open(f"{tmp}/s.json", "w"))
    calls.append(1)
    out = f"{tmp}/o{len(calls)}"
    subprocess.run([f"{build}/clustersim", "sweep", f"{tmp}/s.json", "--out", out, "--jobs", "2", "-q"], check=True,
                   stdout=subprocess.DEVNULL)
    return statistics.mean(float(r["exec_time_s"]) for r in csv.DictReader(open(f"{out}/sweep.csv")))

def bisect(f, lo, hi, target, increasing, steps=12):
    for _ in range(steps):
        mid = (lo + hi) / 2
        if (f(mid) < target) == increasing:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2

sdoc = json.load(open(scenario))
cost = float(sdoc["params"]["test_cost"].rstrip("ns")) * 1e-9
# 1. test_cost scales every run: a few fixed-point steps on the 2-machine mean.
for _ in range(3):
    cost *= 73.79 / mean({"params.machines": 2, "params.test_cost": f"{cost * 1e9:.4f}ns"})
base = {"params.machines": 4, "params.test_cost": f"{cost * 1e9:.4f}ns", "params.congestion.enabled": True}
loss = bisect(lambda x: mean(dict(base, **{"params.switch_model.full_queue_loss": x})), 0.0, 0.4, 57.90, True, 10)
print(f"test_cost {cost * 1e9:.2f} ns, full_queue_loss {loss:.4f}")
if write:
    p = sdoc["params"]
    p["test_cost"] = f"{cost * 1e9:.2f}ns"
    p["switch_model"]["full_queue_loss"] = round(loss, 4)
    json.dump(sdoc, open(scenario, "w"), indent=2)
    open(scenario, "a").write("\n")
PY
