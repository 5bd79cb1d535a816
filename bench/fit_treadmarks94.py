#!/usr/bin/env python3
"""Fits the DECstation-5000/240 ATM platform's per-message costs to the TreadMarks study's six basic costs.

Each basic cost is measured by running its microbenchmark as a program on the simulated platform
(scenarios/dsm/ext_treadmarks94_basic.json, params.basic.test); the fit changes only the per-message costs
wakeup, sigio (us, each with the interrupt) and nic_bw (the adapter's per-byte cost), holding udp_send and udp_recv at the
80 us the study states, and minimises the sum of squared relative errors over the six cells (Gauss-Newton with a
numerical Jacobian; each evaluation is six short runs). rx_interrupt is not fitted: every arriving message pays either wakeup or sigio
beside it, so the six costs cannot tell it apart from them; the platform keeps it at 0 and folds the interrupt into
both.

usage: bench/fit_treadmarks94.py [--build build] [--write]   (--write: puts the fitted values into
platforms/ext_treadmarks94_atm.json, keeping their sources)
"""
import argparse
import concurrent.futures as cf
import json
import os
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIO = "scenarios/dsm/ext_treadmarks94_basic.json"
PLATFORM = "platforms/ext_treadmarks94_atm.json"
PROFILE = "ultrix-4-aal34"
# The study's basic costs (us), the cells ext.treadmarks94.basic.* of validation/ext_dsm.json.
CELLS = {"roundtrip": 500, "roundtrip_signal": 670, "lock_manager_last": 827, "lock_other": 1149,
         "barrier": 2186, "page_fault": 2792}
# Fitted parameters: name, unit suffix, starting value. nic_bw is fitted as its inverse (us per KB).
PARAMS = ["wakeup", "sigio", "nic_us_per_kb"]


def settings(x):
    us = dict(zip(PARAMS, x))
    out = [f"platform.os_profiles.{PROFILE}.costs.{k}={us[k]:.3f}us" for k in PARAMS[:2]]
    out.append(f"platform.os_profiles.{PROFILE}.costs.nic_bw={1024 / max(us['nic_us_per_kb'], 1e-6):.4f}MBps")
    return out


def run_one(exe, test, sets):
    with tempfile.TemporaryDirectory() as d:
        cmd = [exe, "run", SCENARIO, "--out", d + "/r", "-q", "--set", f"params.basic.test={test}"]
        for s in sets:
            cmd += ["--set", s]
        subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        return json.load(open(d + "/r/result.json"))["metrics"]["basic_us"]


def evaluate(exe, x):
    sets = settings(x)
    with cf.ThreadPoolExecutor(2) as pool:
        got = dict(zip(CELLS, pool.map(lambda t: run_one(exe, t, sets), CELLS)))
    return got


def residuals(got):
    return [(got[t] - m) / m for t, m in CELLS.items()]


def solve(jac, r):
    """Least squares step: (J^T J) dx = -J^T r, by Gaussian elimination."""
    n = len(jac[0])
    a = [[sum(jac[k][i] * jac[k][j] for k in range(len(r))) + (1e-9 if i == j else 0) for j in range(n)]
         for i in range(n)]
    b = [-sum(jac[k][i] * r[k] for k in range(len(r))) for i in range(n)]
    for i in range(n):
        p = max(range(i, n), key=lambda k: abs(a[k][i]))
        a[i], a[p], b[i], b[p] = a[p], a[i], b[p], b[i]
        for k in range(i + 1, n):
            f = a[k][i] / a[i][i]
            a[k] = [u - f * v for u, v in zip(a[k], a[i])]
            b[k] -= f * b[i]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (b[i] - sum(a[i][j] * x[j] for j in range(i + 1, n))) / a[i][i]
    return x


def fit(exe, x):
    for it in range(6):
        got = evaluate(exe, x)
        r = residuals(got)
        print(f"iteration {it}: " + ", ".join(f"{k}={v:.2f}" for k, v in zip(PARAMS, x)) + "  rel. errors " +
              ", ".join(f"{t}={e:+.3f}" for t, e in zip(CELLS, r)), flush=True)
        jac_cols = []
        for i in range(len(x)):
            h = max(1.0, 0.05 * x[i])
            xh = list(x)
            xh[i] += h
            rh = residuals(evaluate(exe, xh))
            jac_cols.append([(u - v) / h for u, v in zip(rh, r)])
        jac = [[jac_cols[i][k] for i in range(len(x))] for k in range(len(r))]
        dx = solve(jac, r)
        x = [max(0.0, u + v) for u, v in zip(x, dx)]
        if max(abs(v) for v in dx) < 0.05:
            break
    return x, evaluate(exe, x)


def write(x):
    path = os.path.join(ROOT, PLATFORM)
    doc = json.load(open(path))
    costs = doc["os_profiles"][PROFILE]["costs"]
    us = dict(zip(PARAMS, x))
    for k in PARAMS[:2]:
        costs[k]["value"] = f"{us[k]:.0f}us"
    costs["nic_bw"]["value"] = f"{1024 / us['nic_us_per_kb']:.2f}MBps"
    with open(path, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()
    exe = os.path.join(ROOT, a.build, "clustersim")
    x, got = fit(exe, [57.0, 142.0, 170.0])
    print("fitted: " + ", ".join(f"{k}={v:.2f}" for k, v in zip(PARAMS, x)))
    for t, m in CELLS.items():
        print(f"  {t:<18} measured {m:6.0f} us  simulated {got[t]:7.1f} us  ({(got[t] - m) / m:+.1%})")
    if a.write:
        write(x)
        print("written to " + PLATFORM)


if __name__ == "__main__":
    main()
