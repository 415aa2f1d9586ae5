/* cimport.h - C header import through libclang (extern "HEADER"; of the language, section 3.12). */
#ifndef AZC_CIMPORT_H
#define AZC_CIMPORT_H
#include <stdbool.h>

/* The C types that map to the language's scalar types (section 3.12). */
typedef enum {
  CT_VOID,         /* only as a result */
  CT_BOOL,         /* _Bool / bool          -> boolean   */
  CT_CHAR,         /* char                  -> char      */
  CT_SCHAR,        /* signed char           -> sbyte     */
  CT_UCHAR,        /* unsigned char         -> ubyte     */
  CT_SHORT, CT_USHORT,      /* -> shortint, ushortint   */
  CT_INT, CT_UINT,          /* -> integer, uinteger     */
  CT_LONG, CT_ULONG,        /* long, long long (64-bit) -> longint, ulongint */
  CT_FLOAT, CT_DOUBLE, CT_LONGDOUBLE,   /* -> float, double, quad */
  CT_OTHER         /* anything else: not importable */
} CImportType;

typedef struct {
  CImportType type;     /* the scalar (pointee for pointer parameters); CT_OTHER if not mappable */
  bool by_pointer;      /* a pointer to a mappable scalar: an inout parameter */
  const char *spelling; /* the C type as clang spells it, e.g. "struct foo *" */
} CImportParam;

typedef struct {
  const char *name;
  const char *file;     /* where clang says the declaration is (path as clang reports it) */
  int line, col;
  int nparams;
  CImportParam *params;
  CImportParam result;  /* by_pointer is never true for an importable result */
  bool variadic;        /* also true for a declaration without prototype, "int f();" */
  bool has_prototype;   /* false for "int f();" (then nparams is 0 and bad_param is -2);
                           a later prototype of the same name replaces such a declaration */
  int bad_param;        /* 0: importable; K>0: parameter K (1-based) is not mappable;
                           -1: the result is not mappable; -2: variadic.
                           The first bad parameter wins, then the result, then variadic. */
} CImportFunc;

/* NOT_REGULAR: found, but a directory, device or FIFO; TOO_LARGE: more than CIMPORT_MAX_HEADER bytes. */
typedef enum { CIMPORT_OK, CIMPORT_NOT_FOUND, CIMPORT_NOT_REGULAR, CIMPORT_TOO_LARGE, CIMPORT_PARSE_ERROR } CImportStatus;

/* The largest header azc reads (bytes). */
#define CIMPORT_MAX_HEADER (16L << 20)

typedef struct {
  CImportStatus status;
  const char *path;          /* the file that was found (for NOT_REGULAR and TOO_LARGE, the one refused) */
  CImportFunc *funcs; int nfuncs;   /* every function declared by the header (transitively included too), first declaration of each name */
  /* for CIMPORT_PARSE_ERROR: libclang's first error, for the note line */
  const char *diag_file; int diag_line, diag_col; const char *diag_message;
} CImportResult;

/* Find HEADER as #include "HEADER" would: in source_dir, then each of include_dirs (ninclude of them),
   then the C compiler's standard include directories; parse it with libclang and collect its functions. */
CImportResult cimport_header(const char *header, const char *source_dir,
                             const char *const *include_dirs, int ninclude);

/* Find a function by name in a result (NULL if absent). */
const CImportFunc *cimport_find(const CImportResult *r, const char *name);

/* Release everything a result owns (optional: for in-process repeated use) and zero it. */
void cimport_free(CImportResult *r);
#endif
