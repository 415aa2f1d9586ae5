/* emit_internal.h - what the C writer's files share: the output buffers, naming, C types, the
 * per-statement state of parallel loops, and the functions one file of the writer calls in
 * another (grouped by file below). The driver's view of the writers is emit.h. */
#ifndef AZC_EMIT_INTERNAL_H
#define AZC_EMIT_INTERNAL_H
#include <stdio.h>
#include "emit.h"
#include "ir.h"
#include "sema_internal.h"

/* A growable text buffer. */
typedef struct Buf {
  char *data;
  size_t len, cap;
  FILE *spill;       /* when set, the text so far goes there once a megabyte is held (the body of
                        a large program need not be in memory twice over) */
} Buf;

void buf_add(Buf *b, const char *s);
void buf_insert(Buf *b, size_t at, const char *s);
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* True if t is the scalar type k. */
static inline bool is_sk(const Type *t, ScalarKind k) { return t && t->kind == TY_SCALAR && t->scalar == k; }

/* The index expressions of a parallel context: what index variable stands for each dimension. */
typedef struct IndexMap {
  int rank;
  const char *idx[MAX_RANK];   /* C expression of the index in dimension k */
} IndexMap;

typedef struct Emitter {
  Sema *S;
  Arena *arena;
  const char *source;          /* source path as given */
  Buf types;                   /* record struct definitions */
  Buf protos;                  /* procedure prototypes */
  Buf globals;                 /* global variables */
  Buf body;                    /* function bodies */
  Buf *out;                    /* where statements go now */
  int indent;
  int tmp;                     /* counter for fresh names */
  int nrecords;
  PtrVec record_types;         /* Type* with emitted structs */
  PtrVec array_keys;           /* const char*: element type and size of each emitted fixed array struct */
  Proc *cur_proc;
  IndexMap *idx;               /* inside a parallel loop: the index of each dimension */
  const char *cover;           /* C expression (zrt_region) of the covering region in effect */
  Region *cover_sem;           /* what sema knows of it (mask, ...), or NULL */
  int cover_rank;
  PtrVec loop_labels;          /* const char*: continue labels of the enclosing loops */
  PtrVec used_labels;          /* const char*: labels some 'continue' jumps to */
  bool used_return;            /* the procedure being emitted jumps to its exit label */
  PtrVec temps;                /* const char*: temporary arrays to free after the statement */
  PtrVec iarray_temps;         /* const char*: temporary indexed arrays (zrt_iarray) to free after it */
  const char *simd;            /* the pragma (simd_reduction_clause) for the next loop nest's
                                * innermost loop, or NULL */
  const char *split_dn;        /* the transfer whose DN the next loop nest does between its parts */
  const char *split_open;      /* the loop nest being emitted is split for that transfer */
  PtrVec after_ops;            /* IrComm*: those (SV) due when the statement is done with its roots */
  PtrVec views;                /* EmitView*: the ghost views of the statement's shifts by run-time directions */
  PtrVec views_open;           /* EmitView*: the views to end when the statement is done (one per array) */
  PtrVec merged_xfers;         /* IrTransfer*: a nest of rows' transfers made as one (views_merged): their
                                  own calls are not made, the first one's SV stands for all */
  int nviews;
  struct GatherC **gathers;    /* by gather id: the C names of the split-phase gathers opened */
  PtrVec open_lines;           /* struct LineOpen*: the split-phase partial reductions, floods and
                                * scans begun whose C blocks are open, innermost last */
  struct LineOpen *beginning;  /* the one whose first part is being emitted, or NULL */
  bool *xfer_declared;         /* by transfer id: its zrt_xfer is declared */
  PtrVec loop_arrays;          /* Symbol*: arrays accessed in the loop nest being emitted */
  PtrVec wrap_checks;          /* struct WrapCheck*: consecutive checks of wrap-around reads of strided
                                * arrays not emitted yet (emit_loops.c, flush_wrap_checks) */
  PtrVec anchors;              /* struct Anchor*: the first read of each array the nest reads through a
                                * ghost view (emit_anchors.c) */
  PtrVec nest_offsets;         /* struct NestOffset*: the other reads' constant offsets from them */
  int noffsets;                /* offsets declared in the program so far (their names) */
  PtrVec *offsets_out;         /* where a nest's offsets go instead of its top (a nest of rows' steps) */
  PtrVec *step_prelude;        /* const char* lines: a nest of rows' step being emitted: where the values its row loop
                                * needs and every row shares go (its counted loop's first index, step
                                * and count, the arrays' steps), declared once before the rows */
  const char *step_region;     /* the step's row region (zrt<j>): one index in each outer dimension */
  PtrVec step_names;           /* const char*: the names declared there so far, */
  PtrVec step_values;          /* const char*: and their values (C) */
  const char *row_first[MAX_RANK], *row_step[MAX_RANK], *row_var[MAX_RANK];
                               /* outer dimension k of such a nest: i<k> = row_first + row_var * row_step
                                * (row_var NULL: not counted so), for offsets affine in row_var */
  PtrVec nest_prelude;         /* a direct nest's own values of that kind (emitted by loops_end) */
  bool nest_owns_prelude;
  int nstep_values;            /* the shared values named so far in the program */
  bool counted_in_step;        /* the nest's counted loop takes its values from there */
  PtrVec rowsum_families;      /* struct SumFamily*: the statement's partial sums (emit_rowsums.c) */
  bool rowsums_on;             /* its nest reads them from row buffers */
  bool rowsum_filling;         /* emitting a buffer's fill: its sum itself */
  const Symbol *counted_override_sym; /* in that fill, this array's cell along the counted dimension */
  const char *counted_override;       /* advances by this (C) instead of by the loop's steps */
  PtrVec contracted_syms;      /* Symbol*: arrays of the nest being emitted whose elements live in */
  PtrVec contracted_names;     /* const char*: these C variables (IrStmt.contracted) */
  bool in_loops;               /* emitting the body of a loop nest (array pointers are hoisted) */
  const char *row_shift;       /* a pair of rows' second statement (emit_pair_loops): its indices are the
                                * loop's moved by this C value along the innermost dimension, */
  const Symbol *pair_target;   /* its target, whose element at the current index is */
  const char *pair_elem;       /* this C element (the neighbour of the first statement's) */
  int counted_dim;             /* the innermost loop of the nest counts zct<k> over a strided dimension k
                                * (i<k> = zcf<k> + zct<k> * zcs<k>), or -1 (emit_strided.c) */
  size_t counted_at, counted_end;  /* where that loop begins and ends in the nest's text */
  int simple_dim;              /* the innermost loop of the nest steps i<k> by 1 from simple_lo (or down
                                * to it) over a dimension of unit stride, or -1 */
  const char *simple_lo;
  const char *counted_simd;    /* its pragma, or NULL */
  const Symbol *loop_target;   /* the array the nest being collected assigns, or NULL */
  bool general_only;           /* counted loops without their constant-step versions (code that
                                * rarely runs: a nest of rows' fallback) */
  const char *simd_unit;       /* the pragma of the next counted loop where its steps are 1 (the target
                                * then has distinct elements along it) */
  bool loops_whole;            /* loop nests run over the whole region, not this process's part */
  bool distributed;            /* elaboration: zrt_distribute_all has been emitted */
  const char *print_value;     /* printing gathered values: the C element to print instead of the item */
  struct IrProgram *ir;        /* the program's IR, after the passes */
  int hoist_depth;             /* hoist: 0 at the top of a statement's expression */
  Buf nest;                    /* the loop nest being collected */
  Buf *saved_out;              /* where it goes when complete */
  PtrVec hoist_keys;           /* Expr*: subexpressions computed before the current statement */
  PtrVec hoist_vals;           /* const char*: the C variable holding each */
  const char *init_idx[MAX_RANK]; /* index1..index6 inside an indexed-array initializer */
  const char *unsupported;     /* set when code generation meets something it cannot do yet */
  Loc unsupported_loc;
} Emitter;

