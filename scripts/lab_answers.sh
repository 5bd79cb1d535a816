#!/usr/bin/env bash
# Re-makes every lab's reference answers from the simulation: labs/answers/NAME.json (what CI checks, ctest -L labs)
# and the answer table of docs/labs/NAME_instructor.md. Run it after a model change that moves a lab's numbers.
#   scripts/lab_answers.sh --write    write them
#   scripts/lab_answers.sh            print them only
set -euo pipefail
cd "$(dirname "$0")/.."
exe=${CLUSTERSIM:-build/clustersim}
write=()
[ "${1:-}" = "--write" ] && write=(--write)
for lab in labs/*.json; do
  "$exe" lab answers "$(basename "$lab" .json)" -q "${write[@]}"
done
