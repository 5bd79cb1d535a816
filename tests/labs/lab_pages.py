#!/usr/bin/env python3
"""Runs every command a lab page gives and checks what the page says about the runs (ctest -L labs).

Usage: lab_pages.py CLUSTERSIM LAB_CLAIMS.json [SCRATCH]

The claims file (labs/claims/NAME.json, docs/labs/README.md "Pages that cannot drift") names the lab's pages, the
runs a page only sketches (a `--window` added to a step's run), and the observations the pages state, each with
the page text that states it (so a page edited without its claim fails here) and a check against the runs:

  {"says": "...", "text": "words of the page", "check": CHECK}

  CHECK: {"events": {"run": OUT, "kind": K, "from": T0, "to": T1, "min": N, "max": N}}  rows of kind K overlapping
         [T0, T1] ("detail": words the row's detail holds), at least min (1) and at most max
         {"truncated": OUT, "expect": false}                                            a `truncated` row or not
         {"value": EXPR, "min": x, "max": y} or {"value": EXPR, "approx": v, "rel": r | "abs": a}
  EXPR:  number | {"metric": [OUT, NAME]} | {"answer": QUESTION_ID} (labs/answers/NAME.json, which ctest lab.NAME
         checks against the simulation) | {"mean": {"run": OUT, "column": C, "where": {COLUMN: VALUE}}} (OUT's
         sweep.csv; true/false match the CSV's 1/0) | {"ratio"|"diff"|"product": [EXPR, EXPR]}

OUT is a run's --out folder as the page or the claims file writes it (out/... or /tmp/...); every such folder is
made under SCRATCH instead. Commands run in the repository root with bash (the pages' commands are bash);
`lab check` and `lab answers` commands are left to ctest lab.NAME, which runs them with the reference answers.
Exit 0 when every command ran and every claim holds, 1 otherwise, 2 for a malformed claims file.
"""
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FAILURES = []


def fail(message):
    FAILURES.append(message)
    print("FAIL: " + message)


def normalized(text):
    return re.sub(r"\s+", " ", text)


FENCED = re.compile(r"```(?:sh|bash|json)?\n(.*?)```", re.S)


def inline_spans(page_text):
    """The page's `code` spans, fenced blocks left out, each on one line."""
    return re.findall(r"`([^`]+)`", normalized(FENCED.sub("", page_text)))


def page_commands(page_text):
    """The commands of a page: each fenced shell block (one bash script), each inline `build/clustersim ...`."""
    commands = []
    for block in FENCED.findall(page_text):
        if re.search(r"^\s*(build/clustersim|gnuplot|c=\()", block, re.M):
            commands.append(block)
    for span in inline_spans(page_text):
        if span.startswith("build/clustersim "):
            commands.append(span)
    return [c for c in commands if not re.search(r"clustersim lab (check|answers)", c)]


def local(command, exe, scratch):
    """A page's command made to run here: our binary, its output folders under the scratch folder."""
    command = re.sub(r"(?<=[\s'\"=(])/?(out|tmp)/", lambda m: "%s/%s/" % (scratch, m.group(1)), command)
    command = command.replace("@SCRATCH@", scratch)  # the runner's own files there (a sweep file)
    return re.sub(r"(?<![\w/.])build/clustersim(?![\w/])", exe, command)


def out_dir(run, scratch):
    if run.startswith("out/"):
        return os.path.join(scratch, run)
    if run.startswith("/tmp/"):
        return os.path.join(scratch, run[1:])
    raise ValueError("a run is named by its --out folder (out/... or /tmp/...), not " + repr(run))


