#!/usr/bin/env bash
# Peak memory of the speculative read's FR method against its iteration count: every iteration makes a pessimistic
# branch (an actor), so memory must follow what is live, not what has run. Usage: bench/speculative_read_memory.sh
# [ITERATIONS...] (default 10^5 10^6 10^7). Prints peak RSS (GNU time's "Maximum resident set size") and wall time.
source "$(dirname "$0")/common.sh"
counts=${*:-100000 1000000 10000000}
for n in $counts; do
  for p in 0 0.1; do
    /usr/bin/time -v "$exe" run scenarios/speculative_read/case1.json --set params.method=FR \
      --set params.iterations=$n --set params.write_probability=$p --out "$tmp/fr-$n-$p" -q --events 0 \
      >/dev/null 2>"$tmp/time" || { tail -3 "$tmp/time"; echo "FR $n iterations, p = $p: failed"; continue; }
    rss=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$tmp/time")
    wall=$(awk '/Elapsed \(wall clock\)/ {print $NF}' "$tmp/time")
    echo "FR, $n iterations, write probability $p: peak RSS $(calc "round($rss / 1024)") MB, wall $wall"
    rm -rf "$tmp/fr-$n-$p"
  done
done
