#!/usr/bin/env bash
# No user string reaches a shell: a scenario named with a semicolon, quotes, spaces, $(...) and backquotes, run into
# --out folders with a space and a leading '<' or '|' (gnuplot's "read from / write to a command" prefixes), draws
# its plots and runs none of the commands its name carries.
source "$(dirname "$0")/harness.sh"
command -v gnuplot >/dev/null || { echo "gnuplot is not installed: nothing to check"; exit 0; }
exe=$(realpath "$exe")
src=$(pwd)
work="$tmp/work"
mkdir -p "$work"
name='x;touch pwned1;# '"'"'q'"'"' "dq" $(touch pwned2) `touch pwned3`'
python3 - "$src/scenarios/dsm/speedup.json" "$work/hostile.json" "$name" "$src" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
s["name"] = sys.argv[3]
s["platform"]["file"] = sys.argv[4] + "/" + s["platform"]["file"]
json.dump(s, open(sys.argv[2], "w"))
PY
cd "$work"
for out in "out dir;touch pwned4;#" "<touch pwned5" "|touch pwned6"; do
  "$exe" run hostile.json --set params.bench=mm --set params.nodes=4 --out "$out" --plot model >/dev/null 2>"$tmp/err" ||
    fail "run into '$out' failed: $(cat "$tmp/err")"
  [ -s "$out/plot.png" ] && [ -s "$out/plot.svg" ] || fail "no plot drawn into '$out': $(cat "$tmp/err")"
  ! grep -q warning "$tmp/err" || fail "gnuplot warned for '$out': $(cat "$tmp/err")"
done
# Without --out the run folder is out/NAME.
"$exe" run hostile.json --set params.bench=mm --set params.nodes=4 --plot model >/dev/null 2>"$tmp/err" ||
  fail "run into out/NAME failed: $(cat "$tmp/err")"
[ -s "out/$name/plot.png" ] || fail "no plot drawn into out/NAME: $(cat "$tmp/err")"
# The timeline plot (another script, other variables) with a trace-barrier run, whose plot reads timeline.csv.
"$exe" run "$src/scenarios/dsm/sor_barrier_timeline.json" --out "<touch pwned7" --plot >/dev/null 2>"$tmp/err" ||
  fail "timeline run failed: $(cat "$tmp/err")"
[ -s "<touch pwned7/timeline.png" ] && [ -s "<touch pwned7/plot.png" ] || fail "timeline plots not drawn: $(cat "$tmp/err")"
ls pwned* 2>/dev/null && fail "a command from a user string ran"
echo "plots drawn into hostile folders, no command ran"
