#!/usr/bin/env bash
# Seed 001: fits the three calibration cells of validation/001_javaparty.json, in order:
#   1.-2. participation (how often a configured machine takes part) and test_cost (CPU per sphere test on a 2 GHz
#      core) on the 2-machine runs: for each participation the CPU per test giving Table 3's mean (73.79 s), and the
#      participation whose runs are distributed most like appendix A's (Kolmogorov-Smirnov);
#   3. frame_rx (CPU per received blast frame, platform OS cost) on Table 4's congested mean, 57.90 s.
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
scenario, platform = "scenarios/javaparty/raytracer.json", "platforms/001_javaparty_cluster.json"
pdoc = json.load(open(platform))
reps = 400
calls = []

def mean(sets, frame_rx=None):
    plat = platform
    if frame_rx is not None:  # a copy of the platform with the trial value
        pdoc["os_profiles"]["fc6-opteron"]["costs"]["frame_rx"] = {"value": f"{frame_rx}us", "source": "trial"}
        plat = f"{tmp}/platform.json"
        json.dump(pdoc, open(plat, "w"))
    spec = {"name": "calib", "scenario": f"{os.getcwd()}/{scenario}", "repetitions": reps,
            "set": dict(sets, **{"platform.file": plat})}
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

def stats(sets):
    m = mean(sets)
    return m, statistics.stdev(float(r["exec_time_s"]) for r in csv.DictReader(open(f"{tmp}/o{len(calls)}/sweep.csv")))

def ks(a, b):
    a, b = sorted(a), sorted(b)
    d, i, j = 0.0, 0, 0
    while i < len(a) and j < len(b):
        x = min(a[i], b[j])
        while i < len(a) and a[i] <= x: i += 1
        while j < len(b) and b[j] <= x: j += 1
        d = max(d, abs(i / len(a) - j / len(b)))
    return d

val = json.load(open("validation/001_javaparty.json"))
recorded = next(c for c in val["cells"] if c["id"] == "001.appendixA.m2.ks")["compute"]["samples"]
sdoc = json.load(open(scenario))
cost = float(sdoc["params"]["test_cost"].rstrip("ns")) * 1e-9
# 1. participation and test_cost together on the 2-machine runs: for each participation, the CPU per test that
#    gives the seed's mean (73.79 s); keep the participation whose runs are distributed most like appendix A's.
best = None
for q in [0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8]:
    c = cost
    for _ in range(2):
        m2 = mean({"params.participation": q, "params.machines": 2, "params.test_cost": f"{c * 1e9:.4f}ns"})
        c *= 73.79 / m2
    mean({"params.participation": q, "params.machines": 2, "params.test_cost": f"{c * 1e9:.4f}ns"})
    d = ks([float(r["exec_time_s"]) for r in csv.DictReader(open(f"{tmp}/o{len(calls)}/sweep.csv"))], recorded)
    if best is None or d < best[0]:
        best = (d, q, c)
_, q, cost = best
base = {"params.participation": q, "params.machines": 4, "params.test_cost": f"{cost * 1e9:.4f}ns",
        "params.congestion.enabled": True}
fr = bisect(lambda us: mean(base, us), 0.0, 40.0, 57.90, True, 10)
print(f"participation {q:.4f}, test_cost {cost * 1e9:.2f} ns, frame_rx {fr:.3f} us")
if write:
    p = sdoc["params"]
    p["participation"] = round(q, 4)
    p["test_cost"] = f"{cost * 1e9:.2f}ns"
    p["source"] = ("participation fitted: cell 001.appendixA.m2.ks (appendix A's 49 recorded 2-machine runs); "
                        "test_cost fitted: cell 001.table3.m2.mean_s (Table 3, 73.79 s); both by "
                        "bench/001_calibrate.sh. run_noise 0.05 assumed (JIT and OS run-to-run variation of a few percent); "
                   "rmi_cost 100 us assumed (a Java RMI call's CPU at each end, 2008); result 500 ints = 2000 B "
                   "(model-notes 001), RMI framing 200 B assumed")
    json.dump(sdoc, open(scenario, "w"), indent=2)
    open(scenario, "a").write("\n")
    pdoc = json.load(open(platform))
    pdoc["os_profiles"]["fc6-opteron"]["costs"]["frame_rx"] = {
        "value": f"{fr:.3f}us",
        "source": "fitted: validation cell 001.table4.cong.mean_s (Table 4, 57.90 s) by bench/001_calibrate.sh: the "
                  "CPU a 2 GHz Opteron spends receiving one UDP frame (interrupt, IP/UDP input, socket; the frames "
                  "overflow the socket and are dropped there after the cost is paid)"}
    json.dump(pdoc, open(platform, "w"), indent=2)
    open(platform, "a").write("\n")
PY
