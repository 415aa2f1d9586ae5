/* zrt_array.c - storage of parallel arrays (this process's part of the storage region plus
 * fluff, row-major, zeroed, addressed through an origin pointer; rows padded and aligned to
 * cache lines unless AZ_ALIGN=0; arrays of 2 MB or more on huge pages unless AZ_HUGE=0; an array
 * over a strided declared region holds one cell per strided index, section 15.3) and of indexed
 * arrays (row-major, subscripts checked with R2). */
#include "zrt_internal.h"
#include "zrt_region.h"
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* a - b without wrapping below INT64_MIN (b >= 0). */
static int64_t sat_sub(int64_t a, int64_t b) { return a < INT64_MIN + b ? INT64_MIN : a - b; }

/* a + b without wrapping above INT64_MAX (b >= 0). */
static int64_t sat_add(int64_t a, int64_t b) { return a > INT64_MAX - b ? INT64_MAX : a + b; }

/* Multiply *total by n (elements); false on overflow of size_t. */
static bool mul_count(size_t *total, int64_t n) {
  if (n <= 0) {
    *total = 0;
    return true;
  }
  if ((uint64_t)n > SIZE_MAX || (*total != 0 && (size_t)n > SIZE_MAX / *total))
    return false;
  *total *= (size_t)n;
  return true;
}

/* Whether the layout switch name (AZ_ALIGN, AZ_HUGE) is on: unless it is 0. */
static int switch_on(const char *name) {
  const char *v = getenv(name);
  return !(v && !strcmp(v, "0"));
}

/* ---- row alignment (AZ_ALIGN) ---- */

#define ROW_ALIGN 64               /* bytes: a cache line */

static int align_state = -1;       /* 1: aligned, padded rows; 0: dense (AZ_ALIGN=0); -1: unread */

bool zrt_array_aligning(void) {
  if (align_state < 0)
    align_state = switch_on("AZ_ALIGN");
  return align_state;
}

/* ---- huge pages (AZ_HUGE) ---- */

#define HUGE_PAGE ((size_t)2 << 20) /* bytes: x86-64's transparent huge page */

static int huge_state = -1;        /* 1: large arrays on huge pages; 0: malloc's (AZ_HUGE=0); -1: unread */

bool zrt_array_huge(void) {
  if (huge_state < 0) {
    huge_state = switch_on("AZ_HUGE");
#ifdef __SANITIZE_ADDRESS__
    huge_state = 0; /* malloc's blocks, whose overruns AddressSanitizer sees */
#endif
  }
  return huge_state;
}

const char *zrt_array_setup(void) {
  const char *names[] = {"AZ_ALIGN", "AZ_HUGE"};
  for (int i = 0; i < 2; i++) {
    const char *v = getenv(names[i]);
    if (v && *v && strcmp(v, "0") && strcmp(v, "1"))
      return zrt_aprintf("%s must be 0 or 1, not '%s'", names[i], v);
  }
  zrt_array_aligning();
  zrt_array_huge();
  return NULL;
}

/* bytes of zeroed memory starting on a 2 MB boundary, in a mapping of their own (its length in
 * *mapped) whose whole 2 MB pieces the kernel may back by transparent huge pages: a 27-point
 * stencil over a 64^3 block reads nine rows on three planes 34 KB apart, and the wrap-around
 * copies of its faces touch a page every few elements, so 4 KB pages cost a TLB miss at every
 * turn. NULL if the system will not map it. */
