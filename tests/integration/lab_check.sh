#!/usr/bin/env bash
# `clustersim lab check` grades: the reference answers pass, a wrong answer fails (exit 1) and says which, with its
# error relative to the reference and a hint for a unit; the reference values are shown only with --instructor;
# an unknown question or lab is bad input (exit 2) with a suggestion. Uses lab 3 (the quickest, about 10 s).
source "$(dirname "$0")/harness.sh"
"$exe" lab check lab3_checkpoint labs/answers/lab3_checkpoint.json -q >"$tmp/ok.out" 2>&1 ||
  fail "the reference answers must pass: $(tail -3 "$tmp/ok.out")"
# One answer 5% off a rel-1% question, one right, the rest missing.
right=$(grep -o '"s3.detection": [0-9.e+-]*' labs/answers/lab3_checkpoint.json | awk '{print $2}')
wrong=$(grep -o '"s1.failure_free": [0-9.e+-]*' labs/answers/lab3_checkpoint.json | awk '{print $2 * 1.05}')
echo "{\"answers\": {\"s1.failure_free\": $wrong, \"s3.detection\": $right}}" >"$tmp/student.json"
rc=0
"$exe" lab check lab3_checkpoint "$tmp/student.json" -q >"$tmp/st.out" 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "a wrong answer must give exit status 1, got $rc"
grep -q 's1.failure_free .* +5.0% .*WRONG' "$tmp/st.out" || fail "the wrong answer (+5% of the reference) is not named"
grep -q 's3.detection.*right' "$tmp/st.out" || fail "the right answer is not accepted"
grep -q '1 of 10 answers within tolerance, 1 outside, 8 not answered' "$tmp/st.out" || fail "summary: $(tail -1 "$tmp/st.out")"
reference=$(grep -o '"s1.failure_free": [0-9.e+-]*' labs/answers/lab3_checkpoint.json | awk '{printf "%.6g", $2}')
! grep -q "${reference:0:6}" "$tmp/st.out" || fail "a student's check shows the reference value $reference"
"$exe" lab check lab3_checkpoint "$tmp/student.json" -q --student >"$tmp/st2.out" 2>&1 || true
cmp -s "$tmp/st.out" "$tmp/st2.out" || fail "--student must be the default check"
rc=0
"$exe" lab check lab3_checkpoint "$tmp/student.json" --student --instructor >/dev/null 2>&1 || rc=$?
[ "$rc" = 2 ] || fail "--student with --instructor must be refused (exit 2), got $rc"
"$exe" lab check lab3_checkpoint "$tmp/student.json" -q --instructor >"$tmp/in.out" 2>&1 || true
grep -q "s1.failure_free .*${reference:0:6}" "$tmp/in.out" || fail "--instructor does not show the reference $reference"
# A time given in milliseconds: a hint for the unit.
echo "{\"answers\": {\"s3.detection\": $(echo "$right" | awk '{print $1 * 1000}')}}" >"$tmp/ms.json"
"$exe" lab check lab3_checkpoint "$tmp/ms.json" -q >"$tmp/ms.out" 2>&1 || true
grep -q 'hint: off by a factor of 10^3' "$tmp/ms.out" || fail "no hint for an answer in ms: $(cat "$tmp/ms.out")"
rc=0
"$exe" lab check lab3_chekpoint "$tmp/ms.json" -q >"$tmp/name.out" 2>&1 || rc=$?
[ "$rc" = 2 ] && grep -q 'did you mean "lab3_checkpoint"' "$tmp/name.out" || fail "a mistyped lab: $(cat "$tmp/name.out")"
echo '{"answers": {"s9.nothing": 1}}' >"$tmp/bad.json"
rc=0
"$exe" lab check lab3_checkpoint "$tmp/bad.json" -q >"$tmp/bad.out" 2>&1 || rc=$?
[ "$rc" = 2 ] || fail "an unknown question must be bad input (2), got $rc"
grep -q '/answers/s9.nothing' "$tmp/bad.out" || fail "the error must name the answer: $(cat "$tmp/bad.out")"
echo "lab_check: ok"
