#!/usr/bin/env bash
# Step one of "program to answer in two commands" (docs/byo-application.md): traces an MPI program with SMPI on the
# machine a scenario describes and prints the path of the trace's index file. Step two is `clustersim run` of a
# msglog scenario naming that index (params.bench "trace", params.trace INDEX).
#
# usage: scripts/trace_mpi.sh [options] SCENARIO.json PROGRAM RANKS [PROGRAM ARGUMENTS...]
#   SCENARIO.json  a msglog scenario (its platform and rank placement), or a platform file with --ranks-per-node
#   PROGRAM        an MPI C source (.c: compiled with smpicc -O2, linked with -lm) or a program built with smpicc
#   RANKS          MPI ranks
# options:
#   --out DIR          where to write (default out/trace/NAME-RANKS): DIR/smpi/ (clustersim smpi-platform's files),
#                      DIR/NAME (the compiled program), DIR/trace/index.txt and its rank files, DIR/program.out
#   --clustersim EXE   the clustersim program (default: build/clustersim, else clustersim on the PATH)
#   --host-speed F     flop/s of this machine: SMPI records each computation between two MPI calls as its measured
#                      time x F flops. Default: the speed of rank 0's host in the written platform, so every
#                      computation replays there at the time it took here; give this machine's measured speed
#                      (`clustersim calibrate`'s host profile, "speed") to scale computations to the simulated hosts
#   --ranks-per-node K, --hosts-group G   with a platform file instead of a scenario (clustersim smpi-platform)
#   --set a.b=v        a scenario override (repeatable), as `clustersim run --set`
#
# Exit status: 0 with the index path on standard output (progress on standard error), 2 bad usage or input, 1 when
# compiling or the traced run failed (no trace is left then). No argument goes through a shell: every command is an
# argument vector. smpirun itself joins the program's arguments with blanks and splits them again, so an argument
# with a blank or a shell pattern character is refused here rather than silently changed.
set -euo pipefail

usage() {
  sed -n '5,22p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
die() { # exit status, message
  echo "trace_mpi: $2" >&2
  exit "$1"
}

here=$(cd "$(dirname "$0")/.." && pwd)
out="" clustersim="" host_speed=""
platform_opts=()
while [ $# -gt 0 ]; do
  case $1 in
    --out) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
    --clustersim) [ $# -ge 2 ] || usage; clustersim=$2; shift 2 ;;
    --host-speed) [ $# -ge 2 ] || usage; host_speed=$2; shift 2 ;;
    --ranks-per-node | --hosts-group | --set) [ $# -ge 2 ] || usage; platform_opts+=("$1" "$2"); shift 2 ;;
    -h | --help) usage ;;
    --) shift; break ;;
    -*) die 2 "unknown option $1 (see --help)" ;;
    *) break ;;
  esac
done
[ $# -ge 3 ] || usage
scenario=$1 program=$2 ranks=$3
shift 3
program_args=("$@")

[[ $ranks =~ ^[1-9][0-9]{0,4}$ ]] || die 2 "RANKS must be a whole number from 1 to 99999, got \"$ranks\""
[ -f "$program" ] || die 2 "$program: no such file"
for a in "${program_args[@]}"; do
  [[ $a =~ ^[A-Za-z0-9._=:,/+-]*$ ]] || die 2 "program argument \"$a\": smpirun would split or expand it (use only letters, digits and ._=:,/+-)"
done
if [ -n "$host_speed" ]; then
  [[ $host_speed =~ ^[0-9]+([.][0-9]+)?([eE][+]?[0-9]+)?$ ]] || die 2 "--host-speed takes flop/s as a number, got \"$host_speed\""
fi
if [ -z "$clustersim" ]; then
  if [ -x "$here/build/clustersim" ]; then clustersim=$here/build/clustersim
  else clustersim=$(command -v clustersim) || die 2 "no clustersim program: build it (scripts/setup.sh) or give --clustersim"
  fi
fi
command -v smpirun >/dev/null || die 2 "smpirun is missing: it comes with SimGrid's libsimgrid-dev (scripts/setup.sh installs it)"

name=$(basename "$program")
name=${name%.c}
[ -n "$out" ] || out=out/trace/$name-$ranks
# smpirun passes the hostfile and trace paths on unquoted: a blank in them would split them.
[[ $out =~ ^[A-Za-z0-9._/+-]+$ ]] || die 2 "--out $out: smpirun cannot take a path with blanks or special characters"
mkdir -p "$out"
out=$(cd "$out" && pwd)
[[ $out =~ ^[A-Za-z0-9._/+-]+$ ]] || die 2 "$out: smpirun cannot take a path with blanks or special characters"

echo "trace_mpi: writing the SMPI platform of $scenario for $ranks ranks" >&2
"$clustersim" smpi-platform "$scenario" --ranks "$ranks" --out "$out/smpi" "${platform_opts[@]}" >&2

exe=$program
if [[ $program == *.c ]]; then
  command -v smpicc >/dev/null || die 2 "smpicc is missing: it comes with SimGrid's libsimgrid-dev"
  exe=$out/$name
  echo "trace_mpi: smpicc -O2 $program" >&2
  smpicc -O2 -o "$exe" "$program" -lm >&2 || die 1 "$program did not compile"
fi
case $exe in /*) ;; *) exe=$PWD/$exe ;; esac

mapfile -t cfg <"$out/smpi/smpirun.args"
if [ -z "$host_speed" ]; then
  host_speed=$(python3 - "$out/smpi/platform.xml" "$out/smpi/hostfile" <<'PY'
import sys, xml.etree.ElementTree as ET
first = open(sys.argv[2]).readline().strip()
for h in ET.parse(sys.argv[1]).iter("host"):
    if h.get("id") == first:
        print(h.get("speed").rstrip("f"))
PY
)
fi

rm -rf "$out/trace"
mkdir -p "$out/trace"
echo "trace_mpi: smpirun -np $ranks -trace-ti $exe ${program_args[*]} (computations at $host_speed flop/s)" >&2
# The trace's index lists its rank files by absolute path, so it is written where it stays.
if ! smpirun -np "$ranks" -platform "$out/smpi/platform.xml" -hostfile "$out/smpi/hostfile" \
     -trace-ti -trace-file "$out/trace/index.txt" "--cfg=smpi/host-speed:${host_speed}f" "${cfg[@]}" \
     --log=root.thres:warning "$exe" "${program_args[@]}" >"$out/program.out" 2>"$out/program.err"; then
  rm -rf "$out/trace"
  cat "$out/program.err" >&2
  die 1 "the traced run failed (its output: $out/program.out, $out/program.err)"
fi
[ -s "$out/trace/index.txt" ] || { rm -rf "$out/trace"; die 1 "smpirun wrote no trace index"; }
echo "$out/trace/index.txt"
