#!/usr/bin/env bash
# Fuzzes the input loaders (tests/fuzz/loaders_fuzz.cpp) with libFuzzer, the shipped files as seed corpus.
# Usage: scripts/fuzz.sh BUILD_DIR [libFuzzer options, e.g. -runs=1000000 or -max_total_time=60]
# BUILD_DIR is a CS_FUZZ=ON build (scripts/sanitize.sh makes one). A crash, a hang (-timeout, 10 s) or a sanitizer
# report stops the run with a non-zero status and leaves the input in BUILD_DIR/fuzz-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
build=$1
shift
corpus="$build/fuzz-corpus"
mkdir -p "$corpus" "$build/fuzz-artifacts"
# The first byte picks the loader: 0 scenario, 1 platform, 2 sweep, 3 validation, 4 SimGrid XML platform,
# 5 SimGrid options (one per line), 6 host profile (calibrate --from).
seed() { { printf "\\x$1"; cat "$2"; } >"$corpus/$(basename "$(dirname "$2")")-$(basename "$2").$1"; }
for f in scenarios/*/*.json; do
  if grep -q '"grid"\|"zip"\|"sample"' "$f"; then seed 02 "$f"; else seed 00 "$f"; fi
done
for f in platforms/*.json tests/bad_input/platforms/*.json; do seed 01 "$f"; done
for f in validation/*.json; do seed 03 "$f"; done
for f in tests/bad_input/*.json; do seed 00 "$f"; done
for f in tests/bad_input/sweeps/*.json; do seed 02 "$f"; done
for f in platforms/*.xml tests/bad_input/platforms/*.xml tests/fuzz/xml/*.xml; do [ -e "$f" ] && seed 04 "$f"; done
for f in tests/fuzz/options/*.txt; do seed 05 "$f"; done
for f in platforms/generated/*.json tests/bad_input/profiles/*.json; do [ -e "$f" ] && seed 06 "$f"; done
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
"$build/fuzz_loaders" "$corpus" -timeout=10 -rss_limit_mb=4096 -artifact_prefix="$build/fuzz-artifacts/" \
  -print_final_stats=1 "$@"
