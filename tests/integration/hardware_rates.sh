#!/usr/bin/env bash
# Every model's node-side costs run against the hardware of the host that does them: doubling a host's speed halves
# the compute-bound part of a run, a faster memory or disk the parts bound by them (within 1%); a calibrated host
# profile gives msglog's log copy the profile's memcpy rate; the NVMe preset, a whole disk, is written at its rate.
source "$(dirname "$0")/harness.sh"
cd "$(dirname "$0")/../.."
run() { # NAME SCENARIO [--set ...]: runs into $tmp/NAME
  local name=$1 scenario=$2
  shift 2
  "$exe" run "$scenario" "$@" --out "$tmp/$name" -q --events 0 2>"$tmp/$name.err" ||
    fail "$name: exit $?: $(tail -c 300 "$tmp/$name.err")"
}
get() { jq -r "$2" "$tmp/$1/result.json"; }
# ratio A B WANT TOL WHAT: fails unless A / B is within TOL (relative) of WANT
ratio() {
  awk -v a="$1" -v b="$2" -v w="$3" -v t="$4" 'BEGIN { r = a / b; exit !(r > w * (1 - t) && r < w * (1 + t)) }' ||
    fail "$5: $1 / $2 is not within $(awk -v t="$4" 'BEGIN{print t*100}')% of $3"
  echo "ok: $5 ($1 / $2)"
}

# msglog: EP is computation; the copies of the log follow memory and speed; the platter its write rate.
run ep1 scenarios/msglog/nas.json --set params.bench=ep --set params.scheme=base
run ep2 scenarios/msglog/nas.json --set params.bench=ep --set params.scheme=base --set platform.hosts.cmi.speed=2Gf
ratio "$(get ep1 .metrics.exec_time_s)" "$(get ep2 .metrics.exec_time_s)" 2 0.01 "msglog: twice the speed, EP in half the time"
run mg1 scenarios/msglog/nas.json --set params.bench=mg
run mg2 scenarios/msglog/nas.json --set params.bench=mg --set platform.hosts.cmi.speed=2Gf \
  --set platform.hosts.cmi.memory_bw=800MBps
ratio "$(get mg1 .metrics.mean_copy_time_s)" "$(get mg2 .metrics.mean_copy_time_s)" 2 0.01 \
  "msglog: twice the memory bandwidth and speed, the log's copies in half the time"
run mg3 scenarios/msglog/nas.json --set params.bench=mg --set platform.hosts.cmi.memory_bw=800MBps
ratio "$(get mg3 .hardware_rates.cmi.log_copy_Bps)" "$(get mg1 .hardware_rates.cmi.log_copy_Bps)" 2 0.001 \
  "msglog: twice the memory bandwidth, twice the log copy rate"
run disk1 scenarios/msglog/disk_regimes.json --set params.disk_test.gap=1s --set params.disk_test.writes=10 \
  --set params.disk_what_if.write_cache=off
run disk2 scenarios/msglog/disk_regimes.json --set params.disk_test.gap=1s --set params.disk_test.writes=10 \
  --set params.disk_what_if.write_cache=off --set platform.hosts.cmi.disks.hda.write_bw=17MBps
ratio "$(get disk1 .metrics.disk_mean_page_write_s)" "$(get disk2 .metrics.disk_mean_page_write_s)" 2 0.01 \
  "msglog: twice the platter rate, page writes in half the time"
profile=platforms/generated/reference_vm.json
run prof scenarios/msglog/nas.json --set params.bench=mg --set platform.host_profile=$profile
ratio "$(get prof .hardware_rates.cmi.log_copy_Bps)" "$(jq -r '.os_profile.costs.memcpy_bw.value | rtrimstr("Bps")' $profile)" \
  1 1e-9 "msglog: a calibrated profile's memcpy rate is the log copy rate"
ratio "$(get prof .hardware_rates.cmi.speed_flops)" "$(jq -r '.speed.value | rtrimstr("f")' $profile)" 1 1e-9 \
  "msglog: a calibrated profile's speed is the hosts' speed"
# One rank per node: two writers of one drive would each see half of it.
run nvme scenarios/msglog/nas.json --set params.bench=cg --set params.ranks=8 --set params.ranks_per_node=1 \
  --set "platform.hosts.cmi.disks.hda=$(jq -c '.disks.NVMe | del(.name)' platforms/presets/disks.json)"
ratio "$(get nvme .metrics.disk_effective_write_MBps)" 5000 1 0.1 "msglog: the NVMe preset written at its 5,000 MB/s"

# checkpoint: Water without checkpoints is computation; its checkpoints' time is the local disk's.
run w1 scenarios/checkpoint/water.json
run w2 scenarios/checkpoint/water.json --set platform.hosts.nodes.speed=400Mf
ratio "$(get w1 .metrics.exec_time_s)" "$(get w2 .metrics.exec_time_s)" 2 0.01 "checkpoint: twice the speed, Water in half the time"
run wc1 scenarios/checkpoint/water.json --set params.interval=60s --set platform.hosts.nodes.disks.scsi.write_bw=8.334MBps
run wc2 scenarios/checkpoint/water.json --set params.interval=60s --set platform.hosts.nodes.disks.scsi.write_bw=16.668MBps
ratio "$(get wc1 .metrics.ckpt_time_s)" "$(get wc2 .metrics.ckpt_time_s)" 2 0.01 \
  "checkpoint: twice the disk's write rate, checkpoints in half the time"

# dsm: MM on one node is its computation.
run d1 scenarios/dsm/speedup.json --set params.nodes=1
run d2 scenarios/dsm/speedup.json --set params.nodes=1 --set platform.hosts.nodes.speed=5.6Gf
ratio "$(get d1 .metrics.exec_time_s)" "$(get d2 .metrics.exec_time_s)" 2 0.01 "dsm: twice the speed, MM in half the time"

# speculative_read: the loop's local processing (total - read time) is the client's computation.
run s1 scenarios/speculative_read/case1.json
run s2 scenarios/speculative_read/case1.json --set platform.hosts.client.speed=2Gf
ratio "$(get s1 '.metrics.total_time_s - .metrics.read_time_s')" "$(get s2 '.metrics.total_time_s - .metrics.read_time_s')" \
  2 0.01 "speculative_read: twice the client's speed, local processing in half the time"
ratio "$(get s1 .metrics.read_time_s)" "$(get s2 .metrics.read_time_s)" 1 0.01 "speculative_read: the reads unchanged"
# Thread checkpoints of a large saved state are its copies: the client's memory bandwidth.
tr="--set params.method=TR --set params.saved_state_size=400MB"
run t1 scenarios/speculative_read/case1.json $tr
run t2 scenarios/speculative_read/case1.json $tr --set platform.hosts.client.memory_bw=800MBps
ratio "$(get t1 .metrics.checkpoint_time_s)" "$(get t2 .metrics.checkpoint_time_s)" 2 0.01 \
  "speculative_read: twice the client's memory bandwidth, thread checkpoints in half the time"

# javaparty: one machine, no noise: rendering is the run.
run j1 scenarios/javaparty/raytracer.json --set params.machines=1 --set params.run_noise=0
run j2 scenarios/javaparty/raytracer.json --set params.machines=1 --set params.run_noise=0 --set platform.hosts.jp.speed=4Gf
ratio "$(get j1 .metrics.exec_time_s)" "$(get j2 .metrics.exec_time_s)" 2 0.01 "javaparty: twice the speed, rendering in half the time"
echo "hardware rates: every model's compute, memory and disk parts follow the host's rates"
