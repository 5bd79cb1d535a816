#!/usr/bin/env bash
# The project's MPI programs (apps/mpi/) compiled with smpicc and traced by scripts/trace_mpi.sh at 4 and 16 ranks on
# the machine of scenarios/msglog/nas.json, into OUT (the build tree): each trace's index names one rank file per
# rank, every file exists, and each program's ranks record the actions its communication is made of. Exit 77 (ctest
# SKIP) when smpicc is missing.
# usage: tests/smpi/trace_apps.sh CLUSTERSIM OUT
set -euo pipefail
cd "$(dirname "$0")/../.."
exe=$1 out=$2
fail() { echo "FAIL: $*"; exit 1; }
command -v smpicc >/dev/null || { echo "SKIP: smpicc is missing (libsimgrid-dev)"; exit 77; }
rm -rf "$out"
mkdir -p "$out"

# Usage errors come first and write nothing.
set +e
bash scripts/trace_mpi.sh --clustersim "$exe" --out "$out/bad" scenarios/msglog/nas.json apps/mpi/cg.c 4 "two words" \
  2>"$out/usage.err"
rc=$?
set -e
[ $rc = 2 ] || fail "an argument with a blank: exit $rc, 2 expected"
grep -q "would split" "$out/usage.err" || fail "an argument with a blank: $(cat "$out/usage.err")"
[ ! -e "$out/bad" ] || fail "a refused trace wrote $out/bad"
rm -f "$out/usage.err"

# check PROGRAM RANKS ACTION... : every rank file of the trace holds each ACTION of the list (ACTION@0: rank 0's)
check() {
  local program=$1 ranks=$2
  shift 2
  local index source=apps/mpi/$program.c
  # Compiled once, at 4 ranks: at 16 the script takes the program built then.
  [ "$ranks" = 4 ] || source=$out/$program-4/$program
  index=$(bash scripts/trace_mpi.sh --clustersim "$exe" --out "$out/$program-$ranks" \
    scenarios/msglog/nas.json "$source" "$ranks" 2>"$out/$program-$ranks.log") ||
    fail "$program at $ranks ranks: $(cat "$out/$program-$ranks.log")"
  [ "$index" = "$(cd "$out" && pwd)/$program-$ranks/trace/index.txt" ] || fail "$program: index printed as $index"
  [ "$(wc -l <"$index")" = "$ranks" ] || fail "$program at $ranks ranks: $(wc -l <"$index") rank files in $index"
  local r=0 f want
  while read -r f; do
    [ -s "$f" ] || fail "$program: rank file $f is missing or empty"
    head -1 "$f" | grep -qx "$r init" || fail "$program: $f does not start with rank $r's init"
    tail -1 "$f" | grep -qx "$r finalize" || fail "$program: $f does not end with rank $r's finalize"
    for want in "$@"; do
      case $want in
        *@0) [ $r = 0 ] || continue; want=${want%@0} ;;
        *@w) [ $r != 0 ] || continue; want=${want%@w} ;;
      esac
      grep -q "^$r $want\( \|$\)" "$f" || fail "$program at $ranks ranks: rank $r has no \"$want\" action ($f)"
    done
    r=$((r + 1))
  done <"$index"
  [ $r = "$ranks" ] || fail "$program: $r rank files read"
}
for ranks in 4 16; do
  check stencil2d $ranks compute irecv isend waitall allreduce
  check cg $ranks compute irecv isend waitall allreduce
  # The master receives from any source: SimGrid 3.32 records the source of such a receive as -333 (MPI_ANY_SOURCE).
  check farm $ranks compute send "recv -333@0" recv@w
done
echo "traced stencil2d, cg and farm at 4 and 16 ranks into $out"
