#!/usr/bin/env python3
"""Fails (exit 1) listing file and JSON pointer of every assumed or fitted value that has no plausible range.

An assumed value is a guess, and a guess needs its spread written beside it (docs/uncertainty_ranges.md, "Writing a
range"). Walked: every *.json under platforms/ and scenarios/ (presets, generated platforms and sweeps included).
Flagged:
  (a) a value in the provenance form {"value": ..., "source": "..."} whose source says "assumed" and that has no
      "range" beside it;
  (b) an object whose own "source" says "assumed" while it holds a plain number or quantity ("4us", "16KiB") that
      is not in the provenance form: the object-level source would cover it, so which of its values is the guess,
      and how far off it may be, is not said. Each assumed value moves to its own {"value", "range", "source"}.
  (c) a fitted value without a "range": a {"value", "source"} whose source says "fitted" (not "not fitted"), or a
      plain value whose object's "source" names it as fitted ("compute fitted: cell ...", "compute and shared_bytes
      fitted there"). Its range is the values its calibration cells' tolerance allows (scripts/fitted_ranges.py).
Only numbers and quantity strings are values here: a choice, a flag or a name has no range (booleans and words are
not flagged), and neither are arrays (a list of quantities is not a single input) nor a "seed" (it picks a random
stream: its spread is the seeds a validation file runs, not a range).
"""
import json
import re
import sys
from pathlib import Path

ASSUMED = re.compile(r"\bassumed\b", re.IGNORECASE)
FITTED = re.compile(r"\bfitted\b", re.IGNORECASE)
NOT_FITTED = re.compile(r"\bnot fitted\b", re.IGNORECASE)
FITTED_KEYS = re.compile(r"\b(\w+)(?:\s+and\s+(\w+))?\s+fitted\b")
QUANTITY = re.compile(r"^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*[A-Za-z%/]*\s*$")
ROOTS = ["platforms", "scenarios"]


def is_value(v):
    """A number or a quantity string (a bool is no number here)."""
    if isinstance(v, bool):
        return False
    if isinstance(v, (int, float)):
        return True
    return isinstance(v, str) and QUANTITY.match(v) is not None


def escape(key):
    return str(key).replace("~", "~0").replace("/", "~1")


def offenders(node, pointer=""):
    """(pointer, why) of every flagged value below `node`."""
    found = []
    if isinstance(node, list):
        for i, v in enumerate(node):
            found += offenders(v, f"{pointer}/{i}")
        return found
    if not isinstance(node, dict):
        return found
    source = node.get("source")
    says_assumed = isinstance(source, str) and ASSUMED.search(source) is not None
    says_fitted = isinstance(source, str) and FITTED.search(source) and not NOT_FITTED.search(source)
    if "value" in node:
        if says_assumed and "range" not in node and is_value(node["value"]):
            found.append((pointer, "its source says assumed and it has no \"range\""))
        elif says_fitted and "range" not in node and is_value(node["value"]):
            found.append((pointer, "its source says fitted and it has no \"range\" (scripts/fitted_ranges.py)"))
        return found
    fitted = {k for m in FITTED_KEYS.finditer(source) for k in m.groups() if k} if isinstance(source, str) else set()
    for key, v in node.items():
        here = f"{pointer}/{escape(key)}"
        if says_assumed and is_value(v) and key != "seed":
            found.append((here, "a plain value under an object whose \"source\" says assumed: give it its own "
                                "{\"value\", \"range\", \"source\"}"))
        elif key in fitted and is_value(v):
            found.append((here, "a plain value its object's \"source\" calls fitted: give it its own "
                                "{\"value\", \"range\", \"source\"} (scripts/fitted_ranges.py)"))
        found += offenders(v, here)
    return found


MODELS = [("platforms/000_", "speculative_read"), ("platforms/001_", "javaparty"), ("platforms/002_", "checkpoint"),
          ("platforms/003_", "dsm"), ("platforms/004_", "msglog"), ("platforms/ext_", "dsm (ext)"),
          ("platforms/presets/", "any (fabric presets)"), ("platforms/two_hosts", "pingpong"),
          ("scenarios/dsm/ext_", "dsm (ext)")]


def model_of(rel):
    for prefix, model in MODELS:
        if rel.startswith(prefix):
            return model
    return rel.split("/")[1] if rel.startswith("scenarios/") else "any"


def ranged(node, pointer=""):
    """(pointer, node) of every value below `node` that carries a range."""
    found = []
    items = enumerate(node) if isinstance(node, list) else node.items() if isinstance(node, dict) else []
    if isinstance(node, dict) and "value" in node and "range" in node:
        return [(pointer, node)]
    for key, v in items:
        found += ranged(v, f"{pointer}/{escape(key)}")
    return found


