#!/usr/bin/env python3
"""The range each fitted value's calibration cells allow, found with the simulator; --write stores it in the data.

usage: scripts/fitted_ranges.py [--build DIR] [--write] [--only NAME]... [--from LOG]

A fitted value is set so that its calibration cell(s) (role `calibration` in validation/*.json) match the seed; its
plausible range is every value that keeps those cells within their tolerance (docs/uncertainty_ranges.md, "Writing a
range", item 7). For each entry of FITTED below, with every other input at its value:
  - method "simulate": the cells are computed by `clustersim validate` on a copy of the data in which only this value
    changes (and only the cells' own runs, each cut to the rows the cells read). One cell with a relative tolerance
    that moves smoothly with the value: secant steps from the value towards each end of the cell's tolerance find
    where the cell leaves it, and steps of 1 % of the distance from the value then pin the last value inside next to
    the first outside. Otherwise (several cells, an absolute tolerance, or secant steps that fail), trial values step
    outwards (x1.03, x1.1, x1.33, x2, x4, x10 and their inverses) until a cell leaves its tolerance; the end is then
    bisected (in log space) to 2 % of its distance from the value, and the last trial value that kept every cell
    inside is the range's end, rounded inwards to two significant digits of that distance. An end never left within
    x10 stays at x10 and its source says so.
  - method "proportional": the cell is the value times a factor by construction (the one-node run time of a DSM
    benchmark is its sequential time), so the range is the value times measured * (1 -/+ tol) / simulated, from one
    point run.
The calibration cells are the only cells ever computed: no validation or prediction cell is looked at.
Without --write it prints the ranges; with --write each value becomes {"value", "range", "source"} (a plain value in
its object turns into that form) with the source "fitted to <cells>; range: values keeping <cells> within their
tolerance (scripts/fitted_ranges.py)", in its file and in each file that copies it ("mirrors"), log-uniform if it
spans more than x3; only those lines change. --from LOG takes the ranges a run printed (its output saved in LOG)
instead of running the cells again.
"""
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUANTITY = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([A-Za-z%/]*)\s*$")
UP = [1.03, 1.1, 1.33, 2.0, 4.0, 10.0]


def entry(name, file, pointer, validation, cells, method="simulate", mirrors=(), derived=()):
    """A fitted value; `mirrors`: (file, pointer) copies of it, set with it in trials and given its range; `derived`:
    (file, pointer, factor, why) values that are the fitted one times a factor, given its range times the factor."""
    return {"name": name, "file": file, "pointer": pointer, "validation": validation, "cells": list(cells),
            "method": method, "mirrors": list(mirrors), "derived": list(derived)}


P002 = ["platforms/002_brazos_gigabit.json", "platforms/002_brazos_pfs.json"]
EXT = "ext.treadmarks94.basic."
EXT_CELLS = [EXT + c for c in ("roundtrip_us", "roundtrip_signal_us", "lock_manager_last_us", "lock_other_us",
                               "barrier8_us", "page_fault_us")]
