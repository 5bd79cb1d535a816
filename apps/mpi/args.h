/* The programs' command-line numbers: argument i as a positive integer, `def` when it is not given; anything else
 * stops every rank with status 2, naming the program and the argument. */
#ifndef APPS_MPI_ARGS_H
#define APPS_MPI_ARGS_H

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static long arg_or(const char* program, int argc, char** argv, int i, long def)
{
  if (argc <= i)
    return def;
  char* end;
  long v = strtol(argv[i], &end, 10);
  if (*end != '\0' || v < 1) {
    fprintf(stderr, "%s: argument %d must be a positive integer, got \"%s\"\n", program, i, argv[i]);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return v;
}

#endif
