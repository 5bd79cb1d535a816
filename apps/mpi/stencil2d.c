/* stencil2d: Jacobi iterations of a 2-D five-point stencil on a periodic grid, block-distributed over a 2-D process
 * grid (MPI_Dims_create).
 *
 * Usage: stencil2d [N [ITERATIONS [CHECK]]]
 *   N           global grid side in points (default 512); each rank holds an (N/px) x (N/py) block, the remainder
 *               spread over the first ranks of each dimension
 *   ITERATIONS  Jacobi sweeps (default 100)
 *   CHECK       every CHECK sweeps the residual is summed over all ranks with MPI_Allreduce (default 10)
 *
 * Communication per sweep, the same whatever the data: each rank posts MPI_Irecv then MPI_Isend for its four faces
 * (north, south, west, east neighbours on the periodic process grid; a face of a dimension the grid does not split
 * is a rank's own, exchanged with itself) and waits for all eight with MPI_Waitall; every CHECK sweeps one
 * MPI_Allreduce of a double. Rank 0 prints the last summed squared update, the same (up to rounding) for any
 * number of ranks.
 * Built with smpicc and run under smpirun (apps/mpi/README.md, docs/byo-application.md). */
#include "args.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A positive integer argument, or the default when absent. */
/* The share of `n` points of block `i` out of `parts`, and where it starts. */
static void block(long n, int parts, int i, long* len, long* start)
{
  long base = n / parts, extra = n % parts;
  *len   = base + (i < extra ? 1 : 0);
  *start = i * base + (i < extra ? i : extra);
}

#define AT(a, i, j) (a)[(size_t)(i) * (size_t)(ny + 2) + (size_t)(j)]

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long n = arg_or("stencil2d", argc, argv, 1, 512), iterations = arg_or("stencil2d", argc, argv, 2, 100), check = arg_or("stencil2d", argc, argv, 3, 10);

  int dims[2] = {0, 0};
  MPI_Dims_create(size, 2, dims);
  if (n < dims[0] || n < dims[1]) {
    if (rank == 0)
      fprintf(stderr, "stencil2d: N=%ld is smaller than the %dx%d process grid\n", n, dims[0], dims[1]);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int px = rank / dims[1], py = rank % dims[1];
  long nx, ny, x0, y0;
  block(n, dims[0], px, &nx, &x0);
  block(n, dims[1], py, &ny, &y0);
  int north = ((px + dims[0] - 1) % dims[0]) * dims[1] + py, south = ((px + 1) % dims[0]) * dims[1] + py;
  int west = px * dims[1] + (py + dims[1] - 1) % dims[1], east = px * dims[1] + (py + 1) % dims[1];

  /* u with a one-point halo; f a fixed source: a point charge at the grid's centre. */
  size_t cells = (size_t)(nx + 2) * (size_t)(ny + 2);
  double* u    = calloc(cells, sizeof(double));
  double* v    = calloc(cells, sizeof(double));
  double* f    = calloc(cells, sizeof(double));
  double* out  = malloc(4 * (size_t)(nx > ny ? nx : ny) * sizeof(double));
  double* in   = malloc(4 * (size_t)(nx > ny ? nx : ny) * sizeof(double));
  if (!u || !v || !f || !out || !in) {
    fprintf(stderr, "stencil2d: rank %d cannot allocate its %ldx%ld block\n", rank, nx, ny);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  if (n / 2 >= x0 && n / 2 < x0 + nx && n / 2 >= y0 && n / 2 < y0 + ny)
    AT(f, n / 2 - x0 + 1, n / 2 - y0 + 1) = 1.0;

  double residual = 0;
  for (long it = 1; it <= iterations; ++it) {
    /* Faces out: rows 1 and nx, columns 1 and ny (columns packed). */
    double *on = out, *os = out + ny, *ow = out + 2 * ny, *oe = out + 2 * ny + nx;
    double *in_n = in, *in_s = in + ny, *in_w = in + 2 * ny, *in_e = in + 2 * ny + nx;
    memcpy(on, &AT(u, 1, 1), (size_t)ny * sizeof(double));
    memcpy(os, &AT(u, nx, 1), (size_t)ny * sizeof(double));
    for (long i = 1; i <= nx; ++i) {
      ow[i - 1] = AT(u, i, 1);
      oe[i - 1] = AT(u, i, ny);
    }
    /* Tags name the direction travelled, so a rank that is its own neighbour (or both of them) matches each face. */
    MPI_Request req[8];
    MPI_Irecv(in_n, (int)ny, MPI_DOUBLE, north, 1, MPI_COMM_WORLD, &req[0]);
    MPI_Irecv(in_s, (int)ny, MPI_DOUBLE, south, 0, MPI_COMM_WORLD, &req[1]);
    MPI_Irecv(in_w, (int)nx, MPI_DOUBLE, west, 3, MPI_COMM_WORLD, &req[2]);
    MPI_Irecv(in_e, (int)nx, MPI_DOUBLE, east, 2, MPI_COMM_WORLD, &req[3]);
    MPI_Isend(on, (int)ny, MPI_DOUBLE, north, 0, MPI_COMM_WORLD, &req[4]);
    MPI_Isend(os, (int)ny, MPI_DOUBLE, south, 1, MPI_COMM_WORLD, &req[5]);
    MPI_Isend(ow, (int)nx, MPI_DOUBLE, west, 2, MPI_COMM_WORLD, &req[6]);
    MPI_Isend(oe, (int)nx, MPI_DOUBLE, east, 3, MPI_COMM_WORLD, &req[7]);
    MPI_Waitall(8, req, MPI_STATUSES_IGNORE);
    memcpy(&AT(u, 0, 1), in_n, (size_t)ny * sizeof(double));
    memcpy(&AT(u, nx + 1, 1), in_s, (size_t)ny * sizeof(double));
    for (long i = 1; i <= nx; ++i) {
      AT(u, i, 0)      = in_w[i - 1];
      AT(u, i, ny + 1) = in_e[i - 1];
    }

    double local = 0;
    for (long i = 1; i <= nx; ++i)
      for (long j = 1; j <= ny; ++j) {
        double next = 0.25 * (AT(u, i - 1, j) + AT(u, i + 1, j) + AT(u, i, j - 1) + AT(u, i, j + 1) + AT(f, i, j));
        local += (next - AT(u, i, j)) * (next - AT(u, i, j));
        AT(v, i, j) = next;
      }
    double* t = u;
    u         = v;
    v         = t;
    if (it % check == 0 || it == iterations)
      MPI_Allreduce(&local, &residual, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  if (rank == 0)
    printf("stencil2d: N=%ld on %dx%d ranks, %ld sweeps, squared update %.6e\n", n, dims[0], dims[1], iterations,
           residual);
  free(u);
  free(v);
  free(f);
  free(out);
  free(in);
  MPI_Finalize();
  return 0;
}
