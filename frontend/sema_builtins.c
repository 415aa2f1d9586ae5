/* sema_builtins.c - argument and result types of the predefined functions and procedures of section 8
 * and the timer procedures of section 15.6; every function of section 8.1 applies elementwise to
 * parallel arguments. */
#include <string.h>
#include "sema_internal.h"

/* What a builtin accepts for one argument. */
typedef enum {
  ARG_NUMERIC, ARG_NUMBOOL, ARG_INTBOOL, ARG_INT, ARG_CONVERTIBLE, ARG_STRING, ARG_FILE,
  ARG_TIMER,     /* a timer by value (ReadTimer) */
  ARG_TIMER_REF  /* an inout timer variable (ClearTimer, StartTimer, StopTimer) */
} ArgKind;

/* Number of arguments of a builtin. */
static int builtin_arity(BuiltinId id) {
  switch (id) {
  case BF_max: case BF_min: case BF_band: case BF_bor: case BF_bxor: case BF_bsl: case BF_bsr:
  case BF_atan2: case BF_fmod: case BF_pow: case BF_ldexp: case BF_atan2f: case BF_fmodf: case BF_powf:
  case BF_ldexpf: case BF_open: case BF_StartTimer:
    return 2;
  case BF_ResetTimer: case BF_CheckTimer:
    return 0;
  default:
    return 1;
  }
}

/* What argument i of a builtin accepts. */
static ArgKind builtin_arg(BuiltinId id, int i) {
  switch (id) {
  case BF_abs: case BF_max: case BF_min: return ARG_NUMBOOL;
  case BF_band: case BF_bor: case BF_bxor: case BF_bnot: return ARG_INTBOOL;
  case BF_bsl: case BF_bsr: case BF_bpop: return ARG_INT;
  case BF_ldexp: case BF_ldexpf: return i == 0 ? ARG_NUMERIC : ARG_INT;
  case BF_open: return ARG_STRING;
  case BF_close: case BF_eof: return ARG_FILE;
  case BF_ClearTimer: case BF_StopTimer: return ARG_TIMER_REF;
  case BF_StartTimer: return i == 0 ? ARG_TIMER_REF : ARG_INT;
  case BF_ReadTimer: return ARG_TIMER;
  default:
    if (id >= BF_to_boolean && id <= BF_to_quad) return ARG_CONVERTIBLE;
    return ARG_NUMERIC;
  }
}

/* The type an argument kind is described as in E9. */
static ScalarKind arg_kind_type(ArgKind k) {
  switch (k) {
  case ARG_INTBOOL: case ARG_INT: return SK_INTEGER;
  case ARG_STRING: return SK_STRING;
  case ARG_FILE: return SK_FILE;
  case ARG_TIMER: case ARG_TIMER_REF: return SK_TIMER;
  default: return SK_DOUBLE;
  }
}

/* True if an argument of type t fits kind k. */
static bool arg_fits(const Type *t, ArgKind k) {
  bool is_bool = t->kind == TY_SCALAR && t->scalar == SK_BOOLEAN;
  switch (k) {
  case ARG_NUMERIC: return type_is_numeric(t) || is_bool;
  case ARG_NUMBOOL: return type_is_numeric(t) || is_bool;
  case ARG_INTBOOL: return type_is_integer(t) || is_bool;
  case ARG_INT: return type_is_integer(t);
  case ARG_CONVERTIBLE: return type_is_numeric(t) || is_bool || t->kind == TY_ENUM;
  case ARG_STRING: return t->kind == TY_SCALAR && t->scalar == SK_STRING;
  case ARG_FILE: return t->kind == TY_SCALAR && t->scalar == SK_FILE;
  case ARG_TIMER: case ARG_TIMER_REF: return t->kind == TY_SCALAR && t->scalar == SK_TIMER;
  }
  return false;
}

