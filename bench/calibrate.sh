#!/usr/bin/env bash
# How long `clustersim calibrate` takes (targets: --quick under 30 s, the full set under 3 min) and what it finds,
# on this machine. Writes nothing into the tree: profiles go to a temporary folder.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for mode in --quick ""; do
  s=$(date +%s.%N)
  "$build/clustersim" calibrate $mode --out "$tmp/host.json" --dir "$tmp" 2>"$tmp/log"
  e=$(date +%s.%N)
  python3 -c "print(f'calibrate ${mode:-(full)}: {$e - $s:.1f} s wall, target {30 if \"$mode\" else 180} s')"
done
tail -1 "$tmp/log"
jq -r '.os_profile.costs | to_entries[] | "  \(.key) = \(.value.value)"' "$tmp/host.json"
