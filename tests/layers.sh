#!/usr/bin/env bash
# The layers' include directions (docs/architecture.md). Between folders: sim/ includes only sim/; calibration/ sim/
# and itself; models/common/ sim/ and itself; a model sim/, models/common/ and itself; nothing but app/ and tests
# include app/. Inside sim/, its folders in order, each including only itself and the folders before it:
#   input < platform < run < sweep < validate
# (sim/run/fingerprint.cpp also includes the generated git_version.hpp). The link already fails for most wrong-way
# uses between folders (one library per layer); inside sim/ (one library) only this check does.
#
# Usage: tests/layers.sh [ROOT]      checks the tree at ROOT (default: this repository)
#        tests/layers.sh --self-test checks that a planted back-up include inside sim/ fails the check
set -uo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"

sim_order=(input platform run sweep validate)

if [ "${1:-}" = "--self-test" ]; then
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/layers-self-test-XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  cp -r "$here/sim" "$here/models" "$here/calibration" "$tmp/"
  bash "$0" "$tmp" >"$tmp/clean.out" 2>&1 || { echo "self-test: the clean copy fails:"; cat "$tmp/clean.out"; exit 1; }
  # A lower layer reaching up: sim/input/ including sim/sweep/.
  echo '#include "sim/sweep/spec.hpp"' >>"$tmp/sim/input/units.cpp"
  if bash "$0" "$tmp" >"$tmp/planted.out" 2>&1; then
    echo "self-test: a back-up include (sim/input/units.cpp -> sim/sweep/spec.hpp) passed the check"
    exit 1
  fi
  grep -q 'sim/input/units.cpp:.*sim/sweep/spec.hpp' "$tmp/planted.out" ||
    { echo "self-test: the check failed without naming the planted include:"; cat "$tmp/planted.out"; exit 1; }
  # A file at sim/'s root belongs to no layer.
  sed -i '$d' "$tmp/sim/input/units.cpp"
  echo '#include "sim/input/errors.hpp"' >"$tmp/sim/loose.cpp"
  if bash "$0" "$tmp" >"$tmp/loose.out" 2>&1; then
    echo "self-test: a source file at sim/'s root passed the check"
    exit 1
  fi
  echo "self-test: both planted faults caught"
  exit 0
fi

cd "${1:-$here}" || exit 2
status=0
check() { # check DIR ALLOWED-PREFIXES-REGEX
  local dir=$1 allowed=$2 bad
  bad=$(grep -rnE '^#include "' "$dir" --include='*.cpp' --include='*.hpp' --include='*.inc' |
        grep -v '_test\.cpp:' | grep -vE "#include \"($allowed)")
  if [ -n "$bad" ]; then
    echo "wrong-way includes under $dir/:"
    echo "$bad"
    status=1
  fi
}

# Inside sim/: each folder includes only itself and the folders before it in sim_order.
allowed=""
for layer in "${sim_order[@]}"; do
  allowed="${allowed:+$allowed|}sim/$layer/"
  [ -d "sim/$layer" ] && check "sim/$layer" "$allowed|git_version.hpp\""
done
loose=$(find sim -mindepth 1 -maxdepth 1 \( -name '*.cpp' -o -name '*.hpp' -o -name '*.inc' \) | sort)
if [ -n "$loose" ]; then
  echo "source files at sim/'s root (each belongs in a layer folder: ${sim_order[*]}):"
  echo "$loose"
  status=1
fi
for d in sim/*/; do
  name=$(basename "$d")
  if [[ ! " ${sim_order[*]} " =~ " $name " ]]; then
    echo "sim/$name/ is in no layer: add it to sim_order in tests/layers.sh and to docs/architecture.md"
    status=1
  fi
done

check calibration 'sim/|calibration/'
check models/common 'sim/|models/common/'
for d in models/*/; do
  name=$(basename "$d")
  [ "$name" = common ] && continue
  check "models/$name" "sim/|models/common/|models/$name/"
done
exit $status
