#!/usr/bin/env bash
# `clustersim smpi-platform`: the written SimGrid XML loads (clustersim's own XML check, then SimGrid) and is the same
# machine: the pingpong model gives the same time on it as on the JSON platform it came from, for explicit routes
# (two_hosts_1gbps), a one-switch star with two ranks a node (004_cmi_cluster: between nodes and on one node's
# loopback) and a generated fat tree (001_javaparty_fabric). The hostfile places ranks as msglog does; bad input
# exits 2 naming the file and writes nothing. With smpicc, the ping-pong under smpirun on the written platform takes
# the clustersim time too (SMPI adds its 16-byte envelope to every message: the model's messages are 16 B larger).
source "$(dirname "$0")/harness.sh"

pp_time() { # OUT [--set ...]: the pingpong model's total time
  local out=$1
  shift
  "$exe" run scenarios/pingpong/pingpong.json --set params.round_trips=50 "$@" --out "$tmp/$out" -q ||
    fail "pingpong run $out ($*)"
  python3 -c "import json,sys; print(repr(json.load(open(sys.argv[1]))['metrics']['total_time_s']))" \
    "$tmp/$out/result.json"
}
same_machine() { # NAME PLATFORM_JSON XML PING PONG
  local a b
  a=$(pp_time "$1-json" --set platform.file="$2" --set params.ping="$4" --set params.pong="$5")
  b=$(pp_time "$1-xml" --set platform.file="$3" --set params.ping="$4" --set params.pong="$5")
  [ "$a" = "$b" ] || fail "$1: $4 <-> $5 takes $a s on $2 and $b s on the written $3"
}

"$exe" smpi-platform platforms/two_hosts_1gbps.json --ranks 2 --out "$tmp/two" >/dev/null || fail "two hosts"
same_machine two platforms/two_hosts_1gbps.json "$tmp/two/platform.xml" a b
[ "$(cat "$tmp/two/hostfile")" = "$(printf 'a\nb')" ] || fail "two hosts: hostfile $(cat "$tmp/two/hostfile")"
grep -qx -- "--cfg=network/model:CM02" "$tmp/two/smpirun.args" || fail "smpirun.args lacks the platform's network model"
grep -qx -- "--cfg=network/crosstraffic:no" "$tmp/two/smpirun.args" || fail "smpirun.args lacks crosstraffic"

# The msglog scenario of seed 004: 16 ranks, two a node, on eight nodes of one switch (a star zone).
"$exe" smpi-platform scenarios/msglog/nas.json --out "$tmp/nas" >/dev/null || fail "nas scenario"
[ "$(wc -l <"$tmp/nas/hostfile")" = 16 ] || fail "nas: hostfile of $(wc -l <"$tmp/nas/hostfile") ranks, 16 expected"
[ "$(head -3 "$tmp/nas/hostfile" | tr '\n' ' ')" = "cmi1 cmi1 cmi2 " ] || fail "nas: ranks placed $(head -3 "$tmp/nas/hostfile")"
[ "$(tail -1 "$tmp/nas/hostfile")" = cmi8 ] || fail "nas: rank 15 on $(tail -1 "$tmp/nas/hostfile")"
same_machine star platforms/004_cmi_cluster.json "$tmp/nas/platform.xml" cmi1 cmi2
same_machine star-loopback platforms/004_cmi_cluster.json "$tmp/nas/platform.xml" cmi3 cmi3
"$exe" smpi-platform scenarios/msglog/nas.json --ranks 4 --out "$tmp/nas4" >/dev/null || fail "nas --ranks 4"
[ "$(tr '\n' ' ' <"$tmp/nas4/hostfile")" = "cmi1 cmi1 cmi2 cmi2 " ] || fail "nas --ranks 4: $(cat "$tmp/nas4/hostfile")"

# A generated fat tree: routes through SimGrid's cluster zones, written as a Full table of the 16 hosts made.
"$exe" smpi-platform platforms/001_javaparty_fabric.json --ranks 16 --hosts-group jp --out "$tmp/fab" >/dev/null ||
  fail "fat tree"
