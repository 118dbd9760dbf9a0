/* plain_links.c -- building the plain dancing links (plain_links.h). */
#include "plain_links.h"

#include <stdlib.h>
#include <string.h>

void *dlx_plain_take(uint64_t *bytes, size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (p) *bytes += (uint64_t)(n ? n : 1) * size;
  return p;
}

static void *take(plain_links *l, size_t n, size_t size) {
  return dlx_plain_take(&l->bytes, n, size);
}

void dlx_plain_links_free(plain_links *l) {
  free(l->up);
  free(l->down);
  free(l->top);
  free(l->color);
  free(l->opt);
  free(l->len);
  free(l->prev);
  free(l->next);
  memset(l, 0, sizeof *l);
}

int dlx_plain_links_build(plain_links *l, const dlx_matrix *x, const int32_t *order) {
  memset(l, 0, sizeof *l);
  int32_t n = x->items.count, np = x->primaries, no = x->options;
  size_t nodes = (size_t)n + 2 + (size_t)no + (size_t)x->start[no];
  l->n_items = n;
  l->n_primary = np;
  l->up = take(l, nodes, sizeof *l->up);
  l->down = take(l, nodes, sizeof *l->down);
  l->top = take(l, nodes, sizeof *l->top);
  l->opt = take(l, nodes, sizeof *l->opt);
  if (x->node_color) l->color = take(l, nodes, sizeof *l->color);
  l->len = take(l, (size_t)n + 1, sizeof *l->len);
  l->prev = take(l, (size_t)n + 1, sizeof *l->prev);
  l->next = take(l, (size_t)n + 1, sizeof *l->next);
  int32_t *map = malloc(((size_t)n + 1) * sizeof *map);
  uint32_t *first = malloc(((size_t)no + 1) * sizeof *first);
  if (!l->up || !l->down || !l->top || !l->opt || (x->node_color && !l->color) || !l->len ||
      !l->prev || !l->next || !map || !first) {
    free(map);
    free(first);
    dlx_plain_links_free(l);
    return 0;
  }
  int32_t next_p = 1, next_s = np + 1;
  for (int32_t i = 0; i < n; i++)
    map[i] = x->kind[i] == DLX_PRIMARY ? next_p++ : next_s++;
  for (uint32_t k = 0; k <= (uint32_t)n; k++) {
    l->up[k] = l->down[k] = k;
    l->top[k] = (int32_t)k;
    l->prev[k] = l->next[k] = k;
  }
  for (uint32_t k = 0; k <= (uint32_t)np; k++) {
    l->next[k] = k == (uint32_t)np ? 0 : k + 1;
    l->prev[k] = k == 0 ? (uint32_t)np : k - 1;
  }
  /* the nodes, in input order */
  uint32_t q = (uint32_t)n + 1; /* the spacer before option 0 */
  l->top[q] = 0;
  for (int32_t o = 0; o < no; o++) {
    int64_t s = x->start[o];
    uint32_t len = (uint32_t)(x->start[o + 1] - s);
    l->down[q] = q + len;
    first[o] = q + 1;
    for (uint32_t j = 0; j < len; j++) {
      uint32_t y = q + 1 + j;
      l->top[y] = map[x->node_item[s + j]];
      l->opt[y] = o;
      if (l->color) l->color[y] = x->node_color[s + j];
    }
    q += len + 1;
    l->top[q] = -(o + 1);
    l->up[q] = q - len;
  }
  /* the items' lists, in the order asked for */
  for (int32_t r = 0; r < no; r++) {
    int32_t o = order ? order[r] : r;
    uint32_t len = (uint32_t)(x->start[o + 1] - x->start[o]);
    for (uint32_t j = 0; j < len; j++) {
      uint32_t y = first[o] + j, k = (uint32_t)l->top[y];
      l->up[y] = l->up[k];
      l->down[y] = k;
      l->down[l->up[k]] = y;
      l->up[k] = y;
      l->len[k]++;
    }
  }
  free(map);
  free(first);
  return 1;
}
