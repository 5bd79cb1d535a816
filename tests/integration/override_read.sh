#!/usr/bin/env bash
# No silent no-op: for every model, a platform override that no part of its run reads, and one that another setting
# replaces (the host profile, or a what-if parameter of the model), exit 2 before the run with one line naming the
# override and why; the same overrides where they are read and in force are accepted.
source "$(dirname "$0")/harness.sh"
profile=platforms/generated/reference_vm.json

# expect SCENARIO NEEDLE --set ...: exit 2, one line on stderr containing NEEDLE, nothing written.
expect() {
  local scenario=$1 needle=$2
  shift 2
  local out="$tmp/out-$RANDOM"
  local status=0
  "$exe" run "$scenario" --out "$out" -q "$@" 2>"$tmp/err" >/dev/null || status=$?
  [ $status -eq 2 ] || fail "$scenario $*: exit $status, expected 2: $(cat "$tmp/err")"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$scenario $*: expected one line: $(cat "$tmp/err")"
  grep -qF -- "$needle" "$tmp/err" || fail "$scenario $*: the message lacks '$needle': $(cat "$tmp/err")"
  [ ! -e "$out/result.json" ] || fail "$scenario $*: wrote a result"
}

# A copy of a platform with a disk on every host entry, for the models that read no disk.
with_disk() {
  python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for h in d["hosts"]:
    h.setdefault("disks", []).append({"name": "sdz", "read_bw": {"value": "100MBps", "source": "test"},
                                      "write_bw": {"value": "100MBps", "source": "test"}})
json.dump(d, open(sys.argv[2], "w"))
PY
}
with_disk platforms/003_score_cluster.json "$tmp/dsm_plat.json"
with_disk platforms/001_javaparty_cluster.json "$tmp/jp_plat.json"
with_disk platforms/two_hosts_1gbps.json "$tmp/pp_plat.json"
with_disk platforms/000_yi2002_rpi_linux.json "$tmp/sr_plat.json"

# speculative_read: no disk; the host profile replaces the hosts' speed.
expect scenarios/speculative_read/quickstart.json \
  "/platform/hosts/client/disks/sdz/read_bw: platform.hosts.client.disks.sdz.read_bw is read by no part of a speculative_read run" \
  --set platform.file="$tmp/sr_plat.json" --set platform.hosts.client.disks.sdz.read_bw=1MBps
expect scenarios/speculative_read/quickstart.json \
  "platform.hosts.client.speed is overridden by platform.host_profile ($profile)" \
  --set platform.hosts.client.speed=1Gf --set platform.host_profile=$profile

# pingpong: only the network; its hosts' speed is read by nothing.
expect scenarios/pingpong/pingpong.json "platform.hosts.a.speed is read by no part of a pingpong run" \
  --set platform.hosts.a.speed=1Gf
expect scenarios/pingpong/pingpong.json "platform.hosts.a.disks.sdz.write_bw is read by no part of a pingpong run" \
  --set platform.file="$tmp/pp_plat.json" --set platform.hosts.a.disks.sdz.write_bw=1MBps
expect scenarios/pingpong/pingpong.json "platform.hosts.b.cores is overridden by platform.host_profile" \
  --set platform.hosts.b.cores=2 --set platform.host_profile=$profile

# microbench: writes pages through the disk, never reads it; the host profile replaces the costs it measured.
expect scenarios/microbench/flops.json "platform.hosts.host.disks.disk.read_bw is read by no part of a microbench run" \
  --set platform.hosts.host.disks.disk.read_bw=1MBps
expect scenarios/microbench/flops.json \
  "platform.os_profiles.calibrated.costs.syscall is overridden by platform.host_profile" \
  --set platform.os_profiles.calibrated.costs.syscall=1us --set platform.host_profile=$profile

# msglog: no switch queue model; its disk what-ifs replace the platform's disk fields.
expect scenarios/msglog/nas.json "platform.switches.lan.qos.port_buffer is read by no part of a msglog run" \
  --set platform.switches.lan.qos.port_buffer=64KiB
expect scenarios/msglog/nas.json \
  'platform.hosts.cmi.disks.hda.write_bw is overridden by params.disk_what_if.platter_bw ("50MBps")' \
  --set platform.hosts.cmi.disks.hda.write_bw=20MBps --set params.disk_what_if.platter_bw=50MBps
