/* emit_c.c - the C program azc writes: prelude, config table, elaboration, procedures, main().
 * The config table is handed to the runtime (section 10); the globals are elaborated in order
 * (section 3.3); each procedure allocates its locals on entry and frees them at its single exit. */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"
#include "ir.h"

/* ---- procedures ---- */

/* C parameter declaration of parameter i of procedure sym. */
static const char *param_decl(Emitter *E, Symbol *sym, int i) {
  Type *t = sym->ptypes[i];
  ParamMode m = sym->pmodes[i];
  const char *n = emit_name(E, sym->pnames[i]);
  bool is_file = t->kind == TY_SCALAR && t->scalar == SK_FILE;
  if (t->kind == TY_PARALLEL || t->kind == TY_ARRAY || ((m == PM_OUT || m == PM_INOUT || m == PM_VAR) && !is_file))
    return arena_printf(E->arena, "%s *%s", emit_ctype(E, t), n);
  return arena_printf(E->arena, "%s %s", emit_ctype(E, t), n);
}

/* The C prototype of a program procedure. */
static const char *proc_header(Emitter *E, Symbol *sym) {
  Buf b = {0};
  buf_printf(&b, "static %s %s(const zrt_region *zcover", sym->result ? emit_ctype(E, sym->result) : "void", emit_proc_name(E, sym));
  for (int i = 0; i < sym->nparams; i++) buf_printf(&b, ", %s", param_decl(E, sym, i));
  buf_add(&b, ")");
  const char *r = arena_strdup(E->arena, b.data);
  free(b.data);
  return r;
}

/* The C prototype of an extern procedure (its C name, no covering region). */
static const char *extern_header(Emitter *E, Symbol *sym) {
  Buf b = {0};
  buf_printf(&b, "extern %s %s(", sym->result ? emit_ctype(E, sym->result) : "void", sym->name);
  for (int i = 0; i < sym->nparams; i++) {
    bool ref = sym->pmodes[i] == PM_OUT || sym->pmodes[i] == PM_INOUT || sym->pmodes[i] == PM_VAR;
    buf_printf(&b, "%s%s%s", i ? ", " : "", emit_ctype(E, sym->ptypes[i]), ref ? " *" : "");
  }
  if (sym->nparams == 0) buf_add(&b, "void");
  buf_add(&b, ");");
  const char *r = arena_strdup(E->arena, b.data);
  free(b.data);
  return r;
}

/* True if the C text of a procedure has loops the C compiler vectorizes (`omp simd`, or the unit
 * steps of strided loops) and none that reassociates floating-point sums or products when it does
 * (reductions other than max and min): its vector copies compute exactly what its scalar code does. */
static bool vector_exact(const char *text) {
  if (!strstr(text, "#pragma omp simd")) return false;
  for (const char *r = strstr(text, "reduction("); r; r = strstr(r + 1, "reduction("))
    if (strncmp(r, "reduction(max:", 14) && strncmp(r, "reduction(min:", 14)) return false;
  return true;
}

/* Give the procedure whose text begins at offset start of the body an AVX2 copy (ZRT_VECTOR_CLONES). */
static void clone_for_vectors(Emitter *E, size_t start) {
  Buf b = {0};
  buf_printf(&b, "%.*sZRT_VECTOR_CLONES %s", (int)start, E->body.data, E->body.data + start);
  free(E->body.data);
  E->body = b;
}

