#!/usr/bin/env bash
# Trace workloads of msglog (docs/models/msglog.md, "Trace workloads"): a tiny MPI program (tests/data/ti_trace/
# exchange.c) is compiled with smpicc, traced with `smpirun -trace-ti` at 4 ranks and replayed by clustersim and by
# `smpirun -replay` on the same platform (the first four nodes of platforms/004_cmi_cluster.json, written here as
# SimGrid XML). Checks: every rank's transfers (count and bytes, sent and received, collective-internal included)
# equal those of SMPI's own replay; the simulated time is within 5% of SMPI's; logging copies exactly the trace's
# point-to-point messages; a crash with checkpoints and log replay leaves every receive digest as without it; a
# trace that deadlocks exits 1. Skipped (77) only when smpicc is missing.
set -uo pipefail
exe=$(realpath "$1")
src=$PWD
command -v smpicc >/dev/null && command -v smpirun >/dev/null || { echo "SKIP: smpicc/smpirun not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
cd "$tmp" || exit 1

smpicc -O1 -o exchange "$src/tests/data/ti_trace/exchange.c" || { echo "FAIL: smpicc"; exit 1; }
# The platform of platforms/004_cmi_cluster.json's first four nodes: 1 Gf hosts, each with its port's two directions
# (100 Mbps, 40 us) and the fat-pipe backplane (2 Gbps, 10 us) between them, CM02 without cross traffic.
{
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo '<platform version="4.1">'
  echo '  <config><prop id="network/crosstraffic" value="0"/></config>'
  echo '  <zone id="cmi" routing="Full">'
  for h in 0 1 2 3; do
    echo "    <host id=\"cmi$h\" speed=\"1Gf\"/>"
    echo "    <link id=\"up$h\" bandwidth=\"100Mbps\" latency=\"40us\"/>"
    echo "    <link id=\"down$h\" bandwidth=\"100Mbps\" latency=\"40us\"/>"
  done
  echo '    <link id="backplane" bandwidth="2Gbps" latency="10us" sharing_policy="FATPIPE"/>'
  for s in 0 1 2 3; do
    for d in 0 1 2 3; do
      [ $s = $d ] && continue
      echo "    <route src=\"cmi$s\" dst=\"cmi$d\" symmetrical=\"NO\"><link_ctn id=\"up$s\"/><link_ctn id=\"backplane\"/><link_ctn id=\"down$d\"/></route>"
    done
  done
  echo '  </zone>'
  echo '</platform>'
} >cmi4.xml
printf 'cmi0\ncmi1\ncmi2\ncmi3\n' >hosts
# smpi/host-speed: the traced computations in flops of a 1 Gf host, the platform's speed.
smpirun -np 4 -platform cmi4.xml -hostfile hosts -trace-ti --cfg=tracing/filename:trace.txt \
  --cfg=smpi/host-speed:1Gf ./exchange >smpi_trace.log 2>&1 || { echo "FAIL: tracing: $(tail -3 smpi_trace.log)"; exit 1; }
# SMPI's replay with clustersim's network model (CM02; the platform says so) and eager small messages (clustersim's
# sends flow at once: smpi/async-small-thresh makes SMPI's do the same below 64 KiB); its internal messages traced.
smpirun -np 4 -platform cmi4.xml -hostfile hosts -replay trace.txt --cfg=network/model:CM02 \
  --cfg=smpi/async-small-thresh:65536 -trace --cfg=tracing/smpi/internals:yes --cfg=tracing/smpi/display-sizes:yes \
  --cfg=tracing/filename:replay.paje >smpi_replay.log 2>&1 || { echo "FAIL: smpirun -replay: $(tail -3 smpi_replay.log)"; exit 1; }

scenario() { # name scheme extra-params-json
  cat >"$1.json" <<EOF
{"name": "$1", "description": "trace replay test", "model": "msglog", "seed": 1,
 "platform": {"file": "$src/platforms/004_cmi_cluster.json"},
 "params": {"bench": "trace", "trace": "trace.txt", "scheme": "$2", "ranks_per_node": 1 $3}}
EOF
}
run() { # name -> out-name
  "$exe" run "$1.json" --out "out-$1" >"$1.log" 2>&1 || { echo "FAIL: clustersim run $1: $(tail -3 "$1.log")"; fail=1; }
}
scenario base base ""
scenario logging logging ', "recovery": {"trace": true}'
scenario crash logging ', "recovery": {"checkpoint_interval": "5ms", "checkpoint_size": "4KiB", "crash_rank": 2,
  "crash_at": "9ms", "restart_delay": "1ms"}'
