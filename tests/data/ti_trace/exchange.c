/* A tiny MPI program for the trace-replay tests (tests/integration/msglog_trace.sh): a ring exchange with
 * nonblocking and blocking point-to-point messages, then one call of each collective SMPI's replay knows. Traced
 * with `smpirun -trace-ti`; replayed by clustersim's msglog model (params.bench "trace") and by `smpirun -replay`.
 * Written for 4 ranks (the v-collectives' counts). */
#include <mpi.h>

static double work(int n)
{
  volatile double x = 0;
  for (int i = 0; i < n; i++)
    x += i * 0.5;
  return x;
}

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int r, n;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  static double buf[4096], rb[4096];
  for (int i = 0; i < 4096; i++)
    buf[i] = i;
  for (int it = 0; it < 5; it++) {
    work(200000);
    MPI_Request q[2];
    MPI_Irecv(rb, 1000, MPI_DOUBLE, (r + n - 1) % n, 7, MPI_COMM_WORLD, &q[0]);
    MPI_Isend(buf, 1000, MPI_DOUBLE, (r + 1) % n, 7, MPI_COMM_WORLD, &q[1]);
    MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
    MPI_Request s;
    MPI_Irecv(rb, 10, MPI_INT, (r + 1) % n, 3, MPI_COMM_WORLD, &s);
    MPI_Send(buf, 10, MPI_INT, (r + n - 1) % n, 3, MPI_COMM_WORLD);
    MPI_Wait(&s, MPI_STATUS_IGNORE);
    MPI_Allreduce(buf, rb, 10, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  MPI_Bcast(buf, 100, MPI_INT, 1, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Reduce(buf, rb, 50, MPI_DOUBLE, MPI_SUM, 2, MPI_COMM_WORLD);
  MPI_Alltoall(buf, 8, MPI_DOUBLE, rb, 8, MPI_DOUBLE, MPI_COMM_WORLD);
  MPI_Gather(buf, 5, MPI_FLOAT, rb, 5, MPI_FLOAT, 0, MPI_COMM_WORLD);
  MPI_Allgather(buf, 5, MPI_CHAR, rb, 5, MPI_CHAR, MPI_COMM_WORLD);
  MPI_Scatter(buf, 6, MPI_INT, rb, 6, MPI_INT, 3, MPI_COMM_WORLD);
  int cnt[4] = {1, 2, 3, 4}, dsp[4] = {0, 1, 3, 6};
  MPI_Gatherv(buf, r + 1, MPI_DOUBLE, rb, cnt, dsp, MPI_DOUBLE, 1, MPI_COMM_WORLD);
  MPI_Allgatherv(buf, r + 1, MPI_DOUBLE, rb, cnt, dsp, MPI_DOUBLE, MPI_COMM_WORLD);
  MPI_Scatterv(buf, cnt, dsp, MPI_DOUBLE, rb, r + 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  int sc[4] = {r + 1, r + 1, r + 1, r + 1}, sd[4] = {0, 4, 8, 12};
  MPI_Alltoallv(buf, sc, sd, MPI_DOUBLE, rb, cnt, dsp, MPI_DOUBLE, MPI_COMM_WORLD);
  int rc[4] = {2, 2, 2, 2};
  MPI_Reduce_scatter(buf, rb, rc, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Sendrecv(buf, 3, MPI_DOUBLE, (r + 1) % n, 0, rb, 3, MPI_DOUBLE, (r + n - 1) % n, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  MPI_Scan(buf, rb, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  work(100000);
  MPI_Finalize();
  return 0;
}
