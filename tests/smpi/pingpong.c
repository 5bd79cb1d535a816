/* Ping-pong between rank 0 and rank PEER, as the pingpong model runs it (models/pingpong): ROUND_TRIPS exchanges of
 * a SIZE-byte request and a SIZE-byte reply. Rank 0 prints the simulated time from the first request to the last
 * reply. Usage: pingpong ROUND_TRIPS SIZE [PEER] (PEER default 1). The test of `clustersim smpi-platform`
 * (tests/integration/smpi_platform.sh) compares it with `clustersim run scenarios/pingpong/pingpong.json` on the same
 * platform. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long trips = argc > 1 ? atol(argv[1]) : 1000, size = argc > 2 ? atol(argv[2]) : 64;
  int peer  = argc > 3 ? atoi(argv[3]) : 1;
  char* buf = calloc((size_t)size + 1, 1);
  /* Both ranks start at time 0, as the model's two actors do: no barrier before, whose messages would shift them. */
  double start = MPI_Wtime();
  for (long i = 0; i < trips; ++i) {
    if (rank == 0) {
      MPI_Send(buf, (int)size, MPI_CHAR, peer, 0, MPI_COMM_WORLD);
      MPI_Recv(buf, (int)size, MPI_CHAR, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == peer) {
      MPI_Recv(buf, (int)size, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(buf, (int)size, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
    }
  }
  if (rank == 0)
    printf("%.17g\n", MPI_Wtime() - start);
  free(buf);
  MPI_Finalize();
  return 0;
}
