#!/usr/bin/env bash
# Output faults: a full device, a bad --out (a dangling symbolic link, a name over NAME_MAX), a scenario name that
# would leave out/, two runs into one folder, a rerun that cannot write (its predecessor kept whole), SIGHUP, and a
# validate killed by SIGHUP (its temporary folder removed).
source "$(dirname "$0")/harness.sh"
cd "$(dirname "$0")/../.."
s=scenarios/speculative_read/case1.json
# Listings to a full device fail with exit 1 and one line.
for cmd in "list" "describe speculative_read" "schema scenario" "--help" "--version"; do
  st=0; "$exe" $cmd >/dev/full 2>"$tmp/err" || st=$?
  [ "$st" -eq 1 ] || fail "$cmd >/dev/full exited $st, expected 1"
  grep -q "cannot write standard output" "$tmp/err" || fail "$cmd >/dev/full: $(cat "$tmp/err")"
done
# --out checked before the simulation.
ln -s "$tmp/nowhere" "$tmp/dangling"
st=0; "$exe" run $s --out "$tmp/dangling" 2>"$tmp/err" || st=$?
[ "$st" -eq 2 ] && grep -q "symbolic link to nothing" "$tmp/err" || fail "dangling --out: exit $st: $(cat "$tmp/err")"
long=$(printf 'x%.0s' $(seq 300))
st=0; "$exe" run $s --out "$tmp/$long" 2>"$tmp/err" || st=$?
[ "$st" -eq 2 ] && grep -q "longer than the 255 bytes" "$tmp/err" || fail "long --out: exit $st: $(cat "$tmp/err")"
# A scenario name is a plain folder name.
mkdir "$tmp/w" && cd "$tmp/w"
st=0; "$exe" run "$OLDPWD/$s" --set 'name=../../escaped' -q 2>"$tmp/err" || st=$?
cd "$OLDPWD"
[ "$st" -eq 2 ] && grep -q "/name: expected a plain file name" "$tmp/err" || fail "name ../../x: exit $st: $(cat "$tmp/err")"
[ ! -e "$tmp/escaped" ] && [ ! -e "$tmp/w/out" ] || fail "a refused name wrote something"
# One run at a time per folder.
"$exe" run $s --out "$tmp/r" -q 2>/dev/null
exec 9<"$tmp/r" # the lock another run would hold
flock -n 9
st=0; "$exe" run $s --out "$tmp/r" -q 2>"$tmp/err" || st=$?
exec 9<&-
[ "$st" -eq 2 ] && grep -q "is writing into this folder" "$tmp/err" ||
  fail "second run into a locked folder: exit $st: $(cat "$tmp/err")"
# A run, a run --uncertainty and a sweep never write into one folder together: a sweep holds the folder's lock
# shared (its shards share it), the others exclusive.
mkdir "$tmp/both"
echo "{\"name\": \"both\", \"scenario\": \"$PWD/$s\", \"grid\": {\"params.method\": [\"NR\"]}}" >"$tmp/both.sweep.json"
exec 9<"$tmp/both"
flock -s -n 9 # as a sweep holds it
for cmd in "run $s" "run $s --uncertainty 2"; do
  st=0; "$exe" $cmd --out "$tmp/both" -q 2>"$tmp/err" || st=$?
  [ "$st" -eq 2 ] && grep -q "is writing into this folder" "$tmp/err" ||
    fail "$cmd beside a sweep: exit $st: $(cat "$tmp/err")"
done
flock -u 9
flock -n 9 # as a run holds it
st=0; "$exe" sweep "$tmp/both.sweep.json" --out "$tmp/both" -q >/dev/null 2>"$tmp/err" || st=$?
exec 9<&-
[ "$st" -eq 2 ] && grep -q "is writing into this folder" "$tmp/err" || fail "sweep beside a run: exit $st: $(cat "$tmp/err")"
[ -z "$(ls -A "$tmp/both")" ] || fail "refused commands wrote into the folder: $(ls -A "$tmp/both")"
# A rerun that cannot write its files (a file size limit stands in for a full disk) exits 1, keeps the earlier run
# whole and leaves no temporary file.
cp "$tmp/r/result.json" "$tmp/before.json"
tables=$(ls "$tmp/r" | sort)
st=0; (trap '' XFSZ; ulimit -f 1; "$exe" run $s --out "$tmp/r" -q 2>"$tmp/err") || st=$?
[ "$st" -eq 1 ] && grep -q "cannot write" "$tmp/err" || fail "rerun onto a full disk: exit $st: $(cat "$tmp/err")"
cmp -s "$tmp/before.json" "$tmp/r/result.json" || fail "a failed rerun changed or removed result.json"
[ "$(ls "$tmp/r" | sort)" = "$tables" ] || fail "a failed rerun left files: $(ls "$tmp/r")"
# SIGHUP ends a run like SIGTERM.
"$exe" run $s --set params.method=NR --set params.iterations=1000000 --out "$tmp/h" -q 2>"$tmp/err" &
pid=$!
sleep 1
kill -HUP $pid
st=0; wait $pid || st=$?
[ "$st" -eq 129 ] && grep -q "terminated (SIGHUP)" "$tmp/err" || fail "SIGHUP: exit $st: $(cat "$tmp/err")"
[ ! -e "$tmp/h" ] || fail "SIGHUP left the run's new folder: $(ls -A "$tmp/h")"
# A validate ended by SIGHUP removes its temporary folder.
mkdir "$tmp/t"
# Seed 003's validation runs for minutes: the signal comes while it runs, once its temporary folder exists.
TMPDIR="$tmp/t" "$exe" validate --only 003 >/dev/null 2>"$tmp/err" &
pid=$!
for _ in $(seq 100); do [ -n "$(ls -A "$tmp/t")" ] && break; sleep 0.1; done
[ -n "$(ls -A "$tmp/t")" ] || fail "validate made no temporary folder within 10 s"
sleep 1
kill -HUP $pid
st=0; wait $pid || st=$?
[ "$st" -eq 129 ] || fail "validate after SIGHUP: exit $st: $(cat "$tmp/err")"
[ -z "$(ls -A "$tmp/t")" ] || fail "validate left its temporary folder: $(ls -A "$tmp/t")"
echo "output faults: full device, bad --out, escaping names, locked folder, failed rerun and SIGHUP handled"
