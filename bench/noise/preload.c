/* preload.c (bench) - AZ_NOISE for programs that do not use azc's runtime: built as a shared
 * object with rtl/zrt/zrt_noise.c and loaded with LD_PRELOAD into the hand-written MPI references, it
 * starts the same detours (process number and count from Open MPI's environment) before main;
 * in a process that Open MPI did not start (mpirun itself) it does nothing. */
#include "zrt_noise.h"
#include <stdio.h>
#include <stdlib.h>

__attribute__((constructor)) static void start_noise(void) {
  const char *rank = getenv("OMPI_COMM_WORLD_RANK"), *size = getenv("OMPI_COMM_WORLD_SIZE");
  if (!rank || !size)
    return; /* not an MPI process (mpirun itself, for example) */
  const char *why = zrt_noise_start(getenv("AZ_NOISE"), atoi(rank), atoi(size));
  if (why) {
    fprintf(stderr, "noise preload: error: %s\n", why);
    exit(2);
  }
}
