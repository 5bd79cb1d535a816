#!/usr/bin/env bash
# `clustersim lab check` grades: the reference answers pass, a wrong answer fails (exit 1) and says which, an
# unknown question is bad input (exit 2). Uses lab 3 (the quickest, about 10 s).
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
grep -q 's1.failure_free.*MISS' "$tmp/st.out" || fail "the wrong answer is not named"
grep -q 's3.detection.*pass' "$tmp/st.out" || fail "the right answer is not accepted"
grep -q '1 of 10 answers within tolerance, 1 outside, 8 not answered' "$tmp/st.out" || fail "summary: $(tail -1 "$tmp/st.out")"
echo '{"answers": {"s9.nothing": 1}}' >"$tmp/bad.json"
rc=0
"$exe" lab check lab3_checkpoint "$tmp/bad.json" -q >"$tmp/bad.out" 2>&1 || rc=$?
[ "$rc" = 2 ] || fail "an unknown question must be bad input (2), got $rc"
grep -q '/answers/s9.nothing' "$tmp/bad.out" || fail "the error must name the answer: $(cat "$tmp/bad.out")"
echo "lab_check: ok"
