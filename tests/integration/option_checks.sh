#!/usr/bin/env bash
# Options and side inputs checked where they are read: calibrate --from applies run's own host-profile check and the
# measured figures' (exit 2 with file and pointer, no JSON library text); --uncertainty-seed names itself and its
# bound; --window takes decimal seconds only; --work is named as typed; a full standard output says so; a NUL in a
# lab answer key is shown, not cut; a huge host count is printed as a number; tabs and newlines in an input id and in
# --out reach the sensitivity data and plot intact.
source "$(dirname "$0")/harness.sh"
exe=$(realpath "$exe")

# One line on stderr and exit 2, containing $2.
expect_bad() {
  local what=$1 needle=$2
  shift 2
  local status=0
  "$@" >/dev/null 2>"$tmp/err" || status=$?
  [ $status -eq 2 ] || fail "$what: exit $status, expected 2: $(cat "$tmp/err")"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$what: expected one line: $(cat "$tmp/err")"
  grep -qF -- "$needle" "$tmp/err" || fail "$what: the message lacks '$needle': $(cat "$tmp/err")"
  if grep -qF 'json.exception' "$tmp/err"; then fail "$what: a JSON library message: $(cat "$tmp/err")"; fi
}

# calibrate --from: the shipped profile passes; a measured median of -1 s, a cost of -1 s, 0 cores do not.
profile=platforms/generated/reference_vm.json
"$exe" calibrate --from "$profile" --validation "$tmp/ok.json" 2>/dev/null || fail "the shipped profile is refused"
edit() { # edit PYTHON_EXPRESSION OUT: the shipped profile changed by one statement on p
  python3 - "$profile" "$2" "$1" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(p, open(sys.argv[2], "w"))
PY
}
edit 'p["raw"]["figures"][0]["time_s"]["median"] = -1' "$tmp/median.json"
expect_bad "a median of -1 s" "median.json: /raw/figures/0/time_s/median: expected a number > 0, got -1" \
  "$exe" calibrate --from "$tmp/median.json" --validation "$tmp/v.json"
edit 'k = next(iter(p["os_profile"]["costs"])); p["os_profile"]["costs"][k]["value"] = "-1s"; print(k)' "$tmp/cost.json" >"$tmp/key"
expect_bad "a cost of -1 s" "cost.json: /os_profile/costs/$(cat "$tmp/key")" \
  "$exe" calibrate --from "$tmp/cost.json" --out "$tmp/o.json"
edit 'p["cores"] = 0' "$tmp/cores.json"
expect_bad "0 cores" "cores.json: /cores: expected an integer in [1, 1024], got 0" \
  "$exe" calibrate --from "$tmp/cores.json" --validation "$tmp/v.json"
edit 'del p["raw"]["figures"][1]["time_s"]["q1"]' "$tmp/noq1.json"
expect_bad "a summary without q1" "noq1.json: /raw/figures/1/time_s/q1" \
  "$exe" calibrate --from "$tmp/noq1.json" --validation "$tmp/v.json"
edit 'p["raw"]["figures"][2] = 7' "$tmp/fig.json"
expect_bad "a figure that is a number" "fig.json: /raw/figures/2: expected an object, got 7" \
  "$exe" calibrate --from "$tmp/fig.json" --validation "$tmp/v.json"
printf '{"speed": 1e999}' >"$tmp/big.json"
expect_bad "a number beyond a double" "big.json: invalid JSON" "$exe" calibrate --from "$tmp/big.json" --out "$tmp/o.json"
[ -e "$tmp/v.json" ] || [ -e "$tmp/o.json" ] && fail "calibrate --from wrote a file for a bad profile"
# The checked profile is also what run refuses: one checker.
expect_bad "run with the -1 s cost" "cost.json: /os_profile/costs/$(cat "$tmp/key")" \
  "$exe" run scenarios/pingpong/pingpong.json --set platform.host_profile="$tmp/cost.json" --out "$tmp/x"

# --uncertainty-seed is named as typed, with its own bound (the scenario's uncertainty.seed: a count).
expect_bad "--uncertainty-seed too large" "--uncertainty-seed expects an integer in [0, 10000000], got \"10000001\"" \
  "$exe" run tests/data/uncertainty_pingpong.json --uncertainty 2 --uncertainty-seed 10000001 --out "$tmp/x"
expect_bad "--uncertainty-seed negative" "--uncertainty-seed expects an integer in [0, 10000000]" \
  "$exe" validate --only 000 --uncertainty 2 --uncertainty-seed -1