/* Result type of a builtin given its argument types. */
static Type *builtin_result(Sema *S, BuiltinId id, Type **args) {
  static const ScalarKind conv[] = {SK_BOOLEAN, SK_CHAR, SK_SBYTE, SK_UBYTE, SK_SHORTINT, SK_USHORTINT, SK_INTEGER,
                                    SK_UINTEGER, SK_LONGINT, SK_ULONGINT, SK_FLOAT, SK_DOUBLE, SK_QUAD};
  if (id >= BF_to_boolean && id <= BF_to_quad) return type_scalar(S, conv[id - BF_to_boolean]);
  if (id >= BF_acosf && id <= BF_ldexpf) return type_scalar(S, SK_FLOAT);
  switch (id) {
  case BF_abs: case BF_bnot: case BF_bsl: case BF_bsr: return type_promote(S, args[0]);
  case BF_max: case BF_min: case BF_band: case BF_bor: case BF_bxor: return type_common(S, args[0], args[1]);
  case BF_bpop: return type_scalar(S, SK_INTEGER);
  case BF_open: return type_scalar(S, SK_FILE);
  case BF_close: return type_scalar(S, SK_INTEGER);
  case BF_eof: return type_scalar(S, SK_BOOLEAN);
  case BF_ClearTimer: case BF_StartTimer: case BF_StopTimer: return S->t_void;
  default: return type_scalar(S, SK_DOUBLE);
  }
}

/* The inout timer argument of ClearTimer, StartTimer or StopTimer: a timer variable (E7, E8), also
 * a free one (section 15.6); not a parallel array of timers, since a call statement and a procedure
 * with an inout parameter are never promoted (section 6.10). */
static bool timer_variable(Sema *S, Symbol *b, Expr *a) {
  if (!sema_is_variable(S, a)) {
    SEMA_ERR(S, a->loc, "argument 1 of '%s' must be a variable (parameter 't' is inout)", b->name);
    return false;
  }
  if (a->rank > 0 || !arg_fits(a->type, ARG_TIMER_REF)) {
    SEMA_ERR(S, a->loc, "argument 1 of '%s' has type %s, but inout parameter 't' has type timer", b->name,
             sema_expr_type_name(S, a));
    return false;
  }
  Symbol *target = sema_base_symbol(a);
  if (target && target->global && S->cur_proc && target->kind == SYM_VAR)
    sema_assigns_global(S, target);
  return true;
}

Type *sema_builtin_call(Sema *S, Symbol *b, Expr *e, bool stmt) {
  BuiltinId id = (BuiltinId)b->builtin;
  int n = builtin_arity(id);
  if (e->nargs != n) {
    SEMA_ERR(S, e->loc, "wrong number of arguments to '%s': expected %d, got %d", b->name, n, e->nargs);
    for (int i = 0; i < e->nargs; i++) sema_expr(S, e->args[i]);
    return e->type = S->t_error;
  }
  bool collective = id == BF_ReadTimer || id == BF_StartTimer || id == BF_CheckTimer || id == BF_ResetTimer;
  if (collective && S->cur_info) S->cur_info->per_process = true;
  Type *args[2] = {0};
  int rank = 0;
  bool procedure = id >= BF_open;
  for (int i = 0; i < n; i++) {
    Expr *a = e->args[i];
    ArgKind k = builtin_arg(id, i);
    bool saved_free = S->free_ok; /* by value, a free value may be read where it may be (section 15.6) */
    if (k == ARG_TIMER_REF) S->free_ok = true; /* and a free timer is started and stopped like any */
    Type *t = sema_expr(S, a);
    S->free_ok = saved_free;
    if (t->kind == TY_ERROR) return e->type = S->t_error;
    if (k == ARG_TIMER_REF) {
      if (!timer_variable(S, b, a)) return e->type = S->t_error;
      args[i] = t;
      continue;
    }
    if (!arg_fits(t, k) || (procedure && a->rank > 0)) {
      Type pt = {0};
      const char *tn = type_name(S, t);
      if (a->rank > 0) {
        pt.kind = TY_PARALLEL;
        pt.rank = a->rank;
        pt.elem = t;
        tn = type_name(S, &pt);
      }
      SEMA_ERR(S, a->loc, "argument %d of '%s': cannot convert %s to %s", i + 1, b->name, tn,
               scalar_name(arg_kind_type(k)));
      return e->type = S->t_error;
    }
    if (a->rank > 0) {
      if (rank_join(rank, a->rank) < 0) {
        SEMA_ERR(S, a->loc, "operands have different ranks (%d and %d)", rank, a->rank);
        return e->type = S->t_error;
      }
      rank = rank_join(rank, a->rank);
    }
    args[i] = t;
  }
  e->type = builtin_result(S, id, args);
  if (e->type->kind == TY_VOID && !stmt) {
    SEMA_ERR(S, e->loc, "procedure '%s' has no result and cannot be used in an expression", b->name);
    return e->type = S->t_error;
  }
  e->rank = rank;
  e->parallel = rank > 0;
  return e->type;
}
