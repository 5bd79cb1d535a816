#!/usr/bin/env python3
"""The simulated events a full validation needs, and the wall time the bare engine would take for them.

Reads the point logs of a validation run kept with `clustersim validate --work DIR --log=cs_run.thres:verbose`
(each run logs "MODEL: N events (...) in S wall s of simulation") and prints, per validation file and in all, the
events simulated and the seconds spent in engine.run(). Given the bare S4U ping-pong's wall time for its 400,000
events (bench/validate_bench.sh measures it), it prints the floor of a validation on 2 cores at the bare engine's cost
per event: events x (ping-pong s / 400,000) / 2, against the target of 30 x the ping-pong.
Usage: bench/validation_events.py WORK_DIR [PINGPONG_WALL_S]"""
import pathlib
import re
import sys

LINE = re.compile(r"\[cs_run/VERBOSE\] (\S+): (\d+) events .* in ([0-9.]+) wall s of simulation")


def main(argv):
    work = pathlib.Path(argv[1])
    pingpong = float(argv[2]) if len(argv) > 2 else None
    files = {}
    for log in sorted(work.glob("*/*/logs/*.log")):
        stem = log.parts[len(work.parts)]
        for m in LINE.finditer(log.read_text(errors="replace")):
            f = files.setdefault(stem, [0, 0, 0.0])
            f[0] += 1
            f[1] += int(m.group(2))
            f[2] += float(m.group(3))
    total = [sum(f[i] for f in files.values()) for i in range(3)]
    print(f"  {'file':<24} {'runs':>6} {'events':>12} {'engine.run() s':>15} {'events per s':>13}")
    for stem, (runs, events, secs) in sorted(files.items()) + [("all", total)]:
        rate = events / secs if secs > 0 else 0
        print(f"  {stem:<24} {runs:>6} {events:>12} {secs:>15.2f} {rate:>13.0f}")
    if pingpong:
        per_event = pingpong / 400000
        floor = total[1] * per_event / 2
        print(f"  at the bare engine's {per_event * 1e6:.2f} us per event on 2 cores: {floor:.1f} s of simulation "
              f"alone = {floor / pingpong:.1f}x the ping-pong (target 30x = {30 * pingpong:.1f} s)")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
