#!/usr/bin/env bash
# Slurm for real (ctest label "slurm"): installs Debian's slurmctld, slurmd and munge if missing, starts a one-node
# cluster on the loopback interface (its own config, ports, keys and state in a temporary folder), submits a sweep
# with `clustersim sweep slurm --submit`, waits for the dependent merge job and checks that the merged CSV and JSON
# equal a local run of the same sweep byte for byte. Exits 77 (ctest SKIP_RETURN_CODE) only when Slurm cannot be
# installed.
set -euo pipefail
exe=$(realpath "$1")
skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; for f in "$tmp"/log/*.log "$tmp"/out/slurm/logs/*; do [ -f "$f" ] && { echo "== $f"; tail -n 20 "$f"; }; done; exit 1; }

have_slurm() { command -v slurmctld && command -v slurmd && command -v sbatch && command -v munged; } >/dev/null
if ! have_slurm; then
  [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null || skip "Slurm is not installed and apt-get as root is not available"
  pkgs="slurmctld slurmd slurm-client munge"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y --no-install-recommends $pkgs >/dev/null 2>&1 ||
    { apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends $pkgs >/dev/null 2>&1; } ||
    skip "apt-get could not install $pkgs"
  have_slurm || skip "Slurm's programs are missing after installing $pkgs"
fi

tmp=$(mktemp -d)
pids=()
teardown() {
  [ -n "${SLURM_CONF:-}" ] && timeout 10 scontrol shutdown >/dev/null 2>&1 || true
  for pid in "${pids[@]}"; do # our daemons, by their ids, in reverse order of start
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap teardown EXIT
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log"
chmod 711 "$tmp" "$tmp/munge" # munged wants its socket reachable by every user

# munge: a fresh key, a private socket.
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$tmp/munge/munge.key"
munged --foreground --force --socket="$tmp/munge/munge.sock" --key-file="$tmp/munge/munge.key" \
  --log-file="$tmp/log/munged.log" --pid-file="$tmp/munge/munged.pid" --seed-file="$tmp/munge/munged.seed" \
  >>"$tmp/log/munged.log" 2>&1 &
pids=($! "${pids[@]}")
for _ in $(seq 50); do [ -S "$tmp/munge/munge.sock" ] && break; sleep 0.1; done
[ -S "$tmp/munge/munge.sock" ] || fail "munged did not start"

# Two free loopback ports for slurmctld and slurmd.
read -r ctld_port slurmd_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
user=$(id -un)
cat >"$tmp/slurm.conf" <<CONF
ClusterName=clustersim-test
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$tmp/slurm.conf
slurmctld -D -c -f "$SLURM_CONF" >>"$tmp/log/slurmctld.log" 2>&1 &
pids=($! "${pids[@]}")
slurmd -D -N localhost -f "$SLURM_CONF" >>"$tmp/log/slurmd.log" 2>&1 &
pids=($! "${pids[@]}")
for _ in $(seq 100); do sinfo -h -o %t 2>/dev/null | grep -q idle && break; sleep 0.2; done
sinfo -h -o %t 2>/dev/null | grep -q idle || fail "the one-node cluster did not come up"

# The sweep: a grid with repetitions and a derived column, run locally and on the cluster.
cat >"$tmp/sweep.json" <<JSON
{"name": "slurm-test", "scenario": "scenarios/speculative_read/case1.json", "seed": 2, "repetitions": 2,
 "set": {"params.iterations": 10}, "grid": {"params.method": ["NR", "FR", "TR"], "platform.slowdown": [1, 4, 16]},
 "derived": {"speedup": {"expr": "baseline.total_time_s / total_time_s", "baseline": {"params.method": "NR"}}}}
JSON
"$exe" sweep "$tmp/sweep.json" --out "$tmp/local" --jobs 2 -q 2>/dev/null
"$exe" sweep slurm "$tmp/sweep.json" --out "$tmp/out" --array-size 4 --partition debug --submit >"$tmp/submit.txt" ||
  fail "submission failed: $(cat "$tmp/submit.txt")"
merge_job=$(sed -n 2p "$tmp/out/slurm/jobs.txt")
state=
for _ in $(seq 300); do # at most 150 s
  state=$(scontrol show job "$merge_job" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2 || true)
  case "$state" in COMPLETED | FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY) break ;; esac
  sleep 0.5
done
[ "$state" = COMPLETED ] || fail "merge job $merge_job ended as '${state:-unknown}'"
cmp -s "$tmp/local/sweep.csv" "$tmp/out/sweep.csv" || fail "the Slurm sweep's CSV differs from the local run's"
cmp -s "$tmp/local/sweep.json" "$tmp/out/sweep.json" || fail "the Slurm sweep's JSON differs from the local run's"
echo "sweep_slurm: $(wc -l <"$tmp/out/sweep.csv") lines merged on Slurm, identical to the local run"
