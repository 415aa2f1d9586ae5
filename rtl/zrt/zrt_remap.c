/* zrt_remap.c - copying a distributed array into another (or into itself) through an index map
 * that works dimension by dimension: dst[i] = src[m(i)] for every index i of a region, with
 * m_k(i_k) = mul_k * i_k + add_k, wrapped into [wlo_k, whi_k] if asked. This one collective
 * serves '@^' (a shifted copy that wraps), the flood operator (a constant index in the
 * replicated dimensions) and the 'wrap' and 'reflect' statements. Because the map is separable,
 * the elements one process sends another are a product of per-dimension index lists, which
 * both sides compute alike from the grid. All sources are packed before anything is written,
 * so a remap within one array reads only old values. */
#include "zrt_internal.h"
#include "zrt_ops.h"
#include "zrt_region.h"
#include <stdlib.h>
#include <string.h>

#define REMAP_TAG 32002

/* Per dimension: the destination indices and their source indices. */
typedef struct index_list {
  int64_t n;
  int64_t *dst, *src;
} index_list;

/* The elements exchanged with one process. */
typedef struct remap_peer {
  int proc;
  index_list dims[ZRT_MAX_RANK];
  size_t bytes;
  char *buf;
  MPI_Request rq;
} remap_peer;

static int64_t map_index(const zrt_map *m, int k, int64_t i) {
  int64_t s = m->mul[k] * i + m->add[k];
  return m->wrap[k] ? zrt_wrap(s, m->wlo[k], m->whi[k]) : s;
}

/* The range of dimension k that process coords own of rank-r arrays (open-ended at the ends). */
static bool block_range(int rank, int k, const int *coords, int64_t *lo, int64_t *hi) {
  return zrt_block_at(rank, k, coords[k], lo, hi);
}

/* Build the lists of what receiver q gets from sender p; false if nothing. */
static bool pair_lists(const zrt_array *dst, const zrt_region *dc, const zrt_array *src, const zrt_map *m, int p,
                       int q, remap_peer *pe) {
  int r = dc->rank;
  int cp[ZRT_MAX_RANK], cq[ZRT_MAX_RANK];
  if (!zrt_proc_coords(r, p, cp) || !zrt_proc_coords(r, q, cq))
    return false;
  memset(pe->dims, 0, sizeof pe->dims);
  size_t count = 1;
  for (int k = 0; k < r; k++) {
    index_list *l = &pe->dims[k];
    int64_t first, last, step;
    if ((dc->flood >> k & 1) || (dst->flood >> k & 1)) {
      first = last = 0; /* one value stands for the whole dimension */
      step = 1;
    } else {
      int64_t blo, bhi;
      if (!block_range(r, k, cq, &blo, &bhi))
        return false;
      int64_t lo = dc->lo[k] > blo ? dc->lo[k] : blo;
      first = zrt_region_first(dc, k, lo);
      last = zrt_region_last(dc, k);
      if (last > bhi)
        last = bhi;
      step = dc->stride[k];
    }
    if (first > last)
      return false;
    int64_t slo = INT64_MIN, shi = INT64_MAX;
    bool src_flood = src->flood >> k & 1;
    if (src_flood) {
      if (cp[k] != cq[k])
        return false;     /* a flood dimension: take it from the process in the same grid line */
    } else if (!block_range(r, k, cp, &slo, &shi)) {
      return false;
    }
    int64_t n = (last - first) / step + 1;
    l->dst = malloc((size_t)n * sizeof *l->dst);
    l->src = malloc((size_t)n * sizeof *l->src);
    if (!l->dst || !l->src)
      zrt_error(0, "out of memory");
    for (int64_t j = first; j <= last; j += step) {
      int64_t s = src_flood ? 0 : map_index(m, k, j);
      if (s < slo || s > shi)
        continue;
      l->dst[l->n] = j;
      l->src[l->n++] = s;
    }
    if (l->n == 0)
      return false;
    count *= (size_t)l->n;
  }
  pe->bytes = count * src->elem;
  return true;
}

static void free_lists(remap_peer *pe) {
  for (int k = 0; k < ZRT_MAX_RANK; k++) {
    free(pe->dims[k].dst);
    free(pe->dims[k].src);
  }
  free(pe->buf);
}

/* Copy the elements of the lists between array a and buf, a's indices from the dst or src lists. */
static void copy_lists(const zrt_array *a, const remap_peer *pe, bool use_src, char *buf, bool to_buf) {
  int r = a->rank;
  int64_t at[ZRT_MAX_RANK] = {0};
  size_t moved = 0;
  for (;;) {
    int64_t off = 0;
    for (int k = 0; k < r; k++)
      off += zrt_array_cell(a, k, (use_src ? pe->dims[k].src : pe->dims[k].dst)[at[k]]) * a->stride[k];
    char *p = a->origin + off * (int64_t)a->elem;
    if (to_buf)
      memcpy(buf + moved, p, a->elem);
    else
      memcpy(p, buf + moved, a->elem);
    moved += a->elem;
    int k = r - 1;
    for (; k >= 0; k--) {
      if (++at[k] < pe->dims[k].n)
        break;
      at[k] = 0;
    }
    if (k < 0)
      return;
  }
}

