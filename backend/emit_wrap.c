/* emit_wrap.c - wrap and reflect (section 7.8).
 * The checks of the direction and the operands' storage, then a remap within each array
 * (IC_WRAP), or a local copy where the program runs on one process only. A wrap of whole arrays
 * around their declared region is a periodic exchange into their border cells instead (the
 * IC_WRAP's transfer), when the region wrapped around is the declared one at run time. */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

/* The outermost 'of' of the region a wrap/reflect runs under (following region names). */
static RegionSyn *outer_of(Emitter *E, Bracket *b) {
  RegionSyn *rs = NULL;
  if (b->n == 1 && b->items[0].kind == BI_REGION) rs = b->items[0].region;
  else if (b->n == 1 && b->items[0].kind == BI_EXPR && b->items[0].lo->kind == EX_NAME) {
    Symbol *sym = sema_lookup(E->S, b->items[0].lo->name.name, b->items[0].lo->loc.off);
    if (sym && sym->kind == SYM_REGION && sym->decl) rs = sym->decl->region;
  }
  while (rs && rs->kind == RX_NAME) {
    Symbol *sym = sema_lookup(E->S, rs->name.name, rs->loc.off);
    rs = sym && sym->kind == SYM_REGION && sym->decl ? sym->decl->region : NULL;
  }
  while (rs && rs->kind == RX_BRACKET && rs->bracket->n == 1 && rs->bracket->items[0].kind == BI_REGION)
    rs = rs->bracket->items[0].region;
  return rs && rs->kind == RX_OF ? rs : NULL;
}

/* The border cells of transfer t's arrays filled from the other end of region zx by a ghost-cell
 * transfer when zx is their declared region (zrt_wrap_by_ghosts, the same on every process); the
 * remap that follows is the else branch. */
static void wrap_by_ghosts(Emitter *E, const IrTransfer *t) {
  const char *x = emit_xfer_name(E, t);
  Buf cond = {0};
  for (int i = 0; i < t->items.len; i++)
    buf_printf(&cond, "%szrt_wrap_by_ghosts(&zx, &%s)", i ? " && " : "", emit_sym(E, ((IrShift *)t->items.items[i])->array));
  emit_line(E, "if (%s) { /* transfer %d: a periodic exchange into the border cells */", cond.data, t->id);
  free(cond.data);
  emit_line(E, "  zrt_xfer_begin(&%s, &%s);", x, E->cover);
  for (int i = 0; i < t->items.len; i++)
    emit_line(E, "  zrt_xfer_fill_wrap(&%s, &%s);", x, emit_sym(E, ((IrShift *)t->items.items[i])->array));
  emit_line(E, "  zrt_dr(&%s); zrt_sr(&%s); zrt_dn(&%s); zrt_sv(&%s);", x, x, x, x);
  emit_line(E, "} else {");
  E->indent++;
}

