#!/usr/bin/env bash
# Runs the cells of one validation file (all of them: calibration, validation and predictions) and writes its
# report. Fails when a compared cell is outside its tolerance.
set -euo pipefail
exe=$1 file=$2 report=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/v" "$(dirname "$report")"
cp "$file" "$dir/v/"
"$exe" validate --validation-dir "$dir/v" --report "$report" --quiet