/* A remap in flight: what this process sends and receives. */
struct zrt_remap_op {
  zrt_array *dst;
  remap_peer *sends, *recvs;
  bool *has_send, *has_recv;
};

zrt_remap_op *zrt_remap_begin(zrt_array *dst, const zrt_region *dc, const zrt_array *src, const zrt_map *m, int line) {
  ZRT_COMM_SPAN(ZRT_COMM_REMAP);
  zrt_comm_count(ZRT_COMM_REMAP, 1, 0, 0);
  int P = zrt_g.nprocs, me = zrt_g.me;
  if (dst->elem != src->elem)
    zrt_error(line, "internal error: remap between arrays of different element sizes");
  zrt_remap_op *op = zrt_xmalloc(sizeof *op);
  op->dst = dst;
  op->sends = zrt_xcalloc((size_t)P, sizeof *op->sends);
  op->recvs = zrt_xcalloc((size_t)P, sizeof *op->recvs);
  op->has_send = zrt_xcalloc((size_t)P, sizeof *op->has_send);
  op->has_recv = zrt_xcalloc((size_t)P, sizeof *op->has_recv);
  remap_peer *sends = op->sends, *recvs = op->recvs;
  /* pack everything first (sources are read before anything is written) */
  for (int q = 0; q < P; q++) {
    if ((op->has_send[q] = pair_lists(dst, dc, src, m, me, q, &sends[q]))) {
      sends[q].buf = zrt_xmalloc(sends[q].bytes);
      copy_lists(src, &sends[q], true, sends[q].buf, true);
    }
    if (q != me && (op->has_recv[q] = pair_lists(dst, dc, src, m, q, me, &recvs[q])))
      recvs[q].buf = zrt_xmalloc(recvs[q].bytes);
  }
  for (int q = 0; q < P; q++)
    if (op->has_recv[q])
      MPI_Irecv(recvs[q].buf, (int)recvs[q].bytes, MPI_BYTE, q, REMAP_TAG, MPI_COMM_WORLD, &recvs[q].rq);
  for (int q = 0; q < P; q++)
    if (op->has_send[q] && q != me) {
      MPI_Isend(sends[q].buf, (int)sends[q].bytes, MPI_BYTE, q, REMAP_TAG, MPI_COMM_WORLD, &sends[q].rq);
      zrt_comm_count(ZRT_COMM_REMAP, 0, 1, sends[q].bytes);
    }
  if (op->has_send[me])
    copy_lists(dst, &sends[me], false, sends[me].buf, false);
  return op;
}

void zrt_remap_end(zrt_remap_op *op) {
  ZRT_COMM_SPAN(ZRT_COMM_REMAP);
  int P = zrt_g.nprocs, me = zrt_g.me;
  for (int q = 0; q < P; q++)
    if (op->has_recv[q]) {
      zrt_wait(&op->recvs[q].rq);
      copy_lists(op->dst, &op->recvs[q], false, op->recvs[q].buf, false);
    }
  for (int q = 0; q < P; q++) {
    if (op->has_send[q] && q != me)
      zrt_wait(&op->sends[q].rq);
    free_lists(&op->sends[q]);
    free_lists(&op->recvs[q]);
  }
  free(op->sends);
  free(op->recvs);
  free(op->has_send);
  free(op->has_recv);
  free(op);
}

void zrt_remap(zrt_array *dst, const zrt_region *dc, const zrt_array *src, const zrt_map *m, int line) {
  zrt_work_flush();
  zrt_remap_end(zrt_remap_begin(dst, dc, src, m, line));
}

zrt_map zrt_map_shift(const zrt_array *a, const int64_t *d, bool wrap) {
  zrt_map m;
  memset(&m, 0, sizeof m);
  for (int k = 0; k < a->rank; k++) {
    m.mul[k] = 1;
    m.add[k] = d[k];
    m.wrap[k] = wrap;
    m.wlo[k] = a->dlo[k];
    m.whi[k] = a->dhi[k];
  }
  return m;
}

zrt_map zrt_map_flood(const zrt_region *s) {
  zrt_map m;
  memset(&m, 0, sizeof m);
  for (int k = 0; k < s->rank; k++) {
    bool single = !(s->flood >> k & 1) && s->lo[k] == s->hi[k];
    m.mul[k] = single ? 0 : 1;
    m.add[k] = single ? s->lo[k] : 0;
  }
  return m;
}

zrt_map zrt_map_wrap(const zrt_region *x, const int64_t *d, bool reflect) {
  zrt_map m;
  memset(&m, 0, sizeof m);
  for (int k = 0; k < x->rank; k++) {
    int64_t n = x->hi[k] - x->lo[k] + 1;
    m.mul[k] = 1;
    if (d[k] == 0 || (x->flood >> k & 1))
      continue;
    if (reflect) {
      m.mul[k] = -1;
      m.add[k] = d[k] > 0 ? 2 * x->hi[k] + 1 : 2 * x->lo[k] - 1;
    } else {
      m.add[k] = d[k] > 0 ? -n : n;
    }
  }
  return m;
}