static void *map_huge(size_t bytes, size_t *mapped) {
  long page = sysconf(_SC_PAGESIZE);
  size_t unit = page > 0 ? (size_t)page : 4096;
  if (bytes > SIZE_MAX - HUGE_PAGE - unit)
    return NULL;
  size_t len = (bytes + unit - 1) / unit * unit;
  char *m = mmap(NULL, len + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED)
    return NULL;
  char *at = (char *)(((uintptr_t)m + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE);
  if (at > m)
    munmap(m, (size_t)(at - m));
  munmap(at + len, (size_t)(m + HUGE_PAGE - at)); /* the rest of the slack: at < m + HUGE_PAGE */
#ifdef MADV_HUGEPAGE
  madvise(at, len, MADV_HUGEPAGE); /* a hint: where the kernel has no huge pages, 4 KB ones */
#endif
  *mapped = len;
  return at;
}

/* Elements in lcm(elem, ROW_ALIGN) bytes: the step in which a row's length is padded. */
static int64_t pad_unit(size_t elem) {
  size_t a = elem, b = ROW_ALIGN;
  while (b) {
    size_t t = a % b;
    a = b;
    b = t;
  }
  return (int64_t)(ROW_ALIGN / a);
}

/* The cells of dimension k of a from held index lo to held index hi (0 when hi < lo: the cell of an
 * index off the stride, such as those of an empty array, means nothing). */
static int64_t cells(const zrt_array *a, int k, int64_t lo, int64_t hi) {
  return hi < lo ? 0 : zrt_array_cell(a, k, hi) - zrt_array_cell(a, k, lo) + 1;
}

/* Rows shorter than this many units stay dense: a stencil streams the padding's lines too, so
 * padding costs up to 1/PAD_MIN_UNITS more memory traffic (MG's rows of 64 + 2 doubles padded to
 * 72 missed the caches 10% more often, docs/performance.md "Row alignment"). */
#define PAD_MIN_UNITS 32

/* Elements per row of a (the last dimension's extent n): padded to a whole number of units of
 * lcm(elem, 64) bytes when aligning, for arrays of rank >= 2 without flood dimensions whose rows
 * are at least PAD_MIN_UNITS units long. */
static int64_t row_elems(const zrt_array *a) {
  int64_t n = cells(a, a->rank - 1, a->lo[a->rank - 1], a->hi[a->rank - 1]);
  if (!zrt_array_aligning() || a->rank < 2 || a->flood || a->elem == 0 || n <= 0)
    return n;
  int64_t unit = pad_unit(a->elem);
  if (n / PAD_MIN_UNITS < unit || n > INT64_MAX - unit)
    return n;
  return (n + unit - 1) / unit * unit;
}

/* The byte offset of mem from a ROW_ALIGN boundary that puts index at of the last dimension
 * (in every row, when rows are padded) on a boundary; 0 when not aligning. */
static size_t mem_misalign(const zrt_array *a, int64_t at) {
  int last = a->rank - 1;
  if (!zrt_array_aligning() || last < 0 || (a->flood >> last & 1))
    return 0;
  uint64_t into = (uint64_t)(cells(a, last, a->lo[last], at) - 1) * a->elem % ROW_ALIGN;
  return (ROW_ALIGN - into) % ROW_ALIGN;
}

/* The index of the last dimension that starts a cache line in a distributed array: the first of
 * this process's block (where its loops begin, past the border), within what it holds. */
static int64_t aligned_index(const zrt_array *a) {
  int last = a->rank - 1;
  int64_t first;
  if ((a->flood >> last & 1) || !zrt_my_block_first(a->rank, last, &first) || first < a->lo[last])
    return a->lo[last];
  first = zrt_array_first(a, last, first);
  return first > a->hi[last] ? a->hi[last] : first;
}

/* ---- layout ---- */

/* Set strides (last dimension contiguous, rows padded as row_elems says, flood dimensions 0) and
 * return the storage cells from mem on, or false if that overflows. */
static bool layout(zrt_array *a, size_t *count) {
  size_t total = 1;
  for (int k = a->rank - 1; k >= 0; k--) {
    if (a->flood & (1u << k)) {
      a->stride[k] = 0;
      continue;
    }
    a->stride[k] = (int64_t)total;
    int64_t n = k == a->rank - 1 ? row_elems(a) : cells(a, k, a->lo[k], a->hi[k]);
    if (!mul_count(&total, n) || total > (size_t)INT64_MAX)
      return false;
  }
  *count = total;
  return true;
}

size_t zrt_array_elems(const zrt_array *a) {
  if (!a->mem)
    return 0;
  for (int k = 0; k < a->rank; k++)
    if (!(a->flood >> k & 1))
      return (size_t)(a->stride[k] * cells(a, k, a->lo[k], a->hi[k]));
  return 1;
}

/* Point origin at cell (0, ..., 0), given mem holding index (lo_0, ..., lo_r-1). */
static void set_origin(zrt_array *a) {
  if (!a->mem) {
    a->origin = NULL;
    return;
  }
  uint64_t off = 0;
  for (int k = 0; k < a->rank; k++)
    off += (uint64_t)zrt_array_cell(a, k, a->lo[k]) * (uint64_t)a->stride[k];
  a->origin = (char *)((uintptr_t)a->mem - (uintptr_t)(off * a->elem));
}

/* Allocate a's count cells zeroed (calloc, or map_huge from 2 MB on: lazily zeroed pages either
 * way) with mem misalign bytes past a ROW_ALIGN boundary (when aligning), and ZRT_FILL_ROUND - 1
 * zeroed cells after the last that row buffers' fill loops may read; false if out of memory. */
static bool alloc_cells(zrt_array *a, size_t count, size_t misalign) {
  size_t slack = zrt_array_aligning() ? ROW_ALIGN - 1 + misalign : 0;
  a->mapped = 0;
  if (count > (SIZE_MAX - slack) / a->elem - (ZRT_FILL_ROUND - 1))
    return false;
  size_t bytes = (count + ZRT_FILL_ROUND - 1) * a->elem;
  if (zrt_array_huge() && count * a->elem >= HUGE_PAGE) {
    /* a huge page boundary is a cache line boundary: misalign puts the first column on a line */
    if (!(a->block = map_huge(bytes + misalign, &a->mapped)))
      return false;
    a->mem = (char *)a->block + misalign;
    return true;
  }
  if (!(a->block = calloc(bytes + slack, 1)))
    return false;
  uintptr_t at = (uintptr_t)a->block;
  if (zrt_array_aligning())
    at = (at + ROW_ALIGN - 1) / ROW_ALIGN * ROW_ALIGN + misalign;
  a->mem = (void *)at;
  return true;
}

/* The part of [lo, hi] this process allocates in dimension k: its block widened by the fluff,
 * clipped to [lo - wlo, hi + whi] (the ghost cells of wrap-around shifts beyond the storage).
 * False if that is empty. */
static bool alloc_range(int rank, int k, int64_t lo, int64_t hi, int64_t flo, int64_t fhi, int64_t wlo,
                        int64_t whi, int64_t *alo, int64_t *ahi) {
  int64_t blo, bhi;
  if (lo > hi || !zrt_my_block(rank, k, &blo, &bhi))
    return false;
  blo = sat_sub(blo, flo);
  bhi = sat_add(bhi, fhi);
  lo = sat_sub(lo, wlo);
  hi = sat_add(hi, whi);
  *alo = lo > blo ? lo : blo;
  *ahi = hi < bhi ? hi : bhi;
  return *alo <= *ahi;
}

/* ---- the memory budget (issue 23) ---- */

/* Bytes the arrays of this process hold, and its share of the memory its node had available when
 * it first allocated one (MemAvailable over the processes of the run on the node). An array over
 * the share is R15 at once: calloc's pages are only reserved, so without the check P processes
 * that each want more than their share are all granted it and the kernel kills the run later. */
static size_t array_bytes, array_peak;

size_t zrt_array_peak_bytes(void) { return array_peak; }

static size_t memory_share(void) {
  static size_t share;
  if (share)
    return share;
  share = SIZE_MAX;
  FILE *f = fopen("/proc/meminfo", "r");
  char line[128];
  unsigned long long kb;
  while (f && fgets(line, sizeof line, f))
    if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) {
      int here = zrt_g.node_procs > 1 ? zrt_g.node_procs : 1;
      share = kb / (unsigned long long)here < SIZE_MAX / 1024 ? (size_t)(kb / (unsigned long long)here * 1024) : SIZE_MAX;
      break;
    }
  if (f)
    fclose(f);
  return share;
}

