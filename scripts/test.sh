#!/usr/bin/env bash
# Sets everything up, builds, and runs the whole test suite (unit, integration, validation tiers). With
# CS_SANITIZE_JOB=1 it then runs the sanitizer and fuzz job (scripts/sanitize.sh): a second, instrumented build that
# does not fit CI's 15-minute budget on 2 cores beside the Release build (docs/robustness.md), so it is opt-in.
# Pass ctest options through, e.g. scripts/test.sh -L unit (a partial run: the sanitizer job is skipped then).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
(cd build && ctest --output-on-failure -j "$(nproc)" "$@")
if [ $# -eq 0 ] && [ -n "${CS_SANITIZE_JOB:-}" ]; then
  scripts/sanitize.sh build-asan 30 framework
fi
