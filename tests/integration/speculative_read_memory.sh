#!/usr/bin/env bash
# The speculative read frees its dead branches: with every iteration rolled back (write probability 1), each
# rollback used to keep the killed branch's actor and its stack (8 MiB of address space) to the end of the run, so
# 3,000 iterations needed 24 GB of address space; under a 3 GB limit the run must finish, with its result.
source "$(dirname "$0")/harness.sh"
cd "$(dirname "$0")/../.."
for method in FR TR; do
  st=0
  (ulimit -v 3000000; "$exe" run scenarios/speculative_read/case1.json --set params.method=$method \
    --set params.iterations=3000 --set params.write_probability=1 --out "$tmp/$method" -q --events 0 \
    2>"$tmp/err") || st=$?
  [ "$st" -eq 0 ] || fail "$method, 3000 rollbacks under 3 GB of address space: exit $st: $(tail -c 300 "$tmp/err")"
  grep -q '"rollbacks": 3000' "$tmp/$method/result.json" || fail "$method: expected 3000 rollbacks"
done
echo "speculative read: 3000 rollbacks run within 3 GB of address space (FR and TR)"
