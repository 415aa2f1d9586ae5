/* cimport.c - finds a C header, parses it with libclang and describes its function
   declarations in the language's scalar types (extern "HEADER";, section 3.12). */
#include "cimport.h"
#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

/* Bounds on what libclang may spend on one header with everything it includes: a header found by
   the search is a regular file under CIMPORT_MAX_HEADER, but one it includes may be a device or a
   FIFO (#include "/dev/zero") that libclang would read until memory runs out, or wait on forever. */
#define HEADER_SECONDS 60          /* then azc stops with an error */
#define HEADER_MEMORY (4L << 30)   /* address space libclang may add (its crash recovery reports the
                                      failed allocation as a parse failure) */
#if defined(__SANITIZE_ADDRESS__)
#define LIMIT_ADDRESS_SPACE 0      /* AddressSanitizer reserves terabytes of address space */
#else
#define LIMIT_ADDRESS_SPACE 1
#endif

/* The C compiler's standard include directories, colon-separated (the Makefile passes them). */
#ifndef AZC_SYS_INCLUDES
#define AZC_SYS_INCLUDES "/usr/local/include:/usr/include/x86_64-linux-gnu:/usr/include:"
#endif

/* A growable list of owned strings (directories, compiler arguments). */
typedef struct {
  char **items;
  int count, cap;
} StrList;

/* The functions collected so far, with an open-addressing index by name. */
typedef struct {
  CImportFunc *funcs;
  int count, cap;
  int *slots;   /* index into funcs + 1; 0 is an empty slot */
  int nslots;   /* a power of two, at least twice count */
} FuncCollector;

/* Return P, or stop azc if an allocation failed: the compiler cannot go on without memory. */
static void *check_alloc(void *p) {
  if (!p) {
    fputs("azc: out of memory\n", stderr);
    exit(1);
  }
  return p;
}

/* malloc that never returns NULL. */
static void *xmalloc(size_t n) {
  return check_alloc(malloc(n ? n : 1));
}

/* Zero-filled xmalloc of COUNT elements. */
static void *xcalloc(size_t count, size_t size) {
  return check_alloc(calloc(count ? count : 1, size ? size : 1));
}

/* realloc that never returns NULL. */
static void *xrealloc(void *p, size_t n) {
  return check_alloc(realloc(p, n ? n : 1));
}

/* strdup that aborts on allocation failure. */
static char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = xmalloc(n);
  memcpy(p, s, n);
  return p;
}

/* Append an owned string to a list. */
static void strlist_push(StrList *l, char *s) {
  if (l->count == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 16;
    l->items = xrealloc(l->items, sizeof(char *) * (size_t)l->cap);
  }
  l->items[l->count++] = s;
}

/* Free a list and the strings it owns. */
static void strlist_free(StrList *l) {
  for (int i = 0; i < l->count; i++) free(l->items[i]);
  free(l->items);
  l->items = NULL;
  l->count = l->cap = 0;
}

/* Whether a directory argument means "the current directory" (NULL, "" or "."). */
static bool is_current_dir(const char *dir) {
  return !dir || !dir[0] || strcmp(dir, ".") == 0;
}

/* DIR/NAME with exactly one slash; NAME alone for the current directory or an absolute NAME. */
static char *path_join(const char *dir, const char *name) {
  if (is_current_dir(dir) || name[0] == '/') return xstrdup(name);
  size_t dlen = strlen(dir);
  bool slash = dir[dlen - 1] == '/';
  size_t n = dlen + (slash ? 0 : 1) + strlen(name) + 1;
  char *p = xmalloc(n);
  snprintf(p, n, "%s%s%s", dir, slash ? "" : "/", name);
  return p;
}

/* What a candidate path for a header is. */
typedef enum { CAND_NONE, CAND_FILE, CAND_NOT_REGULAR, CAND_TOO_LARGE } Candidate;

/* Whether PATH names a readable regular file of at most CIMPORT_MAX_HEADER bytes (a device, a FIFO
   or a huge file would make libclang read forever or block). */
static Candidate classify(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0 || access(path, R_OK) != 0) return CAND_NONE;
  if (!S_ISREG(st.st_mode)) return CAND_NOT_REGULAR;
  return st.st_size > CIMPORT_MAX_HEADER ? CAND_TOO_LARGE : CAND_FILE;
}

