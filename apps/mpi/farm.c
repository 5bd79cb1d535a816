/* farm: a master-worker task farm. Rank 0 hands out TASKS tasks of varying sizes to the other ranks and collects
 * their results; each worker computes a task and returns its result, then gets the next.
 *
 * Usage: farm [TASKS [SIZE]]
 *   TASKS  tasks in all (default 200)
 *   SIZE   the largest task, in doubles of input data (default 4096); task t has between SIZE/8 and SIZE doubles,
 *          drawn by a fixed linear congruential sequence of t, so the task list is the same in every run
 *
 * Communication: the master sends one task to each worker (MPI_Send: a header of two longs, tag 1, then the task's
 * data, tag 2), then, until no task is left, receives a result from MPI_ANY_SOURCE (tag 3: the task's number and a
 * double) and sends the next task to the worker that returned it; at the end each worker gets a header with task
 * number -1 (tag 1) and stops. Which worker gets which task follows the order results arrive in, i.e. the simulated
 * (or real) time of each worker's computing; the work of each task, and so the whole farm's total, does not change.
 * The master prints the sum of the results: the same for any number of ranks (at least 2).
 * Built with smpicc and run under smpirun (apps/mpi/README.md, docs/byo-application.md). */
#include "args.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { TAG_HEADER = 1, TAG_DATA = 2, TAG_RESULT = 3 };

/* Task t's size in doubles: SIZE/8 .. SIZE, from a linear congruential step of t (Numerical Recipes' constants). */
static long task_size(long t, long size)
{
  unsigned long x = (unsigned long)t * 1664525UL + 1013904223UL;
  long low        = size / 8 > 0 ? size / 8 : 1;
  return low + (long)((x >> 8) % (unsigned long)(size - low + 1));
}

static void send_task(long t, long tasks, long size, double* data, int worker)
{
  long header[2] = {t < tasks ? t : -1, t < tasks ? task_size(t, size) : 0};
  MPI_Send(header, 2, MPI_LONG, worker, TAG_HEADER, MPI_COMM_WORLD);
  if (header[0] < 0)
    return;
  for (long i = 0; i < header[1]; ++i)
    data[i] = (double)((t + i) % 17) / 16.0;
  MPI_Send(data, (int)header[1], MPI_DOUBLE, worker, TAG_DATA, MPI_COMM_WORLD);
}

static double master(int size_ranks, long tasks, long size)
{
  double* data = malloc((size_t)size * sizeof(double));
  if (!data)
    MPI_Abort(MPI_COMM_WORLD, 1);
  long next = 0, done = 0;
  for (int w = 1; w < size_ranks; ++w)
    send_task(next++, tasks, size, data, w);
  double total = 0;
  while (done < tasks) {
    double result[2];
    MPI_Status st;
    MPI_Recv(result, 2, MPI_DOUBLE, MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &st);
    total += result[1];
    ++done;
    /* The next task, or the stop once none is left: a worker that returned a result always waits for one of the two
     * (a worker given the stop at the start, when workers outnumber tasks, returns nothing). */
    send_task(next++, tasks, size, data, st.MPI_SOURCE);
  }
  free(data);
  return total;
}

/* The work of a task: a few passes over its data, about 20 flops a double. */
static double compute(const double* data, long len)
{
  double s = 0;
  for (int pass = 0; pass < 10; ++pass)
    for (long i = 0; i < len; ++i)
      s += data[i] * data[i] * 0.5 + (double)pass * 1e-3;
  return s;
}

static void worker(long size)
{
  double* data = malloc((size_t)size * sizeof(double));
  if (!data)
    MPI_Abort(MPI_COMM_WORLD, 1);
  for (;;) {
    long header[2];
    MPI_Recv(header, 2, MPI_LONG, 0, TAG_HEADER, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (header[0] < 0)
      break;
    MPI_Recv(data, (int)header[1], MPI_DOUBLE, 0, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double result[2] = {(double)header[0], compute(data, header[1])};
    MPI_Send(result, 2, MPI_DOUBLE, 0, TAG_RESULT, MPI_COMM_WORLD);
  }
  free(data);
}

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, size_ranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size_ranks);
  long tasks = arg_or("farm", argc, argv, 1, 200), size = arg_or("farm", argc, argv, 2, 4096);
  if (size_ranks < 2) {
    fprintf(stderr, "farm: needs at least 2 ranks (a master and a worker)\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  if (rank == 0) {
    double total = master(size_ranks, tasks, size);
    printf("farm: %ld tasks (up to %ld doubles) on %d workers, sum of results %.6e\n", tasks, size, size_ranks - 1,
           total);
  } else
    worker(size);
  MPI_Finalize();
  return 0;
}
