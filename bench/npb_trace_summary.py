#!/usr/bin/env python3
"""Summarises an SMPI time-independent trace of an NPB run, and compares it with the msglog model's built-in stream.

  npb_trace_summary.py trace INDEX.ti > real.json
      INDEX.ti: the file `smpirun -trace-ti --cfg=tracing/filename:INDEX.ti` writes (one rank file a line). Prints the
      messages of every rank: {"rank_ops": [{"rank", "logged": {dst: {bytes: count}}, "recvs": {src: n},
      "collectives": {kind: {"calls": n, "bytes": b}}}]}, in the shape bench_nas_stream_summary prints for the model.
      "logged" is every point-to-point send of the application (what a sender-based logging library copies).
  npb_trace_summary.py compare REAL.json MODEL.json [--title T]
      Prints a Markdown comparison: per rank (min-max over the ranks) messages, bytes and partners; totals and their
      relative difference; the message sizes whose counts differ; the collectives.

The trace format is SimGrid 3.32's (src/instr/instr_private.hpp: TIData::print; counts are in elements of the
datatype, whose id is SMPI's, src/smpi/mpi/smpi_datatype.cpp)."""
import argparse
import collections
import json
import os
import signal
import sys

# SMPI 3.32's predefined datatype ids -> bytes on x86-64 (src/smpi/mpi/smpi_datatype.cpp, CREATE_MPI_DATATYPE;
# Fortran's MPI_DOUBLE_PRECISION is id 0, MPI_INTEGER id 1, MPI_LOGICAL id 23 in smpi_init_fortran_types).
TYPE_BYTES = {
    "0": 8, "1": 4, "2": 1, "3": 2, "4": 8, "5": 4, "6": 1, "7": 8, "8": 1, "9": 1, "10": 2, "11": 4, "12": 8,
    "13": 8, "14": 16, "15": 4, "16": 1, "17": 1, "18": 2, "19": 4, "20": 8, "21": 1, "22": 2, "23": 4, "24": 8,
    "25": 8, "26": 16, "27": 32, "28": 8, "29": 8, "36": 16, "38": 4, "39": 4, "40": 8, "41": 16, "42": 8, "43": 16,
    "46": 2, "47": 4, "48": 8, "57": 1,
}
SENDS = {"send", "isend", "Ssend", "ISsend", "bsend", "ibsend"}
RECVS = {"recv", "irecv"}
# Collectives whose receive type is not printed (the type is the last field), and those printing both types.
COLL_ONE_TYPE = {"bcast", "ibcast", "reduce", "ireduce", "allreduce", "iallreduce", "scan", "iscan", "exscan",
                 "iexscan"}
COLL_TWO_TYPES = {"gather", "igather", "allgather", "iallgather", "scatter", "iscatter", "alltoall", "ialltoall"}
COLL_VAR = {"gatherv", "igatherv", "allgatherv", "iallgatherv", "scatterv", "iscatterv", "alltoallv", "ialltoallv",
            "reducescatter", "ireducescatter"}
NO_DATA = {"init", "finalize", "wait", "waitall", "waitany", "waitAny", "test", "testany", "testall", "testsome",
           "compute", "sleep", "barrier", "ibarrier", "Start", "Startall"}


class TraceError(Exception):
    pass


def type_bytes(type_id, where):
    if type_id not in TYPE_BYTES:
        raise TraceError(f"{where}: datatype id {type_id!r} is not a predefined SMPI type this script knows")
    return TYPE_BYTES[type_id]


def new_rank():
    return {"logged": collections.defaultdict(collections.Counter), "recvs": collections.Counter(),
            "collectives": collections.defaultdict(lambda: {"calls": 0, "bytes": 0})}


