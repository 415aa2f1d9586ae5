/* arena.c - bump allocator: large blocks, never freed one object at a time. */
#include "arena.h"
#include "text_format.h"
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct ArenaBlock {
  ArenaBlock *next;
  size_t size, used;
  max_align_t data[];
};

enum { ARENA_BLOCK = 1 << 20 };

/* Stop azc with message: the compiler cannot continue (exit status 1, like a compile error; the
   driver's exit handler removes a half-written output). */
_Noreturn void arena_fatal(const char *message) {
  fprintf(stderr, "azc: error: %s\n", message);
  exit(1);
}

void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) arena_fatal("out of memory");
  return p;
}

void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p) arena_fatal("out of memory");
  return p;
}

/* Have the kernel map the whole of a new block at once (its pages are zero): one system call for
 * a block instead of a page fault for each of its 256 pages, which were a sixth of azc's time on a
 * large program. Only advice: a kernel without MADV_POPULATE_WRITE (Linux < 5.14) maps the pages
 * when they are first written, as before. */
static void prefault(void *p, size_t n) {
#ifdef MADV_POPULATE_WRITE
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t start = ((uintptr_t)p + page - 1) & ~(page - 1);
  uintptr_t end = ((uintptr_t)p + n) & ~(page - 1);
  if (end > start) (void)madvise((void *)start, end - start, MADV_POPULATE_WRITE);
#else
  (void)p;
  (void)n;
#endif
}

/* Zero without clearing: a block comes from calloc, which maps a large one fresh from the kernel,
 * zero already (no pass over it), and the arena never hands out a byte twice, so the free end of
 * the current block is still zero (arena_printf writes past it only when a new block follows, and
 * the old one's free end is never used again). */
void *arena_alloc(Arena *a, size_t n) {
  if (n > SIZE_MAX / 2) arena_fatal("out of memory");
  n = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
  ArenaBlock *b = a->head;
  if (!b || b->size - b->used < n) {
    size_t size = n > ARENA_BLOCK ? n : ARENA_BLOCK;
    b = calloc(1, sizeof(ArenaBlock) + size);
    if (!b) arena_fatal("out of memory");
    prefault(b, sizeof(ArenaBlock) + size);
    b->size = size;
    b->used = 0;
    b->next = a->head;
    a->head = b;
  }
  void *p = (char *)b->data + b->used;
  b->used += n;
  a->used_total += n;
  return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n) {
  char *p = arena_alloc(a, n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

char *arena_strdup(Arena *a, const char *s) { return arena_strndup(a, s, strlen(s)); }

/* Formatted straight into the free end of the current block: one pass when the text fits there
 * (the usual case), a second into fresh room when not. */
char *arena_printf(Arena *a, const char *fmt, ...) {
  ArenaBlock *b = a->head;
  char *tail = b ? (char *)b->data + b->used : NULL;
  size_t room = b ? b->size - b->used : 0;
  va_list ap;
  va_start(ap, fmt);
  int n = text_vformat(tail, room, fmt, ap);
  va_end(ap);
  if (n < 0) arena_fatal("a piece of generated text is too large (more than 2 GB)");
  char *p = arena_alloc(a, (size_t)n + 1);
  if (p != tail) {
    va_start(ap, fmt);
    text_vformat(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
  }
  return p;
}

void arena_free(Arena *a) {
  ArenaBlock *b = a->head;
  while (b) {
    ArenaBlock *next = b->next;
    free(b);
    b = next;
  }
  a->head = NULL;
  a->used_total = 0;
}

void vec_push(Arena *a, PtrVec *v, void *p) {
  if (v->len == v->cap) {
    int cap = v->cap ? v->cap * 2 : 2; /* most vectors hold one or two items */
    void **items = arena_alloc(a, sizeof(void *) * (size_t)cap);
    if (v->len) memcpy(items, v->items, sizeof(void *) * (size_t)v->len);
    v->items = items;
    v->cap = cap;
  }
  v->items[v->len++] = p;
}