/* Lay out a (whose rank, element size, flood dimensions and lo/hi are set), allocate its
 * elements zeroed unless empty, index at of the last dimension on a cache line, and point its
 * origin; R15 "out of memory" at line. */
static void allocate_storage(zrt_array *a, bool empty, int64_t at, int line) {
  size_t count = 0;
  if (!layout(a, &count) || (count > 0 && a->elem > SIZE_MAX / count))
    zrt_error(line, "out of memory");
  size_t bytes = empty ? 0 : count * a->elem;
  if (bytes > memory_share() || array_bytes > memory_share() - bytes)
    zrt_error(line, "out of memory");
  if (!empty && count > 0 && !alloc_cells(a, count, mem_misalign(a, at)))
    zrt_error(line, "out of memory");
  array_bytes += bytes;
  if (array_bytes > array_peak)
    array_peak = array_bytes;
  set_origin(a);
  a->allocated = true;
}

/* zrt_array_alloc_strided with ghost cells beyond the storage region (wrap_lo, wrap_hi: NULL for
 * none, zrt_array_alloc_ghosts). */
static void alloc_array(zrt_array *a, int rank, size_t elem, const int64_t *lo, const int64_t *hi, unsigned flood,
                        const int64_t *fluff_lo, const int64_t *fluff_hi, const int64_t *wrap_lo,
                        const int64_t *wrap_hi, const zrt_region *decl, int line) {
  zrt_array keep = *a;                        /* the regions the generated code sets */
  memset(a, 0, sizeof *a);
  memcpy(a->dlo, keep.dlo, sizeof a->dlo);
  memcpy(a->dhi, keep.dhi, sizeof a->dhi);
  memcpy(a->slo, keep.slo, sizeof a->slo);
  memcpy(a->shi, keep.shi, sizeof a->shi);
  a->rank = rank;
  a->elem = elem;
  a->flood = flood;
  zrt_array_set_steps(a, rank, decl);
  bool empty = false;
  for (int k = 0; k < rank; k++) {
    if (flood & (1u << k))
      continue;
    int64_t flo = fluff_lo ? fluff_lo[k] : ZRT_DEFAULT_FLUFF;
    int64_t fhi = fluff_hi ? fluff_hi[k] : ZRT_DEFAULT_FLUFF;
    int64_t wlo = wrap_lo ? wrap_lo[k] : 0, whi = wrap_hi ? wrap_hi[k] : 0;
    a->fluff_lo[k] = flo, a->fluff_hi[k] = fhi, a->wrap_lo[k] = wlo, a->wrap_hi[k] = whi;
    bool any = alloc_range(rank, k, lo[k], hi[k], flo, fhi, wlo, whi, &a->lo[k], &a->hi[k]);
    if (any) { /* only the strided indices */
      a->lo[k] = zrt_array_first(a, k, a->lo[k]);
      a->hi[k] = zrt_array_last(a, k, a->hi[k]);
    }
    if (!any || a->lo[k] > a->hi[k]) {
      a->lo[k] = 0;
      a->hi[k] = -1;
      empty = true;
    }
  }
  allocate_storage(a, empty, empty ? 0 : aligned_index(a), line);
}

