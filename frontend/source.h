/* source.h - a source file in memory and the mapping from byte offsets to lines. */
#ifndef AZC_SOURCE_H
#define AZC_SOURCE_H
#include <stddef.h>
#include "arena.h"

typedef struct Source {
  const char *path;   /* exactly as given on the command line */
  const char *text;   /* NUL-terminated copy of the file */
  size_t len;
  int *line_starts;   /* byte offset of the first byte of each line */
  int nlines;
} Source;

/* The largest file read (bytes): a bound on the time and memory of everything after it (offsets
   are int), and on a device that never ends. */
#define SOURCE_MAX ((size_t)256 << 20)

/* Read path into a Source; returns 0 on success, -1 (errno set: EISDIR for a directory, EFBIG
   over SOURCE_MAX) on failure. */
int source_read(Arena *a, const char *path, Source *out);
/* Make a Source from bytes already in memory. */
void source_from_text(Arena *a, const char *path, const char *text, size_t len, Source *out);
/* 1-based line number of a byte offset. */
int source_line_of(const Source *s, int offset);
/* The text of line (1-based) without its newline (and without a CR before it); *len receives its length. */
const char *source_line_text(const Source *s, int line, int *len);
#endif
