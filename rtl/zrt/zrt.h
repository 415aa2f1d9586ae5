/* zrt.h - the runtime that azc's generated C calls: start-up and the command line (section 10),
 * config values, ordered output and formats, files and read, errors, halt, timers, and the
 * process grid, distribution and allocation of parallel arrays (section 11). SPMD: every process
 * runs the same program; scalar work is replicated, I/O happens once, in program order.
 * A public header of rtl/zrt/, the language runtime, the top layer of the runtime (on libsplit,
 * rtl/libsplit/, and the patterns, rtl/pdl/); generated C includes it with zrt_region.h and
 * zrt_ops.h. */
#ifndef AZC_ZRT_H
#define AZC_ZRT_H
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* clang 14 cannot vectorize a floating max or min reduction unless NaNs are ruled out
 * (-ffinite-math-only), and warns at every `omp simd reduction(max:...)` loop of generated C that
 * the requested transformation failed: the loop runs scalar and correct (docs/codegen.md,
 * "Compiler flags"). gcc vectorizes them. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpass-failed"
#endif

#define ZRT_MAX_RANK 6
struct zrt_region;           /* zrt_region.h */
/* For generated globals and locals that a program may never use. */
#define ZRT_UNUSED __attribute__((unused))
/* On a procedure whose loops the C compiler vectorizes exactly (no floating-point sums or products
 * reassociated): a copy for AVX2 beside the generic one, the processor choosing at load time, so
 * that the default build (generic x86-64) runs 4-wide vectors where the machine has them. Nothing
 * where the build targets AVX2 already (-march=native) or the compiler cannot clone. */
#if defined(__x86_64__) && !defined(__AVX2__) && defined(__has_attribute) && !defined(ZRT_NO_CLONES)
#if __has_attribute(target_clones)
#define ZRT_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef ZRT_VECTOR_CLONES
#define ZRT_VECTOR_CLONES
#endif

/* ---- scalar types of section 4.1 as C types ---- */
typedef uint8_t zrt_bool;
typedef int32_t zrt_file;   /* a handle: the same value on every process */
typedef struct zrt_string {
  char s[256];              /* NUL-terminated, at most 255 characters */
} zrt_string;

enum { ZRT_ZNULL = 0, ZRT_ZIN = 1, ZRT_ZOUT = 2, ZRT_ZERR = 3 };

/* ---- the program description the generated code hands to zrt_init ---- */

typedef enum {
  ZRT_CFG_BOOLEAN, ZRT_CFG_CHAR, ZRT_CFG_SBYTE, ZRT_CFG_UBYTE, ZRT_CFG_SHORTINT, ZRT_CFG_USHORTINT,
  ZRT_CFG_INTEGER, ZRT_CFG_UINTEGER, ZRT_CFG_LONGINT, ZRT_CFG_ULONGINT, ZRT_CFG_FLOAT, ZRT_CFG_DOUBLE,
  ZRT_CFG_QUAD, ZRT_CFG_STRING, ZRT_CFG_ENUM
} zrt_config_kind;

typedef struct zrt_config {
  const char *name;          /* as declared */
  const char *type_text;     /* for --help: the type's source text, whitespace normalized */
  const char *init_text;     /* for --help: the initializer's source text, normalized */
  zrt_config_kind kind;
  const char *const *enumerators; /* ZRT_CFG_ENUM: the enumerator names, in order */
  int nenumerators;
} zrt_config;

typedef struct zrt_program {
  const char *name;          /* the name after 'program' */
  const char *source;        /* the source file name exactly as given to azc (for error lines) */
  const zrt_config *configs; /* config vars and config consts, in declaration order */
  int nconfigs;
} zrt_program;

/* Start: MPI_Init (works without a launcher), parse argv (section 10.1/10.2). Prints the help text
 * and exits 0 for -h/--help; reports C1-C4 as "NAME: error: MESSAGE" and exits 2. */
void zrt_init(int argc, char **argv, const zrt_program *prog);
/* If config i was given on the command line, store its value in *out (the C type of its kind;
 * enumerations as int32_t position) and return true. */
