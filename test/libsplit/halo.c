/* halo.c - a ring halo exchange for 1000 iterations: each process owns N values and two ghost
 * cells, stores its edge values into its neighbours' ghost cells on one store counter per
 * direction, waits with store_sync_ctr, and sends a destination-ready token (8 bytes, on another
 * counter per direction) back to each neighbour after consuming the ghost cell; a sender waits for
 * that token before overwriting the ghost cell again. Every value, ghost cell and token is checked
 * every iteration against a closed form; processes are slowed down unevenly to provoke running
 * ahead. */
#include "check.h"
#include <sched.h>

enum { N = 16, ITERS = 1000 };

/* Interior value i (1..N) of process p at iteration t. */
static int64_t v(int t, int p, int i) { return (int64_t)t * 1000000 + p * 1000 + i; }

int main(int argc, char **argv) {
  check_init(&argc, &argv);
  int me = sc_myproc(), np = sc_procs(), right = (me + 1) % np, left = (me + np - 1) % np;
  int64_t *x = sc_all_alloc((N + 2) * sizeof(int64_t), 0);
  int64_t *tok = sc_all_alloc(2 * sizeof(int64_t), 0);   /* [0]: from the left one, [1]: from the right one */
  /* Data coming from the left neighbour (into x[0]) and from the right one (into x[N+1]); tokens
   * from the left neighbour (it consumed my x[1]) and from the right one (it consumed my x[N]). */
  sc_stctr from_left = sc_stctr_alloc(), from_right = sc_stctr_alloc();
  sc_stctr dr_left = sc_stctr_alloc(), dr_right = sc_stctr_alloc();
  for (int i = 1; i <= N; i++) x[i] = v(0, me, i);
  x[0] = x[N + 1] = -1;
  tok[0] = tok[1] = -1;
  int64_t tokv[2];
  sc_barrier();
  for (int t = 0; t < ITERS; t++) {
    if (t > 0) {
      /* Destination ready: both neighbours consumed the ghost cells I filled last iteration. */
      sc_store_sync_ctr(dr_right, 8);
      CHECK_EQ(tok[1], t - 1, "iteration %d: token from the right neighbour %d", t, right);
      sc_store_sync_ctr(dr_left, 8);
      CHECK_EQ(tok[0], t - 1, "iteration %d: token from the left neighbour %d", t, left);
    }
    sc_store_ctr(on(right, &x[0]), &x[N], 8, from_left);
    sc_store_ctr(on(left, &x[N + 1]), &x[1], 8, from_right);
    sc_store_sync_ctr(from_left, 8);
    sc_store_sync_ctr(from_right, 8);
    CHECK_EQ(x[0], v(t, left, N), "iteration %d: left ghost cell (from process %d)", t, left);
    CHECK_EQ(x[N + 1], v(t, right, 1), "iteration %d: right ghost cell (from process %d)", t, right);
    /* Compute: a three-point sum over the block, ghost cells included. */
    int64_t y[N + 2];
    for (int i = 1; i <= N; i++) {
      y[i] = x[i - 1] + x[i] + x[i + 1];
      int64_t lo = i == 1 ? v(t, left, N) : v(t, me, i - 1), hi = i == N ? v(t, right, 1) : v(t, me, i + 1);
      CHECK_EQ(y[i], lo + v(t, me, i) + hi, "iteration %d: stencil at %d", t, i);
    }
    /* The ghost cells are consumed: tell the senders. */
    tokv[0] = tokv[1] = t;
    sc_store_ctr(on(left, &tok[1]), &tokv[0], 8, dr_right);
    sc_store_ctr(on(right, &tok[0]), &tokv[1], 8, dr_left);
    if ((t + 3 * me) % 7 == 0) {
      for (volatile int spin = 0; spin < 20000 * (me + 1); spin = spin + 1) {
      }
      if (me % 2) sched_yield();
    }
    /* The sources of my stores (x[1], x[N], tokv) are about to change. */
    sc_store_local_sync();
    for (int i = 1; i <= N; i++) {
      CHECK_EQ(x[i], v(t, me, i), "iteration %d: interior value %d", t, i);
      x[i] = v(t + 1, me, i);
    }
  }
  sc_store_sync_ctr(dr_right, 8);
  CHECK_EQ(tok[1], ITERS - 1, "last token from the right neighbour");
  sc_store_sync_ctr(dr_left, 8);
  CHECK_EQ(tok[0], ITERS - 1, "last token from the left neighbour");
  sc_barrier();
  sc_stctr_free(dr_right), sc_stctr_free(dr_left), sc_stctr_free(from_right), sc_stctr_free(from_left);
  sc_all_free(tok);
  sc_all_free(x);
  return check_done("halo");
}
