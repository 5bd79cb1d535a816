#!/usr/bin/env python3
"""lab_pages.py finds a page that drifted: a window without the events it asks about, a claim whose words left the
page, a file the page names that is not there, a window no run draws. A stand-in for clustersim writes the runs."""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE = """#!/bin/bash
# clustersim run ... --out DIR: one page_sealed row at 3.3 s, exec_time_s 10
while [ $# -gt 0 ]; do [ "$1" = --out ] && out=$2; shift; done
mkdir -p "$out"
printf 'time_s,end_s,node,actor,kind,peer,detail\\n3.3,3.3,n1,a,page_sealed,,"4 B"\\n' > "$out/events.csv"
echo '{"metrics": {"exec_time_s": 10}}' > "$out/result.json"
"""
PAGE = """# A lab
Run `build/clustersim run x.json --out out/lab/one`, then look at `out/lab/one/events.csv`.
Draw it over the burst (`--plot timeline --window 3.2:3.7`): a page is sealed at about 3.3 s.
"""


def case(name, page, claim, runs=None, expect=0, says=None):
    with tempfile.TemporaryDirectory() as d:
        exe = os.path.join(d, "clustersim")
        with open(exe, "w") as f:
            f.write(FAKE)
        os.chmod(exe, 0o755)
        with open(os.path.join(d, "page.md"), "w") as f:
            f.write(page)
        runs = runs if runs is not None else [
            {"text": "`--plot timeline --window 3.2:3.7`",
             "command": "build/clustersim run x.json --window 3.2:3.7 --out out/lab/win"}]
        spec = {"lab": "fake", "pages": [os.path.join(d, "page.md")], "runs": runs, "claims": [claim]}
        with open(os.path.join(d, "claims.json"), "w") as f:
            json.dump(spec, f)
        done = subprocess.run([sys.executable, os.path.join(HERE, "lab_pages.py"), exe,
                               os.path.join(d, "claims.json"), os.path.join(d, "scratch")],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        ok = done.returncode == expect and (says is None or says in done.stdout)
        print("%s: %s" % ("ok" if ok else "FAILED", name))
        if not ok:
            print(done.stdout)
        return ok


def main():
    sealed = {"says": "the window holds the burst", "text": "a page is sealed at about 3.3 s",
              "check": {"events": {"run": "out/lab/win", "kind": "page_sealed", "from": 3.2, "to": 3.7}}}
    late = dict(sealed, check={"events": {"run": "out/lab/win", "kind": "page_sealed", "from": 5, "to": 6}})
    metric = {"says": "ten seconds", "text": "a page is sealed",
              "check": {"value": {"metric": ["out/lab/one", "exec_time_s"]}, "approx": 10, "abs": 0.1}}
    results = [
        case("a page that holds", PAGE, sealed),
        case("a metric within its bounds", PAGE, metric),
        case("a window without the events it asks about", PAGE, late, expect=1, says="0 page_sealed rows"),
        case("a claim whose words left the page", PAGE.replace("3.3 s", "4 s"), sealed, expect=1,
             says="no longer say"),
        case("a file the page names that is missing", PAGE + "See `scenarios/none/missing.json`.\n", sealed,
             expect=1, says="does not exist"),
        case("an output no command makes", PAGE.replace("one/events.csv", "two/events.csv"), sealed, expect=1,
             says="no command made"),
        case("a window no run draws", PAGE, sealed, runs=[], expect=1, says="a window no run"),
        case("a metric outside its bounds", PAGE, dict(metric, check=dict(metric["check"], approx=12)), expect=1),
    ]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