ATM = "platforms/ext_treadmarks94_atm.json"
ATM_COSTS = "/os_profiles/ultrix-4-aal34/costs/"
# Every fitted value of platforms/ and scenarios/ with the calibration cells that fit it.
FITTED = [
    entry("000.fork_per_mb", "platforms/000_yi2002_rpi_linux.json", "/os_profiles/linux-2.4-jdk1.3/costs/fork_per_mb",
          "000_speculative_read", ["000.case1.l30.crossover_fr"],
          derived=[("platforms/000_yi2002_sun.json", "/os_profiles/solaris-jdk1.3/costs/fork_per_mb", 10,
                    "10x the range of the Linux value it is 10x of")]),
    entry("000.thread_create", "platforms/000_yi2002_rpi_linux.json",
          "/os_profiles/linux-2.4-jdk1.3/costs/thread_create", "000_speculative_read", ["000.case1.l30.crossover_tr"],
          mirrors=[("platforms/000_yi2002_sun.json", "/os_profiles/solaris-jdk1.3/costs/thread_create")]),
    entry("001.test_cost", "scenarios/javaparty/raytracer.json", "/params/test_cost", "001_javaparty",
          ["001.table3.m2.mean_s"], mirrors=[("scenarios/javaparty/scale.json", "/params/test_cost")]),
    entry("001.full_queue_loss", "scenarios/javaparty/raytracer.json", "/params/switch_model/full_queue_loss",
          "001_javaparty", ["001.table4.cong.mean_s"]),
    entry("002.udp_message", "platforms/002_brazos_fast_ethernet.json", "/os_profiles/nt4-ppro/costs/udp_message",
          "002_brazos", ["002.table1.fast_ethernet.migration_ms"],
          mirrors=[(f, "/os_profiles/nt4-ppro/costs/udp_message") for f in P002]),
    entry("002.water.compute", "scenarios/checkpoint/water.json", "/params/app/compute", "002_brazos",
          ["002.table3.water.exec_min.none"], mirrors=[("scenarios/checkpoint/scale.json", "/params/app/compute")]),
    entry("002.water.shared_bytes", "scenarios/checkpoint/water.json", "/params/app/shared_bytes", "002_brazos",
          ["002.water.ckpt_file_MB"], mirrors=[("scenarios/checkpoint/scale.json", "/params/app/shared_bytes")]),
    entry("002.sor.compute", "scenarios/checkpoint/sor.json", "/params/app/compute", "002_brazos",
          ["002.table4.sor.exec_min.none"]),
    entry("002.write_bw", "platforms/002_brazos_fast_ethernet.json", "/hosts/0/disks/0/write_bw", "002_brazos",
          ["002.water.ckpt_time_s"],
          mirrors=[("platforms/002_brazos_fast_ethernet.json", "/hosts/1/disks/0/write_bw")] +
          [(f, f"/hosts/{h}/disks/0/write_bw") for f in P002 for h in range(3 if f.endswith("pfs.json") else 2)]),
    entry("004.log_copy_bw", "platforms/004_cmi_cluster.json", "/os_profiles/linux-cmi/costs/log_copy_bw",
          "004_msglog", ["004.table1.buffering_only.bt"]),
] + [
    entry(f"004.{b}.compute", "scenarios/msglog/nas.json", f"/params/{b}/compute", "004_msglog",
          [f"004.table1.{'buffering_only' if b == 'cg' else 'base'}.{b}"],
          mirrors=[("scenarios/msglog/scale.json", "/params/mg/compute")] if b == "mg" else [])
    for b in ("bt", "cg", "ep", "lu", "mg", "sp")
] + [
    entry("003.udp_round_trip_factor", "platforms/003_score_cluster.json",
          "/os_profiles/linux-2.4-xeon/costs/udp_round_trip_factor", "003_dsm", ["003.net.udp_rtt_us.64B"]),
] + [
    entry(f"003.{b}.seq_time", "scenarios/dsm/speedup.json", f"/params/{b}/seq_time", "003_dsm",
          [f"003.{b}.seq_s"], method="proportional")
    for b in ("nqueens", "lu", "water", "sor", "mm")
] + [
    entry(f"ext.{c}", ATM, ATM_COSTS + c, "ext_dsm", EXT_CELLS,
          mirrors=[(f"platforms/ext_treadmarks94_{p}.json", f"/os_profiles/{o}/costs/{c}")
                   for p, o in (("atm_udp", "ultrix-4-udp-atm"), ("ethernet", "ultrix-4-udp"))]
          if c != "nic_bw" else [])
    for c in ("wakeup", "sigio", "nic_bw")
]


def escape_split(pointer):
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer.strip("/").split("/")]


def locate(doc, pointer):
    """(parent, key) of the pointer's node."""
    keys = escape_split(pointer)
    node = doc
    for k in keys[:-1]:
        node = node[int(k)] if isinstance(node, list) else node[k]
    last = keys[-1]
    return node, int(last) if isinstance(node, list) else last


def read_value(doc, pointer):
    parent, key = locate(doc, pointer)
    node = parent[key]
    return node["value"] if isinstance(node, dict) else node


def split(value):
    """(number, unit) of a number or quantity string."""
    if isinstance(value, (int, float)):
        return float(value), None
    m = QUANTITY.match(value)
    if not m:
        raise ValueError(f"not a quantity: {value!r}")
    return float(m.group(1)), m.group(2) or None


