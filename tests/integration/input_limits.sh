#!/usr/bin/env bash
# Inputs are read from regular files of bounded size: a FIFO, a device or an oversized file, as a scenario,
# platform, sweep or host profile, is refused at once (exit 2, one line naming the file) instead of hanging or
# exhausting memory; an XML <cluster> of ten million hosts is refused before SimGrid builds it.
source "$(dirname "$0")/harness.sh"
cd "$(dirname "$0")/../.."
s=scenarios/speculative_read/case1.json
# expect STATUS NEEDLE CMD...: CMD ends within 20 s with STATUS and one line on stderr containing NEEDLE.
expect() {
  local want=$1 needle=$2 status=0
  shift 2
  timeout 20 "$@" >/dev/null 2>"$tmp/err" || status=$?
  [ "$status" -eq "$want" ] || fail "$* exited $status, expected $want: $(head -c 300 "$tmp/err")"
  grep -qF -- "$needle" "$tmp/err" || fail "$*: message lacks '$needle': $(head -c 300 "$tmp/err")"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$*: expected one line on stderr: $(head -c 300 "$tmp/err")"
}
mkfifo "$tmp/fifo.json" "$tmp/fifo.xml"
expect 2 "$tmp/fifo.json: cannot read a FIFO" "$exe" run "$tmp/fifo.json" --out "$tmp/o1"
expect 2 "$tmp/fifo.json: cannot read a FIFO" "$exe" sweep plan "$tmp/fifo.json"
expect 2 "$tmp/fifo.json: cannot read a FIFO" "$exe" run $s --set "platform.file=$tmp/fifo.json" --out "$tmp/o2"
expect 2 "$tmp/fifo.xml: cannot read a FIFO" "$exe" run $s --set "platform.file=$tmp/fifo.xml" --out "$tmp/o3"
expect 2 "$tmp/fifo.json: cannot read a FIFO" "$exe" run $s --set "platform.host_profile=$tmp/fifo.json" --out "$tmp/o4"
expect 2 "/dev/zero: cannot read a device" "$exe" run $s --set platform.file=/dev/zero --out "$tmp/o5"
expect 2 "$tmp: cannot read a folder" "$exe" run "$tmp" --out "$tmp/o6"
# 17 MiB of valid JSON: refused by its size, before it is parsed.
python3 -c "import json; print(json.dumps({'name': 'big', 'pad': 'x' * (17 << 20)}))" >"$tmp/big.json"
expect 2 "larger than the 16 MiB an input file may hold" "$exe" run "$tmp/big.json" --out "$tmp/o7"
# Ten million hosts in one <cluster>.
cat >"$tmp/cluster.xml" <<'XML'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="c" prefix="client" suffix="" radical="0-9999999" speed="1Gf" bw="125MBps" lat="50us"/>
</platform>
XML
expect 2 "declares 10000000 hosts" "$exe" run $s --set "platform.file=$tmp/cluster.xml" --out "$tmp/o8"
for o in o1 o2 o3 o4 o5 o6 o7 o8; do [ ! -e "$tmp/$o" ] || fail "output left behind in $o"; done
echo "input limits: FIFOs, devices, folders, a 17 MiB file and a 10^7-host cluster refused with exit 2"
