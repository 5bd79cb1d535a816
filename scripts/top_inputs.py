#!/usr/bin/env python3
"""Writes each model page's ten most influential inputs from a `validate --uncertainty N` report.

usage: scripts/top_inputs.py REPORT.json [--root DIR] [--check]

Each cell of such a report carries `sensitivity`: its first 5 ranged inputs by |Spearman rho| between the input's
drawn quantile and the cell (docs/uncertainty.md). For each validation file whose cells appear in the report, the
inputs are ranked by their **mean |rho| over the file's cells that have a spread**, an input counting 0 in a cell
whose first 5 it is not among (so an input that drives one cell strongly and the others not at all ranks below one
that drives them all); ties go to the input that is first (top 3) in more cells, then to its name. The first ten,
with that mean, the count of cells that rank the input among their first 3, and its strongest cell, are written as a
markdown table between the marker comments below in docs/models/<model>.md (the page of the file's model: the
`model` of its first run's scenario, `<model>_ext` for the ext_ files), replacing what was there. A page without the
markers gets the section at its end. Files of the report that are not selected leave their pages alone, so several
reports (one per file) can be applied one after the other. --check writes nothing and fails if a page would change.
"""
import json
import sys
from pathlib import Path

BEGIN = "<!-- top-inputs:begin (scripts/top_inputs.py; do not edit by hand) -->"
END = "<!-- top-inputs:end -->"
TOP = 10


def cell_files(root):
    """cell id -> (validation file stem, model page name) for every cell of every validation file."""
    found = {}
    for path in sorted((root / "validation").glob("*.json")):
        doc = json.loads(path.read_text())
        runs = doc.get("runs", {})
        page = None
        for run in runs.values():
            scenario = root / run.get("scenario", "")
            if scenario.is_file():
                page = json.loads(scenario.read_text()).get("model")
                break
        if page and path.stem.startswith("ext_"):
            page += "_ext"
        for cell in doc.get("cells", []):
            found[cell["id"]] = (path.stem, page)
    return found


def zero_width(root, name, cache):
    """True when input `name` ("file#/pointer") is a range of zero width in the data: it never moves, so any rho it
    shows is chance."""
    file, _, pointer = name.partition("#")
    if file not in cache:
        try:
            cache[file] = json.loads((root / file).read_text())
        except (OSError, ValueError):
            cache[file] = None
    node = cache[file]
    for key in [k.replace("~1", "/").replace("~0", "~") for k in pointer.strip("/").split("/") if k]:
        try:
            node = node[int(key)] if isinstance(node, list) else node[key]
        except (KeyError, IndexError, ValueError, TypeError):
            return False
    span = node.get("range") if isinstance(node, dict) else None
    return isinstance(span, list) and len(span) == 2 and span[0] == span[1]


def explained_by(cell):
    """A cell's ranked inputs, those with rho 0 left out (a cell that never varies is explained by none)."""
    entries = cell.get("sensitivity")
    return [e for e in entries if float(e["rho"]) != 0] if isinstance(entries, list) else []


def rank(cells, root=None):
    """The inputs of `cells` (report cells with a sensitivity), best first: (input, mean |rho|, top-3 count,
    strongest cell id, its rho). Inputs of zero width in the data under `root` are left out."""
    spread = [c for c in cells if explained_by(c)]
    if not spread:
        return []
    total, top3, best, cache = {}, {}, {}, {}
    for cell in spread:
        for i, entry in enumerate(explained_by(cell)):
            name, rho = entry["input"], float(entry["rho"])
            if root is not None and zero_width(root, name, cache):
                continue
            total[name] = total.get(name, 0.0) + abs(rho)
            top3[name] = top3.get(name, 0) + (1 if i < 3 else 0)
            if name not in best or abs(rho) > abs(best[name][1]):
                best[name] = (cell["id"], rho)
    rows = [(n, total[n] / len(spread), top3[n], best[n][0], best[n][1]) for n in total]
    rows.sort(key=lambda r: (-r[1], -r[2], r[0]))
    return rows[:TOP]


def section(stem, rows, cells, samples):
    """The page's marked section for one validation file."""
    lines = [BEGIN, "", f"### Its ten most influential inputs (`validation/{stem}.json`)", "",
             f"From `clustersim validate --only {stem} --uncertainty {samples}`: every ranged input of the file's "
             f"runs, ranked by its mean |Spearman rho| over the {cells} cells with an interval (0 in a cell whose "
             "first five it is not among; inputs of zero width left out: their rho is chance); \"top 3\" counts "
             "the cells that rank it among their first three (docs/uncertainty.md). Regenerate with "
             "`scripts/top_inputs.py REPORT.json`.", "",
             "| # | input | mean abs(rho) | top 3 in | strongest in (rho) |", "|---|---|---|---|---|"]
    for i, (name, mean, top3, cell, rho) in enumerate(rows, 1):
        lines.append(f"| {i} | `{name}` | {mean:.2f} | {top3} of {cells} | {cell} ({rho:+.2f}) |")
    if not rows:
        lines.append("| - | no cell of the report has an interval | | | |")
    lines += ["", END]
    return "\n".join(lines)


def replace_section(text, new):
    """`text` with its marked section replaced by `new` (or `new` appended)."""
    start, stop = text.find(BEGIN), text.find(END)
    if start >= 0 and stop > start:
        return text[:start] + new + text[stop + len(END):]
    return text.rstrip("\n") + "\n\n## Most influential inputs\n\n" + new + "\n"