/* One procedure: locals allocated on entry and freed at its single exit. */
static void emit_proc(Emitter *E, IrProc *ip) {
  Symbol *sym = ip->sym;
  Proc *p = sym->proc;
  E->cur_proc = p;
  E->out = &E->body;
  bool entry = sym == E->S->entry;
  buf_printf(&E->protos, "%s ZRT_UNUSED;\n", proc_header(E, sym)); /* a program need not call all its procedures */
  size_t start = E->body.len;
  emit_line(E, "%s {", proc_header(E, sym));
  E->indent = 1;
  emit_line(E, "(void)zcover;");
  for (int i = 0; i < p->nparams; i++) emit_line(E, "(void)%s;", emit_name(E, p->params[i].name.name)); /* maybe unused */
  if (sym->result) emit_line(E, "%s zresult = {0};", emit_ctype(E, sym->result));
  for (int i = 0; i < p->nparams; i++) {
    Param *pa = &p->params[i];
    Type *t = sym->ptypes[i];
    if (pa->mode == PM_IN && t->kind == TY_PARALLEL) {
      const char *n = emit_name(E, pa->name.name);
      emit_line(E, "zrt_array zin_%s = {0}; zrt_array_copy(&zin_%s, %s); %s = &zin_%s;", pa->name.name, pa->name.name, n, n,
                pa->name.name);
    } else if (pa->mode == PM_IN && t->kind == TY_ARRAY) {
      const char *n = emit_name(E, pa->name.name);
      const char *local = arena_printf(E->arena, "zin_%s", pa->name.name);
      emit_line(E, "%s %s = {0}; %s %s = &%s;", emit_ctype(E, t), local, iarray_copy_c(E, t, local, arena_printf(E->arena, "(*%s)", n)),
                n, local);
    }
  }
  for (int i = 0; i < p->nlocals; i++) {
    Decl *d = p->locals[i];
    for (int k = 0; k < d->nnames && d->syms; k++)
      if (d->syms[k]) {
        if (has_nested_iarray(d->syms[k]->type))
          emit_unsupported(E, d->loc, "indexed arrays with run-time bounds inside records or arrays");
        emit_line(E, "%s %s ZRT_UNUSED = {0};", emit_ctype(E, d->syms[k]->type), emit_name(E, d->syms[k]->name));
      }
  }
  for (int i = 0; i < ip->elements.len; i++) /* the elements U[e] its statements name (ir/lower.c) */
    emit_line(E, "zrt_array *%s ZRT_UNUSED = NULL;", emit_name(E, ((IrElement *)ip->elements.items[i])->sym->name));
  E->cover = entry ? NULL : "(*zcover)";
  E->cover_sem = NULL;
  E->cover_rank = sym->info ? sym->info->needs_rank : 0;
  for (int i = 0; i < p->nlocals; i++) {
    Decl *d = p->locals[i];
    for (int k = 0; k < d->nnames && d->syms; k++) {
      Symbol *v = d->syms[k];
      if (!v) continue;
      const char *saved = E->cover;
      if (v->type->kind == TY_PARALLEL) alloc_array(E, v, array_region(E, d->type));
      else if (v->type->kind == TY_ARRAY) alloc_iarray(E, emit_name(E, v->name), v->type);
      if (v->type->kind == TY_ARRAY && v->type->elem->kind == TY_PARALLEL) alloc_elements(E, v, d->type);
      E->cover = saved;
      if (d->init) {
        for (int j = 0; j < ip->elements.len; j++) /* the elements the initializer names (ir/lower.c) */
          if (((IrElement *)ip->elements.items[j])->init == d->init) emit_bind_element(E, ip->elements.items[j]);
        hoist_init(E, d->init);
        emit_init(E, emit_name(E, v->name), v->type, d->init);
        hoist_reset(E);
      }
    }
  }
  E->used_return = false;
  emit_list(E, &ip->body);
  if (sym->result) emit_line(E, "zrt_error(%d, \"procedure '%s' ended without returning a value\");", p->name.loc.line, sym->name);
  E->indent = 0;
  if (E->used_return) emit_line(E, "zreturn:;");
  E->indent = 1;
  if (E->used_return) emit_exit_ops(E, &ip->exit);
  for (int i = 0; i < p->nparams; i++)
    if (p->params[i].mode == PM_IN && sym->ptypes[i]->kind == TY_PARALLEL) emit_line(E, "zrt_array_free(&zin_%s);", p->params[i].name.name);
  for (int i = 0; i < p->nlocals; i++) {
    Decl *d = p->locals[i];
    for (int k = 0; k < d->nnames && d->syms; k++) {
      Symbol *v = d->syms[k];
      if (v && v->type->kind == TY_PARALLEL) emit_line(E, "zrt_array_free(&%s);", emit_name(E, v->name));
      if (v && v->type->kind == TY_ARRAY && v->type->elem->kind == TY_PARALLEL) free_elements(E, v);
    }
  }
  if (sym->result) emit_line(E, "return zresult;");
  E->indent = 0;
  emit_line(E, "}");
  emit_line(E, "%s", "");
  if (vector_exact(E->body.data + start)) clone_for_vectors(E, start);
  E->cur_proc = NULL;
}

