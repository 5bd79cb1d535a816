#!/usr/bin/env bash
# Sets everything up, builds, and runs the whole test suite (unit, integration, validation tiers), then the
# sanitizer and fuzz job (scripts/sanitize.sh, framework scope, linking this build's model libraries; docs/robustness.md).
# CS_SANITIZE_JOB=0 leaves the sanitizer job out. Pass ctest options through, e.g. scripts/test.sh -L unit (a partial
# run: the sanitizer job is skipped then).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
# Without options: everything but the label `long` (the thread-context runs of the five longest scenarios, about 5
# minutes: scripts/test.sh -L long runs them).
if [ $# -eq 0 ]; then
  (cd build && ctest --output-on-failure -j "$(nproc)" -LE long)
else
  (cd build && ctest --output-on-failure -j "$(nproc)" "$@")
fi
if [ $# -eq 0 ] && [ "${CS_SANITIZE_JOB:-1}" != 0 ]; then
  scripts/sanitize.sh build-asan 30 framework build
fi
