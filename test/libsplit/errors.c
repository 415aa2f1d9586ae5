/* errors.c - programs that libsplit must stop with a clear message, and one start-up that must
 * work; test/unit/libsplit.sh runs it at np = 2 with one argument naming the case and checks the
 * exit status and standard error:
 *   mpifirst   MPI_Init before sc_init, an explicit configuration (the am transport, 1 MiB) that
 *              wins over $LIBSPLIT_TRANSPORT, and MPI still usable after sc_finalize: exits 0
 *   ok         nothing wrong (run with bad environment values such as LIBSPLIT_TRANSPORT=bogus)
 *   abort      process 1 calls sc_abort(7, "user stop %d", 42) while process 0 waits in a barrier
 *   watchdog   process 0 waits in store_sync for 8 bytes that never come (LIBSPLIT_WATCHDOG=1)
 *   tolocal    sc_tolocal of a pointer to another process
 *   offset     sc_get from an offset past the end of the next process's segment
 *   proc       sc_put to a process that does not exist
 *   full       sc_all_alloc of more than the segment holds
 *   lifo       sc_all_free of a symmetric block that is not the last one allocated */
#include "check.h"
#include <mpi.h>

static int mpi_first(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  sc_config cfg = {.segment_bytes = (size_t)1 << 20, .transport = SC_TRANSPORT_AM, .n_store_counters = 0};
  sc_init(&argc, &argv, &cfg);
  int me = sc_myproc(), np = sc_procs(), size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK_EQ(np, size, "sc_procs and the size of MPI_COMM_WORLD");
  CHECK(sc_transport_used() == SC_TRANSPORT_AM,
        "the configured transport (am) wins over $LIBSPLIT_TRANSPORT: %s", sc_transport_name());
  int64_t *x = sc_all_alloc(8, 0), v = me + 100;
  *x = -1;
  sc_barrier();
  sc_store(on((me + 1) % np, x), &v, 8);
  sc_all_store_sync();
  CHECK_EQ(*x, (me + np - 1) % np + 100, "a store around the ring");
  sc_all_free(x);
  sc_finalize();
  int fin = 1, one = 1, sum = 0;
  MPI_Finalized(&fin);
  CHECK(!fin, "sc_finalize finalized MPI although sc_init did not initialize it");
  MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  CHECK_EQ(sum, np, "MPI_Allreduce after sc_finalize");
  MPI_Finalize();
  return check_failures ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "mpifirst") == 0) return mpi_first(argc, argv);
  sc_init(&argc, &argv, NULL);
  int me = sc_myproc(), np = sc_procs(), right = (me + 1) % np;
  const char *what = argc > 1 ? argv[1] : "ok";
  int64_t v = 0;
  if (strcmp(what, "abort") == 0) {
    if (me == 1 % np) sc_abort(7, "user stop %d", 42);
    sc_barrier();
    printf("the barrier completed after sc_abort\n");
  } else if (strcmp(what, "watchdog") == 0) {
    if (me == 0) sc_store_sync(8);
  } else if (strcmp(what, "tolocal") == 0) {
    int64_t *p = sc_all_alloc(64, 0);
    sc_barrier();
    if (me == 0) {
      int64_t *q = sc_tolocal(sc_toglobal(np > 1 ? right : 1, p));
      printf("sc_tolocal of a remote pointer returned %p\n", (void *)q);
    }
  } else if (strcmp(what, "offset") == 0) {
    if (me == 0) {
      sc_get(&v, sc_gptr_make(right, (uint64_t)1 << 40), 8);
      sc_sync();
      printf("sc_get past the end of the segment returned %" PRId64 "\n", v);
    }
  } else if (strcmp(what, "proc") == 0) {
    if (me == 0) {
      sc_put(sc_gptr_make(np + 3, 65536), &v, 8);
      sc_sync();
      printf("sc_put to process %d completed\n", np + 3);
    }
  } else if (strcmp(what, "full") == 0) {
    void *p = sc_all_alloc((size_t)64 << 20, 0);
    printf("sc_all_alloc of 64 MiB returned %p\n", p);
  } else if (strcmp(what, "lifo") == 0) {
    void *a = sc_all_alloc(64, 0), *b = sc_all_alloc(64, 0);
    sc_all_free(a);
    printf("sc_all_free of the older block completed (%p)\n", b);
  } else if (strcmp(what, "ok") != 0) {
    fprintf(stderr, "errors: unknown case %s\n", what);
    return 2;
  }
  sc_finalize();
  return 0;
}
