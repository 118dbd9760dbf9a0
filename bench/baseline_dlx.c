/* baseline_dlx.c -- the textbook dancing links: every node a struct of four pointers
 * and a column pointer, every column a node plus a size, search by recursion.
 *
 * Deliberately plain: it is the thing dance's engine is measured against, so it does
 * what the well-known description does and nothing cleverer. The counters follow
 * Knuth's DLX1 (a node per item chosen and per solution; an update per item covered
 * and per node unlinked) so that the counts can be checked against the engine's. */
#include "baseline_dlx.h"

#include <stdlib.h>

typedef struct node node;
typedef struct column column;

struct node {
  node *left, *right, *up, *down;
  column *col;
};

struct column {
  node head; /* head.left/right link the active primary columns */
  int64_t size;
};

typedef struct {
  column root;
  uint64_t solutions, nodes, updates;
} problem;

static void cover(problem *p, column *c) {
  c->head.right->left = c->head.left;
  c->head.left->right = c->head.right;
  p->updates++;
  for (node *i = c->head.down; i != &c->head; i = i->down)
    for (node *j = i->right; j != i; j = j->right) {
      j->down->up = j->up;
      j->up->down = j->down;
      j->col->size--;
      p->updates++;
    }
}

static void uncover(column *c) {
  for (node *i = c->head.up; i != &c->head; i = i->up)
    for (node *j = i->left; j != i; j = j->left) {
      j->col->size++;
      j->down->up = j;
      j->up->down = j;
    }
  c->head.right->left = &c->head;
  c->head.left->right = &c->head;
}

static void search(problem *p) {
  p->nodes++;
  if (p->root.head.right == &p->root.head) {
    p->solutions++;
    return;
  }
  column *c = NULL;
  for (node *h = p->root.head.right; h != &p->root.head; h = h->right) {
    column *k = (column *)h;
    if (!c || k->size < c->size) c = k;
  }
  cover(p, c);
  for (node *r = c->head.down; r != &c->head; r = r->down) {
    for (node *j = r->right; j != r; j = j->right)
      cover(p, j->col);
    search(p);
    for (node *j = r->left; j != r; j = j->left)
      uncover(j->col);
  }
  uncover(c);
}

baseline_status baseline_dlx_count(const dlx_matrix *m, baseline_counts *out) {
  if (dlx_color_count(m) > 0) return BASELINE_ECOLORS;
  int32_t n_items = dlx_item_count(m), n_options = dlx_option_count(m);
  column *cols = calloc(n_items ? (size_t)n_items : 1, sizeof *cols);
  node *nodes = calloc(dlx_node_count(m) ? (size_t)dlx_node_count(m) : 1, sizeof *nodes);
  problem *p = calloc(1, sizeof *p);
  if (!cols || !nodes || !p) {
    free(cols);
    free(nodes);
    free(p);
    return BASELINE_ENOMEM;
  }
  node *root = &p->root.head;
  root->left = root->right = root;
  for (int32_t i = 0; i < n_items; i++) {
    node *h = &cols[i].head;
    h->up = h->down = h;
    h->col = &cols[i];
    if (dlx_item_kind_of(m, i) == DLX_PRIMARY) { /* append to the active list */
      h->left = root->left;
      h->right = root;
      root->left->right = h;
      root->left = h;
    } else { /* secondary: never in the active list, so never chosen */
      h->left = h->right = h;
    }
  }
  node *x = nodes;
  for (int32_t o = 0; o < n_options; o++) {
    size_t len;
    const int32_t *items = dlx_option_items(m, o, &len);
    for (size_t j = 0; j < len; j++, x++) {
      column *c = &cols[items[j]];
      x->col = c;
      x->up = c->head.up;
      x->down = &c->head;
      c->head.up->down = x;
      c->head.up = x;
      c->size++;
      x->left = j == 0 ? x + len - 1 : x - 1;
      x->right = j == len - 1 ? x - (len - 1) : x + 1;
    }
  }
  search(p);
  out->solutions = p->solutions;
  out->nodes = p->nodes;
  out->updates = p->updates;
  free(cols);
  free(nodes);
  free(p);
  return BASELINE_OK;
}