/* The non-empty entries of AZC_SYS_INCLUDES, in order. */
static void sys_include_dirs(StrList *out) {
  const char *s = AZC_SYS_INCLUDES;
  while (*s) {
    const char *end = strchr(s, ':');
    size_t n = end ? (size_t)(end - s) : strlen(s);
    if (n > 0) {
      char *dir = xmalloc(n + 1);
      memcpy(dir, s, n);
      dir[n] = '\0';
      strlist_push(out, dir);
    }
    s += n;
    if (*s == ':') s++;
  }
}

/* Try DIR/HEADER (HEADER alone for an absolute name): return the owned path if it is a header
   to read; else remember in *odd the first path that exists but cannot be read as a header. */
static char *try_dir(const char *dir, const char *header, char **odd, Candidate *odd_kind) {
  char *path = dir ? path_join(dir, header) : xstrdup(header);
  Candidate c = classify(path);
  if (c == CAND_FILE) return path;
  if (c != CAND_NONE && !*odd) {
    *odd = path;
    *odd_kind = c;
    return NULL;
  }
  free(path);
  return NULL;
}

/* Search HEADER as #include "HEADER" would: source_dir, include_dirs, then sys_dirs. When no
   readable regular file is found but a non-regular or too large one is, R says so. */
static void find_header(CImportResult *r, const char *header, const char *source_dir,
                        const char *const *include_dirs, int ninclude, const StrList *sys_dirs) {
  char *odd = NULL, *path = NULL;
  Candidate odd_kind = CAND_NONE;
  r->status = CIMPORT_NOT_FOUND;
  if (!header || !header[0]) return;
  if (header[0] == '/') {
    path = try_dir(NULL, header, &odd, &odd_kind);
  } else {
    path = try_dir(source_dir, header, &odd, &odd_kind);
    for (int i = 0; !path && i < ninclude; i++) path = try_dir(include_dirs[i], header, &odd, &odd_kind);
    for (int i = 0; !path && i < sys_dirs->count; i++) path = try_dir(sys_dirs->items[i], header, &odd, &odd_kind);
  }
  if (path) {
    free(odd);
    r->path = path;
    r->status = CIMPORT_OK;
  } else if (odd) {
    r->path = odd;
    r->status = odd_kind == CAND_TOO_LARGE ? CIMPORT_TOO_LARGE : CIMPORT_NOT_REGULAR;
  }
}

/* Append OPTION DIR, e.g. "-I" "dir" (the current directory as "."). */
static void push_include_option(StrList *args, const char *option, const char *dir) {
  strlist_push(args, xstrdup(option));
  strlist_push(args, xstrdup(is_current_dir(dir) ? "." : dir));
}

/* The libclang command line: C11, the source and -I directories, then the standard ones.
   The standard directories come with -idirafter: system directories searched after
   clang's own builtin headers, so they only fill in what clang lacks (e.g. stddef.h). */
static void build_clang_args(StrList *args, const char *source_dir, const char *const *include_dirs,
                             int ninclude, const StrList *sys_dirs) {
  strlist_push(args, xstrdup("-x"));
  strlist_push(args, xstrdup("c"));
  strlist_push(args, xstrdup("-std=c11"));
  push_include_option(args, "-I", source_dir);
  for (int i = 0; i < ninclude; i++) push_include_option(args, "-I", include_dirs[i]);
  for (int i = 0; i < sys_dirs->count; i++) push_include_option(args, "-idirafter", sys_dirs->items[i]);
}

/* Copy a libclang string into malloc'd memory and dispose of it. */
static char *take_cxstring(CXString s) {
  const char *c = clang_getCString(s);
  char *copy = xstrdup(c ? c : "");
  clang_disposeString(s);
  return copy;
}

/* The file, line and column where a location is expanded (file NULL if it has none). */
static char *expansion_location(CXSourceLocation loc, int *line, int *col) {
  CXFile file = NULL;
  unsigned l = 0, c = 0;
  clang_getExpansionLocation(loc, &file, &l, &c, NULL);
  *line = (int)l;
  *col = (int)c;
  return file ? take_cxstring(clang_getFileName(file)) : NULL;
}

/* The mappable integer type of a given signedness and size in bytes (CT_OTHER if none). */
static CImportType integer_type(bool is_signed, long long size) {
  switch (size) {
  case 1: return is_signed ? CT_SCHAR : CT_UCHAR;
  case 2: return is_signed ? CT_SHORT : CT_USHORT;
  case 4: return is_signed ? CT_INT : CT_UINT;
  case 8: return is_signed ? CT_LONG : CT_ULONG;
  default: return CT_OTHER;
  }
}