for s in base logging crash; do run $s; done

CS_SMPI_TESTS="$src/tests/smpi" python3 - <<'EOF' || fail=1
import csv, json, os, re, sys, glob
sys.path.insert(0, os.environ["CS_SMPI_TESTS"])
from replay_counts import smpi_transfers
ok = True
def check(cond, what):
    global ok
    if not cond:
        print("FAIL:", what); ok = False

sent, got, logged = smpi_transfers("replay.paje", "trace.txt")
n = len(sent)
rows = {s: list(csv.DictReader(open(f"out-{s}/ranks.csv"))) for s in ("base", "logging", "crash")}
for r, row in enumerate(rows["base"]):
    check([int(row["sends"]), float(row["sent_bytes"])] == sent[r],
          f"rank {r} sent {row['sends']} transfers, {row['sent_bytes']} B; SMPI's replay {sent[r]}")
    check([int(row["recvs"]), float(row["recv_bytes"])] == got[r],
          f"rank {r} received {row['recvs']} transfers, {row['recv_bytes']} B; SMPI's replay {got[r]}")
    check(int(row["peers"]) == n - 1, f"rank {r} has {row['peers']} peers")
for r, row in enumerate(rows["logging"]):
    check([int(row["msgs_logged"]), round(float(row["volume_MiB"]) * 1048576)] == [logged[r][0], round(logged[r][1])],
          f"rank {r} logged {row['msgs_logged']} messages, {row['volume_MiB']} MiB; its trace sends {logged[r]}")

smpi_time = float(re.search(r"Simulation time ([0-9.e+-]+)", open("smpi_replay.log").read()).group(1))
m = {s: json.load(open(f"out-{s}/result.json"))["metrics"] for s in rows}
ratio = m["base"]["exec_time_s"] / smpi_time
print(f"simulated time: clustersim {m['base']['exec_time_s']:.6f} s, smpirun -replay {smpi_time:.6f} s ({ratio:.4f})")
check(abs(ratio - 1) < 0.05, f"time {m['base']['exec_time_s']} s is not within 5% of SMPI's {smpi_time} s")
check(m["logging"]["exec_time_s"] > m["base"]["exec_time_s"], "logging costs nothing")
check(m["crash"]["crashes"] == 1 and m["crash"]["replayed_messages"] > 0,
      f"the crash run: {m['crash']['crashes']} crashes, {m['crash']['replayed_messages']} replayed messages")
check(m["crash"]["recv_digests"] == m["logging"]["recv_digests"],
      f"digests differ with a crash: {m['crash']['recv_digests']} vs {m['logging']['recv_digests']}")
sys.exit(0 if ok else 1)
EOF

# A trace whose receives can never complete (both ranks receive first): exit 1, nothing written, and the message
# names the line each rank stopped at.
printf '0 init\n0 recv 1 0 10\n0 send 1 0 10\n1 init\n1 recv 0 0 10\n1 send 0 0 10\n' >dead.txt
sed 's/"trace.txt"/"dead.txt"/' base.json >dead.json
"$exe" run dead.json --out out-dead >dead.log 2>&1
status=$?
[ $status -eq 1 ] && grep -q "deadlocks, 2 of 2 ranks" dead.log && grep -q "rank 0 at [^ ]*dead.txt:2 (recv from rank 1)" dead.log &&
  grep -q "rank 1 at [^ ]*dead.txt:5 (recv from rank 0)" dead.log && [ ! -e out-dead ] ||
  { echo "FAIL: a deadlocked trace: exit $status: $(tail -2 dead.log)"; fail=1; }
[ $fail -eq 0 ] && echo "PASS"
exit $fail
