#!/usr/bin/env bash
# Snapshots everything a build computes, so that two builds can be compared byte for byte: the full validation
# report and printout, and every shipped scenario's output files (result.json, CSV tables, events). A refactoring
# must leave the snapshot unchanged; a change of model must move only the cells and files it explains.
#
# Usage: bench/snapshot.sh CLUSTERSIM DIR [--jobs N] [--no-validate]   writes DIR/validation.{json,txt}, DIR/runs/,
#        DIR/residuals.json (the model-error residuals; validation/data/residuals.json is a copy of main's)
#        bench/snapshot.sh --compare DIR_A DIR_B                         lists what differs; exit 1 if anything does
# The what-if scenarios (whatif_*) are included; sweep files are not (their points are scenarios run the same way).
set -uo pipefail
cd "$(dirname "$0")/.."

compare() {
  local a=$1 b=$2 status=0
  if [ -f "$a/validation.json" ] && [ -f "$b/validation.json" ]; then
    python3 bench/compare_reports.py "$a/validation.json" "$b/validation.json" --text "$a/validation.txt" \
      "$b/validation.txt" || status=1
  fi
  # Plots are pictures of the same data; stderr logs hold wall-clock times.
  if ! diff -rq -x '*.png' -x '*.svg' -x 'stderr.txt' -x '*.lock' "$a/runs" "$b/runs"; then
    status=1
  else
    echo "runs: $(find "$a/runs" -type f | wc -l) files identical"
  fi
  return $status
}

if [ "${1:-}" = --compare ]; then
  [ $# -eq 3 ] || { echo "usage: $0 --compare DIR_A DIR_B" >&2; exit 2; }
  compare "$2" "$3"
  exit $?
fi

[ $# -ge 2 ] || { echo "usage: $0 CLUSTERSIM DIR [--jobs N] [--no-validate]" >&2; exit 2; }
exe=$(realpath "$1") out=$2
shift 2
jobs=2 validate=1
while [ $# -gt 0 ]; do
  case $1 in
    --jobs) jobs=$2; shift 2 ;;
    --no-validate) validate=0; shift ;;
    *) echo "$0: unknown option $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$out/runs"
scenarios=()
for s in scenarios/*/*.json; do
  grep -q '"grid"\|"zip"\|"sample"' "$s" && continue # sweep files
  grep -q '"model"' "$s" || continue                     # data files beside the scenarios
  scenarios+=("$s")
done
echo "[snapshot] ${#scenarios[@]} scenarios, $jobs at a time" >&2
printf '%s\n' "${scenarios[@]}" |
  xargs -P "$jobs" -I{} sh -c 'd="$2/runs/$(echo "$3" | tr / _)"; "$1" run "$3" --out "$d" -q >/dev/null 2>"$d.err" ||
                               echo "[snapshot] FAILED $3 (exit $?): $(head -c 300 "$d.err")" >&2; rm -f "$d.err"' \
    _ "$exe" "$out" {}
if [ $validate = 1 ]; then
  echo "[snapshot] validate (all files)" >&2
  "$exe" validate --jobs "$jobs" --report "$out/validation.json" --write-residuals "$out/residuals.json" >"$out/validation.txt" 2>"$out/validation.err"
  echo "[snapshot] validate exit $? (a non-zero exit only says some cell is outside its tolerance)" >&2
fi
