/* emit_comm.c - the IR's communication operations printed as runtime calls.
 * Inside statements: the remaps and the transfers' Ironman calls (DR, SR, DN, SV on a zrt_xfer)
 * before and after their root expressions. Between statements: transfers begun early or hoisted
 * out of loops, split-phase gathers and line statements begun and ended (emit_split.c), run-ahead
 * flushes, pattern boundaries. */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

/* The static declaration of transfer t's zrt_xfer (once) and its C name. */
static const char *xfer_name(Emitter *E, const IrTransfer *t) {
  const char *x = arena_printf(E->arena, "zx%d", t->id);
  if (!E->xfer_declared[t->id]) buf_printf(&E->globals, "static zrt_xfer %s = ZRT_XFER_INIT(%d, %d);\n", x, t->id, t->line);
  E->xfer_declared[t->id] = true;
  return x;
}

const char *emit_xfer_name(Emitter *E, const IrTransfer *t) { return xfer_name(E, t); }

/* zrt_xfer_begin and zrt_xfer_add for every item of transfer t, under region c. */
static void xfer_describe(Emitter *E, const char *x, const IrTransfer *t, const char *c) {
  if (t->dynamic) views_begin(E, t, c);
  emit_line(E, "zrt_xfer_begin(&%s, &%s);", x, c);
  for (int i = 0; i < t->items.len; i++) {
    IrShift *sh = t->items.items[i];
    if (sh->dynamic) {
      view_item_add(E, sh, x);
      continue;
    }
    Buf d = {0};
    for (int k = 0; k < sh->rank; k++) buf_printf(&d, "%s%lld", k ? ", " : "", (long long)sh->d[k]);
    emit_line(E, "zrt_xfer_add%s(&%s, &%s, (int64_t[]){%s});", sh->wrap ? "_wrap" : "", x, emit_sym(E, sh->array), d.data);
    free(d.data);
  }
}

/* The operation computed at e (IW_AT: a reduction's gather, a partial reduction's, flood's or
 * scan's combining, a wrap operand's remap), or NULL. */
const IrComm *comm_at(Emitter *E, const Expr *e) {
  const PtrVec *ops = ir_comm_at(E->arena, E->ir, e);
  for (int i = 0; ops && i < ops->len; i++)
    if (((const IrComm *)ops->items[i])->when == IW_AT) return ops->items[i];
  return NULL;
}

/* A shifted read A@d or A@^d served by a copy: a temporary over the covering region holding
 * A's values at the shifted (wrapped) indices, gathered from their owners (zrt_remap). */
static void shifted_copy(Emitter *E, Expr *sh) {
  Expr *root = ir_path_root(sh->base);
  Symbol *a = root->sym;
  int rank = a->type->rank;
  const char *zt = temp_over_cover(E, a->type->elem, rank);
  emit_line(E, "{ zrt_map zmp = zrt_map_shift(&%s, %s, %d); zrt_remap(&%s, &%s, &%s, &zmp, %d); }", emit_sym(E, a),
            emit_dir(E, sh->dir), sh->wrap, zt, E->cover, emit_sym(E, a), sh->loc.line);
  IndexMap map = {rank, {0}};
  for (int k = 0; k < rank; k++) map.idx[k] = index_names[k];
  /* the whole elements moved; a field or component of them is read from the temporary */
  hoisted(E, root, temp_elem(E, zt, a->type->elem, &map));
  hoisted(E, sh, emit_expr(E, sh->base));
}

/* An operation before root e (IW_BEFORE). */
static void comm_op_before(Emitter *E, const IrComm *c) {
  const IrTransfer *t = c->t;
  switch (c->kind) {
  case IC_REMAP: shifted_copy(E, c->e); break;
  case IC_XFER_ELSEWHERE:
    if (t->place == XF_EARLY) {
      emit_line(E, "/* transfer %d (line %d): started above; wait for the ghost cells */", t->id, t->line);
      xfer_name(E, t);
      break;
    }
    emit_line(E, "/* transfer %d (line %d): %s %d */", t->id, t->line,
              t->place == XF_REDUNDANT ? "not needed, the ghost cells are current since transfer"
              : t->place == XF_COMBINED ? "travels with transfer" : "hoisted out of the loop as transfer",
              t->by ? t->by->id : t->id);
    break;
  case IC_XFER_BEGIN: {
    const char *x = xfer_name(E, t);
    emit_line(E, "/* transfer %d (line %d): ghost cells for the shifted reads */", t->id, t->line);
    xfer_describe(E, x, t, E->cover);
    emit_line(E, "zrt_dr(&%s); zrt_sr(&%s);", x, x);
    break;
  }
  case IC_XFER_DN: emit_line(E, "zrt_dn(&%s);", xfer_name(E, t)); break;
  default: break;
  }
}