bool zrt_config_get(int i, void *out);
/* Flush output, finalize MPI and exit with status (0 normal end). */
_Noreturn void zrt_exit(int status);

/* ---- errors (section 10.6) ---- */

/* "SOURCE:LINE: runtime error: MESSAGE" on stderr (once), then every process stops with status 1. */
_Noreturn void zrt_error(int line, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* halt: flush stdout, "SOURCE:LINE: halt reached" on stderr, exit 1. */
_Noreturn void zrt_halt(int line);
/* "NAME: warning: MESSAGE" on stderr unless -q was given. */
void zrt_warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- output (section 7.9): done by process 0 only, in program order ---- */

/* Write formatted text to f (R6 "write: file is not open for writing" when f is not writable;
 * nothing for znull). */
void zrt_printf(zrt_file f, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Write n bytes of literal text to f. */
void zrt_write(zrt_file f, int line, const char *text, size_t n);
/* "true"/"false" as a scalar boolean item (no padding). */
void zrt_write_bool(zrt_file f, int line, zrt_bool b);

/* ---- files and input (sections 7.10, 7.11) ---- */

zrt_file zrt_open(const zrt_string *name, const zrt_string *mode);
int32_t zrt_close(zrt_file f);
zrt_bool zrt_eof(zrt_file f, int line);
/* Read one value (process 0 reads, everybody gets it). Errors: R5 (invalid input for type T /
 * unexpected end of file), R6 (not open for reading). type_name is the language's type name. */
int64_t zrt_read_int(zrt_file f, int line, int64_t min, int64_t max, const char *type_name);
uint64_t zrt_read_uint(zrt_file f, int line, uint64_t max, const char *type_name);
long double zrt_read_float(zrt_file f, int line, const char *type_name);
zrt_bool zrt_read_bool(zrt_file f, int line);
signed char zrt_read_char(zrt_file f, int line);
void zrt_read_string(zrt_file f, int line, zrt_string *out);

/* ---- strings ---- */

zrt_string zrt_str(const char *s);                       /* from C text, truncated to 255 */
void zrt_str_append(zrt_string *dst, const zrt_string *s);
zrt_string zrt_str_cat(zrt_string a, zrt_string b);     /* a followed by b, truncated to 255 */
int zrt_str_cmp(const zrt_string *a, const zrt_string *b); /* byte-wise, like strcmp */

/* ---- timers and queries (section 8.2, 8.3) ---- */

double zrt_reset_timer(void);
double zrt_check_timer(void);

/* Above 0 while a procedure is applied elementwise (a different number of calls on each process):
 * ReadTimer, CheckTimer and ResetTimer read this process's clock, StartTimer does not synchronize,
 * a reduction of free values is this process's value. */
extern int zrt_elementwise;

/* The timer type of section 15.6: an accumulating stopwatch; all zero is cleared and stopped. */
typedef struct zrt_timer {
  double total;      /* seconds accumulated by the intervals it ran */
  double start;      /* when it was started, while it runs */
  int running;
} zrt_timer;
void zrt_clear_timer(zrt_timer *t);
/* Start t (no effect if it runs); sync != 0: every process first waits for the others. */
void zrt_start_timer(zrt_timer *t, int64_t sync);
void zrt_stop_timer(zrt_timer *t);
/* Seconds accumulated, with the running interval: this process's own (a free timer) or the largest
 * over the processes (every process reads it together). */
double zrt_read_timer(zrt_timer t, zrt_bool free_timer);
int32_t zrt_processors(void);
int zrt_my_process(void);

/* ---- process grids, distribution and parallel arrays (section 11) ---- */

/* Declare the bounding box of all regions of rank r (after the config vars are elaborated).
 * Chooses the grid (MPI_Dims_create, or --az-grid) and this process's block. */
void zrt_distribute(int rank, const int64_t *lo, const int64_t *hi);
/* Add a region of the program to the bounding box of its rank / distribute every rank over its
 * bounding box (elaboration, before any parallel array is allocated). */
void zrt_bbox_add(const struct zrt_region *r);
void zrt_distribute_all(void);
/* This process's part of [lo, hi] in dimension dim of rank-r arrays: the indices it owns
 * (border cells outside the bounding box go with the first / last block). Returns false if empty. */
bool zrt_my_range(int rank, int dim, int64_t lo, int64_t hi, int64_t *mylo, int64_t *myhi);

typedef struct zrt_array {
  int rank;
  size_t elem;               /* bytes per element */
  int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK]; /* the storage region's indices held here (with fluff) */
  int64_t stride[ZRT_MAX_RANK];               /* in elements; the last dimension is contiguous, rows
                                                 may be padded (see zrt_array_alloc) */
  unsigned flood;            /* bit k set: dimension k is a flood dimension (extent 1, any index) */
  char *origin;              /* address of cell (0, ..., 0): element i is at origin + elem *
                                sum(cell_k(i_k) * stride_k), cell_k(i) = i for dense dimensions (below);
                                flood dimensions have stride 0 */
  int64_t dlo[ZRT_MAX_RANK], dhi[ZRT_MAX_RANK]; /* the declared region (set by generated code; @^ wraps in it) */
  /* Compact storage of a strided declared region (section 15.3): dimension k holds only the indices
   * == phase[k] (mod step[k]), one cell each; index i is cell (i - phase) / step, and origin is the
   * address of cell 0. Dense arrays have step 1 and phase 0. shift and inv serve zrt_cell: step is
   * odd * 2^shift, inv the inverse of odd modulo 2^64. lo and hi (and slo, shi) are indices. */
  int64_t step[ZRT_MAX_RANK], phase[ZRT_MAX_RANK];
  int shift[ZRT_MAX_RANK];
  uint64_t inv[ZRT_MAX_RANK];
  int64_t slo[ZRT_MAX_RANK], shi[ZRT_MAX_RANK]; /* the whole storage region (set by generated code) */
  /* The ghost cells asked for at allocation, in indices, the same on every process: the fluff
   * around the block and the wrap-around cells beyond the storage region (zrt_ghost_view). */
  int64_t fluff_lo[ZRT_MAX_RANK], fluff_hi[ZRT_MAX_RANK], wrap_lo[ZRT_MAX_RANK], wrap_hi[ZRT_MAX_RANK];
  void *mem;                 /* the element at index (lo_0, ..., lo_r-1) */
  void *block;               /* the allocation that holds mem (zrt_array_free frees it) */
  size_t mapped;             /* > 0: block is a mapping of that many bytes (huge pages), not malloc's */
  bool allocated;
} zrt_array;

/* The cell of index i in a dimension of phase phase and step odd * 2^shift (inv: odd's inverse
 * modulo 2^64): an exact division without a divide, for i == phase (mod step). Dense: i. */
static inline int64_t zrt_cell(int64_t i, int64_t phase, int shift, uint64_t inv) {
  return (int64_t)((uint64_t)((i - phase) >> shift) * inv);
}
/* The cell of index i in dimension k of a. */
static inline int64_t zrt_array_cell(const zrt_array *a, int k, int64_t i) {
  return a->step[k] > 1 ? zrt_cell(i, a->phase[k], a->shift[k], a->inv[k]) : i;
}
/* Give a the compact layout of declared region decl (its strides and alignments; NULL: dense; a->flood
 * and decl's flood dimensions are dense),
 * before it is allocated (zrt_array_alloc_strided) or laid out (azc's pattern files). */
void zrt_array_set_steps(zrt_array *a, int rank, const struct zrt_region *decl);

/* Allocate (zeroed) this process's part of an array whose storage region is [lo, hi].
 * Row alignment (AZ_ALIGN=1, the default; AZ_ALIGN=0: dense, calloc's alignment): the element of
 * the last dimension where this process's block starts (for _box and _root: lo) lies on a 64-byte
 * boundary, and in arrays of rank >= 2 without flood dimensions whose rows are at least
 * 32 x lcm(elem, 64) bytes long (256 doubles), the rows are padded to a multiple of lcm(elem, 64) bytes so that
 * this holds in every row. The padding cells are never read. */
void zrt_array_alloc(zrt_array *a, int rank, size_t elem, const int64_t *lo, const int64_t *hi, unsigned flood);
/* The same with explicit fluff: the allocation reaches fluff_lo[k] / fluff_hi[k] cells beyond
 * this process's block in dimension k (NULL: 8 cells everywhere, what zrt_array_alloc uses),
 * clipped to [lo, hi]; line is reported with R15 "out of memory" (0: no line). */
void zrt_array_alloc_fluff(zrt_array *a, int rank, size_t elem, const int64_t *lo,
                           const int64_t *hi, unsigned flood, const int64_t *fluff_lo,
                           const int64_t *fluff_hi, int line);
/* The same with ghost cells for wrap-around shifts beyond the storage region: the allocation
 * reaches wrap_lo[k] / wrap_hi[k] cells below lo[k] / above hi[k] (where the block reaches). */
void zrt_array_alloc_ghosts(zrt_array *a, int rank, size_t elem, const int64_t *lo, const int64_t *hi,
                            unsigned flood, const int64_t *fluff_lo, const int64_t *fluff_hi,
                            const int64_t *wrap_lo, const int64_t *wrap_hi, int line);
/* The same for an array over declared region decl, stored compactly when decl is strided: [lo,
 * hi] and the fluff are in indices, and only the indices of decl's strides are held. */
void zrt_array_alloc_strided(zrt_array *a, int rank, size_t elem, const int64_t *lo, const int64_t *hi,
                             unsigned flood, const int64_t *fluff_lo, const int64_t *fluff_hi,
                             const struct zrt_region *decl, int line);
/* True if arrays a and b (allocated or not) are or share the same storage. */
static inline bool zrt_array_shares(const zrt_array *a, const zrt_array *b) {
  return a == b || (a->block && a->block == b->block);
}
/* The first j of the n directions dirs[j] for which a wrap-around read a@^dirs[j] under region c
 * reads an index a does not hold (zrt_wrap_contains of each in turn, in order), or -1 if none: a
 * statement's wrap-around reads of one strided array checked in one call. */
int zrt_wrap_contains_dirs(const struct zrt_region *c, const zrt_array *a, int n, const int64_t *const *dirs);
/* The array that shifts of a by the n directions dirs (n x a->rank components, known only at run
 * time: direction constants, section 15.1) under region c read through ghost cells: a itself when
 * its ghost cells hold every index they read (the same answer on every process), else *tmp, a
 * copy of a's values with ghost cells wide enough. The transfer then fills the view's ghost cells
 * (zrt_xfer_add_view) and the loop reads the shifted indices from the view: for wrap-around
 * shifts the wrapped values lie beyond the declared region. zrt_ghost_view_end frees *tmp. */
zrt_array *zrt_ghost_view(zrt_array *a, const struct zrt_region *c, bool wrap, int n, const int64_t *dirs,
                          zrt_array *tmp, int line);
/* The same for shifts each read under c moved by its own move (moves: n x a->rank components). */
zrt_array *zrt_ghost_view_moved(zrt_array *a, const struct zrt_region *c, bool wrap, int n, const int64_t *dirs,
                                const int64_t *moves, zrt_array *tmp, int line);
void zrt_ghost_view_end(zrt_array *view, zrt_array *tmp);
/* The most general of them: compact over decl (NULL: dense), with fluff and wrap-around ghost cells. */
void zrt_array_alloc_wide(zrt_array *a, int rank, size_t elem, const int64_t *lo, const int64_t *hi, unsigned flood,
                          const int64_t *fluff_lo, const int64_t *fluff_hi, const int64_t *wrap_lo,
                          const int64_t *wrap_hi, const struct zrt_region *decl, int line);
/* Exactly [lo, hi] on this process (nothing if empty), not distributed. */
void zrt_array_alloc_box(zrt_array *a, int rank, size_t elem, const int64_t *lo, const int64_t *hi,
                         unsigned flood, bool empty, int line);
/* All of [lo, hi] on process 0, nothing elsewhere (for output). */
void zrt_array_alloc_root(zrt_array *a, int rank, size_t elem, const int64_t *lo, const int64_t *hi,
                          unsigned flood, int line);
void zrt_array_free(zrt_array *a);
/* Row buffer slot (0 .. ZRT_ROW_BUFFERS - 1) of at least bytes bytes, 64-byte aligned: a loop nest's
 * partial sums of a row (azc's emit_rowsums.c). Kept and grown from call to call; valid until the
 * next call for the same slot. */
#define ZRT_ROW_BUFFERS 8
void *zrt_row_buffer(int slot, size_t bytes);
/* A row buffer's fill loop runs over a multiple of ZRT_FILL_ROUND cells, so that it ends without a
 * scalar tail (a vector of doubles holds 4 of them); the cells it reads past its row's range are
 * the array's next ones in storage, and past the last, the ZRT_FILL_ROUND - 1 cells of slack every
 * array's storage keeps after it (zrt_array.c). */
#define ZRT_FILL_ROUND 4
/* Copy a whole array (same shape), e.g. for an 'in' parameter. */
void zrt_array_copy(zrt_array *dst, const zrt_array *src);
/* dst := src over covering region c (this process's part of it), for a src whose values are not
 * needed afterwards (azc's copy elimination): when both hold the same indices in the same layout
 * and c is a box, the elements of dst outside c are copied into src's storage and the two
 * exchange storage, so that only the frame outside c moves; otherwise the rows of c are copied.
 * Returns true if the storage was exchanged. */
bool zrt_array_exchange(zrt_array *dst, zrt_array *src, const struct zrt_region *c);

/* ---- transfers of ghost cells (Ironman, seed 003) ----
 * A statement over covering region C that reads A@d needs, on each process, the elements of
 * (C ∩ its block) + d that other processes own; they arrive in the fluff around its block. A
 * transfer site is one zrt_xfer (static in the generated code) with one or more (array,
 * direction) items for one covering region; the four calls bracket the communication:
 * zrt_dr (destination ready: the fluff may be overwritten), zrt_sr (source ready: the values
 * are final; send them), zrt_dn (destination needed: wait until they are here) and zrt_sv
 * (source volatile: the sent values are about to change; the sends must be complete). The
 * plan (who sends which boxes to whom) is computed at the first use and kept while the arrays'
 * layouts and the region stay the same. With one process every call returns at once, except for
 * the copies of wrap-around items. */
typedef struct zrt_xfer_plan zrt_xfer_plan;
typedef struct zrt_xfer {
  int id;                    /* the transfer's number in the program (also its message tag) */
  int line;                  /* the source line that caused it */
  zrt_xfer_plan *plan;       /* owned by the runtime */
} zrt_xfer;
#define ZRT_XFER_INIT(id, line) { (id), (line), NULL }
/* Start describing the transfer: the covering region of the statement(s) that read. */
void zrt_xfer_begin(zrt_xfer *x, const struct zrt_region *c);
/* An item: the ghost cells of a for reads shifted by d (constant, without wrap-around). */
void zrt_xfer_add(zrt_xfer *x, zrt_array *a, const int64_t *d);
/* An item of a wrap-around shift A@^d (the region lies inside a's declared region, which a's
 * storage region does not exceed where d leaves it): the ghost cells beyond the declared region
 * hold the elements at the other end (a periodic exchange; where one process holds a whole grid
 * dimension it copies them itself, at zrt_sr, also on one process). */
void zrt_xfer_add_wrap(zrt_xfer *x, zrt_array *a, const int64_t *d);
/* A wrap statement's item ([d of R] wrap A, R being a's declared region: zrt_wrap_by_ghosts): the
 * region's cells, a's border cells just outside R, get the elements at R's other end. */
/* An item of a view (zrt_ghost_view): a shift of a by d, wrapping around or not, under a region
 * that may reach beyond a's declared region. */
void zrt_xfer_add_view(zrt_xfer *x, zrt_array *a, const int64_t *d, bool wrap);
/* The same for a shift read under the transfer's region moved by move (statements of a nest of
 * rows whose regions are one region moved, served by one transfer). */
void zrt_xfer_add_view_moved(zrt_xfer *x, zrt_array *a, const int64_t *d, bool wrap, const int64_t *move);
void zrt_xfer_fill_wrap(zrt_xfer *x, zrt_array *a);
/* True if region r is a's declared region (same bounds, no stride), the region a wrap statement
 * may fill through a ghost-cell transfer. */
bool zrt_wrap_by_ghosts(const struct zrt_region *r, const zrt_array *a);
void zrt_dr(zrt_xfer *x);
void zrt_sr(zrt_xfer *x);
void zrt_dn(zrt_xfer *x);
void zrt_sv(zrt_xfer *x);
/* The most parts zrt_xfer_split makes: the interior in up to ZRT_SPLIT_CHUNKS chunks, then the
 * border strips around it. */
#define ZRT_SPLIT_CHUNKS 4
#define ZRT_SPLIT_MAX (ZRT_SPLIT_CHUNKS + 2 * ZRT_MAX_RANK)
/* This process's part of covering region c cut for overlap with transfer x (after its zrt_sr):
 * parts[0..*border-1] are the interior, whose reads of x's items stay inside this process's
 * block, the others the border strips around it, which need x's ghost cells. The interior comes
 * in chunks where x exchanges by dimension (zrt_phases.c), so that each phase that arrived moves
 * on between two chunks. Returns the number of parts; 1 (and *border 1) when nothing is received
 * (parts[0] is then the whole part). The nest calls zrt_xfer_part before each part but the
 * first, and zrt_dn after them if there is no border part. */
int zrt_xfer_split(struct zrt_region *parts, int *border, const struct zrt_region *c, const zrt_xfer *x);
/* The most statements of a nest of rows zrt_xfer_split_rows cuts. */
#define ZRT_ROWS_SPLIT_MAX 16
/* The same for the n statements of a nest of rows (backend/emit_rows.c), each under its own
 * covering region c[j], whose reads of x's items stay as close as x's directions: statement j's
 * parts are parts[j * ZRT_SPLIT_MAX + i], those past its own empty. Returns the most parts of any,
 * *border the fewest interior parts of a statement that needs x's ghost cells: the nest's part
 * *border (its DN) is the first that may need them. */
int zrt_xfer_split_rows(struct zrt_region *parts, int *border, int n, const struct zrt_region *const *c, const zrt_xfer *x);
/* Before part i of a nest split by zrt_xfer_split: the phases that arrived move on (an interior
 * chunk), or zrt_dn (the first border part, i == border). */
void zrt_xfer_part(zrt_xfer *x, int i, int border);

/* An iteration of a loop whose body is a communication pattern (passes/patterns.c) begins /
 * ends: with --az-pdl=FILE the first iteration of each is recorded. After the loop, and where a
 * procedure that has such loops returns, zrt_pattern_leave(id) (0: any pattern) notes an
 * iteration left in the middle (by exit or return), which is then not a complete one. */
void zrt_pattern_begin(int id);
void zrt_pattern_end(int id);
void zrt_pattern_leave(int id);

/* This process's part of covering region c: c cut to its block in every distributed dimension
 * (an empty range, lo > hi, where it owns nothing). */
void zrt_region_mine(struct zrt_region *mine, const struct zrt_region *c);
/* Every process's n bytes at v, in process order (a runtime buffer, valid until the next call):
 * the generated code combines the partial results of a reduction from it. */
const void *zrt_allgather(const void *v, size_t n);
/* The same split-phase: begin with this process's n bytes (copied at once), go on computing, end
 * where the result is first needed (it returns every process's bytes in process order, valid
 * until the next zrt_allgather_begin). Several may be in flight; every process begins them in the
 * same order. */
int zrt_allgather_begin(const void *v, size_t n);
const void *zrt_allgather_end(int handle);
/* An exact reduction's parts (integers with any operator; max and min of float and double, through
 * zrt_total_max/min): combine(acc, part) folds part into acc, and any order of the folds gives the
 * same bits. zrt_allreduce and zrt_allreduce_begin take this process's n bytes at v and return (at
 * zrt_allreduce, at zrt_allgather_end, or to zrt_allgather_defer's done) one block, every
 * process's parts combined: beyond a few processes through a tree whose messages carry one block
 * each, where a gather's bytes grow with the number of processes (AZ_GATHER). */
typedef void (*zrt_combine_fn)(void *acc, const void *part);
const void *zrt_allreduce(const void *v, size_t n, zrt_combine_fn combine);
int zrt_allreduce_begin(const void *v, size_t n, zrt_combine_fn combine);
/* The same for a reduction that runs ahead (its end is deferred, zrt_allgather_defer): beyond a
 * few processes its messages may wait for the next such reductions and travel with them, several
 * in one tree, until one of them is needed (its end, a flush, run-ahead's limit) or a batch is full. */
int zrt_allreduce_begin_ahead(const void *v, size_t n, zrt_combine_fn combine);
/* Run-ahead: instead of ending handle, let it complete later (AZ_RUNAHEAD=K: at the latest when K
 * later gathers have been deferred; K = 0 makes every gather complete where it begins); then
 * done(every process's bytes, arg) runs. Deferred gathers complete in the order they began. */
void zrt_allgather_defer(int handle, void (*done)(const void *parts, void *arg), void *arg);
/* Complete every deferred gather (where their results may be needed: after the loop). */
void zrt_allgather_flush(void);
/* Progress for gathers in flight, from long local loops: ZRT_POLL(n) after n elements of work (a
 * row) counts them off zrt_poll_budget and calls zrt_poll when it runs out: about every
 * ZRT_POLL_ELEMS elements while a gather is in flight, never otherwise (the budget is then
 * ZRT_POLL_NEVER). The test reads a variable the loop itself writes, so it is not loop-invariant:
 * a compiler cannot unswitch or split the loop nest on it (gcc -O3 split it on the old
 * `zrt_in_flight &&` test and left one copy scalar), and it stays outside the inner loop. */
extern long zrt_poll_budget;
#define ZRT_POLL_ELEMS 32768
#define ZRT_POLL_NEVER (LONG_MAX / 2)
void zrt_poll(void);
#define ZRT_POLL(n) do { if ((zrt_poll_budget -= (long)(n)) < 0) zrt_poll(); } while (0)
/* The work of a loop nest over this process's part r of its region, once per nest: under SimGrid
 * SMPI (smpicc) counted for AZ_SMPI_WORK (zrt_work.c, docs/scaling.md); nothing elsewhere. */
#ifdef SMPI_HELPERS_H
struct zrt_region;
void zrt_work(const struct zrt_region *r);
#define ZRT_WORK(r) zrt_work(&(r))
#else
#define ZRT_WORK(r) ((void)0)
#endif
/* Every process of my line of the rank-r grid through the dimensions in mask (those with my
 * coordinates elsewhere) contributes n bytes (the same n in a line); returns them in line order
 * (a runtime buffer, valid until the next call) and their number in *count. */
const void *zrt_line_allgather(int rank, unsigned mask, const void *v, size_t n, int *count);
/* The same split-phase: begin with this process's n bytes (v must stay unchanged until the end),
 * go on computing, end where the result is first needed (it returns the line's bytes, valid until
 * the handle is begun again). Several may be in flight; every process of a line begins them in
 * the same order. */
int zrt_line_allgather_begin(int rank, unsigned mask, const void *v, size_t n);
const void *zrt_line_allgather_end(int handle, int *count);
/* Region c cut to this process's block in the dimensions not in mask (whole in those in mask). */
void zrt_region_line(struct zrt_region *out, const struct zrt_region *c, unsigned mask);
/* Collect into *whole the values of part over c that my line of the grid through the dimensions
 * in mask holds: all of c in those dimensions, my part in the others (scans). */
void zrt_line_assemble(zrt_array *whole, const zrt_array *part, const struct zrt_region *c, unsigned mask, int line);
/* The same split-phase (a scan begun in its statement, ended where a later one needs it): begin
 * allocates *whole and sends part's values (part may change afterwards); end fills *whole. Every
 * process of a line begins them in the same order. */
typedef struct zrt_line_assembly zrt_line_assembly;
zrt_line_assembly *zrt_line_assemble_begin(zrt_array *whole, const zrt_array *part, const struct zrt_region *c,
                                           unsigned mask, int line);
void zrt_line_assemble_end(zrt_line_assembly *a);
/* The number of storage cells of a from a->mem on, row padding included (0 if it holds nothing):
 * what a loop over ((T *)a->mem)[0..n-1] must cover to reach every element. */
size_t zrt_array_elems(const zrt_array *a);
/* Collect the elements of a over region c (its bounding box) into *whole on process 0. */
void zrt_gather(zrt_array *whole, const zrt_array *a, const struct zrt_region *c, int line);

/* A nest of rows ran a pair of its statements in one loop (one_loop) or, their rows not matching
 * on this process, as two loops (backend/emit_rows.c); AZ_STATS counts both. */
void zrt_pair_note(bool one_loop);
/* A nest with partial sums along the last dimension read them from row buffers (buffered) or ran as
 * written, their directions not moves of each other (backend/emit_rowsums.c); AZ_STATS counts both. */
void zrt_rowsums_note(bool buffered);

/* ---- remapping: dst[i] = src[m(i)] over a region, between processes ---- */

/* A separable index map: source index k = mul[k] * i_k + add[k], wrapped into [wlo[k], whi[k]]
 * when wrap[k]. */
typedef struct zrt_map {
  int64_t mul[ZRT_MAX_RANK], add[ZRT_MAX_RANK];
  bool wrap[ZRT_MAX_RANK];
  int64_t wlo[ZRT_MAX_RANK], whi[ZRT_MAX_RANK];
} zrt_map;
/* Collective: for every index i of region dc, dst[i] = src[m(i)]; every process sets the part of
 * dst it owns. dst may be src (all sources are read first). */
void zrt_remap(zrt_array *dst, const struct zrt_region *dc, const zrt_array *src, const zrt_map *m, int line);
/* The same split-phase (a flood begun in its statement, ended where a later one needs it): begin
 * reads src and sends; end receives into dst. Neither dst nor src may change in between; every
 * process begins its remaps in the same order. */
typedef struct zrt_remap_op zrt_remap_op;
zrt_remap_op *zrt_remap_begin(zrt_array *dst, const struct zrt_region *dc, const zrt_array *src, const zrt_map *m, int line);
void zrt_remap_end(zrt_remap_op *op);
/* The map of A@d (wrap: A@^d, wrapping in A's declared region). */
zrt_map zrt_map_shift(const zrt_array *a, const int64_t *d, bool wrap);
/* The map of >>[S]: the index of S's singleton dimensions, the index itself elsewhere. */
zrt_map zrt_map_flood(const struct zrt_region *s);
/* The map of [d of X] wrap (reflect: reflect) (section 7.8). */
zrt_map zrt_map_wrap(const struct zrt_region *x, const int64_t *d, bool reflect);

/* ---- indexed arrays (section 4.4): bounds known at elaboration ---- */

typedef struct zrt_iarray {
  int ndims;
  size_t elem;
  int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK];
  int64_t count;             /* number of elements */
  char *data;                /* row-major */
} zrt_iarray;

void zrt_iarray_alloc(zrt_iarray *a, int ndims, size_t elem, const int64_t *lo, const int64_t *hi);
/* Address of element idx (checked: R2 "subscript V is out of bounds LO..HI for dimension K of 'NAME'"). */
void *zrt_iarray_at(const zrt_iarray *a, const int64_t *idx, int line, const char *name);
void zrt_iarray_copy(zrt_iarray *dst, const zrt_iarray *src);
void zrt_iarray_free(zrt_iarray *a);
#endif
