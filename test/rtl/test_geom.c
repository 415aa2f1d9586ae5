/* test_geom.c - the runtime's pure geometry (rtl/zrt/zrt_geom.c, which azc shares): zg_dims_create
 * chooses the same grid as Open MPI's MPI_Dims_create for every process count up to 256 and every
 * rank (both are called, MPI as a singleton), the blocks of a grid, and the rounds of the
 * dissemination gather. */
#define RTL_CHECK_MPI /* MPI_Init in a child */
#include "rtl_check.h"
#include "zrt_internal.h"
#include <mpi.h>

/* In a child: MPI_Dims_create against zg_dims_create; each difference is a line on stdout. */
static void dims_child(void *arg) {
  (void)arg;
  setenv("OMPI_MCA_ess_singleton_isolated", "1", 0);
  int argc = 0;
  char **argv = NULL;
  MPI_Init(&argc, &argv);
  for (int n = 1; n <= 256; n++)
    for (int r = 1; r <= ZRT_MAX_RANK; r++) {
      int want[ZRT_MAX_RANK] = {0}, got[ZRT_MAX_RANK] = {0};
      MPI_Dims_create(n, r, want);
      zg_dims_create(n, r, got);
      if (memcmp(want, got, sizeof want) != 0)
        printf("%d processes, rank %d: MPI_Dims_create %dx%dx%d..., zg_dims_create %dx%dx%d...\n", n, r, want[0],
               want[1], want[2], got[0], got[1], got[2]);
    }
  MPI_Finalize();
}

static void test_dims(void) {
  child_result r = run_child(dims_child, NULL);
  CHECK_CHILD(r, 0, "", "");
  int d[3];
  zg_dims_create(12, 2, d);
  CHECK(d[0] == 4 && d[1] == 3);
  zg_dims_create(1, 3, d);
  CHECK(d[0] == 1 && d[1] == 1 && d[2] == 1);
}

/* Blocks of a 3 x 2 grid over [1..10] x [0..3]: open-ended at the ends. */
static void test_blocks(void) {
  zg_grid g = {true, {3, 2}, {1, 0}, {10, 3}};
  int64_t lo, hi;
  CHECK(zg_block_at(&g, 0, 0, &lo, &hi) && lo == INT64_MIN && hi == 4);
  CHECK(zg_block_at(&g, 0, 1, &lo, &hi) && lo == 5 && hi == 7);
  CHECK(zg_block_at(&g, 0, 2, &lo, &hi) && lo == 8 && hi == INT64_MAX);
  CHECK(zg_block_at(&g, 1, 1, &lo, &hi) && lo == 2 && hi == INT64_MAX);
  int c[2];
  CHECK(zg_proc_coords(&g, 2, 5, c) && c[0] == 2 && c[1] == 1);
  zg_grid none = {0};
  CHECK(zg_block_at(&none, 0, 0, &lo, &hi) && lo == INT64_MIN && hi == INT64_MAX);
  CHECK(!zg_block_at(&none, 0, 1, &lo, &hi));
}

/* A halo over [1..8] x [1..8] on 2 x 2 processes: process 0 sends process 1 (east) one column of
 * its four rows for A@west; with A@nw too, the two boxes merge into the column and its corner. */
static void test_pairs(void) {
  zg_grid grids[ZRT_MAX_RANK + 1] = {{0}};
  grids[2] = (zg_grid){true, {2, 2}, {1, 1}, {8, 8}};
  zrt_array a = {0};
  a.rank = 2;
  a.elem = 8;
  a.slo[0] = a.slo[1] = 0;
  a.shi[0] = a.shi[1] = 9;
  zrt_region c = zrt_region_make(2, (int64_t[]){1, 1}, (int64_t[]){8, 8}, 0);
  zg_item items[2] = {{.a = &a, .d = {0, -1}}, {.a = &a, .d = {-1, -1}}};
  static zg_pair p;
  zg_pair_boxes(grids, &c, items, 1, 0, 1, &p);
  CHECK(p.nboxes == 1 && p.bytes == 4 * 8 && p.boxes[0].lo[0] == 1 && p.boxes[0].hi[0] == 4 && p.boxes[0].lo[1] == 4);
  zg_pair_boxes(grids, &c, items, 2, 0, 1, &p);
  CHECK(p.nboxes == 1 && p.bytes == 5 * 8 && p.boxes[0].lo[0] == 0 && p.boxes[0].hi[0] == 4);
  zg_pair_boxes(grids, &c, items, 2, 1, 0, &p);
  CHECK(p.nboxes == 0 && p.bytes == 0);
}

