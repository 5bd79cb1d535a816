#!/usr/bin/env bash
# `sweep plan` of a 10^7-point grid (7 axes of 10 values over the speculative read's case 1): every axis value is
# checked and every point listed, one at a time. Target: under 10 s and 200 MB. Prints wall time and peak RSS.
source "$(dirname "$0")/common.sh"
python3 - "$PWD/scenarios/speculative_read/case1.json" >"$tmp/grid.json" <<'PY'
import json, sys
axes = {"params.local_process": ["%dms" % (10 + i) for i in range(10)],
        "params.object_size": ["%dKiB" % (1 + i) for i in range(10)],
        "params.request_size": ["%dB" % (64 + i) for i in range(10)],
        "params.reply_size": ["%dB" % (64 + i) for i in range(10)],
        "params.resident_size": ["%dMB" % (16 + i) for i in range(10)],
        "params.saved_state_size": ["%dKiB" % (8 + i) for i in range(10)],
        "platform.slowdown": [1 + i for i in range(10)]}
print(json.dumps({"scenario": sys.argv[1], "grid": [{k: v} for k, v in axes.items()]}))
PY
for mode in "" "--json"; do
  # The listing goes to a pipe (counted), not to a file: 10^7 rows are about 0.8 GB of text, 4 GB as JSON.
  lines=$(/usr/bin/time -v -o "$tmp/time" "$exe" sweep plan "$tmp/grid.json" $mode | grep -c '^p[0-9]\|"point"')
  rss=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$tmp/time")
  wall=$(awk '/Elapsed \(wall clock\)/ {print $NF}' "$tmp/time")
  echo "sweep plan ${mode:-(table)} listing $lines points: wall $wall, peak RSS $(calc "round($rss / 1024)") MB" \
    "(target < 10 s, < 200 MB)"
done
