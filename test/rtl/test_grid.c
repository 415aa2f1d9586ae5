/* test_grid.c - the block distribution of section 11 without MPI ranks: block arithmetic for
 * several extents and process counts, grid coordinates, --az-grid syntax, and zrt_my_range for
 * every process of simulated grids (border indices go with the first / last owning block). */
#include "rtl_check.h"
#include "zrt_internal.h"

/* Expected blocks "lo..hi lo..hi ..." of n cells over p processes. */
static void expect_blocks(int64_t n, int p, const char *want) {
  char got[256] = "";
  for (int k = 0; k < p; k++) {
    int64_t lo, hi;
    zrt_block_of(n, p, k, &lo, &hi);
    char one[32];
    if (hi < lo)
      snprintf(one, sizeof one, "%sempty", k ? " " : "");
    else
      snprintf(one, sizeof one, "%s%lld..%lld", k ? " " : "", (long long)lo, (long long)hi);
    strcat(got, one);
  }
  CHECK_STR(got, want);
}

static void test_blocks(void) {
  expect_blocks(10, 1, "0..9");
  expect_blocks(10, 2, "0..4 5..9");
  expect_blocks(10, 3, "0..3 4..6 7..9");
  expect_blocks(10, 4, "0..2 3..5 6..7 8..9");
  expect_blocks(7, 1, "0..6");
  expect_blocks(7, 2, "0..3 4..6");
  expect_blocks(7, 3, "0..2 3..4 5..6");
  expect_blocks(7, 4, "0..1 2..3 4..5 6..6");
  expect_blocks(3, 1, "0..2");
  expect_blocks(3, 2, "0..1 2..2");
  expect_blocks(3, 3, "0..0 1..1 2..2");
  expect_blocks(3, 4, "0..0 1..1 2..2 empty");
  expect_blocks(0, 2, "empty empty");
  /* In general: contiguous, covering, sizes differ by at most one, larger ones first. */
  for (int64_t n = 0; n <= 40; n++)
    for (int p = 1; p <= 9; p++) {
      int64_t next = 0, prev_size = INT64_MAX;
      for (int k = 0; k < p; k++) {
        int64_t lo, hi;
        zrt_block_of(n, p, k, &lo, &hi);
        int64_t size = hi - lo + 1;
        CHECK(size == n / p || size == n / p + 1);
        CHECK(size <= prev_size);
        CHECK(size == 0 || lo == next);
        if (size > 0)
          next = hi + 1;
        prev_size = size;
      }
      CHECK_INT(next, n);
    }
}

static void test_coords(void) {
  int c[3];
  zrt_grid_coords(4, 2, (int[]){ 2, 3 }, c);
  CHECK(c[0] == 1 && c[1] == 1);
  zrt_grid_coords(5, 2, (int[]){ 2, 3 }, c);
  CHECK(c[0] == 1 && c[1] == 2);
  zrt_grid_coords(2, 2, (int[]){ 2, 3 }, c);
  CHECK(c[0] == 0 && c[1] == 2);
  zrt_grid_coords(5, 3, (int[]){ 2, 2, 2 }, c);
  CHECK(c[0] == 1 && c[1] == 0 && c[2] == 1);
  zrt_grid_coords(3, 1, (int[]){ 4 }, c);
  CHECK(c[0] == 3);
}

static void test_parse_grid(void) {
  int d[ZRT_MAX_RANK], r;
  CHECK(zrt_parse_grid("2x3", d, &r) && r == 2 && d[0] == 2 && d[1] == 3);
  CHECK(zrt_parse_grid("7", d, &r) && r == 1 && d[0] == 7);
  CHECK(zrt_parse_grid("1x2x1x2x1x2", d, &r) && r == 6 && d[5] == 2);
  static const char *const bad[] = { "", "x", "2x", "x2", "0", "2x0", "-2", "2X3", "2x 3",
                                     "1x1x1x1x1x1x1", "99999999", "2,3" };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    CHECK(!zrt_parse_grid(bad[i], d, &r));
}