/* The scalar a canonical (typedef-free) C type maps to, CT_VOID for void, else CT_OTHER. */
static CImportType scalar_of(CXType canonical) {
  long long size = clang_Type_getSizeOf(canonical);
  switch (canonical.kind) {
  case CXType_Void: return CT_VOID;
  case CXType_Bool: return CT_BOOL;
  case CXType_Char_S: case CXType_Char_U: return CT_CHAR;
  case CXType_SChar: case CXType_Short: case CXType_Int: case CXType_Long: case CXType_LongLong:
    return integer_type(true, size);
  case CXType_UChar: case CXType_UShort: case CXType_UInt: case CXType_ULong: case CXType_ULongLong:
    return integer_type(false, size);
  case CXType_Float: return CT_FLOAT;
  case CXType_Double: return CT_DOUBLE;
  case CXType_LongDouble: return CT_LONGDOUBLE;
  default: return CT_OTHER;
  }
}

/* The pointee of a parameter type, arrays counting as pointers to their elements as C
   adjusts them; kind CXType_Invalid if the parameter is not a pointer. */
static CXType parameter_pointee(CXType canonical) {
  switch (canonical.kind) {
  case CXType_Pointer: return clang_getPointeeType(canonical);
  case CXType_ConstantArray: case CXType_IncompleteArray: case CXType_VariableArray:
  case CXType_DependentSizedArray:
    return clang_getArrayElementType(canonical);
  default: {
    CXType none = {CXType_Invalid, {NULL, NULL}};
    return none;
  }
  }
}

/* Describe a parameter type as declared: a scalar by value, a pointer to one, or CT_OTHER. */
static CImportParam describe_param(CXType declared) {
  CImportParam p = {CT_OTHER, false, take_cxstring(clang_getTypeSpelling(declared))};
  CXType canonical = clang_getCanonicalType(declared);
  CXType pointee = parameter_pointee(canonical);
  if (pointee.kind != CXType_Invalid) {
    CImportType t = scalar_of(clang_getCanonicalType(pointee));
    if (t != CT_OTHER && t != CT_VOID) {
      p.type = t;
      p.by_pointer = true;
    }
  } else {
    CImportType t = scalar_of(canonical);
    if (t != CT_VOID) p.type = t;
  }
  return p;
}

/* Describe a result type: a scalar or void (pointers are not importable results). */
static CImportParam describe_result(CXType declared) {
  CImportParam p = {scalar_of(clang_getCanonicalType(declared)), false,
                    take_cxstring(clang_getTypeSpelling(declared))};
  return p;
}

/* Which part of a described function keeps it from being imported (see CImportFunc.bad_param). */
static int first_bad_part(const CImportFunc *f) {
  for (int i = 0; i < f->nparams; i++)
    if (f->params[i].type == CT_OTHER) return i + 1;
  if (f->result.type == CT_OTHER) return -1;
  if (f->variadic) return -2;
  return 0;
}

/* Parameter I's type as this declaration writes it ("double[]", "size_t"): from its
   ParmVarDecl, because the function type of a library builtin that a header redeclares
   (malloc, ...) has lost the typedef names. */
static CXType declared_param_type(CXCursor c, CXType function_type, int i) {
  if (clang_Cursor_getNumArguments(c) == clang_getNumArgTypes(function_type)) {
    CXCursor param = clang_Cursor_getArgument(c, (unsigned)i);
    if (!clang_Cursor_isNull(param)) return clang_getCursorType(param);
  }
  return clang_getArgType(function_type, (unsigned)i);
}

/* Describe the function declared at cursor C (its type may come through a typedef). */
static CImportFunc describe_function(CXCursor c) {
  CImportFunc f;
  memset(&f, 0, sizeof f);
  f.name = take_cxstring(clang_getCursorSpelling(c));
  f.file = expansion_location(clang_getCursorLocation(c), &f.line, &f.col);
  CXType type = clang_getCursorType(c);
  f.has_prototype = clang_getCanonicalType(type).kind == CXType_FunctionProto;
  int n = f.has_prototype ? clang_getNumArgTypes(type) : 0;
  f.nparams = n > 0 ? n : 0;
  f.params = xcalloc((size_t)f.nparams, sizeof(CImportParam));
  for (int i = 0; i < f.nparams; i++) f.params[i] = describe_param(declared_param_type(c, type, i));
  f.result = describe_result(clang_getResultType(type));
  f.variadic = !f.has_prototype || clang_isFunctionTypeVariadic(type);
  f.bad_param = first_bad_part(&f);
  return f;
}

