# Sourced by the integration scripts (never run alone): strict mode, the clustersim executable (the script's first
# argument), a scratch folder removed at exit, and fail().
set -euo pipefail
exe=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