/* Note that a construct cannot be compiled yet (reported by the driver as an error). */
void emit_unsupported(Emitter *E, Loc at, const char *what);
/* A hoisted value for e, if any. */
const char *emit_hoisted(Emitter *E, Expr *e);
/* C text of a direction's components as an int64_t array expression. */
const char *emit_dir(Emitter *E, DirSyn *d);

/* indexed arrays (iarray_fixed, iarray_count: emit.h) */
const char *iarray_count_c(Emitter *E, const Type *t, const char *a);
const char *iarray_bounds_c(Emitter *E, const Type *t, const char *a, bool hi);
const char *iarray_copy_c(Emitter *E, const Type *t, const char *dst, const char *src);

/* naming and types */
const char *emit_name(Emitter *E, const char *name);          /* z_NAME */
const char *emit_proc_name(Emitter *E, const Symbol *proc);   /* a program procedure's C name */
const char *emit_ctype(Emitter *E, Type *t);                   /* C type of a value of type t */
const char *emit_sym(Emitter *E, Symbol *sym);                 /* C lvalue of a variable */
/* The name of array sym in run-time messages (an element U[e] is one of 'U'). */
static inline const char *array_label(const Symbol *sym) { return sym->element_of ? sym->element_of->name : sym->name; }
void emit_line(Emitter *E, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *emit_fresh(Emitter *E, const char *prefix);
/* A C string literal (quotes and escapes) for n bytes of text. */
const char *emit_c_string(Emitter *E, const char *s, size_t n);
/* The source text from start to end with every run of whitespace and comments replaced by one
 * space, trimmed (section 10.3; emit_c.c). */
const char *emit_source_text(Emitter *E, int start, int end);
/* s as the text of a C comment (it cannot end the comment). */
const char *emit_comment_text(Emitter *E, const char *s);

/* expressions: C text of e (scalar, or at the current parallel index) */
const char *emit_expr(Emitter *E, Expr *e);
const char *emit_convert(Emitter *E, Expr *e, Type *to);      /* e converted as in an assignment */
const char *emit_region_bracket(Emitter *E, Bracket *b);     /* a zrt_region value */
const char *emit_region_syn(Emitter *E, RegionSyn *rs);
/* Global region (or region constant) NAME as a value; in a procedure that may run during
 * elaboration (any but the entry procedure), checked to be elaborated already (R11). */
const char *emit_named_region(Emitter *E, const char *name, int line);
bool emit_may_run_in_elaboration(const Emitter *E);
const char *emit_elem(Emitter *E, Symbol *arr, const char *dvar, const int64_t *d, DirSyn *dir, bool wrap);
/* The zrt_array lvalue of element U[e] of an indexed array of parallel arrays (IrElement.index). */
const char *emit_element_ref(Emitter *E, Expr *index);
/* Element e->args of the indexed array of type bt whose C value is a (every subscript checked, R2). */
const char *emit_index_into(Emitter *E, Expr *e, const char *a, Type *bt);

/* The C variable holding the element of contracted array sym in the loop nest being emitted, or
 * NULL (emit_assign.c). */
const char *emit_contracted(Emitter *E, const Symbol *sym);

/* work done once before a statement: full reductions, hoisted scalar subexpressions (emit_hoist.c) */
void hoist(Emitter *E, Expr *e, bool parallel_ctx);
void hoist_reset(Emitter *E);
/* hoist for every expression of an initializer (each entry of a brace list), in order. */
void hoist_init(Emitter *E, InitSyn *in);

/* The hoisted pointer and strides of an array for a loop nest; distinct: no other pointer of the
 * nest can alias it (then it is declared restrict). */
const char *emit_array_decls(Emitter *E, Symbol *arr, bool distinct);
/* Their stride part: zs_<arr>_<k> and, where arr may be strided, the cells' phase, shift and inverse. */
const char *emit_stride_decls(Emitter *E, Symbol *arr);

/* ---- emit_strided.c: arrays stored compactly over strided declared regions (section 15.3) ---- */

/* Set Symbol.may_stride of every parallel array variable and parameter (before anything is emitted). */
void strided_analyse(Sema *S);
/* The cell of index pos (C text) in dimension k of array arr (C lvalue a): pos itself unless arr
 * may be strided; hoisted: through the loop nest's locals that strided_decls declares. */
const char *strided_cell(Emitter *E, const Symbol *arr, const char *a, int k, const char *pos, bool hoisted);
/* The same for the index i<k> of the counted innermost loop shifted by shift (C text, "" or
 * " + d"): affine in the counter, so the C compiler steps a pointer (NULL: not counted there). */
const char *strided_counted_cell(Emitter *E, const Symbol *arr, int k, const char *ix, const char *shift);
/* The counted loop of the nest just collected, versioned for unit steps (loops_end). */
void strided_version_counted(Emitter *E);
const char *strided_decls(Emitter *E, const Symbol *arr, const char *a, int rank);
/* True if the covering region in effect may be strided (its temporaries are then compact too). */
bool cover_may_stride(const Emitter *E);
void step_value(Emitter *E, const char *name, const char *value);
const char *counted_step_value(Emitter *E, const Symbol *arr); /* <region>_st_<arr>: arr's cells a step of the counted loop, among the step values */
/* emit_rowsums.c: partial sums along the last dimension, read from row buffers */
#define ZRT_ROW_BUFFERS 8 /* rtl/zrt/zrt.h's: the buffers of one nest */
bool rowsums_find(Emitter *E, Expr *rhs);          /* the families of rhs's sums (E->rowsum_families) */
const char *rowsums_condition(Emitter *E);         /* C: their directions are moves of each other */
void rowsums_buffers(Emitter *E);                  /* the buffers and their sizes, among the nest's values */
const char *rowsums_read(Emitter *E, const Expr *e); /* a member's read from its buffer, or NULL */
const char *rowsums_fill(Emitter *E);              /* C: the loops filling the buffers for a row */
char direction_sign(Emitter *E, DirSyn *d, int k);  /* emit_rows.c: '+', '-', '0' or 0 (unknown) */
bool nest_counts_rows(Emitter *E, const char *c, int rank, const Region *sem, const int *order, const int8_t *dir);
const char *step_shared(Emitter *E, const char *value);

/* ---- emit_decls.c: variables and their storage ---- */

/* The declared region of a parallel type as a C zrt_region (following type names). */
const char *array_region(Emitter *E, TypeSyn *ts);
/* Allocate parallel array variable sym of declared region decl (a C zrt_region), in the shape of
 * the array it exchanges storage with, if any; an indexed array a of type t with run-time bounds. */
void alloc_array(Emitter *E, Symbol *sym, const char *decl);
void alloc_iarray(Emitter *E, const char *a, Type *t);
/* Allocate (free) every element of indexed array of parallel arrays sym, of type syntax ts, each over
 * its own region (section 15.2); alloc_elements adds the regions to the bounding box first, while
 * the arrays are not distributed yet. */
void alloc_elements(Emitter *E, Symbol *sym, TypeSyn *ts);
void free_elements(Emitter *E, Symbol *sym);
/* Initialize variable a of type t with initializer in. */
void emit_init(Emitter *E, const char *a, Type *t, InitSyn *in);
/* True if t holds an indexed array with run-time bounds inside a record or an array (not compiled yet). */
bool has_nested_iarray(const Type *t);
/* The elaboration of global variable sym of declaration d (config_index: its row of the config
 * table, or -1). */
void emit_variable(Emitter *E, Symbol *sym, Decl *d, int config_index);

/* ---- emit_loops.c: loop nests over regions, temporaries, containment checks ---- */

/* The C index variable of each dimension in a loop nest: i0, i1, ... */
extern const char *const index_names[MAX_RANK];
/* True if dimension k of region sem is known to be a plain range or singleton of unit stride. */
bool simple_dim(const Region *sem, int k);
/* Open the loop nest over region c (a C zrt_region), over this process's part of it unless
 * E->loops_whole, in row-major order, in the given order of dimensions (outermost first), or with
 * dimension k running down where dir[k] < 0; the index of dimension k is index_names[k]. Masked
 * regions (sem) skip masked-out indices; a transfer whose DN the IR puts between the interior and
 * the border (E->split_dn) splits the nest. loops_end closes it, arrays' pointers hoisted first. */
void loops_begin(Emitter *E, const char *c, int rank, Region *sem, IndexMap *map);
void loops_begin_order(Emitter *E, const char *c, int rank, Region *sem, IndexMap *map, const int *order);
void loops_begin_dir(Emitter *E, const char *c, int rank, Region *sem, IndexMap *map, const int *order, const int8_t *dir);
void loops_end(Emitter *E, int rank);
/* True if the loop directions array statement s asks for (IrStmt.loop_dir) can be emitted. */
bool loop_dirs_ok(Emitter *E, const IrStmt *s, int rank);
/* True if sym is a parallel array variable or parameter. */
bool is_array_sym(const Symbol *sym);
/* The containment checks of every access of e under the covering region (or under region src). */
void access_checks(Emitter *E, Expr *e);
/* The same for target e, and where its type may be a flood array's, that it is written under '*'
 * in its flood dimensions (E29 at run time). */
void target_checks(Emitter *E, Expr *e);
void access_checks_under(Emitter *E, Expr *e, const char *src);
/* A temporary array over the covering region, freed after the statement; its element at map. */
const char *temp_over_cover(Emitter *E, Type *t, int rank);
const char *temp_elem(Emitter *E, const char *zt, Type *t, const IndexMap *map);

/* ---- emit_hoist.c: the work computed once before a statement (also hoist, hoist_reset) ---- */

/* Remember that e's value is in C variable v until the statement ends. */
void hoisted(Emitter *E, Expr *e, const char *v);

/* ---- emit_reduce.c: reductions, partial reductions, scans, floods ---- */

/* The identity of reduction operator op for result type t (section 6.6), and acc := acc op v. */
const char *reduce_identity(Emitter *E, RedOp op, Type *t);
const char *reduce_step(Emitter *E, RedOp op, const char *acc, const char *v);
/* A copy of accumulator acc of type t to pass by address, so that acc's own is never taken. */
const char *acc_copy(Emitter *E, Type *t, const char *acc);
/* The '#pragma omp simd' clause for a loop folding into acc with op, or NULL (order matters). */
const char *simd_reduction_clause(Emitter *E, RedOp op, Type *t, const char *acc);
/* Combine every process's part acc of full reduction e (of operator op, type t): gathered here, or
 * into its split-phase gather (IC_GATHER_PUT, IC_GATHER_BEGIN). */
void combine_partials(Emitter *E, RedOp op, Type *t, const char *acc, const Expr *e);
/* An exact reduction's combine function (zrt_combine_fn) in the file's globals, for the reductions
 * values[0..n) whose values travel packed one after the other; returns its name. */
const char *emit_combine_fn(Emitter *E, int n, Expr *const *values);

/* Computed before the statement: a full reduction, a partial reduction, a scan, a flood. */
void hoist_reduce(Emitter *E, Expr *e);
void hoist_partial(Emitter *E, Expr *e);
void hoist_scan(Emitter *E, Expr *e);
void flood_copy(Emitter *E, Expr *e);
/* A partial reduction's parts in temporary zt combined along the dimensions zred (handle: begun
 * split-phase), and a scan finished from its line's values lv (and mask lk). */
void combine_line(Emitter *E, const Expr *e, const char *zt, const char *zred, const char *handle);
void scan_rest(Emitter *E, Expr *e, const char *lv, const char *lk);

/* ---- emit_ureduce.c: user-defined full reductions (section 15.5) ---- */

/* Computed before the statement: the states folded on each process and combined in process order. */
void hoist_ureduce(Emitter *E, Expr *e);

/* ---- emit_comm.c: the IR's communication operations ---- */

/* The operation at e (IW_AT), or NULL. */
const IrComm *comm_at(Emitter *E, const Expr *e);
/* The C name of transfer t's zrt_xfer, declared at file scope on first use. */
const char *emit_xfer_name(Emitter *E, const IrTransfer *t);
/* Before root e: its remaps and transfer calls; the DN of the next loop nest; the SVs due at the
 * next hoist_reset. comm_after: those, and a DN no loop nest took. */
void comm_before(Emitter *E, Expr *e);
void comm_after(Emitter *E);
/* Operations between statements (and at a procedure's exit). */
void emit_ops(Emitter *E, const PtrVec *ops);
void emit_exit_ops(Emitter *E, const PtrVec *ops);

/* ---- emit_split.c: split-phase collectives ---- */

/* A partial reduction, flood or scan statement begun split-phase (IrStmt.line_split) whose C blocks
 * stay open until its IC_LINE_END: what its end needs. */
typedef struct LineOpen {
  IrStmt *s;                   /* P := e */
  const char *handle;          /* its communication's handle */
  const char *zt, *zred;       /* the C names of its result's temporary and reduced dimensions */
  const char *handle2, *zk;    /* a scan under a mask: the assembly of where the mask holds */
  bool region;                 /* the block of a region statement around it is open too */
  bool begun;
  const char *cover;           /* its covering region, and what was hoisted for it */
  Region *cover_sem;
  int cover_rank;
  PtrVec temps, hoist_keys, hoist_vals;
} LineOpen;

/* A split-phase gather: opened (handle, buffer), a value put in (or begun, when it is the only
 * one), begun after its statements, ended, handed to the runtime (run-ahead). */
void gather_open(Emitter *E, const IrGather *g);
void gather_value(Emitter *E, const IrComm *op, const char *acc);
void gather_begin(Emitter *E, const IrGather *g);
void gather_end(Emitter *E, const IrGather *g);
void gather_defer(Emitter *E, const IrGather *g);
/* If e is the right-hand side of the statement being begun split-phase, begin its communication
 * and return true. */
bool partial_begun(Emitter *E, const Expr *e, const char *zt, const char *zred);
bool flood_begun(Emitter *E, const Expr *e, const char *zf, const char *zt, const char *zs);
bool scan_begun(Emitter *E, const Expr *e, const char *lv, const char *zv, const char *lk, const char *zk, unsigned mask);
/* Line statement d begun: its blocks stay open; line_end (IC_LINE_END of s) finishes and closes them. */
void line_opened(Emitter *E, LineOpen *d);
void line_end(Emitter *E, const IrStmt *s);

/* ---- emit_assign.c, emit_io.c, emit_wrap.c: statements ---- */

void emit_scalar_assign(Emitter *E, IrStmt *s);
void emit_parallel_assign(Emitter *E, IrStmt *s);
/* The loop nest of parallel assignment s after its right-hand side was hoisted; closes the block
 * emit_parallel_assign opened. emit_assign_nest: the nest alone (hoisted values stay). */
void emit_assign_loops(Emitter *E, IrStmt *s);
void emit_assign_nest(Emitter *E, IrStmt *s);
/* The loop nest of s writing its target directly, over the covering region (simd: its elements are
 * independent; unshared: the run-time check of IrStmt.temp_for passed). */
void emit_direct_loops(Emitter *E, IrStmt *s, int rank, bool simd, bool unshared);
/* True if dimension k of a's storage is known to be a flood dimension / known not to be one. */
bool flood_known(const Type *t, int k, bool *is_flood);

/* ---- emit_anchors.c: reads through ghost views from one address per row ---- */
/* In a loop nest, the read of arr through a ghost view by the direction dvar is anchored: returns
 * the direction to address it by (its array's anchor in the nest), and in *offset the C constant
 * to add (NULL for the anchor itself). */
const char *anchor_read(Emitter *E, Symbol *arr, const char *dvar, const char **offset);
/* A new loop nest: no anchors yet. */
void anchors_reset(Emitter *E);
/* The offsets' declarations, then the nest's text; with E->offsets_out set, the offsets go there
 * instead, for anchors_emit_offsets. */
void anchors_emit_nest(Emitter *E, const char *nest);
/* The declarations of offsets (struct NestOffset*) collected from several nests, with the strides
 * of their arrays they need. */
void anchors_emit_offsets(Emitter *E, const PtrVec *offsets);
/* The loops of a pair of rows' statements s and s2 over the covering region (a row of s): s2's row
 * is s's moved by the C value delta along the innermost dimension, and its target's element the
 * neighbour (sign -1: before, +1: after) of s's, so that one loop writes both, side by side. */
void emit_pair_loops(Emitter *E, IrStmt *s, IrStmt *s2, int rank, bool simd, const char *delta, int sign);
/* emit_rows.c: if l->items[i] begins a nest of rows (passes/rows.c), emit it; returns how many
 * list items it is (0: none). */
int emit_row_nest(Emitter *E, IrList *l, int i);
/* If l->items[i] begins a fused loop nest (passes/fusion.c), emit it; returns how many list items
 * it is (0: not fused). */
int emit_fused(Emitter *E, IrList *l, int i);
void emit_write(Emitter *E, Stmt *st);
void emit_read(Emitter *E, Stmt *st);
/* wrap/reflect st under the region of its region statement (NULL: none). */
void emit_wrap(Emitter *E, Stmt *st, Bracket *region);

/* ---- emit_project.c: blank-index projections (section 15.7) ---- */

/* True if e is a projection (c.max[].loc[]): several '[]', or one before a field or subscript. */
bool emit_is_projection(const Expr *e);
/* True if e denotes several elements of indexed arrays: a projection or a whole array a[] (whose
 * elements are copied one by one where a is an element of a parallel array). */
bool emit_is_elements(const Expr *e);
/* Open the loops over the elements of e (a projection or a whole array a[]), the leftmost '[]'
 * slowest; returns the C lvalue of the element there and sets its type and the number of loops,
 * which emit_elements_end closes. */
const char *emit_elements_begin(Emitter *E, Expr *e, Type **type, int *loops);
void emit_elements_end(Emitter *E, int loops);
/* An assignment whose target or value is a projection, element by element. */
void emit_projection_assign(Emitter *E, Stmt *st);

/* ---- emit_views.c: ghost views for shifts by directions known only at run time ---- */

/* How a shift A@^dir[k] of a statement is read: from the view's symbol (C lvalue sym->c_name),
 * shifted by the hoisted components dvar_0, dvar_1, ... (Of the views to end: dvar is the view's
 * pointer, tmp its temporary.) */
typedef struct EmitView {
  const Expr *shift;
  Symbol *sym;
  const char *dvar;
  const char *tmp;
} EmitView;
/* Before transfer t is described: the directions of its dynamic items and the views of their arrays
 * under region c (C name). */
void views_begin(Emitter *E, const IrTransfer *t, const char *c);
/* The zrt_xfer_add call of dynamic item sh of transfer x (C name). */
void view_item_add(Emitter *E, const IrShift *sh, const char *x);
/* The view serving shift e, or NULL. */
const EmitView *emit_view_of(Emitter *E, const Expr *e);
/* One transfer, under region c (C name) and in zrt_xfer x, for the ghost views of transfers
 * ts[0..n), each of a statement whose region is c moved by moved[i] (a C int64_t array, "" for
 * none): every item with its own direction under its statement's region (zrt_xfer_add_view_moved),
 * one view of their array (zrt_ghost_view_moved), which each shift reads with its own direction;
 * its DN too unless the nest takes it (nest_dn). The transfers go into E->merged_xfers. */
void views_merged(Emitter *E, const IrTransfer *const *ts, const char *const *moved, int n, const char *c, const char *x,
                  bool nest_dn);
/* True if transfer t is one of E->merged_xfers. */
bool xfer_merged(const Emitter *E, const IrTransfer *t);
/* The statement is done with its views: their temporaries are freed. */
void views_end(Emitter *E);

/* ---- emit_stmt.c: statements, control flow, lists ---- */

/* The covering region in effect (C expression, what sema knows, rank), saved while another is. */
typedef struct CoverScope {
  const char *cover;
  Region *sem;
  int rank;
} CoverScope;
/* Make (c, sem, rank) the covering region; returns the one it replaces. cover_leave restores it. */
CoverScope cover_enter(Emitter *E, const char *c, Region *sem, int rank);
void cover_leave(Emitter *E, CoverScope saved);
/* Open the block of region statement st (its region the covering region, sema's view sem);
 * region_close ends it. */
CoverScope region_open(Emitter *E, const Stmt *st, Region *sem);
void region_close(Emitter *E);
/* One statement, and a list with the communication between its statements. */
void emit_stmt(Emitter *E, IrStmt *s);
void emit_list(Emitter *E, IrList *l);
/* Point the symbol of element el (IrElement) at the element, its subscripts checked (R2). */
void emit_bind_element(Emitter *E, const IrElement *el);

#endif