/* Free the strings and parameters one described function owns. */
static void free_function(CImportFunc *f) {
  free((char *)f->name);
  free((char *)f->file);
  for (int i = 0; i < f->nparams; i++) free((char *)f->params[i].spelling);
  free(f->params);
  free((char *)f->result.spelling);
}

/* FNV-1a hash of a name. */
static unsigned hash_name(const char *s) {
  unsigned h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

/* The slot that holds NAME, or the empty slot where it would go. */
static int *collector_slot(FuncCollector *fc, const char *name) {
  unsigned mask = (unsigned)fc->nslots - 1;
  for (unsigned i = hash_name(name) & mask;; i = (i + 1) & mask) {
    int *slot = &fc->slots[i];
    if (*slot == 0 || strcmp(fc->funcs[*slot - 1].name, name) == 0) return slot;
  }
}

/* Double the name index and re-insert every function. */
static void collector_grow_index(FuncCollector *fc) {
  free(fc->slots);
  fc->nslots = fc->nslots ? 2 * fc->nslots : 256;
  fc->slots = xcalloc((size_t)fc->nslots, sizeof(int));
  for (int i = 0; i < fc->count; i++) *collector_slot(fc, fc->funcs[i].name) = i + 1;
}

/* Append a function, growing the array and the index as needed. */
static void collector_append(FuncCollector *fc, CImportFunc f) {
  if (fc->count == fc->cap) {
    fc->cap = fc->cap ? 2 * fc->cap : 64;
    fc->funcs = xrealloc(fc->funcs, sizeof(CImportFunc) * (size_t)fc->cap);
  }
  fc->funcs[fc->count++] = f;
  if (2 * fc->count > fc->nslots) collector_grow_index(fc);
  else *collector_slot(fc, f.name) = fc->count;
}

/* Record the function at C: the first declaration of a name, except that a later
   prototype replaces an earlier declaration without one ("int f(); int f(int);"). */
static void collector_add(FuncCollector *fc, CXCursor c) {
  CXString spelled = clang_getCursorSpelling(c);
  const char *name = clang_getCString(spelled);
  int *slot = fc->nslots ? collector_slot(fc, name ? name : "") : NULL;
  int existing = slot ? *slot - 1 : -1;
  clang_disposeString(spelled);
  if (existing < 0) {
    collector_append(fc, describe_function(c));
  } else if (!fc->funcs[existing].has_prototype &&
             clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_FunctionProto) {
    free_function(&fc->funcs[existing]);
    fc->funcs[existing] = describe_function(c);
  }
}

/* Visitor over the translation unit's top-level cursors: collect function declarations. */
static enum CXChildVisitResult visit_top_level(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_FunctionDecl) collector_add((FuncCollector *)data, c);
  return CXChildVisit_Continue;
}

/* Fill R's diagnostic fields from the first error of TU; false if there is none. */
static bool first_error(CXTranslationUnit tu, CImportResult *r) {
  unsigned n = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    bool is_error = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
    if (is_error) {
      char *file = expansion_location(clang_getDiagnosticLocation(d), &r->diag_line, &r->diag_col);
      if (!file) {   /* an error without a location: point at the header itself */
        file = xstrdup(r->path);
        r->diag_line = r->diag_col = 1;
      }
      r->diag_file = file;
      r->diag_message = take_cxstring(clang_getDiagnosticSpelling(d));
    }
    clang_disposeDiagnostic(d);
    if (is_error) return true;
  }
  return false;
}

/* Record a parse failure that libclang did not explain with a diagnostic. */
static void set_failure(CImportResult *r, const char *message) {
  r->status = CIMPORT_PARSE_ERROR;
  r->diag_file = xstrdup(r->path);
  r->diag_line = 1;
  r->diag_col = 1;
  r->diag_message = xstrdup(message);
}

/* Run libclang on PATH with ARGS; NULL if it produced no translation unit at all. */
static CXTranslationUnit run_libclang(CXIndex index, const char *path, const StrList *args) {
  CXTranslationUnit tu = NULL;
  if (!index) return NULL;
  const char *const *argv = (const char *const *)args->items;
  enum CXErrorCode err =
      clang_parseTranslationUnit2(index, path, argv, args->count, NULL, 0, CXTranslationUnit_None, &tu);
  if (err == CXError_Success) return tu;
  if (tu) clang_disposeTranslationUnit(tu);
  return NULL;
}