void zrt_array_alloc_strided(zrt_array *a, int rank, size_t elem, const int64_t *lo, const int64_t *hi,
                             unsigned flood, const int64_t *fluff_lo, const int64_t *fluff_hi,
                             const zrt_region *decl, int line) {
  alloc_array(a, rank, elem, lo, hi, flood, fluff_lo, fluff_hi, NULL, NULL, decl, line);
}

void zrt_array_alloc_wide(zrt_array *a, int rank, size_t elem, const int64_t *lo, const int64_t *hi, unsigned flood,
                          const int64_t *fluff_lo, const int64_t *fluff_hi, const int64_t *wrap_lo,
                          const int64_t *wrap_hi, const zrt_region *decl, int line) {
  alloc_array(a, rank, elem, lo, hi, flood, fluff_lo, fluff_hi, wrap_lo, wrap_hi, decl, line);
}

void zrt_array_alloc_ghosts(zrt_array *a, int rank, size_t elem, const int64_t *lo, const int64_t *hi,
                            unsigned flood, const int64_t *fluff_lo, const int64_t *fluff_hi,
                            const int64_t *wrap_lo, const int64_t *wrap_hi, int line) {
  alloc_array(a, rank, elem, lo, hi, flood, fluff_lo, fluff_hi, wrap_lo, wrap_hi, NULL, line);
}

void zrt_array_alloc_fluff(zrt_array *a, int rank, size_t elem, const int64_t *lo,
                           const int64_t *hi, unsigned flood, const int64_t *fluff_lo,
                           const int64_t *fluff_hi, int line) {
  zrt_array_alloc_strided(a, rank, elem, lo, hi, flood, fluff_lo, fluff_hi, NULL, line);
}

void zrt_array_alloc_box(zrt_array *a, int rank, size_t elem, const int64_t *lo, const int64_t *hi,
                         unsigned flood, bool empty, int line) {
  memset(a, 0, sizeof *a);
  a->rank = rank;
  a->elem = elem;
  a->flood = flood;
  zrt_array_set_steps(a, rank, NULL);
  for (int k = 0; k < rank; k++) {
    a->lo[k] = empty ? 0 : lo[k];
    a->hi[k] = empty ? -1 : hi[k];
    a->dlo[k] = a->slo[k] = lo[k];
    a->dhi[k] = a->shi[k] = hi[k];
  }
  allocate_storage(a, empty, a->lo[rank - 1], line);
}

void zrt_array_alloc_root(zrt_array *a, int rank, size_t elem, const int64_t *lo, const int64_t *hi,
                          unsigned flood, int line) {
  zrt_array_alloc_box(a, rank, elem, lo, hi, flood, zrt_g.me != 0, line);
}

void zrt_array_alloc(zrt_array *a, int rank, size_t elem, const int64_t *lo, const int64_t *hi,
                     unsigned flood) {
  zrt_array_alloc_fluff(a, rank, elem, lo, hi, flood, NULL, NULL, 0);
}

void zrt_array_free(zrt_array *a) {
  size_t bytes = a->block ? zrt_array_elems(a) * a->elem : 0;
  array_bytes -= bytes < array_bytes ? bytes : array_bytes;
  if (a->mapped)
    munmap(a->block, a->mapped);
  else
    free(a->block);
  memset(a, 0, sizeof *a);
}

/* Do a and b hold the same indices with the same element size and strides? */
static bool same_layout(const zrt_array *a, const zrt_array *b) {
  if (a->rank != b->rank || a->elem != b->elem || a->flood != b->flood)
    return false;
  for (int k = 0; k < a->rank; k++)
    if (a->lo[k] != b->lo[k] || a->hi[k] != b->hi[k] || a->stride[k] != b->stride[k] || a->step[k] != b->step[k] ||
        a->phase[k] != b->phase[k])
      return false;
  return true;
}

