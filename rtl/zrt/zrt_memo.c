/* zrt_memo.c - answers of the runtime's per-call checks, remembered by everything they depend on.
 * A statement asks the same questions at every call (is a ghost view needed, do wrap-around reads
 * of a strided array stay on its lattice), and the answer depends only on the array's shape, the
 * region and the shifts: a key of integers. A table holds ZRT_MEMO_SLOTS keys, each in one of the
 * PROBES slots from the one its hash picks (a full neighbourhood gives up one of its keys in turn);
 * a key longer than a slot holds is never remembered. The key is compared whole: an answer is
 * only ever reused for the same question. */
#include "zrt_internal.h"
#include <stdlib.h>
#include <string.h>

/* A slot holds a key of up to ZRT_MEMO_VALUES integers, some 1.8 KB (MG's longest: interp's view,
 * a head of 48 and 26 shifts and their moves in 3 dimensions, 204): a table is some 115 KB, made
 * where its check is first asked. */
enum { ZRT_MEMO_SLOTS = 64, ZRT_MEMO_VALUES = 224, HASHED = 16, PROBES = 4 };

typedef struct memo_slot {
  int n;                        /* 0: empty */
  int64_t key[ZRT_MEMO_VALUES];
} memo_slot;

struct zrt_memo {
  memo_slot slot[ZRT_MEMO_SLOTS];
  int evict;                    /* the probe a full neighbourhood gives up next */
  zrt_memo *next;               /* every table, freed at exit */
};

static zrt_memo *all_memos;

static void free_memos(void) {
  while (all_memos) {
    zrt_memo *next = all_memos->next;
    free(all_memos);
    all_memos = next;
  }
}

static int key_length(const zrt_memo_part *parts, int nparts) {
  int n = 0;
  for (int i = 0; i < nparts; i++)
    n += parts[i].n;
  return n;
}

/* The first slot of the key made of parts (n values) in *m's table (made at the first call): its
 * hash's; -1 if the key is empty or too long, or there is no memory. */
static int first_slot(zrt_memo **m, const zrt_memo_part *parts, int nparts, int n) {
  if (n == 0 || n > ZRT_MEMO_VALUES)
    return -1;
  if (!*m) {
    if (!(*m = calloc(1, sizeof **m)))
      return -1;
    if (!all_memos)
      atexit(free_memos);
    (*m)->next = all_memos;
    all_memos = *m;
  }
  uint64_t h = 0xcbf29ce484222325u; /* a hash of each part's first values (the compare is whole) */
  for (int i = 0; i < nparts; i++)
    for (int j = 0; j < parts[i].n && j < HASHED; j++)
      h = (h ^ (uint64_t)parts[i].v[j]) * 0x100000001b3u;
  return (int)((h ^ h >> 32) % ZRT_MEMO_SLOTS);
}

/* The p-th slot of the neighbourhood from slot first. */
static memo_slot *probe(zrt_memo *m, int first, int p) { return &m->slot[(first + p) % ZRT_MEMO_SLOTS]; }

/* True if slot s holds the key made of parts (n values). */
static bool slot_holds(const memo_slot *s, const zrt_memo_part *parts, int nparts, int n) {
  if (s->n != n)
    return false;
  const int64_t *k = s->key;
  for (int i = 0; i < nparts; k += parts[i].n, i++)
    if (parts[i].n > 0 && memcmp(k, parts[i].v, (size_t)parts[i].n * sizeof *k))
      return false;
  return true;
}

bool zrt_memo_knows(zrt_memo **m, const zrt_memo_part *parts, int nparts) {
  int n = key_length(parts, nparts), first = first_slot(m, parts, nparts, n);
  for (int p = 0; first >= 0 && p < PROBES; p++)
    if (slot_holds(probe(*m, first, p), parts, nparts, n))
      return true;
  return false;
}

void zrt_memo_learn(zrt_memo **m, const zrt_memo_part *parts, int nparts) {
  int n = key_length(parts, nparts), first = first_slot(m, parts, nparts, n);
  if (first < 0)
    return;
  memo_slot *s = NULL;
  for (int p = 0; p < PROBES && !s; p++)
    if (probe(*m, first, p)->n == 0)
      s = probe(*m, first, p);
  if (!s) {
    s = probe(*m, first, (*m)->evict);
    (*m)->evict = ((*m)->evict + 1) % PROBES;
  }
  int64_t *k = s->key;
  for (int i = 0; i < nparts; k += parts[i].n, i++)
    if (parts[i].n > 0)
      memcpy(k, parts[i].v, (size_t)parts[i].n * sizeof *k);
  s->n = n;
}
