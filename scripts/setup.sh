#!/usr/bin/env bash
# Installs what clustersim needs (Debian packages only) when it is missing, then configures and builds.
# Usage: scripts/setup.sh [BUILD_DIR]   (default: build)
# CS_CI=1 (.ci/run): no debug information, a quarter less compile time; -g does not change the generated code, so
# the results are the same (docs/robustness.md). Always a unity build (batches of 8 files of a target compiled as one:
# half the compile time of a clean build); a plain `cmake` build (docs/contributing.md) compiles file by file, which
# is what catches a missing #include that a batch would hide.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
packages=(build-essential cmake ninja-build pkg-config libsimgrid-dev libboost-dev libboost-program-options-dev
          nlohmann-json3-dev catch2 gnuplot-nox python3 python3-jsonschema clang libclang-rt-14-dev clang-format)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "[setup] installing: ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
ci=()
[ "${CS_CI:-0}" = 1 ] && ci=("-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -DNDEBUG")
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 \
  "${ci[@]}" >/dev/null
cmake --build "$build" -j "$(nproc)"