void emit_wrap(Emitter *E, Stmt *st, Bracket *region) {
  RegionSyn *of = region ? outer_of(E, region) : NULL;
  if (!of) {
    emit_unsupported(E, st->loc, "wrap/reflect under an inherited region");
    return;
  }
  int rank = E->cover_rank;
  emit_line(E, "{ /* line %d: %s */", st->loc.line, st->reflect ? "reflect" : "wrap");
  E->indent++;
  emit_line(E, "zrt_region zx = %s;", emit_region_syn(E, of->base));
  emit_line(E, "const int64_t *zd = %s;", emit_dir(E, of->dir));
  emit_line(E, "for (int k = 0; k < %d; k++)", rank);
  emit_line(E, "  if (!(zx.flood >> k & 1) && (zd[k] < 0 ? -zd[k] : zd[k]) > zx.hi[k] - zx.lo[k] + 1)");
  emit_line(E, "    zrt_error(%d, \"'%s' direction is larger than the region it wraps\");", st->loc.line,
            st->reflect ? "reflect" : "wrap");
  /* R11, R4: the filled cells (the covering region) and the copied ones ((-d) in X for wrap, d in X
   * for reflect) must be in each operand's storage region */
  emit_line(E, "int64_t zsd[%d];", rank);
  emit_line(E, "for (int k = 0; k < %d; k++) zsd[k] = %szd[k];", rank, st->reflect ? "" : "-");
  emit_line(E, "zrt_region zs = zrt_region_in(zx, zsd);");
  for (int i = 0; i < st->noperands; i++) {
    Symbol *sym = sema_base_symbol(st->operands[i]);
    const char *a = emit_sym(E, sym);
    if (sym->global && E->cur_proc)
      emit_line(E, "if (!%s.allocated) zrt_error(%d, \"'%s' is used before its declaration is elaborated\");", a,
                st->loc.line, sym->name);
    emit_line(E, "if (!zrt_contains(&%s, &%s, NULL) || !zrt_contains(&zs, &%s, NULL))", E->cover, a, a);
    emit_line(E, "  zrt_error(%d, \"covering region is not inside the storage region of '%s'\");", st->loc.line, array_label(sym));
  }
  const IrComm *c = st->noperands ? comm_at(E, st->operands[0]) : NULL;
  if (c && c->kind == IC_WRAP && c->t) wrap_by_ghosts(E, c->t);
  if (!st->noperands || (c && c->kind == IC_WRAP)) { /* a remap within each array, across processes (IC_WRAP) */
    emit_line(E, "zrt_map zmp = zrt_map_wrap(&zx, zd, %d);", st->reflect);
    for (int i = 0; i < st->noperands; i++) {
      Expr *op = st->operands[i];
      Symbol *sym = sema_base_symbol(op);
      const char *a = emit_sym(E, sym);
      if (op->kind == EX_NAME) {
        emit_line(E, "zrt_remap(&%s, &%s, &%s, &zmp, %d);", a, E->cover, a, st->loc.line);
        continue;
      }
      /* a part of the elements: they come whole into a temporary, then only the part is copied */
      const char *zt = temp_over_cover(E, sym->type->elem, rank);
      emit_line(E, "zrt_remap(&%s, &%s, &%s, &zmp, %d);", zt, E->cover, a, st->loc.line);
      IndexMap map;
      loops_begin(E, E->cover, rank, NULL, &map);
      const char *dst = emit_expr(E, op);
      hoisted(E, ir_path_root(op), temp_elem(E, zt, sym->type->elem, &map));
      emit_line(E, "%s = %s;", dst, emit_expr(E, op));
      loops_end(E, rank);
    }
    hoist_reset(E);
    if (c && c->t) {
      E->indent--;
      emit_line(E, "}");
    }
    E->indent--;
    emit_line(E, "}");
    return;
  }
  IndexMap map; /* on one process only (IrProgram.one_process) */
  loops_begin(E, E->cover, rank, NULL, &map);
  IndexMap src = {rank, {0}};
  for (int k = 0; k < rank; k++) {
    const char *j = index_names[k];
    src.idx[k] = st->reflect
      ? arena_printf(E->arena, "(zd[%d] > 0 ? 2 * zx.hi[%d] + 1 - %s : zd[%d] < 0 ? 2 * zx.lo[%d] - 1 - %s : %s)", k, k, j, k, k, j, j)
      : arena_printf(E->arena, "(zd[%d] > 0 ? %s - (zx.hi[%d] - zx.lo[%d] + 1) : zd[%d] < 0 ? %s + (zx.hi[%d] - zx.lo[%d] + 1) : %s)", k, j, k, k, k, j, k, k, j);
  }
  for (int i = 0; i < st->noperands; i++) {
    Expr *op = st->operands[i];
    const char *dst = emit_expr(E, op);
    E->idx = &src;
    const char *from = emit_expr(E, op);
    E->idx = &map;
    emit_line(E, "%s = %s;", dst, from);
  }
  loops_end(E, rank);
  E->indent--;
  emit_line(E, "}");
}
