/* arena.h - bump allocation for compiler data that lives until azc exits. */
#ifndef AZC_ARENA_H
#define AZC_ARENA_H
#include <stddef.h>

typedef struct ArenaBlock ArenaBlock;
typedef struct Arena {
  ArenaBlock *head;
  size_t used_total;
} Arena;

/* Allocate n zeroed bytes from the arena (aligned for any type). */
void *arena_alloc(Arena *a, size_t n);
/* Copy n bytes of s into the arena and add a terminating NUL. */
char *arena_strndup(Arena *a, const char *s, size_t n);
/* Copy a NUL-terminated string into the arena. */
char *arena_strdup(Arena *a, const char *s);
/* Stop azc with "azc: error: MESSAGE" and exit status 1: it cannot go on (out of memory, a
   generated text too large for C's printf). */
_Noreturn void arena_fatal(const char *message);
/* malloc/realloc that stop azc through arena_fatal when no memory can be had. */
void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);
/* printf into a fresh arena string. */
char *arena_printf(Arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Release every block of the arena. */
void arena_free(Arena *a);

#define ARENA_NEW(a, T) ((T *)arena_alloc((a), sizeof(T)))
#define ARENA_ARRAY(a, T, n) ((T *)arena_alloc((a), sizeof(T) * (size_t)(n)))

/* A growable array of pointers, allocated in an arena (old storage is abandoned on growth). */
typedef struct PtrVec {
  void **items;
  int len, cap;
} PtrVec;

/* Append p to v. */
void vec_push(Arena *a, PtrVec *v, void *p);
#endif