void zrt_array_copy(zrt_array *dst, const zrt_array *src) {
  if (dst == src)
    return;
  size_t count = zrt_array_elems(src), bytes = count * src->elem;
  if (!dst->allocated || !same_layout(dst, src) || !dst->mem != !src->mem) {
    if (dst->allocated)
      zrt_array_free(dst);
    *dst = *src;
    dst->mem = dst->block = NULL;
    dst->mapped = 0;
    size_t misalign = zrt_array_aligning() ? (uintptr_t)src->mem % ROW_ALIGN : 0;
    if (bytes && !alloc_cells(dst, count, misalign))
      zrt_error(0, "out of memory");
    set_origin(dst);
  }
  if (bytes)
    memcpy(dst->mem, src->mem, bytes);
}

/* ---- indexed arrays ---- */

void zrt_iarray_alloc(zrt_iarray *a, int ndims, size_t elem, const int64_t *lo,
                      const int64_t *hi) {
  memset(a, 0, sizeof *a);
  a->ndims = ndims;
  a->elem = elem;
  size_t count = 1;
  for (int k = 0; k < ndims; k++) {
    a->lo[k] = lo[k];
    a->hi[k] = hi[k];
    if (!mul_count(&count, hi[k] < lo[k] ? 0 : hi[k] - lo[k] + 1) || count > (size_t)INT64_MAX)
      zrt_error(0, "out of memory");
  }
  if (count > 0 && elem > SIZE_MAX / count)
    zrt_error(0, "out of memory");
  a->count = (int64_t)count;
  a->data = calloc(count ? count : 1, elem ? elem : 1);
  if (!a->data)
    zrt_error(0, "out of memory");
}

void zrt_iarray_free(zrt_iarray *a) {
  free(a->data);
  memset(a, 0, sizeof *a);
}

void *zrt_iarray_at(const zrt_iarray *a, const int64_t *idx, int line, const char *name) {
  int64_t off = 0;
  for (int k = 0; k < a->ndims; k++) {
    if (idx[k] < a->lo[k] || idx[k] > a->hi[k])
      zrt_error(line, "subscript %lld is out of bounds %lld..%lld for dimension %d of '%s'",
                (long long)idx[k], (long long)a->lo[k], (long long)a->hi[k], k + 1, name);
    off = off * (a->hi[k] - a->lo[k] + 1) + (idx[k] - a->lo[k]);
  }
  return a->data + (size_t)off * a->elem;
}

void zrt_iarray_copy(zrt_iarray *dst, const zrt_iarray *src) {
  if (dst == src)
    return;
  if (!dst->data || dst->count != src->count || dst->elem != src->elem) {
    zrt_iarray_free(dst);
    zrt_iarray_alloc(dst, src->ndims, src->elem, src->lo, src->hi);
  }
  memcpy(dst->data, src->data, (size_t)src->count * src->elem);
}

size_t zrt_box_elems(const zrt_array *like, const int64_t *lo, const int64_t *hi) {
  size_t n = 1;
  for (int k = 0; k < like->rank; k++)
    n *= (size_t)zrt_array_count(like, k, lo[k], hi[k]);
  return n;
}

/* True if the cells of dimension k of a follow indices of step step one to one, without gaps. */
static bool cells_follow(const zrt_array *a, int k, int64_t step) {
  return a->stride[k] == 1 && (a->step[k] > 1 ? a->step[k] : 1) == step;
}

/* The cells between consecutive indices of box dimension k of a (like's step apart, from index i
 * on), times the stride: a box's indices lie on a's lattice, where cells follow indices linearly. */
static int64_t cell_step(const zrt_array *a, int k, int64_t i, int64_t step) {
  return (zrt_array_cell(a, k, i + step) - zrt_array_cell(a, k, i)) * a->stride[k];
}

/* Runs shorter than this (bytes) are copied an element at a time: a call of memcpy costs more. */
enum { SHORT_RUN_BYTES = 64 };

/* Copy count elements of elem bytes from q (step qs bytes) to p (step ps bytes). */
static void copy_strided(char *p, int64_t ps, const char *q, int64_t qs, int64_t count, size_t elem) {
  if (elem == sizeof(double))
    for (int64_t t = 0; t < count; t++)
      memcpy(p + t * ps, q + t * qs, sizeof(double)); /* one move of 8 bytes: the C compiler inlines it */
  else
    for (int64_t t = 0; t < count; t++)
      memcpy(p + t * ps, q + t * qs, elem);
}

