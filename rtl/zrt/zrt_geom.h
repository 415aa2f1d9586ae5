/* zrt_geom.h - the pure geometry of distributed arrays and their communication, without MPI: the
 * process grid (the choice of Open MPI's MPI_Dims_create), bounding boxes and the block
 * distribution, the boxes two processes exchange in a ghost-cell transfer, and the steps of a
 * reduction's gather (flat or dissemination). Compiled into libzrt.a and into azc (see the Makefile), so that the
 * pattern files azc writes at compile time and those a run records come from the same code.
 * Internal to rtl/zrt/ (and azc); not installed. */
#ifndef AZC_ZRT_GEOM_H
#define AZC_ZRT_GEOM_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "zrt.h"
#include "zrt_region.h"

/* ---- process grids and blocks ---- */

/* The distribution of the arrays of one rank: processes per dimension and the bounding box. A
 * grid that is not set (one process, nothing distributed yet) is one block that owns everything. */
typedef struct zg_grid {
  bool set;
  int dims[ZRT_MAX_RANK];
  int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK];
} zg_grid;

/* The processes per dimension of a rank-r grid of nprocs processes, as Open MPI's
 * MPI_Dims_create(nprocs, r, dims) chooses them for dims all zero: the prime factors, largest
 * first, each multiplies the smallest dimension so far; then the dimensions in decreasing order. */
void zg_dims_create(int nprocs, int rank, int *dims);
/* Block k (0-based) of n cells cut into p contiguous blocks, the first n % p one larger:
 * cells [*lo, *hi] counted from 0 (*hi = *lo - 1 when the block is empty). */
void zrt_block_of(int64_t n, int p, int k, int64_t *lo, int64_t *hi);
/* Coordinates of process id in a grid dims[0] x ... x dims[r-1], numbered row-major. */
void zrt_grid_coords(int id, int r, const int *dims, int *coords);
/* The block at grid coordinate coord in dimension dim of g, in global indices, open-ended
 * (INT64_MIN / INT64_MAX) where it is the first / last block that owns anything; an empty bounding
 * box is owned entirely by the first block. False if the block owns nothing. */
bool zg_block_at(const zg_grid *g, int dim, int coord, int64_t *blo, int64_t *bhi);
/* The grid coordinates of process proc in the rank-r grid g (false: proc has no place in it). */
bool zg_proc_coords(const zg_grid *g, int rank, int proc, int *coords);

/* ---- bounding boxes: what the grid of a rank is cut from ---- */

typedef struct zg_bbox {
  bool has[ZRT_MAX_RANK];      /* dimension k has a range */
  int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK];
} zg_bbox;

/* Widen b (the box of r's rank) to hold region r; flood and empty dimensions add nothing. */
void zg_bbox_add(zg_bbox *b, const zrt_region *r);
/* The bounds of b's first rank dimensions (0..-1 where nothing was added). */
void zg_bbox_bounds(const zg_bbox *b, int rank, int64_t *lo, int64_t *hi);

/* ---- ghost-cell transfers: what each pair of processes exchanges ---- */

/* The most (array, direction) items one transfer carries. */
#define ZG_MAX_ITEMS 32

typedef struct zg_box {
  int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK];
} zg_box;
/* The elements of array a in box b (a strided array's only at its indices). */
size_t zg_box_count(const zg_box *b, const zrt_array *a);

/* An item of a transfer: the ghost cells of a for reads shifted by d, wrapping around a's declared
 * region (dlo..dhi) when wrap is set (A@^d: the covering region lies inside the declared region).
 * Items of the same array have the same a. */
typedef struct zg_item {
  zrt_array *a;
  int64_t d[ZRT_MAX_RANK];
  bool wrap;
  int64_t move[ZRT_MAX_RANK];   /* the item's reads are under the transfer's region moved by this */
} zg_item;

/* The most boxes one process sends another in a transfer: a wrap-around item splits its ghost
 * cells where they leave the declared region (two pieces per shifted dimension, more only for
 * extents smaller than the shift). */
#define ZG_MAX_BOXES 256

