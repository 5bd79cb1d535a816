#!/usr/bin/env bash
# The speculative read's memory follows what is live, not what has run. Dead branches are freed: with every
# iteration rolled back (write probability 1), each rollback used to keep the killed branch's actor and its stack
# (8 MiB of address space) to the end of the run, so 3,000 iterations needed 24 GB of address space; under a 3 GB
# limit the run must finish, with its result. And what stays per iteration is a few bytes: the per-iteration table
# used to be held until written and every branch left a SimGrid mailbox behind (about 0.6 KB per iteration, 54 MB
# more at 10^5 iterations than at 10^4); now the rows go to their file as they come and mailboxes are reused.
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
[ -x /usr/bin/time ] || { echo "speculative read: 3000 rollbacks within 3 GB (no /usr/bin/time: growth not measured)"; exit 0; }
peak_kb() { # peak RSS of an FR run of $1 iterations
  /usr/bin/time -f %M "$exe" run scenarios/speculative_read/case1.json --set params.method=FR \
    --set params.iterations="$1" --set params.write_probability=0.1 --out "$tmp/grow-$1" -q --events 0 \
    2>"$tmp/time-$1" >/dev/null || fail "FR, $1 iterations: $(tail -c 300 "$tmp/time-$1")"
  tail -1 "$tmp/time-$1"
}
small=$(peak_kb 10000)
large=$(peak_kb 100000)
[ "$(wc -l <"$tmp/grow-100000/iterations.csv")" -eq 100001 ] || fail "iterations.csv must hold 10^5 rows"
growth=$(((large - small) / 1024))
[ "$growth" -lt 16 ] || fail "FR: 90,000 more iterations took $growth MB more (peak RSS $small -> $large KB)"
echo "speculative read: 3000 rollbacks within 3 GB (FR and TR); 10^4 -> 10^5 iterations: +$growth MB peak RSS"
