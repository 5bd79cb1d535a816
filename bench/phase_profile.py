#!/usr/bin/env python3
"""Splits a `perf record --call-graph dwarf` profile of clustersim into the phases of a run.

Usage: perf script -i perf.data -F comm,pid,tid,ip,sym | bench/phase_profile.py [--label NAME]

Each sample's stack is read from the outermost frame in; the first phase marker found names its phase, so a page
fault is charged to the code that touched the page (the copy-on-write fault after fork lands in whatever the worker
does first with a parent's page). Samples of the sweep/validate process itself are the "parent" phases; samples of a
worker that reach no marker are its start (dynamic loader) and exit (address space torn down). Prints one line per
phase: share of the samples and milliseconds of CPU at the sampling rate given by --hz."""
import argparse
import collections
import sys

# (marker substring in a frame's symbol, phase); the first marker met from the outermost frame in wins, so the more
# specific markers of a run come before the run itself. Order matters only among markers of one stack.
WORKER_MARKERS = [
    ("cs::load_scenario_platform", "platform loading"),  # before its prefix below
    ("cs::load_scenario", "scenario loading"),
    ("load_run_platform", "platform loading"),
    ("cs::group_sizes_of", "model set-up"),
    ("cs::create_experiment_run", "model set-up"),
    ("cs::RunFolderLock", "result writing"),
    ("cs::parse_faults", "scenario loading"),
    ("check_simgrid_args", "engine set-up"),
    ("simgrid::s4u::Engine::Engine", "engine set-up"),
    ("cs::Platform::", "platform build"),
    ("install_interrupt_handlers", "engine set-up"),
    ("cs::EventCapture::finish", "events capture"),
    ("cs::EventCapture::EventCapture", "events capture"),
    ("cs::start_faults", "model set-up"),
    ("cs::create_run", "model set-up"),
    ("simgrid::s4u::Engine::run", "simulation"),
    ("simgrid::kernel::EngineImpl::run", "simulation"),
    ("simgrid::s4u::Engine::initialize", "engine set-up"),
    ("sg_config_init", "engine set-up"),
    ("cs::check_output_dir", "result writing"),
    ("cs::point_log", "worker: point set-up"),
    ("cs::SweepPoint::sets", "worker: point set-up"),
    ("simgrid::kernel::context", "simulation"),
    ("smx_ctx", "simulation"),
    ("cs::input_fingerprint", "fingerprint"),
    ("cs::program_identity", "fingerprint"),
    ("cs::Recorder::write", "result writing"),
    ("cs::run_files", "result writing"),
    ("cs::remove_stale_run_files", "result writing"),
    ("simgrid::s4u::Engine::~Engine", "engine tear-down"),
    ("::finish", "model finish"),
    ("::start", "model set-up"),
]
PARENT_MARKERS = [
    ("_Fork", "parent: fork"),
    ("__libc_fork", "parent: fork"),
    ("wait4", "parent: wait"),
    ("cs::read_points", "parent: read results"),
    ("cs::merge_sweep", "parent: merge"),
    ("cs::stale_reason", "parent: resume check"),
    ("cs::compute_cell", "parent: cells"),
]


def samples(stream):
    head, frames = None, []
    for line in stream:
        line = line.rstrip("\n")
        if not line:
            if head is not None:
                yield head, frames
            head, frames = None, []
        elif not line[0].isspace():
            head = line.split()
        else:
            parts = line.split(None, 1)
            frames.append(parts[1] if len(parts) > 1 else "")
    if head is not None:
        yield head, frames


def classify(frames, is_parent):
    outer_in = list(reversed(frames))
    if is_parent:
        in_worker = any("run_point" in f for f in outer_in)
        if not in_worker:
            for f in outer_in:
                for marker, phase in PARENT_MARKERS:
                    if marker in f:
                        return phase
            return "parent: other"
    # A forked worker's stack still holds the parent's frames that forked it (WorkerPool::start, which a marker such
    # as "::start" would take for the model's): its phases are read from the worker's own frames on.
    for i, f in enumerate(outer_in):
        if "cs::run_batch" in f:
            outer_in = outer_in[i + 1:]
            break
    for f in outer_in:
        for marker, phase in WORKER_MARKERS:
            if marker in f:
                return phase
    if any("_dl_" in f or "dl_main" in f for f in outer_in):
        return "worker start (loader)"
    if any("run_point" in f or "run_scenario" in f for f in outer_in):
        return "worker: other"
    if any("exit" in f for f in frames):
        return "worker exit"
    return "worker: kernel, other"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--label", default="")
    ap.add_argument("--hz", type=float, default=0, help="sampling rate of perf record -F (to print ms)")
    ap.add_argument("--parent", type=int, default=0,
                    help="pid of the sweep/validate process (default: the first clustersim process seen)")
    a = ap.parse_args()
    count = collections.Counter()
    parent = a.parent
    workers = set()
    for head, frames in samples(sys.stdin):
        pid = int(head[1].split("/")[0])
        if head[0] != "clustersim":
            continue  # a wrapper (/usr/bin/time), gnuplot...
        parent = parent or pid
        if pid != parent:
            workers.add(pid)
        count[classify(frames, pid == parent)] += 1
    total = sum(count.values())
    print(f"{a.label}: {total} samples, {len(workers)} worker processes")
    for phase, n in count.most_common():
        ms = f"{1000 * n / a.hz:9.0f} ms" if a.hz else ""
        print(f"  {phase:26s} {100 * n / total:5.1f}%  {ms}")


if __name__ == "__main__":
    main()
