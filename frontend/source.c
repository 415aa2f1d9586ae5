/* source.c - loading source files and finding their lines. */
#include "source.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Record where every line starts. */
static void index_lines(Arena *a, Source *s) {
  int n = 1;
  for (size_t i = 0; i < s->len; i++)
    if (s->text[i] == '\n') n++;
  s->line_starts = ARENA_ARRAY(a, int, n + 1);
  int k = 0;
  s->line_starts[k++] = 0;
  for (size_t i = 0; i < s->len; i++)
    if (s->text[i] == '\n') s->line_starts[k++] = (int)i + 1;
  s->line_starts[k] = (int)s->len + 1;
  s->nlines = n;
}

void source_from_text(Arena *a, const char *path, const char *text, size_t len, Source *out) {
  char *copy = arena_alloc(a, len + 1);
  memcpy(copy, text, len);
  copy[len] = 0;
  out->path = path;
  out->text = copy;
  out->len = len;
  index_lines(a, out);
}

int source_read(Arena *a, const char *path, Source *out) {
  FILE *f = fopen(path, "rb");
  if (!f) return -1;
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    errno = EISDIR;
    return -1;
  }
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  for (;;) {
    if (len > SOURCE_MAX || !buf) { /* also a device that never ends (/dev/zero) */
      free(buf);
      fclose(f);
      errno = buf ? EFBIG : ENOMEM;
      return -1;
    }
    if (len == cap) {
      cap *= 2;
      char *nb = realloc(buf, cap);
      if (!nb) {
        free(buf);
        fclose(f);
        errno = ENOMEM;
        return -1;
      }
      buf = nb;
    }
    size_t got = fread(buf + len, 1, cap - len, f);
    if (got == 0) break;
    len += got;
  }
  int err = ferror(f);
  fclose(f);
  if (err) {
    free(buf);
    errno = EIO;
    return -1;
  }
  source_from_text(a, path, buf, len, out);
  free(buf);
  return 0;
}

int source_line_of(const Source *s, int offset) {
  int lo = 0, hi = s->nlines - 1;
  while (lo < hi) {
    int mid = (lo + hi + 1) / 2;
    if (s->line_starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

const char *source_line_text(const Source *s, int line, int *len) {
  if (line < 1 || line > s->nlines) {
    *len = 0;
    return "";
  }
  int start = s->line_starts[line - 1];
  int end = s->line_starts[line] - 1; /* the newline, or len for the last line */
  if (end > (int)s->len) end = (int)s->len;
  if (end > start && s->text[end - 1] == '\r' && end < (int)s->len && s->text[end] == '\n') end--;
  *len = end - start;
  return s->text + start;
}