/* Before root e is evaluated: its remaps and its transfer's calls (IW_BEFORE); the DN the next loop
 * nest does between its interior and its border (IW_NEST); the SV due when the statement is done
 * with e (IW_AFTER, at hoist_reset). */
void comm_before(Emitter *E, Expr *e) {
  const PtrVec *ops = ir_comm_at(E->arena, E->ir, e);
  for (int i = 0; ops && i < ops->len; i++) {
    const IrComm *c = ops->items[i];
    bool merged = c->t && xfer_merged(E, c->t); /* made by views_merged, its SV by the first one's */
    if (c->when == IW_BEFORE && !(merged && (c->kind == IC_XFER_BEGIN || c->kind == IC_XFER_DN))) comm_op_before(E, c);
    else if (c->when == IW_NEST) E->split_dn = xfer_name(E, c->t);
    else if (c->when == IW_AFTER && (!merged || c->t == E->merged_xfers.items[0])) vec_push(E->arena, &E->after_ops, (void *)c);
  }
}

/* The DN no loop nest took and the SVs of the roots of the statement just emitted (IW_AFTER). */
void comm_after(Emitter *E) {
  if (E->split_dn) emit_line(E, "zrt_dn(&%s);", E->split_dn); /* no loop nest took it */
  E->split_dn = NULL;
  for (int i = 0; i < E->after_ops.len; i++)
    emit_line(E, "zrt_sv(&%s);", xfer_name(E, ((const IrComm *)E->after_ops.items[i])->t));
  E->after_ops.len = 0;
  views_end(E);
}

/* A transfer comm_opt starts before a statement: DR and SR (its DN comes where the data is read),
 * or all four (hoisted out of the loop). */
static void xfer_between(Emitter *E, const IrTransfer *t, bool once) {
  const char *x = xfer_name(E, t);
  emit_line(E, "/* transfer %d (line %d): %s */", t->id, t->line,
            once ? "its arrays do not change in the loop: once, before it" : "started after the last write of its arrays");
  if (emit_may_run_in_elaboration(E)) /* its region, before the statement that checks it (R11) */
    emit_line(E, "(void)%s;", emit_named_region(E, t->cover->name, t->line));
  xfer_describe(E, x, t, emit_sym(E, t->cover));
  if (once) emit_line(E, "zrt_dr(&%s); zrt_sr(&%s); zrt_dn(&%s); zrt_sv(&%s);", x, x, x, x);
  else emit_line(E, "zrt_dr(&%s); zrt_sr(&%s);", x, x);
}

/* One operation between statements. */
static void emit_op(Emitter *E, const IrComm *c) {
  switch (c->kind) {
  case IC_XFER_BEGIN: case IC_XFER_ONCE: xfer_between(E, c->t, c->kind == IC_XFER_ONCE); break;
  case IC_GATHER_OPEN: gather_open(E, c->g); break;
  case IC_GATHER_BEGIN: gather_begin(E, c->g); break;
  case IC_GATHER_END: gather_end(E, c->g); break;
  case IC_GATHER_DEFER: gather_defer(E, c->g); break;
  case IC_GATHER_FLUSH:
    if (c->line) emit_line(E, "zrt_allgather_flush(); /* the reductions that ran ahead in the loop at line %d */", c->line);
    else emit_line(E, "zrt_allgather_flush();");
    break;
  case IC_LINE_END: line_end(E, c->s); break;
  case IC_PATTERN_BEGIN: emit_line(E, "zrt_pattern_begin(%d);", c->pattern); break;
  case IC_PATTERN_END: emit_line(E, "zrt_pattern_end(%d);", c->pattern); break;
  case IC_PATTERN_LEAVE: emit_line(E, "zrt_pattern_leave(%d);", c->pattern); break;
  default: break; /* the others are inside statements */
  }
}

void emit_ops(Emitter *E, const PtrVec *ops) {
  for (int i = 0; i < ops->len; i++) emit_op(E, ops->items[i]);
}

void emit_exit_ops(Emitter *E, const PtrVec *ops) { emit_ops(E, ops); }