/* ---- config vars, elaboration, main ---- */

/* Source text with every run of whitespace and comments replaced by one space, trimmed (section 10.3). */
const char *emit_source_text(Emitter *E, int start, int end) {
  const char *t = E->S->src->text;
  Buf b = {0};
  bool space = false;
  for (int i = start; i < end; i++) {
    char c = t[i];
    if (c == '"' || c == '\'') { /* copy literals unchanged */
      if (space && b.len) buf_add(&b, " ");
      space = false;
      int j = i + 1;
      while (j < end && t[j] != c && t[j] != '\n') j += t[j] == '\\' ? 2 : 1;
      buf_printf(&b, "%.*s", j - i + 1 > end - i ? end - i : j - i + 1, t + i);
      i = j;
      continue;
    }
    if (c == '-' && i + 1 < end && t[i + 1] == '-') {
      while (i < end && t[i] != '\n') i++;
      space = true;
      continue;
    }
    if (c == '/' && i + 1 < end && t[i + 1] == '*') {
      i += 2;
      while (i + 1 < end && !(t[i] == '*' && t[i + 1] == '/')) i++;
      i++;
      space = true;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      space = true;
      continue;
    }
    if (space && b.len) buf_add(&b, " ");
    space = false;
    buf_printf(&b, "%c", c);
  }
  const char *r = arena_strdup(E->arena, b.data ? b.data : "");
  free(b.data);
  return r;
}

/* The runtime kind of a config var's type. */
static const char *config_kind(const Type *t) {
  static const char *const kinds[] = {"ZRT_CFG_BOOLEAN", "ZRT_CFG_CHAR", "ZRT_CFG_SBYTE", "ZRT_CFG_UBYTE",
                                      "ZRT_CFG_SHORTINT", "ZRT_CFG_USHORTINT", "ZRT_CFG_INTEGER", "ZRT_CFG_UINTEGER",
                                      "ZRT_CFG_LONGINT", "ZRT_CFG_ULONGINT", "ZRT_CFG_FLOAT", "ZRT_CFG_DOUBLE",
                                      "ZRT_CFG_QUAD", "ZRT_CFG_STRING"};
  if (t->kind == TY_ENUM) return "ZRT_CFG_ENUM";
  return kinds[t->scalar];
}

/* The C string literal of a text. */
static const char *quoted(Emitter *E, const char *s) { return emit_c_string(E, s, strlen(s)); }

