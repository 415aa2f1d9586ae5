/* sc_am.c - libsplit's Active Messages transport over MPI point-to-point (being written). */
#include "sc_internal.h"

static void am_init(size_t bytes, int n_stctr) {
  (void)bytes;
  (void)n_stctr;
  sc_fatal("LIBSPLIT_TRANSPORT=am: the am transport is not available yet");
}

const sc_transport_ops sc_am_ops = {.name = "am", .init = am_init};
