#!/usr/bin/env bash
# bench/npb_compare.sh's two halves (docs/models/msglog.md, "Checked against NPB 3.3-MPI"): bench/npb_trace_summary.py
# reads SimGrid 3.32's time-independent trace format into messages per destination and size (a small trace written
# here), bench_nas_stream_summary prints the model's streams in the same shape, and the model's CG stream at class S
# on 16 ranks sends what an SMPI trace of NPB 3.3-MPI's CG sends; bad input ends with status 2.
source "$(dirname "$0")/harness.sh"
summary=bench/npb_trace_summary.py
streams=$(dirname "$exe")/bench_nas_stream_summary
[ -x "$streams" ] || fail "$streams not built"

# Two ranks as SMPI 3.32 writes them: counts in elements of the datatype (id 0: 8-byte double, 1: 4-byte int).
mkdir -p "$tmp/t.ti_files"
printf 't.ti_files/r1.txt\nt.ti_files/r2.txt\n' >"$tmp/t.ti"
cat >"$tmp/t.ti_files/r1.txt" <<'EOF'
0 init
0 bcast 1 0 1 
0 irecv 1 7 10 0
0 send 1 7 10 0
0 send 1 7 10 0
0 isend 0 3 2 1
0 wait 1 0 7
0 allreduce 5 0 0 
0 barrier
0 finalize
EOF
cat >"$tmp/t.ti_files/r2.txt" <<'EOF'
1 init
1 bcast 1 0 1 
1 recv 0 7 10 0
1 recv 0 7 10 0
1 send 0 7 10 0
1 allreduce 5 0 0 
1 barrier
1 finalize
EOF
python3 "$summary" trace "$tmp/t.ti" >"$tmp/t.json" || fail "trace summary failed"
python3 - "$tmp/t.json" <<'PY' || fail "wrong trace summary: $(cat "$tmp/t.json")"
import json, sys
r = json.load(open(sys.argv[1]))["rank_ops"]
assert r[0]["logged"] == {"0": {"8": 1}, "1": {"80": 2}}, r[0]
assert r[1]["logged"] == {"0": {"80": 1}} and r[1]["recvs"] == {"0": 2}, r[1]
assert r[0]["collectives"] == {"allreduce": {"calls": 1, "bytes": 40}, "barrier": {"calls": 1, "bytes": 0},
                               "bcast": {"calls": 1, "bytes": 4}}, r[0]
PY

# The model's CG, class S, 16 ranks: 2944 messages and 3,508,224 bytes per rank, to 3 ranks each, as in the SMPI
# trace of NPB 3.3-MPI's cg.S.16 (bench/npb_compare.sh); compared with itself it differs nowhere.
"$streams" cg S 16 >"$tmp/cg.json" || fail "bench_nas_stream_summary cg S 16 failed"
python3 - "$tmp/cg.json" <<'PY' || fail "the CG stream moved from NPB's figures"
import json, sys
for r in json.load(open(sys.argv[1]))["rank_ops"]:
    sends = r["logged"]
    assert sum(n for s in sends.values() for n in s.values()) == 2944, r["rank"]
    assert sum(float(b) * n for s in sends.values() for b, n in s.items()) == 3508224, r["rank"]
    assert len(sends) == 3, r["rank"]
PY
python3 "$summary" compare "$tmp/cg.json" "$tmp/cg.json" --title cg >"$tmp/cg.md" || fail "compare failed"
grep -q "same set on 16 of 16 ranks" "$tmp/cg.md" && grep -q "Every message size occurs as often" "$tmp/cg.md" ||
  fail "a stream compared with itself must not differ: $(cat "$tmp/cg.md")"

# Bad input: an unknown trace action or datatype names the file and line; a bad bench, a folder that is not NPB.
expect2() {
  local what=$1 pattern=$2; shift 2
  set +e
  "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  set -e
  [ "$rc" = 2 ] || fail "$what: exit $rc, expected 2"
  grep -q -- "$pattern" "$tmp/err" || fail "$what: message must say '$pattern': $(cat "$tmp/err")"
}
echo "1 teleport 0" >>"$tmp/t.ti_files/r2.txt"
expect2 "unknown action" "r2.txt:9: unknown action 'teleport'" python3 "$summary" trace "$tmp/t.ti"
sed -i '$d' "$tmp/t.ti_files/r2.txt"
echo "1 send 0 7 1 99" >>"$tmp/t.ti_files/r2.txt"
expect2 "unknown datatype" "r2.txt:9: datatype id '99'" python3 "$summary" trace "$tmp/t.ti"
expect2 "unknown bench" "/bench" "$streams" xx S 16
expect2 "not NPB" "not an NPB3.3-MPI source folder" bash bench/npb_compare.sh "$tmp"
echo OK