/* Prepare the copy of the rows of box [lo, hi] of a (at like's indices), with src set from src's
 * cells at the indices shifted by from_off (NULL: the same indices): the cells of the first index
 * are computed once, and every other element is a constant step away in each dimension (the
 * odometer of zrt_box_copy_run adds them). A row runs along the last dimension of more than one
 * index (a face one cell thick across the last dimension is copied as rows of the dimension before
 * it, not as one call a cell); it is one memcpy where a's (and src's) cells follow like's indices
 * one to one and the run is long, else one element at a time. What it computes depends on the
 * arrays' layouts only (zrt_box_copy_fits), not on where their storage is. */
void zrt_box_copy_prepare(zrt_box_copy *bc, const zrt_array *a, const zrt_array *like, const int64_t *lo,
                          const int64_t *hi, const zrt_array *src, const int64_t *from_off) {
  int r = a->rank, in = r - 1;
  memset(bc, 0, sizeof *bc);
  bc->rank = r;
  bc->elem = a->elem;
  bc->src_elem = src ? src->elem : 0;
  for (int k = 0; k < r; k++) {
    bc->stride[k] = a->stride[k], bc->step[k] = a->step[k], bc->phase[k] = a->phase[k];
    bc->src_stride[k] = src ? src->stride[k] : 0;
  }
  for (int k = 0; k < r; k++) {
    int64_t step = like->step[k] > 1 ? like->step[k] : 1, f = zrt_array_first(like, k, lo[k]), last = zrt_array_last(like, k, hi[k]);
    if (f > last) {
      bc->empty = true;
      return;
    }
    bc->count[k] = zrt_steps(last - f, step) + 1;
    int64_t sf = f + (from_off ? from_off[k] : 0);
    bc->off += zrt_array_cell(a, k, f) * a->stride[k];
    bc->a_step[k] = bc->count[k] > 1 ? cell_step(a, k, f, step) : 0;
    if (src) {
      bc->from += zrt_array_cell(src, k, sf) * src->stride[k];
      bc->s_step[k] = bc->count[k] > 1 ? cell_step(src, k, sf, step) : 0;
    }
  }
  while (in > 0 && bc->count[in] == 1)
    in--;
  int64_t step_in = like->step[in] > 1 ? like->step[in] : 1;
  bc->in = in;
  bc->contiguous = cells_follow(a, in, step_in) && (!src || cells_follow(src, in, step_in)) &&
                   (size_t)bc->count[in] * a->elem >= (size_t)SHORT_RUN_BYTES;
}

/* True if bc was prepared for arrays of a's layout (and src's, for a copy between arrays): the same
 * element size, strides, steps and phases, so the same cells at the same offsets. */
bool zrt_box_copy_fits(const zrt_box_copy *bc, const zrt_array *a, const zrt_array *src) {
  if (bc->rank != a->rank || bc->rank == 0 || bc->elem != a->elem || bc->src_elem != (src ? src->elem : 0))
    return false;
  for (int k = 0; k < a->rank; k++)
    if (bc->stride[k] != a->stride[k] || bc->step[k] != a->step[k] || bc->phase[k] != a->phase[k] ||
        (src && bc->src_stride[k] != src->stride[k]))
      return false;
  return true;
}

/* Run the copy bc prepared: to buf (to_buf) or from it, or with src from src's cells. Returns the
 * bytes. */
size_t zrt_box_copy_run(const zrt_box_copy *bc, const zrt_array *a, const zrt_array *src, char *buf, bool to_buf) {
  if (bc->empty)
    return 0;
  int in = bc->in;
  int64_t at[ZRT_MAX_RANK] = {0}, off = bc->off, from = bc->from;
  size_t elem = bc->elem, run = (size_t)bc->count[in] * elem;
  int64_t ea = (int64_t)elem, es = (int64_t)bc->src_elem;
  size_t moved = 0;
  for (;;) {
    char *p = a->origin + off * ea;
    const char *q = src ? src->origin + from * es : NULL;
    if (bc->contiguous) {
      if (src)
        memcpy(p, q, run);
      else if (to_buf)
        memcpy(buf + moved, p, run);
      else
        memcpy(p, buf + moved, run);
    } else if (src)
      copy_strided(p, bc->a_step[in] * ea, q, bc->s_step[in] * es, bc->count[in], elem);
    else if (to_buf)
      copy_strided(buf + moved, ea, p, bc->a_step[in] * ea, bc->count[in], elem);
    else
      copy_strided(p, bc->a_step[in] * ea, buf + moved, ea, bc->count[in], elem);
    moved += run;
    int k = in - 1;
    for (; k >= 0; k--) {
      off += bc->a_step[k];
      from += src ? bc->s_step[k] : 0;
      if (++at[k] < bc->count[k])
        break;
      off -= bc->count[k] * bc->a_step[k];
      from -= src ? bc->count[k] * bc->s_step[k] : 0;
      at[k] = 0;
    }
    if (k < 0)
      return moved;
  }
}

