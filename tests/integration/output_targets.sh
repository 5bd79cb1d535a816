#!/usr/bin/env bash
# Output targets that are not regular files: a device node, a FIFO and a symbolic link planted at every output path
# of run, sweep, validate and calibrate. Each is refused (exit 2 naming it, or a failed point for a sweep's point
# log), left as it was, and nothing outside the output folder changes. Links planted at the temporary names a
# process would use (its pid known in advance through exec) are never written through.
source "$(dirname "$0")/harness.sh"
cd "$(dirname "$0")/../.."
s=scenarios/speculative_read/quickstart.json
outside="$tmp/outside"
mkdir "$outside"
echo precious >"$outside/target"
state() { (cd "$outside" && ls -A && stat -c "%n %s %Y %F" target && cat target); }
state >"$tmp/outside.before"

kinds=(fifo link)
[ "$(id -u)" -eq 0 ] && kinds+=(device) # mknod needs root (CI runs as root)
plant() {
  case $1 in
  device) mknod "$2" c 1 3 ;; # the null device's numbers: harmless if anything did write to it
  fifo) mkfifo "$2" ;;
  link) ln -s "$outside/target" "$2" ;;
  esac
}
kind_of() { stat -c %F "$1" 2>/dev/null || echo missing; }
same_outside() { state | cmp -s - "$tmp/outside.before" || fail "$1 changed something outside its output folder"; }

# $1 label, $2 planted path, $3 expected exit status, then the command. The planted entry must survive as it was.
expect() {
  local label=$1 path=$2 want=$3 before st=0
  shift 3
  before=$(kind_of "$path")
  timeout 120 "$@" >/dev/null 2>"$tmp/err" || st=$?
  [ "$st" -eq "$want" ] || fail "$label: exit $st, expected $want: $(head -c 600 "$tmp/err")"
  [ "$want" -ne 2 ] || grep -qF "$path" "$tmp/err" || fail "$label: the message does not name $path: $(cat "$tmp/err")"
  [ "$(kind_of "$path")" = "$before" ] || fail "$label: $path is now $(kind_of "$path"), was $before"
  same_outside "$label"
}

# run: every file a run with its plots writes.
"$exe" run $s --out "$tmp/ref" --plot -q 2>/dev/null
files=$(cd "$tmp/ref" && ls)
[ -n "$files" ] || fail "the reference run wrote nothing"
n=0
for kind in "${kinds[@]}"; do
  for f in $files; do
    d="$tmp/run-$kind-$f"
    mkdir "$d"
    plant "$kind" "$d/$f"
    expect "run, $kind at $f" "$d/$f" 2 "$exe" run $s --out "$d" --plot -q
    n=$((n + 1))
  done
done

# Links at the temporary names: the process's pid is the shell's, kept by exec.
d="$tmp/run-tmpnames"
mkdir "$d"
st=0
bash -c 'for f in $1; do for i in $(seq 0 20); do ln -s "$2/target" "$3/$f.tmp.$$.$i-0"; done;
           ln -s "$2/target" "$3/$f.tmp.$$"; done; exec "$4" run "$5" --out "$3" --plot -q' _ "$files" "$outside" "$d" \
  "$exe" "$s" 2>"$tmp/err" || st=$?
[ "$st" -eq 0 ] || fail "links at the temporary names: exit $st: $(cat "$tmp/err")"
same_outside "links at the temporary names"
[ -f "$d/result.json" ] && [ ! -L "$d/result.json" ] || fail "links at the temporary names: no result.json"

# sweep: its merged files, its manifest, its lock files, a point's log and files.
cat >"$tmp/sweep.json" <<EOF
{"name": "targets", "scenario": "$PWD/$s", "grid": {"params.method": ["NR", "FR"]}}
EOF
"$exe" sweep "$tmp/sweep.json" --out "$tmp/sref" --jobs 1 -q >/dev/null 2>&1
# A point's log (logs/ID.log) is removed when the point succeeds and left empty: planted there too.
sweep_files="$(cd "$tmp/sref" && find . -type f ! -name '*.tmp.*' | sed 's|^\./||' | sort) logs/p00000.log"
echo "$sweep_files" | grep -q '^locks/' || fail "the reference sweep wrote no lock file: $sweep_files"
for kind in "${kinds[@]}"; do
  for f in $sweep_files; do
    d="$tmp/sweep-$kind-$(echo "$f" | tr / _)"
    mkdir -p "$d/$(dirname "$f")"
    plant "$kind" "$d/$f"
    st=0
    timeout 120 "$exe" sweep "$tmp/sweep.json" --out "$d" --jobs 1 -q >/dev/null 2>"$tmp/err" || st=$?
    [ "$st" -lt 128 ] || fail "sweep, $kind at $f: ended by signal $((st - 128)): $(cat "$tmp/err")"
    case $f in
    points/*/*) ;; # a point's folder is the sweep's own: a worker clears what an earlier attempt left there
    *)
      [ "$st" -ne 0 ] || fail "sweep, $kind at $f: exit 0"
      [ "$(kind_of "$d/$f")" != "regular file" ] || fail "sweep, $kind at $f: replaced by a regular file"
      ;;
    esac
    same_outside "sweep, $kind at $f"
    n=$((n + 1))
  done
done

# validate --report, and calibrate --out / --validation (from a stored profile: no benchmark runs).
for kind in "${kinds[@]}"; do
  plant "$kind" "$tmp/report-$kind.json"
  expect "validate --report, $kind" "$tmp/report-$kind.json" 2 \
    "$exe" validate --only calib_roundtrip --report "$tmp/report-$kind.json" -q
  for opt in --out --validation; do
    plant "$kind" "$tmp/calib$opt-$kind.json"
    expect "calibrate $opt, $kind" "$tmp/calib$opt-$kind.json" 2 \
      "$exe" calibrate --from platforms/generated/reference_vm.json "$opt" "$tmp/calib$opt-$kind.json"
  done
  n=$((n + 3))
done
echo "output targets: $n planted devices, FIFOs and links refused, nothing outside the output folders changed"