def table(root):
    """The ranged inputs as markdown rows (docs/uncertainty_ranges.md): model, file, pointer, value, range, reason."""
    root = Path(root)
    rows = []
    for top in ROOTS:
        for path in sorted((root / top).rglob("*.json")):
            rel = path.relative_to(root).as_posix()
            for pointer, node in ranged(json.loads(path.read_text())):
                src = node.get("source", "")
                # The range's own reason: the "; range ..." a range appends to its value's source, else the first
                # "range" the source states, else the whole source.
                at = max(src.rfind("; range "), src.rfind("; range: "))
                at = at + 2 if at >= 0 else src.find("range ")
                reason = src[at:] if at >= 0 else src
                reason = reason if len(reason) <= 160 else reason[:157] + "..."
                lo, hi = node["range"]
                spread = " log" if node.get("distribution") == "log-uniform" else ""
                rows.append((model_of(rel), rel, pointer, node["value"], f"{lo} - {hi}{spread}", reason))
    print("| model | file | pointer | value | range | reason (short) |")
    print("|---|---|---|---|---|---|")
    for row in sorted(rows, key=lambda r: (r[0], r[1])):
        print("| " + " | ".join(str(c).replace("|", "/") for c in row) + " |")
    return 0


def main(root):
    root = Path(root)
    bad = 0
    for top in ROOTS:
        for path in sorted((root / top).rglob("*.json")):
            rel = path.relative_to(root).as_posix()
            try:
                data = json.loads(path.read_text())
            except (ValueError, UnicodeDecodeError) as e:
                print(f"{rel}: not JSON ({e})")
                bad += 1
                continue
            for pointer, why in offenders(data):
                print(f"{rel}#{pointer}: {why}")
                bad += 1
    if bad:
        print(f"{bad} assumed or fitted value(s) without a range (docs/uncertainty_ranges.md, \"Writing a range\")",
              file=sys.stderr)
        return 1
    return 0


def self_test():
    """A made-up tree: each kind of offender is caught, and the forms that are fine are not."""
    import contextlib
    import io
    import tempfile

    planted = {
        "costs": {
            "guess": {"value": "8us", "source": "assumed: a guess"},
            "ranged": {"value": "8us", "range": ["4us", "15us"], "source": "assumed: a guess (why 4-15 us)"},
            "seed": {"value": "14us", "source": "Table 2"},
            "flag": {"value": True, "source": "assumed: on"},
            "fit": {"value": "116us", "source": "fitted: validation cell 9.x"},
            "fit_ranged": {"value": "116us", "range": ["100us", "130us"], "source": "fitted: cell 9.x; range: ..."},
            "evidence": {"value": "5us", "source": "evidence, not fitted: a measurement"},
        },
        "model": {"compute": "10s", "shared_bytes": "2MB", "stack": "4KiB", "other": "1s",
                  "source": "compute and shared_bytes fitted there; stack: a constant; values fitted as each says"},
        "app": {"iterations": 100, "seed": 3, "name": "sor", "on": True, "time": "0.6us", "source": "iterations assumed"},
        "facts": {"rows": 2000, "source": "the study's input"},
    }
    expected = {"platforms/p.json#/costs/guess", "platforms/p.json#/costs/fit", "platforms/p.json#/model/compute",
                "platforms/p.json#/model/shared_bytes", "scenarios/m/s.json#/app/iterations",
                "scenarios/m/s.json#/app/time"}
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / "platforms").mkdir()
        (Path(d) / "scenarios" / "m").mkdir(parents=True)
        (Path(d) / "platforms" / "p.json").write_text(
            json.dumps({"costs": planted["costs"], "model": planted["model"]}))
        (Path(d) / "scenarios" / "m" / "s.json").write_text(
            json.dumps({"app": planted["app"], "facts": planted["facts"]}))
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            status = main(d)
        reported = {line.split(": ")[0] for line in out.getvalue().splitlines()}
        assert status == 1, "planted offenders were not failed"
        assert reported == expected, reported
        (Path(d) / "platforms" / "p.json").write_text(json.dumps({"costs": {
            "r": planted["costs"]["ranged"], "f": planted["costs"]["fit_ranged"], "e": planted["costs"]["evidence"]}}))
        (Path(d) / "scenarios" / "m" / "s.json").write_text(json.dumps({"facts": planted["facts"]}))
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(d) == 0, "a clean tree was failed"
    print("self-test passed")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    if sys.argv[1:2] == ["--table"]:
        sys.exit(table(sys.argv[2] if len(sys.argv) > 2 else Path(__file__).resolve().parent.parent))
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent))