def render(number, unit, digits=6):
    text = f"{number:.{digits}g}"
    return float(text) if unit is None else text + unit


def set_value(doc, pointer, value):
    parent, key = locate(doc, pointer)
    if isinstance(parent[key], dict):
        parent[key]["value"] = value
    else:
        parent[key] = value


def reduced_validation(vfile, cells):
    """The validation file with only `cells`, and only their runs, each run's grid and zip cut to the rows the cells
    read (their `where`): the cells' values are unchanged, the cost is the rows they need."""
    doc = json.loads((ROOT / "validation" / f"{vfile}.json").read_text())
    kept = [c for c in doc["cells"] if c["id"] in cells]
    assert len(kept) == len(cells) and all(c["role"] == "calibration" for c in kept), cells
    runs = {}
    for cell in kept:
        name = cell["compute"]["run"]
        run = json.loads(json.dumps(doc["runs"][name]))
        where = cell["compute"].get("where", {})
        if name in runs:  # two cells of one run: keep the whole run
            runs[name] = json.loads(json.dumps(doc["runs"][name]))
            continue
        for key, want in where.items():
            if isinstance(want, (list, dict)):
                continue
            if key in run.get("grid", {}):
                run["grid"][key] = [v for v in run["grid"][key] if v == want]
            zipped = run.get("zip", {})
            if key in zipped:
                keep = [i for i, v in enumerate(zipped[key]) if v == want]
                run["zip"] = {k: [vs[i] for i in keep] for k, vs in zipped.items()}
        runs[name] = run
    # Alone in the copy, a calibration cell would break the rule that at most a third of a table is fitted: the copy
    # compares it as a plain cell (its tolerance and measured value as they are).
    for cell in kept:
        cell["role"] = "validation"
    doc["runs"], doc["cells"] = runs, kept
    return doc