/* SIGALRM during a header's parse: libclang cannot be interrupted, so stop azc with a message. */
static void header_timeout(int sig) {
  static const char msg[] = "azc: error: reading a C header took more than 60 seconds (does it include a FIFO "
                            "or a device?)\n";
  (void)sig;
  if (write(2, msg, sizeof msg - 1) < 0) _exit(1);
  _exit(1);
}

/* The address space the process uses now, in bytes (0 if unknown). */
static long address_space_now(void) {
  FILE *f = fopen("/proc/self/statm", "r");
  long pages = 0;
  if (!f) return 0;
  if (fscanf(f, "%ld", &pages) != 1) pages = 0;
  fclose(f);
  return pages * sysconf(_SC_PAGESIZE);
}

/* Run libclang on PATH under the time and memory bounds above. */
static CXTranslationUnit run_libclang_bounded(CXIndex index, const char *path, const StrList *args) {
  struct rlimit old;
  bool limited = false;
  long now = LIMIT_ADDRESS_SPACE ? address_space_now() : 0;
  if (now > 0 && getrlimit(RLIMIT_AS, &old) == 0 &&
      (old.rlim_cur == RLIM_INFINITY || old.rlim_cur > (rlim_t)(now + HEADER_MEMORY))) {
    struct rlimit lim = {(rlim_t)(now + HEADER_MEMORY), old.rlim_max};
    limited = setrlimit(RLIMIT_AS, &lim) == 0;
  }
  struct sigaction sa = {0}, old_sa;
  sa.sa_handler = header_timeout;
  sigaction(SIGALRM, &sa, &old_sa);
  unsigned left = alarm(HEADER_SECONDS);
  CXTranslationUnit tu = run_libclang(index, path, args);
  alarm(0);
  sigaction(SIGALRM, &old_sa, NULL);
  if (left) alarm(left);
  if (limited) setrlimit(RLIMIT_AS, &old);
  return tu;
}

/* Parse the found header R->path with ARGS and fill R with its functions or its first error. */
static void parse_header(CImportResult *r, const StrList *args) {
  CXIndex index = clang_createIndex(0, 0);
  CXTranslationUnit tu = run_libclang_bounded(index, r->path, args);
  if (!tu) {
    set_failure(r, "libclang could not parse the header");
  } else if (first_error(tu, r)) {
    r->status = CIMPORT_PARSE_ERROR;
  } else {
    FuncCollector fc;
    memset(&fc, 0, sizeof fc);
    clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_top_level, &fc);
    free(fc.slots);
    r->status = CIMPORT_OK;
    r->funcs = fc.funcs;
    r->nfuncs = fc.count;
  }
  if (tu) clang_disposeTranslationUnit(tu);
  if (index) clang_disposeIndex(index);
}

/* Find HEADER, parse it and collect its functions (see cimport.h). */
CImportResult cimport_header(const char *header, const char *source_dir,
                             const char *const *include_dirs, int ninclude) {
  CImportResult r;
  memset(&r, 0, sizeof r);
  StrList sys_dirs = {0}, args = {0};
  sys_include_dirs(&sys_dirs);
  find_header(&r, header, source_dir, include_dirs, ninclude, &sys_dirs);
  if (r.status == CIMPORT_OK) {
    build_clang_args(&args, source_dir, include_dirs, ninclude, &sys_dirs);
    parse_header(&r, &args);
  }
  strlist_free(&args);
  strlist_free(&sys_dirs);
  return r;
}

/* Linear search by name: results are small and looked up a few times per program. */
const CImportFunc *cimport_find(const CImportResult *r, const char *name) {
  for (int i = 0; r && name && i < r->nfuncs; i++)
    if (strcmp(r->funcs[i].name, name) == 0) return &r->funcs[i];
  return NULL;
}

/* Free every string and array of R, then zero it. */
void cimport_free(CImportResult *r) {
  for (int i = 0; i < r->nfuncs; i++) free_function(&r->funcs[i]);
  free(r->funcs);
  free((char *)r->path);
  free((char *)r->diag_file);
  free((char *)r->diag_message);
  memset(r, 0, sizeof *r);
}