def main(argv):
    args = list(argv)
    check = "--check" in args
    args = [a for a in args if a != "--check"]
    root = Path(__file__).resolve().parent.parent
    if "--root" in args:
        at = args.index("--root")
        root = Path(args[at + 1])
        del args[at:at + 2]
    if len(args) != 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        report = json.loads(Path(args[0]).read_text())
    except (OSError, ValueError) as e:
        print(f"{args[0]}: cannot read the report ({e})", file=sys.stderr)
        return 2
    if not isinstance(report, dict) or not isinstance(report.get("uncertainty"), dict):
        print(f"{args[0]}: /uncertainty: not a report of validate --uncertainty N", file=sys.stderr)
        return 2
    samples = report["uncertainty"].get("samples")
    where = cell_files(root)
    by_file = {}
    for cell in report.get("cells", []):
        if cell.get("id") in where:
            by_file.setdefault(where[cell["id"]], []).append(cell)
    changed = 0
    for (stem, page), cells in sorted(by_file.items(), key=lambda kv: kv[0][0]):
        path = root / "docs" / "models" / f"{page}.md"
        if page is None or not path.is_file():
            print(f"{stem}: no model page ({path.relative_to(root).as_posix()}); skipped", file=sys.stderr)
            continue
        with_spread = [c for c in cells if explained_by(c)]
        text = path.read_text()
        new = replace_section(text, section(stem, rank(cells, root), len(with_spread), samples))
        if new != text:
            changed += 1
            if not check:
                path.write_text(new)
        state = ("would change" if check else "written") if new != text else "up to date"
        print(f"{path.relative_to(root).as_posix()}: {state} ({len(with_spread)} cells of {stem})")
    return 1 if check and changed else 0


def self_test():
    """A made-up tree and report: the ranking, the page's section replaced (not doubled), other pages untouched."""
    import contextlib
    import io
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        for sub in ("validation", "scenarios", "docs/models"):
            (root / sub).mkdir(parents=True)
        (root / "scenarios" / "s.json").write_text(json.dumps(
            {"model": "toy", "params": {"k": {"value": 1, "range": [1, 1], "source": "a constant"}}}))
        cells = [{"id": f"9.c{i}"} for i in range(3)]
        (root / "validation" / "9_toy.json").write_text(
            json.dumps({"runs": {"r": {"scenario": "scenarios/s.json"}}, "cells": cells}))
        (root / "validation" / "ext_toy.json").write_text(
            json.dumps({"runs": {"r": {"scenario": "scenarios/s.json"}}, "cells": [{"id": "ext.c"}]}))
        (root / "docs" / "models" / "toy.md").write_text("# Toy\n\ntext\n")
        (root / "docs" / "models" / "toy_ext.md").write_text("# Toy ext\n")
        report = {"uncertainty": {"samples": 20}, "cells": [
            {"id": "9.c0", "sensitivity": [{"input": "a", "rho": 0.9}, {"input": "b", "rho": -0.5}]},
            {"id": "9.c1", "sensitivity": [{"input": "b", "rho": -0.8}, {"input": "a", "rho": 0.2}]},
            {"id": "9.c2", "sensitivity": [{"input": "scenarios/s.json#/params/k", "rho": 0.99},
                                           {"input": "c", "rho": 0.95}]},
            {"id": "9.c9", "sensitivity": [{"input": "z", "rho": 1.0}]},
            {"id": "9.none", "median": None}]}
        (root / "r.json").write_text(json.dumps(report))
        quiet = contextlib.redirect_stdout(io.StringIO())
        with quiet, contextlib.redirect_stderr(io.StringIO()):
            assert main([str(root / "r.json"), "--root", str(root)]) == 0
        page = (root / "docs" / "models" / "toy.md").read_text()
        table = [line for line in page.splitlines() if line.startswith("| ") and line[2].isdigit()]
        # mean |rho| over the 3 cells: b (0.5 + 0.8) / 3 = 0.43, a (0.9 + 0.2) / 3 = 0.37, c 0.95 / 3 = 0.32.
        assert [row.split("`")[1] for row in table] == ["b", "a", "c"], table
        assert "| 0.43 | 2 of 3 | 9.c1 (-0.80) |" in table[0], table[0]
        assert page.startswith("# Toy\n\ntext\n") and page.count(BEGIN) == 1, page
        assert (root / "docs" / "models" / "toy_ext.md").read_text() == "# Toy ext\n", "an unselected page changed"
        with contextlib.redirect_stdout(io.StringIO()):
            assert main([str(root / "r.json"), "--root", str(root)]) == 0
            assert main([str(root / "r.json"), "--root", str(root), "--check"]) == 0, "a second write changed it"
        assert (root / "docs" / "models" / "toy.md").read_text() == page, "the section was not replaced in place"
        report["cells"][0]["sensitivity"][0]["rho"] = 0.1
        (root / "r.json").write_text(json.dumps(report))
        with contextlib.redirect_stdout(io.StringIO()):
            assert main([str(root / "r.json"), "--root", str(root), "--check"]) == 1, "--check missed a change"
        (root / "bad.json").write_text(json.dumps([{"id": "9.c0"}]))
        with contextlib.redirect_stderr(io.StringIO()):
            assert main([str(root / "bad.json"), "--root", str(root)]) == 2, "a point report was accepted"
    print("self-test passed")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(main(sys.argv[1:]))