[ "$(grep -c '<host ' "$tmp/fab/platform.xml")" = 16 ] || fail "fat tree: $(grep -c '<host ' "$tmp/fab/platform.xml") hosts"
same_machine fabric platforms/001_javaparty_fabric.json "$tmp/fab/platform.xml" jp-1 jp-16

# Bad input: exit 2, one line naming the file, nothing written.
expect_2() { # NAME EXPECTED_TEXT ARGS...
  local name=$1 want=$2
  shift 2
  set +e
  "$exe" smpi-platform "$@" --out "$tmp/bad-$name" >"$tmp/bad.out" 2>"$tmp/bad.err"
  local rc=$?
  set -e
  [ $rc = 2 ] || fail "$name: exit $rc, 2 expected ($(cat "$tmp/bad.err"))"
  grep -qF -- "$want" "$tmp/bad.err" || fail "$name: message $(cat "$tmp/bad.err") lacks $want"
  [ ! -e "$tmp/bad-$name" ] || fail "$name: wrote $tmp/bad-$name"
}
expect_2 no-ranks "needs --ranks" platforms/two_hosts_1gbps.json
expect_2 not-msglog "scenarios/pingpong/pingpong.json: /model" scenarios/pingpong/pingpong.json
expect_2 too-few-hosts "/params" scenarios/msglog/nas.json --ranks 64
expect_2 bad-set "/params/rankz" scenarios/msglog/nas.json --set params.rankz=3
expect_2 group-on-scenario "--hosts-group" scenarios/msglog/nas.json --hosts-group cmi
expect_2 too-many-hosts "at most 256" scenarios/msglog/scale.json --ranks 1024
expect_2 per-node "must divide" platforms/two_hosts_1gbps.json --ranks 3 --ranks-per-node 2

# Under smpirun: the same ping-pong on the written platform, timed by SMPI.
if ! command -v smpicc >/dev/null; then
  echo "smpicc missing: the smpirun half is not run"
  exit 0
fi
smpicc -O2 -o "$tmp/pp" tests/smpi/pingpong.c || fail "smpicc tests/smpi/pingpong.c"
smpi_time() { # DIR RANKS PEER SIZE
  local cfg
  mapfile -t cfg <"$1/smpirun.args"
  (cd "$tmp" && smpirun -np "$2" -platform "$1/platform.xml" -hostfile "$1/hostfile" "${cfg[@]}" \
    --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 --log=root.thres:warning ./pp 50 "$4" "$3") ||
    fail "smpirun on $1"
}
close() { python3 -c "import sys; a, b = map(float, sys.argv[1:]); sys.exit(abs(a - b) > 1e-9 * max(a, b))" "$1" "$2"; }
for size in 0 1000 100000; do
  s=$(smpi_time "$tmp/two" 2 1 $size)
  c=$(pp_time "two-$size" --set params.size=$((size + 16))B --set params.reply_size=$((size + 16))B)
  close "$s" "$c" || fail "two hosts, $size B: smpirun $s s, clustersim $c s"
  s=$(smpi_time "$tmp/nas" 16 2 $size) # rank 2: the second node
  c=$(pp_time "nas-$size" --set platform.file=platforms/004_cmi_cluster.json --set params.ping=cmi1 \
    --set params.pong=cmi2 --set params.size=$((size + 16))B --set params.reply_size=$((size + 16))B)
  close "$s" "$c" || fail "star, $size B between nodes: smpirun $s s, clustersim $c s"
  s=$(smpi_time "$tmp/nas" 16 1 $size) # rank 1: the same node, through its loopback
  c=$(pp_time "nas-lo-$size" --set platform.file=platforms/004_cmi_cluster.json --set params.ping=cmi1 \
    --set params.pong=cmi1 --set params.size=$((size + 16))B --set params.reply_size=$((size + 16))B)
  close "$s" "$c" || fail "star, $size B on one node: smpirun $s s, clustersim $c s"
done
echo "smpi-platform: the written platforms are the machines clustersim simulates"
