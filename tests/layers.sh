#!/usr/bin/env bash
# The layers' include directions (docs/architecture.md): sim/ includes only sim/; calibration/ sim/ and itself;
# models/common/ sim/ and itself; a model sim/, models/common/ and itself; nothing but app/ and tests include app/.
# The link already fails for most wrong-way uses (one library per layer); this catches the header-only ones.
set -uo pipefail
cd "$(dirname "$0")/.."
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
check sim 'sim/|git_version.hpp"'
check calibration 'sim/|calibration/'
check models/common 'sim/|models/common/'
for d in models/*/; do
  name=$(basename "$d")
  [ "$name" = common ] && continue
  check "models/$name" "sim/|models/common/|models/$name/"
done
exit $status
