#!/usr/bin/env bash
# What the speculative read keeps per iteration is a few bytes (its outcome and end time): the per-iteration table
# used to be held until written and every branch left a SimGrid mailbox behind, about 0.6 KB per iteration (60 MB
# more at 2 x 10^5 iterations than at 10^5). Now the rows go to their file as they come and the mailboxes are reused.
# Both runs are past the 200,000 model events a run keeps, so those do not count. Label `long` (about a minute).
source "$(dirname "$0")/harness.sh"
cd "$(dirname "$0")/../.."
[ -x /usr/bin/time ] || { echo "speculative read growth: no /usr/bin/time, not measured"; exit 77; }
peak_kb() { # peak RSS (KB) of an FR run of $1 iterations
  /usr/bin/time -f %M "$exe" run scenarios/speculative_read/case1.json --set params.method=FR \
    --set params.iterations="$1" --out "$tmp/fr-$1" -q --events 0 2>"$tmp/time-$1" >/dev/null ||
    fail "FR, $1 iterations: $(tail -c 300 "$tmp/time-$1")"
  tail -1 "$tmp/time-$1"
}
small=$(peak_kb 100000)
large=$(peak_kb 200000)
[ "$(wc -l <"$tmp/fr-200000/iterations.csv")" -eq 200001 ] || fail "iterations.csv must hold 2 x 10^5 rows"
growth=$(((large - small) / 1024))
[ "$growth" -lt 16 ] || fail "FR: 10^5 more iterations took $growth MB more peak RSS ($small -> $large KB)"
echo "speculative read: 10^5 -> 2 x 10^5 iterations: +$growth MB peak RSS"
