/* The MPI program behind tests/data/checkpoint_trace: four ranks in a ring. Each of 8 iterations computes,
 * exchanges 8000 B with both neighbours (isend/irecv/waitall) and agrees on a sum (allreduce); then one bcast, one
 * blocking send/recv pair and a barrier. smpi_execute_flops makes the compute exact (1e8 flops a step), so the trace
 * holds the same numbers whatever machine traced it. */
#include <mpi.h>
#include <smpi/smpi.h>
int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double out[1000] = {0}, left[1000], right[1000], s = rank, tot = 0;
  for (int it = 0; it < 8; it++) {
    smpi_execute_flops(1e8);
    MPI_Request r[4];
    MPI_Isend(out, 1000, MPI_DOUBLE, (rank + 1) % size, 0, MPI_COMM_WORLD, &r[0]);
    MPI_Isend(out, 1000, MPI_DOUBLE, (rank + size - 1) % size, 1, MPI_COMM_WORLD, &r[1]);
    MPI_Irecv(left, 1000, MPI_DOUBLE, (rank + size - 1) % size, 0, MPI_COMM_WORLD, &r[2]);
    MPI_Irecv(right, 1000, MPI_DOUBLE, (rank + 1) % size, 1, MPI_COMM_WORLD, &r[3]);
    MPI_Waitall(4, r, MPI_STATUSES_IGNORE);
    MPI_Allreduce(&s, &tot, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  MPI_Bcast(&tot, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  smpi_execute_flops(5e7);
  if (rank == 0)
    MPI_Send(out, 100, MPI_DOUBLE, 1, 3, MPI_COMM_WORLD);
  if (rank == 1)
    MPI_Recv(left, 100, MPI_DOUBLE, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
