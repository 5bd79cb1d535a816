/* cg: conjugate-gradient iterations on the five-point Laplacian of an N x N grid (a sparse matrix of N^2 rows, at
 * most five non-zeros a row), its rows distributed in blocks of whole grid rows over the ranks.
 *
 * Usage: cg [N [ITERATIONS]]
 *   N           grid side (default 256: 65,536 unknowns); each rank holds about N / ranks grid rows
 *   ITERATIONS  CG iterations, a fixed count so that the communication never depends on the numbers (default 50)
 *
 * Communication per iteration, the same whatever the data: the sparse matrix-vector product needs the grid row just
 * above and just below a rank's block, so each rank exchanges one row of N doubles with the rank before it and the
 * rank after it (MPI_Irecv, MPI_Isend, MPI_Waitall; the first and last ranks have one neighbour), then two
 * MPI_Allreduce of one double (the dot products p.Ap and r.r). Before the loop one MPI_Allreduce gives r.r.
 * Rank 0 prints the residual norm at the end: the same (up to rounding) for any number of ranks.
 * Built with smpicc and run under smpirun (apps/mpi/README.md, docs/byo-application.md). */
#include <math.h>
#include "args.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* The rank's grid rows and the halo: p holds rows -1 .. rows (row -1 and row `rows` are the neighbours'). */
struct Block {
  long n, rows;
  int rank, size;
};

/* Fills p's halo rows from the neighbouring ranks (zero beyond the grid's edges: the Dirichlet boundary). */
static void exchange(const struct Block* b, double* p)
{
  MPI_Request req[4];
  int k       = 0;
  double *top = p, *bottom = p + (size_t)(b->rows + 1) * (size_t)b->n;
  if (b->rank > 0) {
    MPI_Irecv(top, (int)b->n, MPI_DOUBLE, b->rank - 1, 0, MPI_COMM_WORLD, &req[k++]);
    MPI_Isend(p + b->n, (int)b->n, MPI_DOUBLE, b->rank - 1, 0, MPI_COMM_WORLD, &req[k++]);
  }
  if (b->rank < b->size - 1) {
    MPI_Irecv(bottom, (int)b->n, MPI_DOUBLE, b->rank + 1, 0, MPI_COMM_WORLD, &req[k++]);
    MPI_Isend(bottom - b->n, (int)b->n, MPI_DOUBLE, b->rank + 1, 0, MPI_COMM_WORLD, &req[k++]);
  }
  MPI_Waitall(k, req, MPI_STATUSES_IGNORE);
}

/* ap = A p for the rank's rows: 4 p[i][j] minus its four neighbours (zero outside the grid). */
static void matvec(const struct Block* b, const double* p, double* ap)
{
  long n = b->n;
  for (long i = 0; i < b->rows; ++i)
    for (long j = 0; j < n; ++j) {
      const double* c = p + (size_t)(i + 1) * (size_t)n + (size_t)j;
      double s        = 4 * c[0] - c[-n] - c[n];
      if (j > 0)
        s -= c[-1];
      if (j < n - 1)
        s -= c[1];
      ap[(size_t)i * (size_t)n + (size_t)j] = s;
    }
}

static double dot(long len, const double* x, const double* y)
{
  double local = 0, sum = 0;
  for (long i = 0; i < len; ++i)
    local += x[i] * y[i];
  MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return sum;
}

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  struct Block b;
  MPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &b.size);
  b.n             = arg_or("cg", argc, argv, 1, 256);
  long iterations = arg_or("cg", argc, argv, 2, 50);
  if (b.n < b.size) {
    if (b.rank == 0)
      fprintf(stderr, "cg: N=%ld gives fewer grid rows than the %d ranks\n", b.n, b.size);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  long base = b.n / b.size, extra = b.n % b.size;
  b.rows   = base + (b.rank < extra ? 1 : 0);
  long len = b.rows * b.n;

  double* x  = calloc((size_t)len, sizeof(double));
  double* r  = malloc((size_t)len * sizeof(double));
  double* ap = malloc((size_t)len * sizeof(double));
  double* p  = calloc((size_t)(len + 2 * b.n), sizeof(double)); /* with the two halo rows */
  if (!x || !r || !ap || !p) {
    fprintf(stderr, "cg: rank %d cannot allocate %ld rows\n", b.rank, b.rows);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  /* Right-hand side: 1 everywhere; x = 0, so r = p = b. */
  for (long i = 0; i < len; ++i)
    r[i] = p[b.n + i] = 1.0;
  double rr = dot(len, r, r);
  for (long it = 0; it < iterations; ++it) {
    exchange(&b, p);
    matvec(&b, p, ap);
    double alpha = rr / dot(len, p + b.n, ap);
    for (long i = 0; i < len; ++i) {
      x[i] += alpha * p[b.n + i];
      r[i] -= alpha * ap[i];
    }
    double rr_next = dot(len, r, r);
    double beta    = rr_next / rr;
    rr             = rr_next;
    for (long i = 0; i < len; ++i)
      p[b.n + i] = r[i] + beta * p[b.n + i];
  }
  if (b.rank == 0)
    printf("cg: N=%ld (%ld unknowns) on %d ranks, %ld iterations, residual norm %.6e\n", b.n, b.n * b.n, b.size,
           iterations, sqrt(rr));
  free(x);
  free(r);
  free(ap);
  free(p);
  MPI_Finalize();
  return 0;
}