expect scenarios/msglog/nas.json \
  "platform.hosts.cmi.disks.hda.model.interface_bw is overridden by params.disk_what_if.interface_bw" \
  --set platform.hosts.cmi.disks.hda.model.interface_bw=100MBps --set params.disk_what_if.interface_bw=200MBps

# checkpoint: no switch queue model; the host profile replaces the nodes' speed.
expect scenarios/checkpoint/migration.json "platform.switches.lan.qos.port_buffer is read by no part of a checkpoint run" \
  --set platform.switches.lan.qos.port_buffer=64KiB
expect scenarios/checkpoint/migration.json "platform.hosts.nodes.speed is overridden by platform.host_profile" \
  --set platform.hosts.nodes.speed=1Gf --set platform.host_profile=$profile

# dsm: no disk; params.port_buffer replaces the switch's.
expect scenarios/dsm/udp_rtt.json "platform.hosts.nodes.disks.sdz.read_bw is read by no part of a dsm run" \
  --set platform.file="$tmp/dsm_plat.json" --set platform.hosts.nodes.disks.sdz.read_bw=1MBps
expect scenarios/dsm/udp_rtt.json 'platform.switches.gige.qos.port_buffer is overridden by params.port_buffer ("128KiB")' \
  --set platform.switches.gige.qos.port_buffer=64KiB --set params.port_buffer=128KiB

# javaparty: no disk; params.switch_model.mls_qos replaces the switch's QoS setting.
expect scenarios/javaparty/raytracer.json "platform.hosts.jp.disks.sdz.write_bw is read by no part of a javaparty run" \
  --set platform.file="$tmp/jp_plat.json" --set platform.hosts.jp.disks.sdz.write_bw=1MBps
expect scenarios/javaparty/raytracer.json \
  'platform.switches.c3750.qos.mls_qos is overridden by params.switch_model.mls_qos ("off")' \
  --set platform.switches.c3750.qos.mls_qos=true --set params.switch_model.mls_qos=off

# A --set that a later one replaces whole (the same path, or an object holding it) is refused at the earlier one; a
# later one inside an earlier object (a whole disk, then one of its fields) changes that field and is kept.
disk='{"read_bw": "60MBps", "write_bw": "50MBps"}'
expect scenarios/msglog/nas.json \
  "/platform/hosts/cmi/disks/hda/write_bw: platform.hosts.cmi.disks.hda.write_bw is overridden by platform.hosts.cmi.disks.hda given after it" \
  --set platform.hosts.cmi.disks.hda.write_bw=20MBps --set "platform.hosts.cmi.disks.hda=$disk"
expect scenarios/msglog/nas.json "params.pages is overridden by the same setting given after it" \
  --set params.pages=2 --set params.pages=3
"$exe" run scenarios/msglog/nas.json --out "$tmp/ok3" -q --set params.class=S --set "platform.hosts.cmi.disks.hda=$disk" \
  --set platform.hosts.cmi.disks.hda.write_bw=20MBps || fail "a whole disk, then one of its fields, must run"

# A sweep whose axis nothing reads is refused before any point runs.
cat >"$tmp/sweep.json" <<JSON
{"scenario": "$PWD/scenarios/pingpong/pingpong.json", "grid": {"platform.hosts.a.speed": ["1Gf", "2Gf"]}}
JSON
status=0
"$exe" sweep "$tmp/sweep.json" --out "$tmp/sweep" 2>"$tmp/err" >/dev/null || status=$?
[ $status -eq 2 ] || fail "sweep over an unread field: exit $status, expected 2: $(cat "$tmp/err")"
grep -qF "platform.hosts.a.speed is read by no part of a pingpong run" "$tmp/err" || fail "sweep: $(cat "$tmp/err")"

# The same fields where they are read and in force run.
"$exe" run scenarios/pingpong/pingpong.json --out "$tmp/ok1" -q --set platform.links.wire.latency=1ms ||
  fail "a link override in pingpong must run"
"$exe" run scenarios/msglog/nas.json --out "$tmp/ok2" -q --set platform.hosts.cmi.disks.hda.write_bw=20MBps \
  --set params.class=S || fail "a disk override in msglog must run"
echo "override_read: ok"