/* The rows of box [lo, hi] of a, prepared and copied at once (zrt_box_copy_prepare). */
static size_t copy_box_rows(const zrt_array *a, const zrt_array *like, const int64_t *lo, const int64_t *hi, char *buf,
                            bool to_buf, const zrt_array *src, const int64_t *from_off) {
  zrt_box_copy bc;
  zrt_box_copy_prepare(&bc, a, like, lo, hi, src, from_off);
  return zrt_box_copy_run(&bc, a, src, buf, to_buf);
}

size_t zrt_copy_box(const zrt_array *a, const zrt_array *like, const int64_t *lo, const int64_t *hi, char *buf,
                    bool to_buf) {
  return copy_box_rows(a, like, lo, hi, buf, to_buf, NULL, NULL);
}

size_t zrt_copy_box_within(const zrt_array *a, const int64_t *lo, const int64_t *hi, const int64_t *from_off) {
  return copy_box_rows(a, a, lo, hi, NULL, false, a, from_off);
}

size_t zrt_copy_box_from(const zrt_array *dst, const zrt_array *src, const int64_t *lo, const int64_t *hi) {
  return copy_box_rows(dst, src, lo, hi, NULL, false, src, NULL);
}

/* ---- copy elimination: dst := src by exchanging storage ---- */

/* The byte offset of element idx (the last dimension's index given apart) in a's storage. */
static size_t elem_offset(const zrt_array *a, const int64_t *idx, int64_t last) {
  int64_t off = 0;
  for (int k = 0; k < a->rank - 1; k++)
    off += (idx[k] - a->lo[k]) * a->stride[k];
  off += last - a->lo[a->rank - 1];
  return (size_t)off * a->elem;
}

/* Step idx (dimensions 0..last-1, row-major) to the next row of box [lo, hi]; false after the last. */
static bool next_row(int64_t *idx, const int64_t *lo, const int64_t *hi, int last) {
  for (int k = last - 1; k >= 0; k--) {
    if (++idx[k] <= hi[k])
      return true;
    idx[k] = lo[k];
  }
  return false;
}

/* Elements last_lo..last_hi of the row at idx, from a to b (same layout). */
static void copy_row_part(const zrt_array *a, zrt_array *b, const int64_t *idx, int64_t last_lo, int64_t last_hi) {
  if (last_lo > last_hi)
    return;
  size_t off = elem_offset(a, idx, last_lo);
  memcpy((char *)b->mem + off, (const char *)a->mem + off, (size_t)(last_hi - last_lo + 1) * a->elem);
}

/* Copy from a to b (same layout) every element a holds outside box m: whole rows outside m,
 * and the ends of the rows that cross it. */
static void copy_frame(const zrt_array *a, zrt_array *b, const zrt_region *m) {
  int last = a->rank - 1;
  int64_t idx[ZRT_MAX_RANK];
  for (int k = 0; k < last; k++)
    idx[k] = a->lo[k];
  bool empty = false;
  for (int k = 0; k <= last; k++)
    empty |= m->lo[k] > m->hi[k];
  for (;;) {
    bool crosses = !empty;
    for (int k = 0; k < last; k++)
      crosses &= idx[k] >= m->lo[k] && idx[k] <= m->hi[k];
    if (crosses) {
      copy_row_part(a, b, idx, a->lo[last], m->lo[last] - 1);
      copy_row_part(a, b, idx, m->hi[last] + 1, a->hi[last]);
    } else {
      copy_row_part(a, b, idx, a->lo[last], a->hi[last]);
    }
    if (!next_row(idx, a->lo, a->hi, last))
      return;
  }
}

/* The rows of box m, from src to dst (any layouts holding m). */
static void copy_box(zrt_array *dst, const zrt_array *src, const zrt_region *m) {
  int last = dst->rank - 1;
  int64_t idx[ZRT_MAX_RANK];
  for (int k = 0; k <= last; k++)
    if (m->lo[k] > m->hi[k])
      return;
  for (int k = 0; k < last; k++)
    idx[k] = m->lo[k];
  size_t bytes = (size_t)(m->hi[last] - m->lo[last] + 1) * dst->elem;
  for (;;) {
    memmove((char *)dst->mem + elem_offset(dst, idx, m->lo[last]), (const char *)src->mem + elem_offset(src, idx, m->lo[last]),
            bytes);
    if (!next_row(idx, m->lo, m->hi, last))
      return;
  }
}