/* my_range of [lo, hi] in dimension dim for process me: "a..b" or "none". */
static void expect_range(int rank, int dim, int64_t lo, int64_t hi, const char *want) {
  int64_t a, b;
  bool ok = zrt_my_range(rank, dim, lo, hi, &a, &b);
  char got[64];
  if (ok)
    snprintf(got, sizeof got, "%lld..%lld", (long long)a, (long long)b);
  else
    snprintf(got, sizeof got, "none");
  CHECK(ok == (a <= b));
  CHECK_STR(got, want);
}

static void test_my_range(void) {
  /* rank 2, bounding box [1..10, 1..7], grid 2 x 2 */
  int64_t lo[2] = { 1, 1 }, hi[2] = { 10, 7 };
  static const char *const want[4][4] = {
    /* dim 0 of [0..11], dim 0 of [7..9], dim 1 of [1..7], dim 1 of [-2..9] */
    { "0..5", "none", "1..4", "-2..4" },
    { "0..5", "none", "5..7", "5..9" },
    { "6..11", "7..9", "1..4", "-2..4" },
    { "6..11", "7..9", "5..7", "5..9" },
  };
  for (int me = 0; me < 4; me++) {
    zrt_distribute_as(2, lo, hi, me, (int[]){ 2, 2 });
    expect_range(2, 0, 0, 11, want[me][0]);
    expect_range(2, 0, 7, 9, want[me][1]);
    expect_range(2, 1, 1, 7, want[me][2]);
    expect_range(2, 1, -2, 9, want[me][3]);
    int dims[2], coords[2];
    CHECK(zrt_grid_of(2, dims, coords) && coords[0] == me / 2 && coords[1] == me % 2);
  }
  /* rank 1, box [1..3] over 4 processes: the last one owns nothing, the third one the border
   * above the box. */
  static const char *const small[4] = { "0..1", "2..2", "3..5", "none" };
  for (int me = 0; me < 4; me++) {
    zrt_distribute_as(1, (int64_t[]){ 1 }, (int64_t[]){ 3 }, me, (int[]){ 4 });
    expect_range(1, 0, 0, 5, small[me]);
  }
  /* an empty box belongs to the first process */
  zrt_distribute_as(1, (int64_t[]){ 1 }, (int64_t[]){ 0 }, 0, (int[]){ 2 });
  expect_range(1, 0, -5, 5, "-5..5");
  zrt_distribute_as(1, (int64_t[]){ 1 }, (int64_t[]){ 0 }, 1, (int[]){ 2 });
  expect_range(1, 0, -5, 5, "none");
  /* one process: everything, also for ranges far outside the box */
  zrt_grid_reset();
  zrt_distribute(3, (int64_t[]){ 1, 1, 1 }, (int64_t[]){ 4, 4, 4 });
  expect_range(3, 2, -100, 100, "-100..100");
  expect_range(3, 0, 5, 4, "none");
  int dims[3], coords[3];
  CHECK(zrt_grid_of(3, dims, coords) && dims[0] == 1 && dims[1] == 1 && dims[2] == 1);
  CHECK(!zrt_grid_of(4, dims, coords));
  expect_range(5, 0, 1, 3, "1..3");         /* P = 1 needs no zrt_distribute */
}

/* Every index of a range is owned by exactly one process of a grid. */
static void test_partition(void) {
  for (int p = 1; p <= 6; p++) {
    int count[40] = { 0 };
    for (int me = 0; me < p; me++) {
      zrt_distribute_as(1, (int64_t[]){ 5 }, (int64_t[]){ 30 }, me, (int[]){ p });
      int64_t a, b;
      if (zrt_my_range(1, 0, 0, 39, &a, &b))
        for (int64_t i = a; i <= b; i++)
          count[i]++;
    }
    for (int i = 0; i < 40; i++)
      CHECK_INT(count[i], 1);
  }
  zrt_grid_reset();
}

int main(void) {
  test_blocks();
  test_coords();
  test_parse_grid();
  test_my_range();
  test_partition();
  return check_report("test_rtl_grid");
}
