"""What SMPI's own replay sent and received per rank, and what each rank's trace gives the logging to copy: the
figures the trace-replay tests hold clustersim's `ranks` table to (tests/smpi/replay_apps.sh,
tests/integration/msglog_trace.sh)."""

# SimGrid 3.32's datatype sizes in a time-independent trace (smpi_replay.cpp's encoding; 6, MPI_BYTE, when absent).
DATATYPE_BYTES = {0: 8, 1: 4, 2: 1, 4: 8, 5: 4, 6: 1}


def smpi_transfers(paje, index):
    """Per rank [count, bytes] sent and received in SMPI's replay, and [count, bytes] the trace's sends log.

    Every transfer of SMPI's replay is a Paje link (15: start, the sender's container; 16: end, the receiver's). Its
    replay traces a sendRecv's message twice (SendRecvAction::kernel's TRACE_smpi_send, then Request::sendrecv's
    own), so each rank's sendRecv lines are taken off once."""
    links, ends = {}, {}
    for line in open(paje):
        f = line.split()
        if f and f[0] == "15":
            links[f[6]] = (int(f[5]) - 1, float(f[7]))
        elif f and f[0] == "16":
            ends[f[6]] = int(f[5]) - 1
    files = [l.strip() for l in open(index) if l.strip()]
    lines = [[l.split() for l in open(p) if l.strip()] for p in files]
    n = len(files)
    sent = [[0, 0.0] for _ in range(n)]
    got = [[0, 0.0] for _ in range(n)]
    for key, (src, size) in links.items():
        sent[src][0] += 1
        sent[src][1] += size
        dst = ends[key]
        got[dst][0] += 1
        got[dst][1] += size
    logged = [[0, 0.0] for _ in range(n)]
    for r in range(n):
        for t in lines[r]:
            if t[1] in ("send", "isend"):
                logged[r][0] += 1
                logged[r][1] += int(t[4]) * DATATYPE_BYTES[int(t[5]) if len(t) > 5 else 6]
            if t[1] == "sendRecv":
                b = int(t[2]) * DATATYPE_BYTES[int(t[6])]
                logged[r][0] += 1
                logged[r][1] += b
                sent[r][0] -= 1
                sent[r][1] -= b
                got[int(t[3])][0] -= 1
                got[int(t[3])][1] -= b
    return sent, got, logged