/* The config table handed to zrt_init, and the enumerator value tables. */
static void emit_config_table(Emitter *E, Buf *out) {
  Buf rows = {0};
  int n = 0;
  for (int i = 0; i < E->S->prog->decls.len; i++) {
    Decl *d = E->S->prog->decls.items[i];
    if ((d->kind != D_CONFIG_VAR && d->kind != D_CONFIG_CONST) || !d->syms || !d->syms[0]) continue;
    Type *t = d->syms[0]->type;
    const char *enums = "NULL";
    int nenums = 0;
    if (t->kind == TY_ENUM) {
      Buf names = {0}, vals = {0};
      for (int k = 0; k < t->nenums; k++) {
        buf_printf(&names, "%s\"%s\"", k ? ", " : "", t->enumerators[k]->name);
        buf_printf(&vals, "%s%lld", k ? ", " : "", (long long)t->enumerators[k]->const_val);
      }
      buf_printf(out, "static const char *const zenumname%d[] = {%s};\n", n, names.data);
      buf_printf(out, "static const int32_t zenum%d[] = {%s};\n", n, vals.data);
      free(names.data);
      free(vals.data);
      enums = arena_printf(E->arena, "zenumname%d", n);
      nenums = t->nenums;
    }
    buf_printf(&rows, "  {%s, %s, %s, %s, %s, %d},\n", quoted(E, d->names[0].name), quoted(E, emit_source_text(E, d->type->start, d->type->end)),
               quoted(E, emit_source_text(E, d->init->start, d->init->end)), config_kind(t), enums, nenums);
    d->syms[0]->config_index = n++;
  }
  buf_printf(out, "static const zrt_config zconfigs[] = {\n%s  {NULL, NULL, NULL, ZRT_CFG_INTEGER, NULL, 0}\n};\n", rows.data ? rows.data : "");
  buf_printf(out, "static const zrt_program zprogram = {%s, %s, zconfigs, %d};\n\n", quoted(E, E->S->prog->name.name),
             quoted(E, E->source), n);
  free(rows.data);
}

/* The elaboration of every global declaration, in order (section 3.3). */
static void emit_elaboration(Emitter *E) {
  E->out = &E->body;
  emit_line(E, "static void zelaborate(void) {");
  E->indent = 1;
  E->cover = NULL;
  for (int i = 0; i < E->S->prog->decls.len; i++) {
    Decl *d = E->S->prog->decls.items[i];
    if (!d->syms) continue;
    for (int k = 0; k < d->nnames; k++) {
      Symbol *sym = d->syms[k];
      if (!sym) continue;
      switch (d->kind) {
      case D_REGION:
        buf_printf(&E->globals, "static zrt_region %s ZRT_UNUSED;\n", emit_name(E, sym->name));
        emit_line(E, "%s = %s;", emit_name(E, sym->name), emit_region_syn(E, d->region));
        emit_line(E, "zrt_bbox_add(&%s);", emit_name(E, sym->name));
        break;
      case D_DIRECTION:
        buf_printf(&E->globals, "static int64_t %s[%d] ZRT_UNUSED;\n", emit_name(E, sym->name), sym->dir_rank);
        for (int c = 0; c < sym->dir_rank; c++)
          emit_line(E, "%s[%d] = %s;", emit_name(E, sym->name), c,
                    d->dir->kind == DIR_LIT ? arena_printf(E->arena, "(int64_t)(%s)", emit_expr(E, d->dir->comps[c]))
                                            : arena_printf(E->arena, "%s[%d]", emit_name(E, d->dir->sym->name), c));
        break;
      case D_CONFIG_VAR: case D_CONFIG_CONST: emit_variable(E, sym, d, sym->config_index); break;
      case D_VAR: case D_CONST: case D_EXTERN_VAR: case D_EXTERN_CONST: emit_variable(E, sym, d, -1); break;
      default: break;
      }
    }
  }
  if (!E->distributed) emit_line(E, "zrt_distribute_all();");
  E->distributed = true;
  E->indent = 0;
  emit_line(E, "}");
  emit_line(E, "%s", "");
}

/* Copy to out what the body spilled to its temporary file, and close it. */
static void copy_spilled(FILE *spill, FILE *out) {
  char chunk[1 << 16];
  size_t got;
  if (fflush(spill) != 0) arena_fatal("cannot write a temporary file");
  rewind(spill);
  while ((got = fread(chunk, 1, sizeof chunk, spill)) > 0) fwrite(chunk, 1, got, out);
  if (ferror(spill)) arena_fatal("cannot read a temporary file");
  fclose(spill);
}

