#!/usr/bin/env bash
# Running from anywhere: `cmake --install` into a temporary prefix, then the installed clustersim runs a shipped
# scenario and a shipped sweep (and plots it) from an unrelated folder, finding its data in PREFIX/share/clustersim.
set -euo pipefail
exe=$1
build=$(cd "$(dirname "$exe")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" || fail "cmake --install: $(cat "$tmp/install.log")"
cs=$tmp/prefix/bin/clustersim
data=$tmp/prefix/share/clustersim
for d in platforms scenarios validation plots schemas; do [ -d "$data/$d" ] || fail "$data/$d not installed"; done

mkdir "$tmp/elsewhere"
cd "$tmp/elsewhere"
unset CLUSTERSIM_HOME
"$cs" --version | grep -q "data: $data" || fail "the installed binary does not use its data: $("$cs" --version)"
# Read whole before searching (a grep -q closing the pipe early would fail the command's own write).
"$cs" list >"$tmp/list.txt" || fail "list failed"
grep -q "scenarios/speculative_read/quickstart.json" "$tmp/list.txt" || fail "list does not show the installed scenarios"
"$cs" run scenarios/speculative_read/quickstart.json --out run -q --set params.iterations=10 ||
  fail "an installed clustersim must run a shipped scenario from another folder"
python3 - run/result.json "$data" <<'PY' || fail "the run did not use the installed files"
import json, sys
r = json.load(open(sys.argv[1]))
# Recorded relative to the data folder it was found in (one form wherever it is run from); this folder has none.
assert r["scenario_file"] == "scenarios/speculative_read/quickstart.json", r["scenario_file"]
assert r["metrics"]["total_time_s"] > 0
PY
cat >sweep.json <<JSON
{"scenario": "$data/scenarios/speculative_read/quickstart.json", "set": {"params.iterations": 5},
 "grid": {"params.method": ["NR", "FR"]}, "repetitions": 2}
JSON
"$cs" sweep sweep.json --out sw -q 2>log || fail "installed sweep: $(cat log)"
"$cs" sweep plot sw --x params.method --y total_time_s --yunit ms 2>log || fail "installed sweep plot: $(cat log)"
[ -s sw/plot-line-total_time_s.png ] || fail "no plot written"
[ -z "$(ls "$tmp/elsewhere" | grep -v -e '^run$' -e '^sweep.json$' -e '^sw$' -e '^log$')" ] || fail "stray files"
echo "install: ok"