class Trial:
    """Runs the calibration cells on a copy of the data with one value (and its mirrors) set."""

    def __init__(self, build, fit, work):
        self.build, self.fit, self.work = Path(build).resolve(), fit, Path(work)
        self.validation = reduced_validation(fit["validation"], fit["cells"])
        self.runs = 0

    def cells(self, number, unit):
        data = self.work / "data"
        if data.exists():
            shutil.rmtree(data)
        for top in ("platforms", "scenarios"):
            shutil.copytree(ROOT / top, data / top)
        (data / "validation").mkdir()
        (data / "validation" / f"{self.fit['validation']}.json").write_text(json.dumps(self.validation))
        value = render(number, unit, 12)
        for file, pointer in [(self.fit["file"], self.fit["pointer"])] + self.fit["mirrors"]:
            doc = json.loads((data / file).read_text())
            set_value(doc, pointer, value)
            (data / file).write_text(json.dumps(doc))
        report = self.work / "report.json"
        env = dict(os.environ, CLUSTERSIM_HOME=str(data))
        proc = subprocess.run([str(self.build / "clustersim"), "validate", "--validation-dir", "validation", "-q",
                               "--report", str(report)], cwd=data, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        self.runs += 1
        if proc.returncode not in (0, 1):
            raise RuntimeError(f"{self.fit['name']} at {value}: validate failed: {proc.stderr.strip()[-300:]}")
        return {c["id"]: c for c in json.loads(report.read_text())}

    def inside(self, number, unit):
        cells = self.cells(number, unit)
        return all(cells[c]["pass"] is True for c in self.fit["cells"])


def inward(number, toward, unit):
    """`number` rounded towards `toward` (the value) so that it stays inside, to two significant digits of its
    distance from the value (a range of +-1 % keeps its width)."""
    if number == toward:
        return number
    scale = 10.0 ** (math.floor(math.log10(abs(number - toward))) - 1)
    rounded = (math.ceil if toward > number else math.floor)(number / scale) * scale
    return float(f"{rounded:.12g}")


def end(trial, value, unit, factors):
    """The farthest trial value on one side that keeps the cells inside, and whether a cell was ever left."""
    good = value
    bad = None
    for f in factors:
        if trial.inside(value * f, unit):
            good = value * f
        else:
            bad = value * f
            break
    if bad is None:
        return good, False
    while abs(bad - good) > 0.02 * abs(good - value) and abs(math.log(bad / good)) > 1e-6:
        mid = math.sqrt(good * bad)
        if trial.inside(mid, unit):
            good = mid
        else:
            bad = mid
    return good, True


def secant_end(trial, value, unit, f0, target, guess):
    """The end of the range on the side of `guess`, for one cell with a relative tolerance whose value moves
    smoothly with the fitted one: secant steps from (value, f0) towards the cell's tolerance end `target`, then
    steps of 1 % of the distance from the value until the last value inside is next to the first outside."""
    (cell_id,) = trial.fit["cells"]
    xs, fs = [value], [f0]
    x = guess
    for _ in range(4):
        f = trial.cells(x, unit)[cell_id]["simulated"]
        xs.append(x)
        fs.append(f)
        if abs(f - target) <= 0.002 * abs(target) or fs[-1] == fs[-2]:
            break
        x = xs[-1] + (target - fs[-1]) * (xs[-1] - xs[-2]) / (fs[-1] - fs[-2])
        if (x - value) * (guess - value) <= 0:  # the cell does not reach its end on this side
            return None
    x = xs[-1]
    step = 0.01 * (x - value)
    if trial.inside(x, unit):
        for _ in range(8):
            if not trial.inside(x + step, unit):
                return x
            x += step
        return None
    for _ in range(8):
        x -= step
        if trial.inside(x, unit):
            return x
    return None


def simulate(fit, build, work):
    doc = json.loads((ROOT / fit["file"]).read_text())
    value, unit = split(read_value(doc, fit["pointer"]))
    trial = Trial(build, fit, work)
    cells = trial.cells(value, unit)
    if not all(cells[c]["pass"] is True for c in fit["cells"]):
        raise RuntimeError(f"{fit['name']}: its cells are not within tolerance at the value itself")
    ends = None
    cell = cells[fit["cells"][0]]
    if len(fit["cells"]) == 1 and "rel" in cell["tolerance"] and cell["simulated"]:
        # One smooth cell: secant steps from the proportional guess, checked by bisection if they fail.
        f0, m, t = cell["simulated"], cell["measured"], cell["tolerance"]["rel"]
        probe = trial.cells(value * 1.02, unit)[fit["cells"][0]]["simulated"]
        rising = probe >= f0
        low_target, high_target = (m * (1 - t), m * (1 + t)) if rising else (m * (1 + t), m * (1 - t))
        lo = secant_end(trial, value, unit, f0, low_target, value * (1 - abs(1 - low_target / f0)))
        hi = secant_end(trial, value, unit, f0, high_target, value * (1 + abs(high_target / f0 - 1)))
        if lo is not None and hi is not None:
            ends = (lo, True, hi, True)
    if ends is None:
        lo, lo_closed = end(trial, value, unit, [1 / f for f in UP])
        hi, hi_closed = end(trial, value, unit, UP)
        ends = (lo, lo_closed, hi, hi_closed)
    lo, lo_closed, hi, hi_closed = ends
    return value, unit, inward(lo, value, unit), inward(hi, value, unit), lo_closed, hi_closed, trial.runs


def proportional(fit, build, work):
    doc = json.loads((ROOT / fit["file"]).read_text())
    value, unit = split(read_value(doc, fit["pointer"]))
    (cell_id,) = fit["cells"]
    cell = Trial(build, fit, work).cells(value, unit)[cell_id]
    tol = cell["tolerance"]["rel"]
    lo = value * cell["measured"] * (1 - tol) / cell["simulated"]
    hi = value * cell["measured"] * (1 + tol) / cell["simulated"]
    return value, unit, inward(lo, value, unit), inward(hi, value, unit), True, True, 1


def tolerance_text(fit):
    vdoc = json.loads((ROOT / "validation" / f"{fit['validation']}.json").read_text())
    tols = {json.dumps(c["tolerance"]) for c in vdoc["cells"] if c["id"] in fit["cells"]}
    parts = []
    for t in sorted(tols):
        t = json.loads(t)
        parts.append(f"+-{t['rel'] * 100:g}%" if "rel" in t else f"+-{t['abs']:g}" if "abs" in t else json.dumps(t))
    return " and ".join(parts)


def source_of(fit, lo_closed, hi_closed):
    cells = fit["cells"]
    named = cells[0] if len(cells) == 1 else f"the {len(cells)} cells {cells[0].rsplit('.', 1)[0]}.*"
    how = ("the value times measured / simulated at the tolerance's ends, the cell being proportional to the value"
           if fit["method"] == "proportional" else "found with the simulator")
    opened = [side for side, closed in (("low", lo_closed), ("high", hi_closed)) if not closed]
    open_text = f"; the {' and '.join(opened)} end left open at x10 (no cell leaves its tolerance)" if opened else ""
    lead = (f"the measurement of calibration cell {named}, which the run reproduces" if fit["method"] == "proportional"
            else f"fitted to {named}")
    return (f"{lead}; range: values keeping {named} within {'its' if len(cells) == 1 else 'their'} "
            f"{tolerance_text(fit)} tolerance, every other input at its value ({how}, scripts/fitted_ranges.py)"
            f"{open_text}")


def write(fit, value, unit, lo, hi, source):
    """Stores the range in the value's file and its mirrors, changing only the value's own text."""
    for file, pointer in [(fit["file"], fit["pointer"])] + fit["mirrors"]:
        path = ROOT / file
        text = path.read_text()
        doc = json.loads(text)
        parent, key = locate(doc, pointer)
        node = parent[key]
        old_source = node.get("source", "") if isinstance(node, dict) else ""
        old_source = old_source.split("; range: values keeping")[0]
        # A value with its own source keeps it and gains the range's reason; a plain value (its object's source
        # says it is fitted) gets the whole statement.
        new_source = old_source + "; range: " + source.split("; range: ", 1)[1] if old_source else source
        current = node["value"] if isinstance(node, dict) else node
        new = {"value": current, "range": [render(lo, unit), render(hi, unit)], "source": new_source}
        if lo > 0 and hi / lo > 3:  # docs/uncertainty_ranges.md, "Distribution"
            new = {"value": current, "range": new["range"], "distribution": "log-uniform", "source": new_source}
        text = replace_node(text, doc, pointer, node, new)
        path.write_text(text)
    for file, pointer, factor, why in fit["derived"]:
        path = ROOT / file
        text = path.read_text()
        doc = json.loads(text)
        parent, key = locate(doc, pointer)
        node = parent[key]
        kept = node["source"].split("; range: ")[0]
        new = {"value": node["value"], "range": [render(lo * factor, unit), render(hi * factor, unit)],
               "source": f"{kept}; range: {why} ({source.split('; range: ')[0]}, scripts/fitted_ranges.py)"}
        path.write_text(replace_node(text, doc, pointer, node, new))


def replace_node(text, doc, pointer, node, new):
    """`text` with the pointer's node replaced by `new`, found by its key and its own serialised forms."""
    key = escape_split(pointer)[-1]
    body = json.dumps(new, ensure_ascii=False)
    candidates = []
    if isinstance(node, dict):
        pattern = re.compile(r'"%s"\s*:\s*\{[^{}]*?\}' % re.escape(key), re.S)
    else:
        pattern = re.compile(r'"%s"\s*:\s*%s' % (re.escape(key), re.escape(json.dumps(node, ensure_ascii=False))))
    for m in pattern.finditer(text):
        if "\n" in m.group(0):  # the file writes this object one key a line: so does the new one
            indent = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
            inner = ",\n".join(f"{indent}  {json.dumps(k, ensure_ascii=False)}: {json.dumps(v, ensure_ascii=False)}"
                               for k, v in new.items())
            trial = text[:m.start()] + f'"{key}": {{\n{inner}\n{indent}}}' + text[m.end():]
        else:
            trial = text[:m.start()] + f'"{key}": {body}' + text[m.end():]
        try:
            if json.loads(trial) == set_at(json.loads(text), pointer, new):
                candidates.append(trial)
        except ValueError:
            pass
    if len(candidates) != 1:
        raise RuntimeError(f"{pointer}: cannot find its text once ({len(candidates)} places)")
    return candidates[0]


def set_at(doc, pointer, new):
    parent, key = locate(doc, pointer)
    parent[key] = new
    return doc


LINE = re.compile(r"^(\S+): (\S+) in \[(\S+), (\S+)\] \((\d+) runs(?:, an end open)?\)$")


def from_log(path, chosen):
    """The ranges a run of this script printed (its lines, one per value), for --write without running again."""
    found = {}
    for line in Path(path).read_text().splitlines():
        m = LINE.match(line.strip())
        if m:
            found[m.group(1)] = m.groups()[1:4]
    for fit in chosen:
        if fit["name"] not in found:
            continue
        value, unit = split(found[fit["name"]][0])
        lo, hi = (split(v)[0] for v in found[fit["name"]][1:])
        # An end the search never closed stays at x10 of the value (end(): the last step).
        yield fit, value, unit, lo, hi, lo > value / 9.99, hi < value * 9.99


def main(argv):
    build, writing, only, log = ROOT / "build", False, [], None
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--build":
            build = Path(args.pop(0))
        elif a == "--write":
            writing = True
        elif a == "--only":
            only.append(args.pop(0))
        elif a == "--from":
            log = args.pop(0)
        else:
            print(__doc__.strip().splitlines()[2], file=sys.stderr)
            return 2
    chosen = [f for f in FITTED if not only or any(f["name"].startswith(o) for o in only)]
    if log is not None:
        for fit, value, unit, lo, hi, lo_closed, hi_closed in from_log(log, chosen):
            print(f"{fit['name']}: {render(value, unit)} in [{render(lo, unit)}, {render(hi, unit)}] (from {log})")
            if writing:
                write(fit, value, unit, lo, hi, source_of(fit, lo_closed, hi_closed))
        return 0
    with tempfile.TemporaryDirectory() as work:
        for fit in chosen:
            value, unit, lo, hi, lo_closed, hi_closed, runs = (proportional if fit["method"] == "proportional"
                                                               else simulate)(fit, build, work)
            source = source_of(fit, lo_closed, hi_closed)
            print(f"{fit['name']}: {render(value, unit)} in [{render(lo, unit)}, {render(hi, unit)}] "
                  f"({runs} runs{'' if lo_closed and hi_closed else ', an end open'})", flush=True)
            if writing:
                write(fit, value, unit, lo, hi, source)
    return 0


def self_test():
    """The parts that need no simulator: rounding inwards, a value's text replaced alone, runs cut to their rows,
    every entry naming calibration cells of its file and a value that exists."""
    assert inward(53.8999, 55, "s") == 53.9 and inward(56.1001, 55, "s") == 56.1, "not rounded inwards"
    assert inward(2508.3, 2533.65, "s") == 2509 and inward(0.91234, 1, None) == 0.913
    text = ('{\n  "a": {\n    "x": {\n      "value": "5us",\n      "source": "fitted: c"\n    },\n'
            '    "y": "1s"\n  }\n}\n')
    doc = json.loads(text)
    new = replace_node(text, doc, "/a/x", doc["a"]["x"], {"value": "5us", "range": ["4us", "6us"], "source": "s"})
    assert new.splitlines()[2:6] == ['    "x": {', '      "value": "5us",', '      "range": ["4us", "6us"],',
                                     '      "source": "s"'], new
    new = replace_node(new, json.loads(new), "/a/y", "1s", {"value": "1s", "range": ["1s", "2s"], "source": "t"})
    assert json.loads(new)["a"]["y"]["range"] == ["1s", "2s"] and new.count("\n") == text.count("\n") + 1, new
    cut = reduced_validation("003_dsm", ["003.nqueens.seq_s"])
    assert list(cut["runs"]) == ["speedup"] and len(cut["cells"]) == 1, cut["runs"]
    assert cut["runs"]["speedup"]["grid"]["params.bench"] == ["nqueens"], cut["runs"]["speedup"]["grid"]
    for fit in FITTED:
        vdoc = json.loads((ROOT / "validation" / f"{fit['validation']}.json").read_text())
        roles = {c["id"]: c["role"] for c in vdoc["cells"]}
        assert all(roles.get(c) == "calibration" for c in fit["cells"]), (fit["name"], "not calibration cells")
        for file, pointer in [(fit["file"], fit["pointer"])] + fit["mirrors"]:
            split(read_value(json.loads((ROOT / file).read_text()), pointer))
    print("self-test passed")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(main(sys.argv[1:]))