/* What one process sends another: boxes in item order (item[b]: of which item), and the bytes.
 * Box b is where the receiver stores the values (its ghost cells); the sender reads them at
 * box b shifted by off[b] (not zero only for the wrapped pieces of a wrap-around item). */
typedef struct zg_pair {
  int nboxes;
  bool overflow;             /* more than ZG_MAX_BOXES boxes were needed (the rest are missing) */
  int item[ZG_MAX_BOXES];
  zg_box boxes[ZG_MAX_BOXES];
  int64_t off[ZG_MAX_BOXES][ZRT_MAX_RANK];
  size_t bytes;
} zg_pair;

/* What process src sends process dst in a transfer over region c of items[0..n-1], with grids[r]
 * the grid of rank-r arrays: per item, what dst reads of the array (c cut to dst's part, shifted,
 * wrapped into the declared region for a wrap-around item) that src owns (its block clipped to the
 * storage region); overlapping boxes of one array with the same offset become their bounding box
 * when that is no larger than the two together. With src == dst, only the wrapped pieces (copies
 * within the process's own array). Every process computes the same for the same pair. */
void zg_pair_boxes(const zg_grid *grids, const zrt_region *c, const zg_item *items, int n, int src, int dst,
                   zg_pair *out);

/* ---- the gathers of reductions: flat, Bruck's dissemination, or a reduction tree ---- */

/* Pattern files: the tag of a gather's step s is ZG_GATHER_TAG + 64 * (the number of gathers the
 * iteration began before it) + s, apart from the transfers' tags. */
#define ZG_GATHER_TAG 100000

static inline int zg_gather_tag(int ordinal, int step) { return ZG_GATHER_TAG + 64 * ordinal + step; }

/* How a gather travels:
 *   ZG_FLAT           one step in which every process sends its block to each of the others
 *                     (P - 1 messages, one latency; a late process delays the others by its own
 *                     lateness only);
 *   ZG_DISSEMINATION  Bruck's: ceil(log2 P) steps of one message each, every process ends with
 *                     all P blocks (P - 1 blocks arrive: the bytes grow with P);
 *   ZG_TREE           for a reduction whose parts the runtime may combine in any order (an exact
 *                     one: integers, max and min; zrt_allreduce): recursive doubling, log2 of the
 *                     largest power of two p2 <= P steps of one block each, plus one step before
 *                     (processes p2.. hand their block to process me - p2) and one after (they
 *                     get the result back) when P is not a power of two. */
typedef enum zg_gather_alg { ZG_FLAT, ZG_DISSEMINATION, ZG_TREE } zg_gather_alg;

/* Up to this many processes a gather is flat by default; beyond, an exact reduction's is a tree and
 * any other gather is dissemination. */
#define ZG_FLAT_MAX 4

static inline zg_gather_alg zg_gather_alg_default(int P, bool exact) {
  return P <= ZG_FLAT_MAX ? ZG_FLAT : exact ? ZG_TREE : ZG_DISSEMINATION;
}

/* One message of a gather's step: this process receives bytes from `from` into its buffer at
 * offset `at` and sends the first bytes of its buffer to `to`. Flat and dissemination: the buffer
 * holds the P blocks rotated (block i is process (me + i) % P's). Tree: the buffer holds this
 * process's combined block and, at `at` == n, the block received, which is combined into it
 * (zg_tree_takes_result: or replaces it); `from` or `to` is -1 where a step only sends or only
 * receives. */
typedef struct zg_gather_msg {
  int from, to;
  size_t at, bytes;
} zg_gather_msg;

/* The number of steps of a gather among P processes (0 when P == 1). */
int zg_gather_steps(int P, zg_gather_alg alg);

/* The messages of step s (0 <= s < zg_gather_steps) of a gather of n bytes per process, into
 * msgs (room for P - 1 when flat, 1 otherwise); returns how many. In every step the messages
 * are begun together and the step is complete when all of them are. */
int zg_gather_step(int P, int me, zg_gather_alg alg, int s, size_t n, zg_gather_msg *msgs);

/* True if what process me receives in step s of a tree is the finished result (the step after the
 * doubling, for processes beyond the largest power of two), not a part to combine. */
bool zg_tree_takes_result(int P, int me, int s);
#endif