expect_bad "--seed negative" "--seed expects an integer in [0, 18446744073709551615]" \
  "$exe" run scenarios/pingpong/pingpong.json --seed -1 --out "$tmp/x"

# --window: decimal seconds (or a time unit) only.
for w in nan:10 0:inf 0x1:5 1e999:2 -1:3; do
  expect_bad "--window $w" "--window expects T0:T1 in simulated seconds" \
    "$exe" run scenarios/pingpong/pingpong.json --window "$w" --out "$tmp/x"
done
"$exe" run scenarios/pingpong/pingpong.json --window 0:1min --out "$tmp/w" -q || fail "--window 0:1min refused"

# --work is the option named when its folder cannot be written.
expect_bad "--work under a file" "--work /etc/passwd/w" "$exe" validate --only 000 --work /etc/passwd/w -q
expect_bad "lab check --work under a file" "--work /etc/passwd/w" \
  "$exe" lab check lab1_speculative_read labs/answers/lab1_speculative_read.json --work /etc/passwd/w -q
[ -e "$tmp/x" ] && fail "output left behind"

# A full standard output: exit 1 and what went wrong.
if [ -w /dev/full ]; then
  status=0
  "$exe" list >/dev/full 2>"$tmp/err" || status=$?
  [ $status -eq 1 ] || fail "list > /dev/full: exit $status"
  grep -qx 'clustersim: failure: cannot write standard output: No space left on device' "$tmp/err" ||
    fail "list > /dev/full: $(cat "$tmp/err")"
fi

# A NUL in a lab answer key is shown as \u0000, with what follows it.
printf '{"lab": "lab1_speculative_read", "answers": {"s1.no\\u0000pe": 1}}' >"$tmp/nul.json"
expect_bad "a NUL in an answer key" 'nul.json: /answers/s1.no\u0000pe: lab lab1_speculative_read has no question' \
  "$exe" lab check lab1_speculative_read "$tmp/nul.json" -q

# A fabric of 10^21 hosts is refused with its count as a number (no conversion to a 64-bit integer on the way).
"$exe" run scenarios/javaparty/scale.json --out "$tmp/x" --set platform.switches.fabric.topology.levels=5 \
  --set 'platform.switches.fabric.topology.down=[65536,65536,65536,65536,65536]' \
  --set 'platform.switches.fabric.topology.up=[1,1,1,1,1]' \
  --set 'platform.switches.fabric.topology.link_count=[1,1,1,1,1]' >/dev/null 2>"$tmp/err" || true
grep -qF 'a fabric of 1.20892582e+24 hosts: at most 65536' "$tmp/err" || fail "a huge fabric: $(cat "$tmp/err")"
if grep -q -- '-9223372036854775808' "$tmp/err"; then fail "a huge count printed as a wrapped integer: $(cat "$tmp/err")"; fi

# Tabs and newlines in an input id (here the platform's file name) and in --out: every bar of the tornado keeps its
# label and its value.
odd=$'two\thosts\nfile'
cp tests/data/uncertainty_two_hosts.json "$tmp/$odd.json"
python3 - tests/data/uncertainty_pingpong.json "$tmp/scen.json" "$tmp/$odd.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
s["platform"]["file"] = sys.argv[3]
json.dump(s, open(sys.argv[2], "w"))
PY
out="$tmp/out"$'\t'"with"$'\n'"breaks"
"$exe" run "$tmp/scen.json" --uncertainty 6 --jobs 1 --plot sensitivity --out "$out" -q >/dev/null 2>"$tmp/err" ||
  fail "sensitivity run: $(cat "$tmp/err")"
n=0
for dat in "$out"/sensitivity_*.dat; do
  [ -e "$dat" ] || fail "no tornado data in $out: $(ls "$out")"
  n=$((n + 1))
  python3 - "$dat" <<'PY' || fail "tornado data $dat is broken"
import sys
rows = [l for l in open(sys.argv[1]).read().split("\n")[1:] if l]
assert rows, "no rows"
for r in rows:
    f = r.split("\t")
    assert len(f) == 3 and f[2] in ("0", "1"), r  # input, rho, below chance
    float(f[1])
    assert "two\\thosts\\nfile" in f[0], f[0]
PY
  [ -s "${dat%.dat}.png" ] || fail "no tornado plot beside $dat"
done
[ $n -ge 1 ] || fail "no tornado written"
echo "calibrate --from, --uncertainty-seed, --window, --work, full stdout, NUL keys, huge counts, odd ids: all checked"