def read_line(ranks, line, where):
    f = line.split()
    if len(f) < 2:
        raise TraceError(f"{where}: expected '<rank> <action> ...'")
    r, action, args = int(f[0]), f[1], f[2:]
    rk = ranks.setdefault(r, new_rank())
    if action in SENDS:  # dst tag count type
        rk["logged"][int(args[0])][int(args[2]) * type_bytes(args[3], where)] += 1
    elif action in RECVS:  # src tag count type
        rk["recvs"][int(args[0])] += 1
    elif action == "sendRecv":  # sendcount dst recvcount src sendtype recvtype
        rk["logged"][int(args[1])][int(args[0]) * type_bytes(args[4], where)] += 1
        rk["recvs"][int(args[3])] += 1
    elif action in COLL_ONE_TYPE or action in COLL_TWO_TYPES:
        stype = args[-1] if action in COLL_ONE_TYPE else args[-2]
        c = rk["collectives"][action]
        c["calls"] += 1
        c["bytes"] += int(args[0]) * type_bytes(stype, where)
    elif action in COLL_VAR:
        rk["collectives"][action]["calls"] += 1
        rk["collectives"][action]["bytes"] = None  # per-peer counts: not summed here
    elif action in NO_DATA:
        if action in ("barrier", "ibarrier"):
            rk["collectives"][action]["calls"] += 1
    else:
        raise TraceError(f"{where}: unknown action {action!r}")


def summarise_trace(index):
    base = os.path.dirname(os.path.abspath(index))
    ranks = {}
    with open(index) as idx:
        files = [ln.strip() for ln in idx if ln.strip()]
    if not files:
        raise TraceError(f"{index}: lists no rank file")
    for name in files:
        path = name if os.path.isabs(name) else os.path.join(base, name)
        with open(path) as fh:
            for n, line in enumerate(fh, 1):
                if line.strip():
                    read_line(ranks, line, f"{path}:{n}")
    if sorted(ranks) != list(range(len(ranks))):
        raise TraceError(f"{index}: ranks {sorted(ranks)} are not 0..{len(ranks) - 1}")
    out = []
    for r in sorted(ranks):
        rk = ranks[r]
        out.append({"rank": r,
                    "logged": {str(d): {str(b): n for b, n in sorted(s.items())} for d, s in sorted(rk["logged"].items())},
                    "recvs": {str(s): n for s, n in sorted(rk["recvs"].items())},
                    "collectives": {k: v for k, v in sorted(rk["collectives"].items())}})
    return {"source": os.path.basename(index), "ranks": len(out), "rank_ops": out}


# ---- comparison ----

def per_rank(doc, key="logged"):
    """Per rank: messages and bytes sent, the ranks sent to, and the ranks that sent to it (from the senders' side,
    so that the model's unlogged transfers, whose receives look like any other, stay out)."""
    senders = collections.defaultdict(set)
    for rk in doc["rank_ops"]:
        for d in rk.get(key, {}):
            senders[int(d)].add(rk["rank"])
    rows = []
    for rk in doc["rank_ops"]:
        sends = rk.get(key, {})
        msgs = sum(n for s in sends.values() for n in s.values())
        vol = sum(float(b) * n for s in sends.values() for b, n in s.items())
        rows.append({"msgs": msgs, "bytes": vol, "to": frozenset(int(d) for d in sends),
                     "from": frozenset(senders[rk["rank"]])})
    return rows


def span(values, fmt):
    lo, hi = min(values), max(values)
    return fmt(lo) if lo == hi else f"{fmt(lo)}–{fmt(hi)}"


def rel(model, real):
    if real == 0:
        return "—" if model == 0 else "new"
    return f"{(model - real) / real * 100:+.1f}%"


def mib(b):
    return f"{b / 2**20:.3f}"


def sizes(doc, key="logged"):
    c = collections.Counter()
    for rk in doc["rank_ops"]:
        for s in rk.get(key, {}).values():
            for b, n in s.items():
                c[float(b)] += n
    return c


