#!/usr/bin/env python3
"""Compares two `clustersim validate --report` files cell by cell: every field of every cell must be equal (the
report holds no timing fields; keys named *wall*, *elapsed* or *_time_wall* would be skipped if one appeared).
Also compares the printed tables when given as validate stdout files (--text A B), line by line.

Usage: bench/compare_reports.py BASE_REPORT.json NEW_REPORT.json [--text BASE.txt NEW.txt]
Exit status 0 when identical, 1 with the differences listed otherwise."""
import json
import sys

TIMING = ("wall", "elapsed")


def strip(cell):
    return {k: v for k, v in cell.items() if not any(t in k for t in TIMING)}


def compare_reports(a_path, b_path):
    a = {c["id"]: strip(c) for c in json.load(open(a_path))}
    b = {c["id"]: strip(c) for c in json.load(open(b_path))}
    diffs = []
    for cid in sorted(set(a) | set(b)):
        if cid not in a or cid not in b:
            diffs.append(f"{cid}: only in {'new' if cid not in a else 'base'}")
        elif a[cid] != b[cid]:
            keys = sorted(k for k in set(a[cid]) | set(b[cid]) if a[cid].get(k) != b[cid].get(k))
            diffs.append(f"{cid}: " + "; ".join(f"{k} {a[cid].get(k)!r} -> {b[cid].get(k)!r}" for k in keys))
    return len(a), diffs


def compare_text(a_path, b_path):
    keep = lambda line: not line.startswith("[validate]")  # progress lines on stderr, if captured together
    a = [l for l in open(a_path) if keep(l)]
    b = [l for l in open(b_path) if keep(l)]
    return [f"line {i + 1}: {x.rstrip()!r} -> {y.rstrip()!r}" for i, (x, y) in enumerate(zip(a, b)) if x != y] + (
        [f"{len(a)} lines against {len(b)}"] if len(a) != len(b) else [])


def main(argv):
    if len(argv) not in (3, 6) or (len(argv) == 6 and argv[3] != "--text"):
        sys.exit(__doc__)
    n, diffs = compare_reports(argv[1], argv[2])
    if len(argv) == 6:
        diffs += compare_text(argv[4], argv[5])
    for d in diffs:
        print(d)
    print(f"{n} cells compared: " + ("identical" if not diffs else f"{len(diffs)} differences"))
    return 0 if not diffs else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
