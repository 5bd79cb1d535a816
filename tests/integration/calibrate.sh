#!/usr/bin/env bash
# `clustersim calibrate --quick` on this machine, then its round trip. Checks that the benchmarks run and that their
# output is well-formed and self-consistent; never how fast the machine is (a shared 2-core machine is noisy):
# only gaps of several times are compared, and of the round trip only the calibration cells (the simulator giving
# back the figures the costs were fitted from) must pass. Validation cells are printed, not judged, here:
# validation/calib_roundtrip.json judges them on the committed reference profile.
set -euo pipefail
exe=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() { if ! eval "$1"; then echo "FAIL: $2"; exit 1; fi; }

start=$(date +%s)
"$exe" calibrate --quick --out "$tmp/host.json" --dir "$tmp" --validation "$tmp/v/roundtrip.json" 2>"$tmp/log"
echo "calibrate --quick: $(( $(date +%s) - start )) s"
p="$tmp/host.json"

# Well-formed: every number of the profile says which microbenchmark it comes from.
check "jq -e '[.os_profile.costs[] | (.source | startswith(\"microbenchmark \")) and (.value >= 0)] | all' $p >/dev/null" \
      "every cost needs a value >= 0 and a source naming its microbenchmark"
check "jq -e '(.speed.value > 0) and (.speed.source | startswith(\"microbenchmark \")) and (.cores.value >= 1)' $p >/dev/null" \
      "speed and cores"
for key in fork_fixed fork_per_mb thread_create context_switch wakeup syscall signal page_fault page_diff memcpy_bw \
           udp_fixed udp_per_byte disk_buffered_write_bw disk_write_bw aio_submit aio_write_bw buffer_fill_bw; do
  check "jq -e '.os_profile.costs | has(\"$key\")' $p >/dev/null" "the profile lacks the cost $key"
done
check "jq -e '[.raw.figures[] | .time_s | (.q1 <= .median) and (.median <= .q3) and (.n >= 5)] | all' $p >/dev/null" \
      "every figure has ordered quartiles and its samples"

# Self-consistent: more work costs more (only where the gap is several times any noise).
median() { jq -r ".raw.figures[] | select(.id == \"$1\") | .time_s.median" "$p"; }
more() { check "awk 'BEGIN { exit !($(median "$2") > $(median "$1")) }'" "$2 should cost more than $1"; }
more fork.1MiB fork.256MiB
more memcpy.4KiB memcpy.4MiB
more write_buffered write_fsync
more thread_create thread_checkpoint.4MiB
more syscall signal

# The round trip of the fresh profile: the fitted figures come back.
"$exe" validate --validation-dir "$tmp/v" --report "$tmp/report.json" --quiet >"$tmp/table" || true
# (unless noise made a fit impossible and it had to be clamped: such a cell says so in its known_miss.)
check "jq -e '[.[] | select(.role == \"calibration\") | .pass or (.known_miss != null)] | all' $tmp/report.json >/dev/null" \
      "calibration cells must reproduce their figures: $(grep -E 'calibration .*MISS$' $tmp/table || true)"
check "jq -e 'length == $(jq '.raw.figures | length' $p)' $tmp/report.json >/dev/null" "one cell per figure"
echo "round trip of this machine's quick profile: $(jq '[.[] | select(.pass)] | length' $tmp/report.json) of" \
     "$(jq length $tmp/report.json) cells within tolerance (validation cells are informative here)"

# --from rewrites the same round trip from a stored profile, without measuring.
"$exe" calibrate --from "$p" --validation "$tmp/again.json" 2>/dev/null
check "cmp -s $tmp/v/roundtrip.json $tmp/again.json" "--from must give the same round-trip file"

# Bad usage exits 2.
set +e
"$exe" calibrate --dir /no/such/folder --out "$tmp/x.json" 2>/dev/null
rc=$?
set -e
check "[ $rc -eq 2 ]" "a missing --dir is bad usage (exit 2), got $rc"
echo "calibrate: ok"