int emit_c_program(FILE *out, Arena *a, IrProgram *ir, const char *source) {
  Sema *S = ir->sema;
  Program *prog = S->prog;
  Emitter E = {0};
  E.ir = ir;
  E.xfer_declared = ARENA_ARRAY(a, bool, ir->ntransfers + 1);
  E.gathers = ARENA_ARRAY(a, struct GatherC *, ir->gathers.len + 1);
  E.S = S;
  E.arena = a;
  E.source = source;
  E.out = &E.body;
  E.body.spill = tmpfile(); /* NULL: kept in memory */
  Buf head = {0};
  strided_analyse(S);
  for (int i = 0; i < ir->procs.len; i++) { /* an element U[e] is stored as U's elements are */
    const IrProc *p = ir->procs.items[i];
    for (int k = 0; k < p->elements.len; k++) {
      Symbol *el = ((IrElement *)p->elements.items[k])->sym;
      el->may_stride = el->element_of->may_stride;
    }
  }
  emit_config_table(&E, &head);
  emit_elaboration(&E);
  for (int i = 0; i < ir->procs.len; i++) emit_proc(&E, ir->procs.items[i]);
  for (int i = 0; i < prog->decls.len; i++) {
    Decl *d = prog->decls.items[i];
    if (d->kind == D_PROC && d->proc->is_extern && d->proc->sym) buf_printf(&E.protos, "%s\n", extern_header(&E, d->proc->sym));
  }
  if (E.unsupported) {
    fprintf(stderr, "%s:%d:%d: error: code generation for %s is not implemented yet\n", source, E.unsupported_loc.line,
            E.unsupported_loc.col, E.unsupported);
    if (E.body.spill) fclose(E.body.spill);
    free(E.nest.data);
    return 1;
  }
  fprintf(out, "/* Generated by azc from %s. Do not edit. */\n", emit_comment_text(&E, source));
  fputs("#include <float.h>\n#include <math.h>\n#include <stdint.h>\n#include <stdio.h>\n#include <string.h>\n"
        "#include \"zrt.h\"\n#include \"zrt_ops.h\"\n#include \"zrt_region.h\"\n\n", out);
  for (int i = 0; i < prog->decls.len; i++) {
    Decl *d = prog->decls.items[i];
    if (d->kind == D_EXTERN_HEADER) fprintf(out, "#include \"%s\"\n", d->header);
  }
  /* the program's comparisons are kept as written even where C can tell their value ('u < 0' for an
   * unsigned u, 'x = x', '!x = 5'): valid programs, not mistakes in the generated C */
  fputs("#ifndef __clang__\n#pragma GCC diagnostic ignored \"-Wtype-limits\"\n"
        "#pragma GCC diagnostic ignored \"-Wtautological-compare\"\n#pragma GCC diagnostic ignored \"-Wbool-compare\"\n"
        "#endif\n", out);
  /* reduction loops carry '#pragma omp simd' (vectorized with -fopenmp-simd, which azc --cflags
   * gives); compiled without it they are plain loops */
  fputs("#pragma GCC diagnostic ignored \"-Wunknown-pragmas\"\n\n", out);
  if (E.types.data) fputs(E.types.data, out);
  fputs(head.data, out);
  if (E.globals.data) fputs(E.globals.data, out);
  fputs("\n", out);
  if (E.protos.data) fputs(E.protos.data, out);
  fputs("\n", out);
  if (E.body.spill) copy_spilled(E.body.spill, out);
  if (E.body.data) fputs(E.body.data, out);
  fprintf(out, "int main(int argc, char **argv) {\n  zrt_init(argc, argv, &zprogram);\n");
  if (ir->one_process) /* not distributed yet: say so instead of computing something else */
    fprintf(out, "  if (zrt_processors() > 1)\n    zrt_error(%d, \"%s not supported on more than one process yet (run with mpirun -np 1)\");\n",
            ir->one_process_line, ir->one_process);
  fprintf(out, "  zelaborate();\n  %s(NULL);\n  zrt_exit(0);\n}\n", S->entry ? emit_proc_name(&E, S->entry) : "/* no entry */");
  free(head.data);
  free(E.types.data);
  free(E.globals.data);
  free(E.protos.data);
  free(E.body.data);
  free(E.nest.data);
  return 0;
}