/* A shift under a moved region is not the shift plus the move under the region: over [2..8 by 2]
 * on 2 processes (blocks [1..4] and [5..8]), A@[-1] under the region moved by +1 makes process 1
 * (its part of [3..9 by 2]: 5, 7) read 4 and 6, so process 0 sends it element 4; A@[0] under the
 * unmoved region (process 1's part: 6, 8) needs nothing from process 0. */
static void test_moved_pairs(void) {
  zg_grid grids[ZRT_MAX_RANK + 1] = {{0}};
  grids[1] = (zg_grid){true, {2}, {1}, {8}};
  zrt_array a = {0};
  a.rank = 1;
  a.elem = 8;
  a.slo[0] = 0;
  a.shi[0] = 9;
  zrt_region c = zrt_region_make(1, (int64_t[]){2}, (int64_t[]){8}, 0);
  c.stride[0] = 2;
  c.align[0] = 2;
  zg_item moved = {.a = &a, .d = {-1}, .move = {1}}, sum = {.a = &a, .d = {0}};
  static zg_pair p;
  zg_pair_boxes(grids, &c, &moved, 1, 0, 1, &p);
  CHECK(p.nboxes == 1 && p.boxes[0].lo[0] == 4 && p.boxes[0].hi[0] == 4 && p.bytes == 8);
  zg_pair_boxes(grids, &c, &sum, 1, 0, 1, &p);
  CHECK(p.nboxes == 0);
}

/* A wrap-around shift A@^[1] of A over [1..8] on 2 processes: process 0 sends process 1 its
 * element 1 for the ghost cell 9 (read at offset -8) and nothing else of the item; process 1 has
 * nothing to copy itself. On one process the ghost cell is a copy within the process. A shift of 3
 * of an array of extent 2 wraps more than once: [1..2] + 3 = [4..5] reads 2 and 1. */
static void test_wrap_pairs(void) {
  zg_grid grids[ZRT_MAX_RANK + 1] = {{0}};
  grids[1] = (zg_grid){true, {2}, {1}, {8}};
  zrt_array a = {0};
  a.rank = 1;
  a.elem = 4;
  a.dlo[0] = a.slo[0] = 1;
  a.dhi[0] = a.shi[0] = 8;
  zrt_region c = zrt_region_make(1, (int64_t[]){1}, (int64_t[]){8}, 0);
  zg_item item = {.a = &a, .d = {1}, .wrap = true};
  static zg_pair p;
  zg_pair_boxes(grids, &c, &item, 1, 0, 1, &p);
  CHECK(p.nboxes == 1 && p.bytes == 4 && p.boxes[0].lo[0] == 9 && p.boxes[0].hi[0] == 9 && p.off[0][0] == -8);
  zg_pair_boxes(grids, &c, &item, 1, 1, 1, &p);
  CHECK(p.nboxes == 0);
  zg_pair_boxes(grids, &c, &item, 1, 1, 0, &p);
  CHECK(p.nboxes == 1 && p.boxes[0].lo[0] == 5 && p.boxes[0].hi[0] == 5 && p.off[0][0] == 0);
  zg_grid one[ZRT_MAX_RANK + 1] = {{0}};
  zg_pair_boxes(one, &c, &item, 1, 0, 0, &p);
  CHECK(p.nboxes == 1 && p.boxes[0].lo[0] == 9 && p.off[0][0] == -8);
  a.dhi[0] = a.shi[0] = 2;
  c = zrt_region_make(1, (int64_t[]){1}, (int64_t[]){2}, 0);
  item.d[0] = 3;
  zg_pair_boxes(one, &c, &item, 1, 0, 0, &p);
  CHECK(p.nboxes == 2 && p.bytes == 8);
  CHECK(p.boxes[0].lo[0] == 4 && p.off[0][0] == -2 && p.boxes[1].lo[0] == 5 && p.off[1][0] == -4);
}

/* Dissemination on 5 processes: steps at distances 1, 2, 4 carry 1, 2 and 1 blocks; flat on 4:
 * one step, block k from process me + k. */