def run_command(command, exe, scratch):
    for folder in re.findall(r"--out\s+(\S+)", command) + re.findall(r"set output '([^']+)/", command):
        if folder.startswith(("out/", "/tmp/")):
            os.makedirs(os.path.dirname(out_dir(folder, scratch).rstrip("/")), exist_ok=True)
    os.makedirs(os.path.join(scratch, "out"), exist_ok=True)
    script = "set -euo pipefail\n" + local(command, exe, scratch)
    done = subprocess.run(["bash", "-c", script], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    shown = normalized(command.strip())[:160]
    if done.returncode != 0:
        fail("command exited %d: %s\n  %s" % (done.returncode, shown, done.stderr.strip()[-400:]))
    else:
        print("ran: " + shown)


def events(run, scratch):
    with open(os.path.join(out_dir(run, scratch), "events.csv"), newline="") as f:
        return list(csv.DictReader(f))


def matches(cell, wanted):
    wanted = {True: "1", False: "0"}.get(wanted, wanted) if isinstance(wanted, bool) else wanted
    try:
        return float(cell) == float(wanted)
    except ValueError:
        return cell == str(wanted)


def value(expr, ctx):
    if isinstance(expr, (int, float)):
        return float(expr)
    (op, arg), = expr.items()
    if op == "metric":
        with open(os.path.join(out_dir(arg[0], ctx["scratch"]), "result.json")) as f:
            return float(json.load(f)["metrics"][arg[1]])
    if op == "answer":
        return float(ctx["answers"][arg])
    if op == "mean":
        with open(os.path.join(out_dir(arg["run"], ctx["scratch"]), "sweep.csv"), newline="") as f:
            rows = [r for r in csv.DictReader(f)
                    if all(matches(r[k], v) for k, v in arg.get("where", {}).items())]
        if not rows:
            raise ValueError("no row of %s matches %s" % (arg["run"], arg.get("where")))
        return sum(float(r[arg["column"]]) for r in rows) / len(rows)
    a, b = value(arg[0], ctx), value(arg[1], ctx)
    if op == "ratio":
        return a / b
    if op == "diff":
        return a - b
    if op == "product":
        return a * b
    raise ValueError("unknown expression " + op)


def check_claim(claim, ctx):
    says, check = claim["says"], claim["check"]
    if normalized(claim["text"]) not in ctx["pages"]:
        return fail("%s: the pages no longer say %r (update the claim with the page)" % (says, claim["text"]))
    if "events" in check:
        e = check["events"]
        rows = [r for r in events(e["run"], ctx["scratch"]) if r["kind"] == e["kind"] and
                e.get("detail", "") in r["detail"] and
                float(r["end_s"]) >= e.get("from", 0) and float(r["time_s"]) <= e.get("to", float("inf"))]
        ok = e.get("min", 0 if "max" in e else 1) <= len(rows) <= e.get("max", float("inf"))
        got = "%d %s rows in [%s, %s]" % (len(rows), e["kind"], e.get("from", 0), e.get("to", "end"))
    elif "truncated" in check:
        cut = [r for r in events(check["truncated"], ctx["scratch"]) if r["kind"] == "truncated"]
        ok = bool(cut) == check["expect"]
        got = cut[0]["detail"] if cut else "no truncated row"
    else:
        v = value(check["value"], ctx)
        if "approx" in check:
            tol = check.get("abs", abs(check["approx"]) * check.get("rel", 0))
            ok = abs(v - check["approx"]) <= tol
        else:
            ok = check.get("min", -float("inf")) <= v <= check.get("max", float("inf"))
        got = "%.6g" % v
    if ok:
        print("ok: %s (%s)" % (says, got))
    else:
        fail("%s: the run gives %s, the check is %s" % (says, got, json.dumps(check)))


def named_files(page_text):
    """Files and folders a page names in backquotes: the tree's files, and the outputs of its commands."""
    names = set()
    for span in inline_spans(page_text):
        if "..." in span or " " in span:
            continue
        if re.match(r"^(out/|/tmp/)[\w./-]+$", span) or re.match(r"^[\w.-]+/[\w./-]*\.(json|md|cpp|hpp|gp|sh)$",
                                                                    span):
            names.add(span)
    return sorted(names)


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__)
        return 2
    exe, claims_file = os.path.abspath(sys.argv[1]), sys.argv[2]
    with open(claims_file) as f:
        spec = json.load(f)
    scratch = sys.argv[3] if len(sys.argv) == 4 else tempfile.mkdtemp(prefix="lab_pages.")
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    texts = {p: open(os.path.join(ROOT, p)).read() for p in spec["pages"]}
    pages = normalized("\n".join(texts.values()))
    for run in spec.get("runs", []):  # the runs a page sketches (a window on a step's run), with their page text
        if normalized(run["text"]) not in pages:
            fail("the pages no longer give %r (update the run of the claims file)" % run["text"])
    sketched = " ".join(normalized(r["text"]) for r in spec.get("runs", []))
    for p, text in texts.items():
        for span in inline_spans(text):
            drawn = span.startswith("build/clustersim ") or "`%s`" % span in sketched
            if re.search(r"--window \S", span) and not drawn:
                fail("%s: `%s` is a window no run of the claims file draws" % (p, span))
    for run in spec.get("runs", []):  # first: a page may plot a sweep the claims file runs
        if "sweep" in run:
            sweep_file = "sweep-%d.json" % spec["runs"].index(run)
            with open(os.path.join(scratch, sweep_file), "w") as f:
                json.dump(run["sweep"], f)
            run_command("build/clustersim sweep @SCRATCH@/%s --jobs 2 --out %s" % (sweep_file, run["out"]), exe,
                        scratch)
        else:
            run_command(run["command"], exe, scratch)
    for p, text in texts.items():
        for command in page_commands(text):
            run_command(command, exe, scratch)
    for p, text in texts.items():
        for name in named_files(text):
            path = out_dir(name, scratch) if name.startswith(("out/", "/tmp/")) else os.path.join(ROOT, name)
            if not os.path.exists(path):
                fail("%s names %s, which %s" % (p, name, "no command made" if path.startswith(scratch) else
                                                 "does not exist"))
    answers_file = os.path.join(ROOT, "labs", "answers", spec["lab"] + ".json")
    answers = json.load(open(answers_file))["answers"] if os.path.exists(answers_file) else {}
    ctx = {"scratch": scratch, "pages": pages, "answers": answers}
    for claim in spec.get("claims", []):
        try:
            check_claim(claim, ctx)
        except (OSError, KeyError, ValueError, ZeroDivisionError) as e:
            fail("%s: %s: %s" % (claim["says"], type(e).__name__, e))
    if len(sys.argv) == 3:
        shutil.rmtree(scratch, ignore_errors=True)
    print("%s: %d failure(s)" % (spec["lab"], len(FAILURES)))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
