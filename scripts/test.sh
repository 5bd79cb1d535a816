#!/usr/bin/env bash
# Sets everything up, builds, and runs the whole test suite (unit, integration, validation tiers), then the sanitizer
# and fuzz job (scripts/sanitize.sh, CI's budget: docs/robustness.md).
# Pass ctest options through, e.g. scripts/test.sh -L unit (a partial run: the sanitizer job is skipped then, as it
# is with CS_NO_SANITIZE=1).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
(cd build && ctest --output-on-failure -j "$(nproc)" "$@")
if [ $# -eq 0 ] && [ -z "${CS_NO_SANITIZE:-}" ]; then
  scripts/sanitize.sh build-asan 30 framework
fi
