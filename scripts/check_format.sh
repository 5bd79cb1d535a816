#!/usr/bin/env bash
# Every C++ source of the repository as the repository's .clang-format writes it (clang-format 14, the version the
# setup installs): prints each difference and fails when there is one. `clang-format -i FILE` fixes a file.
# Usage: scripts/check_format.sh [ROOT]
set -uo pipefail
cd "${1:-$(dirname "$0")/..}" || exit 2
command -v clang-format >/dev/null || { echo "clang-format is not installed (scripts/setup.sh installs it)"; exit 1; }
# The generated SimGrid option table (*.inc, scripts/simgrid_options.sh) is not formatted.
find app bench calibration models sim tests \( -name '*.cpp' -o -name '*.hpp' \) -print0 | sort -z |
  xargs -0 clang-format --dry-run --Werror