bool zrt_array_exchange(zrt_array *dst, zrt_array *src, const zrt_region *c) {
  zrt_region m;
  zrt_region_mine(&m, c);
  bool box = dst->rank == c->rank && dst->rank > 0 && !c->flood && !dst->flood;
  for (int k = 0; box && k < c->rank; k++)
    box = c->stride[k] == 1;
  if (!box)
    zrt_error(0, "internal error: zrt_array_exchange needs a box of unit stride");
  bool same = dst != src && same_layout(dst, src);
  for (int k = 0; same && k < dst->rank; k++)
    same = dst->stride[k] == src->stride[k];
  if (!same) {
    if (dst != src)
      copy_box(dst, src, &m);
    return false;
  }
  if (dst->mem)
    copy_frame(dst, src, &m);
  void *mem = dst->mem, *block = dst->block;
  char *origin = dst->origin;
  size_t mapped = dst->mapped;
  dst->mem = src->mem;
  dst->block = src->block;
  dst->origin = src->origin;
  dst->mapped = src->mapped;
  src->mem = mem;
  src->block = block;
  src->origin = origin;
  src->mapped = mapped;
  return true;
}

void *zrt_row_buffer(int slot, size_t bytes) {
  static struct { void *p; size_t size; } rows[ZRT_ROW_BUFFERS];
  if (slot < 0 || slot >= ZRT_ROW_BUFFERS) zrt_error(0, "internal error: row buffer %d", slot);
  if (bytes > rows[slot].size) {
    free(rows[slot].p);
    size_t size = (bytes + 63) / 64 * 64;
    rows[slot].p = aligned_alloc(64, size);
    if (!rows[slot].p) zrt_error(0, "out of memory (a row buffer of %zu bytes)", bytes);
    rows[slot].size = size;
  }
  return rows[slot].p;
}

/* The questions zrt_wrap_contains_dirs answered -1 to (zrt_memo.c): its key is what the answer
 * depends on, the region, a's steps, phases and declared region, and the offsets in a's strided
 * dimensions. */
static zrt_memo *wraps_held;

/* zrt_wrap_contains for n directions, the first that fails or -1. Only the dimensions where a is
 * strided can fail; a dimension's check depends only on its offset, and a statement's directions
 * repeat few offsets (MG's 20 reads: -1, 0 and 1 in each dimension), so each offset a dimension
 * passed is not checked again; and a statement asks the same at every call, so a question answered
 * -1 is remembered. */
int zrt_wrap_contains_dirs(const zrt_region *c, const zrt_array *a, int n, const int64_t *const *dirs) {
  int strided[ZRT_MAX_RANK], nstrided = 0;
  for (int k = 0; k < c->rank && k < a->rank; k++)
    if (a->step[k] > 1 && !((a->flood | c->flood) >> k & 1)) strided[nstrided++] = k;
  if (nstrided == 0) return -1;
  enum { MEMO_OFFSETS = 32 * ZRT_MAX_RANK };
  int64_t head[5 + 8 * ZRT_MAX_RANK], offsets[MEMO_OFFSETS];
  int nh = 0, no = n * nstrided <= MEMO_OFFSETS ? n * nstrided : 0;
  head[nh++] = n, head[nh++] = c->rank, head[nh++] = c->flood, head[nh++] = a->rank, head[nh++] = a->flood;
  for (int k = 0; k < c->rank; k++)
    head[nh++] = c->lo[k], head[nh++] = c->hi[k], head[nh++] = c->stride[k], head[nh++] = c->align[k];
  for (int k = 0; k < a->rank; k++)
    head[nh++] = a->step[k], head[nh++] = a->phase[k], head[nh++] = a->dlo[k], head[nh++] = a->dhi[k];
  for (int j = 0; j < n && no > 0; j++)
    for (int i = 0; i < nstrided; i++) offsets[j * nstrided + i] = dirs[j][strided[i]];
  const zrt_memo_part key[2] = {{head, no > 0 ? nh : 0}, {offsets, no}};
  if (no > 0 && zrt_memo_knows(&wraps_held, key, 2)) return -1;
  int64_t first[ZRT_MAX_RANK], last[ZRT_MAX_RANK];
  if (!zrt_region_bounds(c, first, last)) return -1;
  enum { KEPT = 4 };
  int64_t passed[ZRT_MAX_RANK][KEPT];
  int npassed[ZRT_MAX_RANK] = {0};
  for (int j = 0; j < n; j++)
    for (int i = 0; i < nstrided; i++) {
      int k = strided[i];
      int64_t dk = dirs[j][k];
      bool known = false;
      for (int m = 0; m < npassed[k] && !known; m++) known = passed[k][m] == dk;
      if (known) continue;
      if (!zrt_wrap_dim_holds(c, a, k, first[k], last[k], dk)) return j;
      if (npassed[k] < KEPT) passed[k][npassed[k]++] = dk;
    }
  if (no > 0) zrt_memo_learn(&wraps_held, key, 2);
  return -1;
}
