#!/usr/bin/env bash
# Seed 001 what-if: is appendix B's QoS profile worth it? Runs scenarios/javaparty/whatif_qos.sweep.json
# (blast rate 0-1000 Mb/s x profile on/off x 2, 4, 8 machines, 20 runs a point), prints the mean run times and, for the
# seed's 4 machines, the penalty's parts, and draws plots/001_whatif.gp.
# The parts at 4 machines: receive CPU = mean with the profile (where the network costs nothing) - mean without a
# blast; the network part = mean without the profile - mean with it, split into queueing, fast retransmits and
# timeouts by the worker-seconds the RMI legs recorded for each.
#   usage: bench/001_whatif.sh [OUT]     (default out/001_whatif; BUILD=build-dir; writes OUT/001_whatif.png)
source "$(dirname "$0")/common.sh"
out=${1:-out/001_whatif}
s=$(now)
"$exe" sweep scenarios/javaparty/whatif_qos.sweep.json --out "$out" --jobs 2 -q >/dev/null
e=$(now)
python3 - "$out" <<'PY'
import csv, statistics, sys
from collections import defaultdict
out = sys.argv[1]
rows = [r for r in csv.DictReader(open(f"{out}/sweep.csv")) if r["status"] == "ok"]
pts = defaultdict(list)
for r in rows:
    pts[(int(r["params.machines"]), r["params.switch_model.mls_qos"], round(float(r["blast_offered_mbps"]), 1))].append(r)
mean = lambda rs, k: statistics.mean(float(r[k]) for r in rs)
with open(f"{out}/whatif_mean.csv", "w") as f:
    f.write("machines,qos,mbps,mean_s,sd_s\n")
    for (m, q, mb), rs in sorted(pts.items()):
        t = [float(r["exec_time_s"]) for r in rs]
        f.write(f"{m},{q},{mb},{statistics.mean(t):.3f},{statistics.stdev(t):.3f}\n")
rates = sorted({mb for (m, q, mb) in pts if m == 4})
print("mean run time (s), profile off / on:")
print("  Mb/s  " + "  ".join(f"{m} machines " for m in sorted({k[0] for k in pts})))
for mb in rates:
    cells = [f"{mean(pts[(m, 'off', mb)], 'exec_time_s'):5.1f}/{mean(pts[(m, 'on', mb)], 'exec_time_s'):5.1f}"
             for m in sorted({k[0] for k in pts})]
    print(f"  {mb:6.1f} " + "  ".join(cells))
base = mean(pts[(4, "on", rates[0])], "exec_time_s")
with open(f"{out}/whatif_parts.csv", "w") as f:
    f.write("mbps,cpu_s,queue_s,fast_retx_s,timeout_s,qos_cpu_s\n")
    print("4 machines, penalty over no blast (s): receive CPU, queueing, fast retransmits, timeouts | with the profile")
    for mb in rates:
        off, on = pts[(4, "off", mb)], pts[(4, "on", mb)]
        cpu = mean(on, "exec_time_s") - base
        net = mean(off, "exec_time_s") - mean(on, "exec_time_s")
        w = [mean(off, k) for k in ("queue_wait_s", "fast_retx_wait_s", "timeout_wait_s")]
        parts = [net * x / sum(w) if sum(w) > 0 else 0.0 for x in w]
        f.write(f"{mb},{cpu:.3f},{parts[0]:.3f},{parts[1]:.3f},{parts[2]:.3f},{cpu:.3f}\n")
        print(f"  {mb:6.1f} Mb/s: {cpu:5.2f} {parts[0]:5.2f} {parts[1]:5.2f} {parts[2]:5.2f} | {cpu:5.2f}")
PY
calc "f'{len(open(\"$out/sweep.csv\").readlines()) - 1} runs in {$e - $s:.1f} s wall'"
gnuplot -e "meanfile='$out/whatif_mean.csv'; partsfile='$out/whatif_parts.csv'; outfile='$out/001_whatif.png'" \
  plots/001_whatif.gp
echo "plot: $out/001_whatif.png"
