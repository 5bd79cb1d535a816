#!/usr/bin/env bash
# Sets everything up, builds, runs the quick-start scenario (seed 000's speculative remote read) and plots it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
build/clustersim run scenarios/speculative_read/quickstart.json --out out/quickstart --plot
echo "result: out/quickstart/result.json, table: out/quickstart/iterations.csv, plot: out/quickstart/plot.png"
