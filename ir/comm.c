/* comm.c - the IR's communication operations (IrComm in ir.h): new ones, lookup, names.
 * ir_comm_at finds those placed relative to an expression through a table built on first use. */
#include <stdint.h>
#include "ir.h"

/* Expression -> the operations placed relative to it, by open addressing on the pointer. */
struct IrCommIndex {
  const Expr **keys;
  PtrVec *ops;
  size_t cap;                  /* a power of two, at least twice the number of keys */
  size_t len;
};

IrComm *ir_comm_new(Arena *a, IrCommKind kind, IrWhen when, Expr *at) {
  IrComm *c = ARENA_NEW(a, IrComm);
  c->kind = kind;
  c->when = when;
  c->at = at;
  c->e = at;
  return c;
}

/* The slot of key in x (empty if it is not there). */
static size_t slot(const IrCommIndex *x, const Expr *key) {
  size_t h = ((uintptr_t)key >> 4) * 0x9E3779B97F4A7C15u;
  size_t i = h & (x->cap - 1);
  while (x->keys[i] && x->keys[i] != key) i = (i + 1) & (x->cap - 1);
  return i;
}

/* Double the table (each key's operations move as they are). */
static void grow(Arena *a, IrCommIndex *x) {
  IrCommIndex old = *x;
  x->cap = old.cap ? old.cap * 2 : 64;
  x->keys = ARENA_ARRAY(a, const Expr *, x->cap);
  x->ops = ARENA_ARRAY(a, PtrVec, x->cap);
  for (size_t i = 0; i < old.cap; i++)
    if (old.keys[i]) {
      size_t j = slot(x, old.keys[i]);
      x->keys[j] = old.keys[i];
      x->ops[j] = old.ops[i];
    }
}

static void index_add(Arena *a, IrCommIndex *x, IrComm *c) {
  if (2 * (x->len + 1) > x->cap) grow(a, x);
  size_t i = slot(x, c->at);
  if (!x->keys[i]) {
    x->keys[i] = c->at;
    x->len++;
  }
  vec_push(a, &x->ops[i], c);
}

static void index_ops(Arena *a, IrCommIndex *x, const PtrVec *ops) {
  for (int i = 0; i < ops->len; i++) {
    IrComm *c = ops->items[i];
    if (c->at) index_add(a, x, c);
  }
}

static void index_list(Arena *a, IrCommIndex *x, const IrList *l) {
  for (int i = 0; i < l->n; i++) {
    const IrStmt *s = l->items[i];
    index_ops(a, x, &s->comm);
    index_list(a, x, &s->body);
    for (int k = 0; k < s->narms; k++) index_list(a, x, &s->arms[k]);
    index_list(a, x, &s->else_body);
  }
}

const PtrVec *ir_comm_at(Arena *a, IrProgram *ir, const Expr *at) {
  if (!ir->comm_index) {
    ir->comm_index = ARENA_NEW(a, IrCommIndex);
    for (int p = 0; p < ir->procs.len; p++) {
      const IrProc *proc = ir->procs.items[p];
      index_ops(a, ir->comm_index, &proc->init_comm);
      index_list(a, ir->comm_index, &proc->body);
    }
  }
  const IrCommIndex *x = ir->comm_index;
  if (!at || !x->cap) return NULL;
  size_t i = slot(x, at);
  return x->keys[i] ? &x->ops[i] : NULL;
}

const char *ir_comm_kind_name(IrCommKind kind) {
  static const char *const names[] = {
      [IC_XFER_BEGIN] = "DR SR of transfer", [IC_XFER_ONCE] = "DR SR DN SV of transfer",
      [IC_XFER_DN] = "DN of transfer", [IC_XFER_SV] = "SV of transfer",
      [IC_XFER_ELSEWHERE] = "nothing here for transfer", [IC_REMAP] = "remap",
      [IC_GATHER] = "gather", [IC_GATHER_OPEN] = "open gather", [IC_GATHER_PUT] = "into gather",
      [IC_GATHER_BEGIN] = "begin gather", [IC_GATHER_END] = "end gather", [IC_GATHER_DEFER] = "defer gather",
      [IC_GATHER_FLUSH] = "flush the deferred gathers", [IC_LINE] = "combine along grid lines",
      [IC_LINE_BEGIN] = "begin along grid lines", [IC_LINE_END] = "end along grid lines", [IC_WRAP] = "wrap remap",
      [IC_WRAP_GHOST] = "wrap-around read from the ghost cells of transfer",
      [IC_PATTERN_BEGIN] = "begin pattern", [IC_PATTERN_END] = "end pattern", [IC_PATTERN_LEAVE] = "leave pattern",
  };
  return names[kind];
}

/* The stride of dimension k of array's declared region as far as it is known at compile time (a
 * 'by' whose direction is only known at run time can only make it a multiple of this). */
static int64_t known_stride(const Symbol *array, int k) {
  const Type *t = array ? sema_parallel_type(array) : NULL;
  const Region *r = t ? t->region : NULL;
  if (!r || r->error || k >= r->rank || r->dims[k].kind != DK_RANGE || r->dims[k].stride < 1) return 1;
  return r->dims[k].stride;
}

int64_t ir_fluff(const Symbol *array, int k) {
  int64_t s = known_stride(array, k);
  return s > INT64_MAX / IR_FLUFF ? INT64_MAX : IR_FLUFF * s;
}

bool ir_shift_fits(const Symbol *array, int rank, const int64_t *d) {
  for (int k = 0; k < rank; k++)
    if (d[k] > ir_fluff(array, k) || d[k] < -ir_fluff(array, k)) return false;
  return true;
}