def comparison_rows(real, model):
    a, b = per_rank(real), per_rank(model)
    ta = {"msgs": sum(r["msgs"] for r in a), "bytes": sum(r["bytes"] for r in a)}
    tb = {"msgs": sum(r["msgs"] for r in b), "bytes": sum(r["bytes"] for r in b)}
    same_to = sum(1 for x, y in zip(a, b) if x["to"] == y["to"])
    same_from = sum(1 for x, y in zip(a, b) if x["from"] == y["from"])
    return [
        ("point-to-point messages sent per rank", span([r["msgs"] for r in a], str), span([r["msgs"] for r in b], str),
         rel(tb["msgs"], ta["msgs"])),
        ("MiB sent per rank", span([r["bytes"] for r in a], mib), span([r["bytes"] for r in b], mib),
         rel(tb["bytes"], ta["bytes"])),
        ("ranks sent to, per rank", span([len(r["to"]) for r in a], str), span([len(r["to"]) for r in b], str),
         f"same set on {same_to} of {len(a)} ranks"),
        ("ranks received from, per rank", span([len(r["from"]) for r in a], str),
         span([len(r["from"]) for r in b], str), f"same set on {same_from} of {len(a)} ranks"),
        ("messages, all ranks", str(ta["msgs"]), str(tb["msgs"]), rel(tb["msgs"], ta["msgs"])),
        ("MiB, all ranks", mib(ta["bytes"]), mib(tb["bytes"]), rel(tb["bytes"], ta["bytes"])),
    ]


def size_rows(real, model, limit):
    ca, cb = sizes(real), sizes(model)
    diff = [(abs(cb[s] - ca[s]) * s, s) for s in set(ca) | set(cb) if ca[s] != cb[s]]
    diff.sort(reverse=True)
    return [(f"{s:g}", ca[s], cb[s], f"{(cb[s] - ca[s]) * s / 2**20:+.3f}") for _, s in diff[:limit]], len(diff)


def collective_rows(real, model):
    kinds = collections.defaultdict(lambda: [[], []])
    for side, doc in enumerate((real, model)):
        for rk in doc["rank_ops"]:
            for k, v in rk.get("collectives", {}).items():
                kinds[k][side].append((v["calls"], v["bytes"]))
    rows = []
    for k in sorted(kinds):
        real_c, _ = kinds[k]
        calls = span([c for c, _ in real_c], str) if real_c else "0"
        known = [b for _, b in real_c if b is not None]
        vol = span(known, str) if known else "n/a"
        rows.append((k, calls, vol))
    # The model moves collectives only as unlogged point-to-point transfers (EP's allreduces).
    unl = per_rank(model, "unlogged")
    model_coll = span([r["msgs"] for r in unl], str) + " transfers, " + span([r["bytes"] for r in unl], lambda x: f"{x:g}") + " B"
    return rows, model_coll


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def compare(real, model, title, limit=12):
    lines = [f"#### {title}", "", table(["per rank (min–max over ranks)", "NPB (SMPI trace)", "model stream",
                                         "model vs NPB"], comparison_rows(real, model)), ""]
    srows, ndiff = size_rows(real, model, limit)
    if ndiff:
        lines += [f"Message sizes whose counts differ (all ranks; {min(ndiff, limit)} of {ndiff} largest by bytes):",
                  "", table(["bytes", "NPB messages", "model messages", "model − NPB (MiB)"], srows), ""]
    else:
        lines += ["Every message size occurs as often in the model as in NPB.", ""]
    crows, model_coll = collective_rows(real, model)
    lines += ["Collectives per rank in NPB (calls; bytes contributed by a rank), not logged; the model's: "
              f"{model_coll} (unlogged point-to-point).", "",
              table(["collective", "calls", "bytes"], crows), ""]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("trace")
    t.add_argument("index")
    c = sub.add_parser("compare")
    c.add_argument("real")
    c.add_argument("model")
    c.add_argument("--title", default="")
    args = ap.parse_args()
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a reader that stops early (head) ends the script quietly
    try:
        if args.cmd == "trace":
            json.dump(summarise_trace(args.index), sys.stdout)
            print()
        else:
            with open(args.real) as f:
                real = json.load(f)
            with open(args.model) as f:
                model = json.load(f)
            if len(real["rank_ops"]) != len(model["rank_ops"]):
                raise TraceError(f"{args.model}: {len(model['rank_ops'])} ranks, {args.real}: {len(real['rank_ops'])}")
            print(compare(real, model, args.title))
    except (OSError, ValueError, IndexError, TraceError) as e:
        print(f"npb_trace_summary.py: {e}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
