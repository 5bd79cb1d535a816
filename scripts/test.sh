#!/usr/bin/env bash
# Sets everything up, builds, and runs the whole test suite (unit, integration, validation tiers).
# Pass ctest options through, e.g. scripts/test.sh -L unit
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
cd build
ctest --output-on-failure -j "$(nproc)" "$@"