static void test_gather(void) {
  zg_gather_msg m[4];
  CHECK(zg_gather_steps(5, ZG_DISSEMINATION) == 3 && zg_gather_steps(4, ZG_DISSEMINATION) == 2);
  CHECK(zg_gather_steps(1, ZG_DISSEMINATION) == 0);
  CHECK(zg_gather_steps(4, ZG_FLAT) == 1 && zg_gather_steps(1, ZG_FLAT) == 0);
  CHECK(zg_gather_step(5, 0, ZG_DISSEMINATION, 0, 8, m) == 1 && m[0].from == 1 && m[0].to == 4 && m[0].bytes == 8 && m[0].at == 8);
  CHECK(zg_gather_step(5, 3, ZG_DISSEMINATION, 1, 8, m) == 1 && m[0].from == 0 && m[0].to == 1 && m[0].bytes == 16 && m[0].at == 16);
  CHECK(zg_gather_step(5, 3, ZG_DISSEMINATION, 2, 8, m) == 1 && m[0].from == 2 && m[0].to == 4 && m[0].bytes == 8 && m[0].at == 32);
  CHECK(zg_gather_step(4, 1, ZG_FLAT, 0, 8, m) == 3);
  CHECK(m[0].from == 2 && m[0].to == 0 && m[0].at == 8 && m[0].bytes == 8);
  CHECK(m[1].from == 3 && m[1].to == 3 && m[1].at == 16);
  CHECK(m[2].from == 0 && m[2].to == 2 && m[2].at == 24);
  CHECK(zg_gather_alg_default(4, true) == ZG_FLAT && zg_gather_alg_default(5, false) == ZG_DISSEMINATION);
  CHECK(zg_gather_alg_default(5, true) == ZG_TREE);
  CHECK(zg_gather_tag(2, 1) == 100129);
}

/* The tree on 6 processes (4 in the doubling): process 5 hands its part to 1 and gets the result
 * back from it; process 3 only doubles. */
static void test_tree_steps(void) {
  zg_gather_msg m[1];
  CHECK(zg_gather_steps(6, ZG_TREE) == 4 && zg_gather_steps(8, ZG_TREE) == 3 && zg_gather_steps(1, ZG_TREE) == 0);
  CHECK(zg_gather_steps(2, ZG_TREE) == 1 && zg_gather_steps(3, ZG_TREE) == 3);
  CHECK(zg_gather_step(6, 5, ZG_TREE, 0, 8, m) == 1 && m[0].from == -1 && m[0].to == 1 && m[0].bytes == 8);
  CHECK(zg_gather_step(6, 5, ZG_TREE, 1, 8, m) == 0 && zg_gather_step(6, 5, ZG_TREE, 2, 8, m) == 0);
  CHECK(zg_gather_step(6, 5, ZG_TREE, 3, 8, m) == 1 && m[0].from == 1 && m[0].to == -1 && m[0].at == 8);
  CHECK(zg_tree_takes_result(6, 5, 3) && !zg_tree_takes_result(6, 1, 3) && !zg_tree_takes_result(6, 5, 0));
  CHECK(zg_gather_step(6, 1, ZG_TREE, 0, 8, m) == 1 && m[0].from == 5 && m[0].to == -1);
  CHECK(zg_gather_step(6, 1, ZG_TREE, 1, 8, m) == 1 && m[0].from == 0 && m[0].to == 0);
  CHECK(zg_gather_step(6, 1, ZG_TREE, 2, 8, m) == 1 && m[0].from == 3 && m[0].to == 3);
  CHECK(zg_gather_step(6, 1, ZG_TREE, 3, 8, m) == 1 && m[0].from == -1 && m[0].to == 5);
  CHECK(zg_gather_step(6, 3, ZG_TREE, 0, 8, m) == 0 && zg_gather_step(6, 3, ZG_TREE, 3, 8, m) == 0);
}

/* Every process count up to 60: the tree's steps run in lockstep, process i contributing bit i
 * (a sum: a part counted twice carries into another bit), end with every process holding every
 * bit once; every message received is one its sender sends in the same step. */
static void test_tree_sums(void) {
  for (int P = 1; P <= 60; P++) {
    uint64_t acc[60], prev[60];
    for (int i = 0; i < P; i++) acc[i] = (uint64_t)1 << i;
    for (int s = 0; s < zg_gather_steps(P, ZG_TREE); s++) {
      memcpy(prev, acc, sizeof acc);
      for (int me = 0; me < P; me++) {
        zg_gather_msg m, back;
        if (!zg_gather_step(P, me, ZG_TREE, s, 8, &m) || m.from < 0) continue;
        CHECK(zg_gather_step(P, m.from, ZG_TREE, s, 8, &back) == 1 && back.to == me);
        acc[me] = zg_tree_takes_result(P, me, s) ? prev[m.from] : prev[me] + prev[m.from];
      }
    }
    uint64_t all = P == 64 ? ~(uint64_t)0 : ((uint64_t)1 << P) - 1;
    for (int i = 0; i < P; i++) CHECK(acc[i] == all);
  }
}

int main(void) {
  test_dims();
  test_blocks();
  test_pairs();
  test_wrap_pairs();
  test_gather();
  test_tree_steps();
  test_moved_pairs();
  test_tree_sums();
  return check_report("test_geom");
}
