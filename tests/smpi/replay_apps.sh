#!/usr/bin/env bash
# The project's MPI programs (apps/mpi/), traced at 16 ranks by tests/smpi/trace_apps.sh (ctest fixture mpi_traces),
# replayed by clustersim's msglog model and by SMPI's own replay on the platform `clustersim smpi-platform` wrote for
# the trace (TRACES/NAME-16/smpi/). Checks, for each program: every rank's transfers (count and bytes, sent and
# received, collective-internal included) equal those of SMPI's replay; the simulated time is within 5% of SMPI's;
# logging copies exactly the trace's point-to-point messages; a crash of rank 0 (the farm's master, whose receives are
# from MPI_ANY_SOURCE) with checkpoints and log replay brings it back where it crashed with the receive digest it had
# then, and (stencil2d, cg) leaves every rank's receive digest as without the crash.
# SMPI 3.32's replay cannot replay a receive from MPI_ANY_SOURCE (it takes the traced -333 for a rank and never
# matches it: a deadlock), so SMPI replays the farm's trace with each such receive given the source the traced run
# took: the master sends its next task to the worker whose result it received, so that source is the destination of
# the master's next send. clustersim replays the trace as traced (-333).
# usage: tests/smpi/replay_apps.sh CLUSTERSIM TRACES   (exit 77, ctest SKIP, when smpirun is missing)
set -uo pipefail
exe=$(realpath "$1")
traces=$(realpath "$2")
src=$(cd "$(dirname "$0")/../.." && pwd)
command -v smpirun >/dev/null || { echo "SKIP: smpirun is missing (libsimgrid-dev)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail=0

# resolve INDEX OUT-DIR: a copy of INDEX's trace with each "recv -333" given the destination of its rank's next send.
resolve() {
  mkdir -p "$2"
  local r=0 f
  while read -r f; do
    awk '{ line[NR] = $0; f[NR] = $2; p[NR] = $3 }
      END {
        next_dst = -1
        for (i = NR; i >= 1; --i) {
          if (f[i] == "send" || f[i] == "isend") next_dst = p[i]
          if ((f[i] == "recv" || f[i] == "irecv") && p[i] == "-333") {
            if (next_dst < 0) { print "no send after line " i > "/dev/stderr"; exit 1 }
            sub(/ -333 /, " " next_dst " ", line[i])
          }
        }
        for (i = 1; i <= NR; ++i) print line[i]
      }' "$f" >"$2/rank-$r.txt" || return 1
    echo "$2/rank-$r.txt" >>"$2/index.txt"
    r=$((r + 1))
  done <"$1"
}

for app in stencil2d cg farm; do
  index=$traces/$app-16/trace/index.txt
  smpi=$traces/$app-16/smpi
  [ -f "$index" ] || { echo "FAIL: $index is missing (ctest integration.smpi_trace_apps writes it)"; exit 1; }
  replayed=$index
  if [ $app = farm ]; then
    resolve "$index" "$tmp/farm-resolved" || { echo "FAIL: resolving the farm's receives"; exit 1; }
    replayed=$tmp/farm-resolved/index.txt
  fi
  mapfile -t cfg <"$smpi/smpirun.args"
  # SMPI with clustersim's eager sends below 64 KiB (smpi/async-small-thresh); its internal messages traced.
  smpirun -np 16 -platform "$smpi/platform.xml" -hostfile "$smpi/hostfile" -replay "$replayed" "${cfg[@]}" \
    --cfg=smpi/async-small-thresh:65536 -trace --cfg=tracing/smpi/internals:yes \
    --cfg=tracing/smpi/display-sizes:yes --cfg=tracing/filename:$app.paje >$app-smpi.log 2>&1 ||
    { echo "FAIL: smpirun -replay $app: $(grep -m3 -i 'error\|critical\|deadlock' $app-smpi.log)"; fail=1; continue; }
  run() { # name scheme trace [--set k=v...]
    local name=$1 scheme=$2 trace=$3
    shift 3
    "$exe" run "$src/scenarios/msglog/nas.json" --set params.bench=trace --set "params.trace=$trace" \
      --set params.scheme="$scheme" "$@" --out "out-$name" -q >"$name.log" 2>&1 ||
      { echo "FAIL: clustersim run $name: $(tail -3 "$name.log")"; fail=1; }
  }
  run $app-base base "$index"
  run $app-logging logging "$index" --set params.recovery.trace=true
  t=$(python3 -c "import json; print(json.load(open('out-$app-logging/result.json'))['metrics']['exec_time_s'])")
  # A crash of rank 0 at 55% of the logging run, checkpoints every fifth of it, back after a twentieth of it.
  run $app-crash logging "$index" --set params.recovery.crash_rank=0 \
    --set params.recovery.crash_at="$(python3 -c "print($t * 0.55)")s" \
    --set params.recovery.checkpoint_interval="$(python3 -c "print($t / 5)")s" \
    --set params.recovery.checkpoint_size=4KiB --set params.recovery.restart_delay="$(python3 -c "print($t / 20)")s"
  [ $app = farm ] && run farm-resolved base "$replayed"
  CS_SMPI_TESTS="$src/tests/smpi" python3 - "$app" "$replayed" <<'EOF' || fail=1
import csv, json, os, re, sys
sys.path.insert(0, os.environ["CS_SMPI_TESTS"])
from replay_counts import smpi_transfers
app, index = sys.argv[1:3]
ok = True
def check(cond, what):
    global ok
    if not cond:
        print(f"FAIL: {app}:", what); ok = False

sent, got, logged = smpi_transfers(f"{app}.paje", index)
n = len(sent)
rows = {s: list(csv.DictReader(open(f"out-{app}-{s}/ranks.csv"))) for s in ("base", "logging", "crash")}
check(len(rows["base"]) == n, f"{len(rows['base'])} ranks replayed, {n} traced")
for r, row in enumerate(rows["base"]):
    check([int(row["sends"]), float(row["sent_bytes"])] == sent[r],
          f"rank {r} sent {row['sends']} transfers, {row['sent_bytes']} B; SMPI's replay {sent[r]}")
    check([int(row["recvs"]), float(row["recv_bytes"])] == got[r],
          f"rank {r} received {row['recvs']} transfers, {row['recv_bytes']} B; SMPI's replay {got[r]}")
for r, row in enumerate(rows["logging"]):
    check([int(row["msgs_logged"]), round(float(row["volume_MiB"]) * 1048576)] == [logged[r][0], round(logged[r][1])],
          f"rank {r} logged {row['msgs_logged']} messages, {row['volume_MiB']} MiB; its trace sends {logged[r]}")

smpi_time = float(re.search(r"Simulat(?:ed|ion) time:? ([0-9.e+-]+)", open(f"{app}-smpi.log").read()).group(1))
m = {s: json.load(open(f"out-{app}-{s}/result.json"))["metrics"] for s in rows}
ratio = m["base"]["exec_time_s"] / smpi_time
extra = ""
if app == "farm":
    resolved = json.load(open("out-farm-resolved/result.json"))["metrics"]["exec_time_s"]
    extra = f"; the sources as traced {resolved:.6f} s"
print(f"{app}: simulated time: clustersim {m['base']['exec_time_s']:.6f} s, smpirun -replay {smpi_time:.6f} s "
      f"({ratio:.4f}){extra}; logging {m['logging']['exec_time_s']:.6f} s, crash {m['crash']['exec_time_s']:.6f} s "
      f"({m['crash']['replayed_messages']} messages replayed)")
check(abs(ratio - 1) < 0.05, f"time {m['base']['exec_time_s']} s is not within 5% of SMPI's {smpi_time} s")
check(m["logging"]["exec_time_s"] > m["base"]["exec_time_s"], "logging costs nothing")
check(m["crash"]["crashes"] == 1 and m["crash"]["replayed_messages"] > 0,
      f"the crash run: {m['crash']['crashes']} crashes, {m['crash']['replayed_messages']} replayed messages")
# Back where it crashed, the restarted rank has received exactly what it had (its re-executed receives from any
# source took their determinants' senders). Past that point a receive from any source chooses again among the
# messages as they now arrive, which the crash's delay may reorder: the whole run's digests must be equal only for a
# program without such receives.
check(m["crash"]["recovery_digest_mismatches"] == 0,
      f"{m['crash']['recovery_digest_mismatches']} recoveries came back with another receive digest than at the crash")
differ = [r for r, (a, b) in enumerate(zip(m["crash"]["recv_digests"], m["logging"]["recv_digests"])) if a != b]
if app == "farm":
    print(f"farm: ranks whose whole-run digest differs with the crash (later any-source choices): {differ}")
else:
    check(not differ, f"receive digests differ with a crash: ranks {differ}")
sys.exit(0 if ok else 1)
EOF
done
[ $fail -eq 0 ] && echo "PASS"
exit $fail
