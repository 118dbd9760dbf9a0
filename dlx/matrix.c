/* matrix.c -- building and inspecting a dlx_matrix. */
#include <stdlib.h>
#include <string.h>

#include "matrix_internal.h"

const char *dlx_version(void) { return DLX_VERSION_STRING; }

const char *dlx_strerror(dlx_status s) {
  switch (s) {
  case DLX_OK: return "success";
  case DLX_ENOMEM: return "out of memory";
  case DLX_EARG: return "invalid argument";
  case DLX_EDUPNAME: return "item declared twice";
  case DLX_ENAME: return "bad name (empty, over 32 bytes, or with a blank, ':' or '|')";
  case DLX_EDUPITEM: return "item named twice in one option";
  case DLX_ECOLORPRIMARY: return "color on a primary item";
  case DLX_ENOPRIMARY: return "option has no primary item";
  case DLX_ETOOBIG: return "problem too big for 32-bit indices";
  case DLX_EIO: return "input/output error";
  case DLX_ESYNTAX: return "syntax error";
  case DLX_EENGINE: return "the bitset engine cannot solve a problem with colors";
  case DLX_EMULTI: return "not available for problems with multiplicities";
  case DLX_ECOST: return "not available for problems with costs";
  case DLX_EMEMO: return "memoized counting handles neither multiplicities nor listed solutions";
  case DLX_EPLAN: return "the split is not the one expected";
  case DLX_DONE: return "no more solutions";
  case DLX_EBUSY: return "an iteration is in progress";
  case DLX_EAGAIN: return "no solution yet";
  }
  return "unknown status";
}

/* ---- name sets ---------------------------------------------------------------------- */

static uint32_t hash_name(const char *s, size_t len) {
  uint32_t h = 2166136261u; /* FNV-1a: names are short, this is plenty */
  for (size_t i = 0; i < len; i++)
    h = (h ^ (uint8_t)s[i]) * 16777619u;
  return h;
}

static void names_free(dlx_names *t) {
  free(t->pool);
  free(t->offset);
  free(t->slots);
}

static const char *names_get(const dlx_names *t, int32_t i) {
  return t->offset[i] == UINT32_MAX ? NULL : t->pool + t->offset[i];
}

static int32_t names_find(const dlx_names *t, const char *s, size_t len) {
  if (!t->slot_cap) return -1;
  uint32_t mask = t->slot_cap - 1;
  for (uint32_t h = hash_name(s, len) & mask;; h = (h + 1) & mask) {
    int32_t v = t->slots[h];
    if (!v) return -1;
    const char *n = names_get(t, v - 1);
    if (n && strncmp(n, s, len) == 0 && n[len] == '\0') return v - 1;
  }
}

static int grow(void **p, size_t elem, size_t *cap, size_t need) {
  if (need <= *cap) return 1;
  size_t c = *cap ? *cap : 16;
  while (c < need)
    c *= 2;
  void *q = realloc(*p, c * elem);
  if (!q) return 0;
  *p = q;
  *cap = c;
  return 1;
}

static dlx_status names_rehash(dlx_names *t, uint32_t cap) {
  int32_t *s = calloc(cap, sizeof *s);
  if (!s) return DLX_ENOMEM;
  for (int32_t i = 0; i < t->count; i++) {
    const char *n = names_get(t, i);
    if (!n) continue;
    uint32_t h = hash_name(n, strlen(n)) & (cap - 1);
    while (s[h])
      h = (h + 1) & (cap - 1);
    s[h] = i + 1;
  }
  free(t->slots);
  t->slots = s;
  t->slot_cap = cap;
  return DLX_OK;
}

/* Appends a name (or an unnamed entry when s is NULL); the caller checked uniqueness. */
static dlx_status names_add(dlx_names *t, const char *s, size_t len) {
  if (t->count == INT32_MAX - 1) return DLX_ETOOBIG;
  if (!grow((void **)&t->offset, sizeof *t->offset, &t->cap, (size_t)t->count + 1))
    return DLX_ENOMEM;
  if (!s) {
    t->offset[t->count++] = UINT32_MAX;
    return DLX_OK;
  }
  if (t->pool_len + len + 1 >= UINT32_MAX) return DLX_ETOOBIG;
  if (!grow((void **)&t->pool, 1, &t->pool_cap, t->pool_len + len + 1)) return DLX_ENOMEM;
  memcpy(t->pool + t->pool_len, s, len);
  t->pool[t->pool_len + len] = '\0';
  t->offset[t->count++] = (uint32_t)t->pool_len;
  t->pool_len += len + 1;
  if ((uint64_t)t->count * 2 > t->slot_cap) {
    dlx_status st = names_rehash(t, t->slot_cap ? t->slot_cap * 2 : 64);
    if (st) {
      t->count--;
      return st;
    }
  } else {
    uint32_t mask = t->slot_cap - 1, h = hash_name(s, len) & mask;
    while (t->slots[h])
      h = (h + 1) & mask;
    t->slots[h] = t->count;
  }
  return DLX_OK;
}

static int valid_name(const char *s, size_t *len) {
  size_t n = 0;
  for (; s[n]; n++) {
    unsigned char c = (unsigned char)s[n];
    if (c <= ' ' || c == ':' || c == '|' || c == 127 || n >= DLX_NAME_MAX) return 0;
  }
  *len = n;
  return n > 0;
}

/* ---- the matrix ------------------------------------------------------------------- */

dlx_matrix *dlx_matrix_new(void) {
  dlx_matrix *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->start = malloc(sizeof *m->start);
  if (!m->start) {
    free(m);
    return NULL;
  }
  m->start[0] = 0;
  return m;
}

void dlx_matrix_free(dlx_matrix *m) {
  if (!m) return;
  names_free(&m->items);
  names_free(&m->colors);
  free(m->kind);
  free(m->lo);
  free(m->hi);
  free(m->cost);
  free(m->start);
  free(m->node_item);
  free(m->node_color);
  free(m->mark);
  free(m);
}

dlx_status dlx_add_item(dlx_matrix *m, const char *name, dlx_item_kind kind, int32_t *id) {
  if (!m || (kind != DLX_PRIMARY && kind != DLX_SECONDARY)) return DLX_EARG;
  size_t len = 0;
  if (name) {
    if (!valid_name(name, &len)) return DLX_ENAME;
    if (names_find(&m->items, name, len) >= 0) return DLX_EDUPNAME;
  }
  int32_t i = m->items.count;
  size_t kind_cap = m->kind_cap;
  if (!grow((void **)&m->kind, 1, &m->kind_cap, (size_t)i + 1)) return DLX_ENOMEM;
  if (m->lo && m->kind_cap > kind_cap) { /* the bounds grow with kind[] */
    int32_t *lo = realloc(m->lo, m->kind_cap * sizeof *lo);
    if (lo) m->lo = lo;
    int32_t *hi = lo ? realloc(m->hi, m->kind_cap * sizeof *hi) : NULL;
    if (hi) m->hi = hi;
    if (!lo || !hi) {
      m->kind_cap = kind_cap; /* try again next time */
      return DLX_ENOMEM;
    }
  }
  dlx_status st = names_add(&m->items, name, len);
  if (st) return st;
  m->kind[i] = (uint8_t)kind;
  if (m->lo) m->lo[i] = kind == DLX_PRIMARY, m->hi[i] = 1;
  if (kind == DLX_PRIMARY) m->primaries++;
  if (id) *id = i;
  return DLX_OK;
}

dlx_status dlx_color(dlx_matrix *m, const char *name, int32_t *color) {
  size_t len;
  if (!m || !name || !color) return DLX_EARG;
  if (!valid_name(name, &len)) return DLX_ENAME;
  int32_t c = names_find(&m->colors, name, len);
  if (c < 0) {
    dlx_status st = names_add(&m->colors, name, len);
    if (st) return st;
    c = m->colors.count - 1;
  }
  *color = c + 1;
  return DLX_OK;
}

dlx_status dlx_add_option(dlx_matrix *m, size_t n, const int32_t *items, const int32_t *colors,
                          int32_t *id) {
  if (!m || (n && !items)) return DLX_EARG;
  int has_primary = 0, has_color = 0;
  /* Repeats are found with a stamp per item, so long options cost linear time. */
  size_t old_cap = m->mark_cap;
  if (!grow((void **)&m->mark, sizeof *m->mark, &m->mark_cap, (size_t)m->items.count))
    return DLX_ENOMEM;
  if (m->mark_cap > old_cap) /* new marks must not look stamped */
    memset(m->mark + old_cap, 0, (m->mark_cap - old_cap) * sizeof *m->mark);
  if (++m->stamp == 0) { /* wrapped: clear the stale stamps once */
    memset(m->mark, 0, m->mark_cap * sizeof *m->mark);
    m->stamp = 1;
  }
  for (size_t i = 0; i < n; i++) {
    int32_t it = items[i];
    if (it < 0 || it >= m->items.count) return DLX_EARG;
    if (m->mark[it] == m->stamp) return DLX_EDUPITEM;
    m->mark[it] = m->stamp;
    if (colors && colors[i]) {
      if (colors[i] < 0 || colors[i] > m->colors.count) return DLX_EARG;
      if (m->kind[it] == DLX_PRIMARY) return DLX_ECOLORPRIMARY;
      has_color = 1;
    }
    has_primary |= m->kind[it] == DLX_PRIMARY;
  }
  if (!has_primary) return DLX_ENOPRIMARY;
  int64_t used = m->start[m->options];
  /* Room for the solver's spacer and header nodes too, so indices fit in int32. */
  if (m->options >= INT32_MAX / 2 - 1 ||
      (int64_t)n + used + m->options + m->items.count + 2 >= INT32_MAX)
    return DLX_ETOOBIG;
  if (!grow((void **)&m->start, sizeof *m->start, &m->option_cap, (size_t)m->options + 2))
    return DLX_ENOMEM;
  size_t need = (size_t)(used + (int64_t)n);
  if (m->node_cap < need) {
    size_t c = m->node_cap;
    if (!grow((void **)&m->node_item, sizeof *m->node_item, &c, need)) return DLX_ENOMEM;
    if (m->node_color) {
      int32_t *q = realloc(m->node_color, c * sizeof *q);
      if (!q) return DLX_ENOMEM;
      m->node_color = q;
    }
    m->node_cap = c;
  }
  if (has_color && !m->node_color) {
    m->node_color = calloc(m->node_cap ? m->node_cap : 1, sizeof *m->node_color);
    if (!m->node_color) return DLX_ENOMEM;
  }
  memcpy(m->node_item + used, items, n * sizeof *items);
  if (m->node_color) {
    for (size_t i = 0; i < n; i++)
      m->node_color[used + (int64_t)i] = colors ? colors[i] : 0;
  }
  m->start[m->options + 1] = used + (int64_t)n;
  if (id) *id = m->options;
  m->options++;
  return DLX_OK;
}

dlx_status dlx_set_option_cost(dlx_matrix *m, int32_t option, uint64_t cost) {
  if (!m || option < 0 || option >= m->options || cost > DLX_COST_MAX) return DLX_EARG;
  if ((size_t)option >= m->cost_cap) {
    if (!cost) return DLX_OK; /* beyond the array every cost is 0 */
    size_t cap = m->cost_cap ? m->cost_cap : 64;
    while (cap <= (size_t)option)
      cap *= 2;
    uint64_t *c = realloc(m->cost, cap * sizeof *c);
    if (!c) return DLX_ENOMEM;
    memset(c + m->cost_cap, 0, (cap - m->cost_cap) * sizeof *c);
    m->cost = c;
    m->cost_cap = cap;
  }
  m->costed += (cost > 0) - (m->cost[option] > 0);
  m->cost[option] = cost;
  return DLX_OK;
}

uint64_t dlx_option_cost(const dlx_matrix *m, int32_t option) {
  return m && option >= 0 && (size_t)option < m->cost_cap ? m->cost[option] : 0;
}

int dlx_has_costs(const dlx_matrix *m) { return m && m->costed > 0; }

dlx_status dlx_set_bounds(dlx_matrix *m, int32_t item, int32_t lo, int32_t hi) {
  if (!m || item < 0 || item >= m->items.count || m->kind[item] != DLX_PRIMARY || lo < 0 ||
      hi < 1 || lo > hi)
    return DLX_EARG;
  if (!m->lo) {
    size_t cap = m->kind_cap ? m->kind_cap : 1;
    m->lo = malloc(cap * sizeof *m->lo);
    m->hi = malloc(cap * sizeof *m->hi);
    if (!m->lo || !m->hi) {
      free(m->lo);
      free(m->hi);
      m->lo = m->hi = NULL;
      return DLX_ENOMEM;
    }
    for (int32_t i = 0; i < m->items.count; i++)
      m->lo[i] = m->kind[i] == DLX_PRIMARY, m->hi[i] = 1;
  }
  m->bounded -= m->lo[item] != 1 || m->hi[item] != 1;
  m->lo[item] = lo;
  m->hi[item] = hi;
  m->bounded += lo != 1 || hi != 1;
  return DLX_OK;
}

void dlx_item_bounds(const dlx_matrix *m, int32_t item, int32_t *lo, int32_t *hi) {
  int32_t l = 0, h = 0;
  if (item >= 0 && item < dlx_item_count(m)) {
    l = m->lo ? m->lo[item] : m->kind[item] == DLX_PRIMARY;
    h = m->hi ? m->hi[item] : 1;
  }
  if (lo) *lo = l;
  if (hi) *hi = h;
}

int dlx_has_bounds(const dlx_matrix *m) { return m && m->bounded > 0; }

/* The getters read a NULL matrix as an empty one (dlx.h). */
int32_t dlx_item_count(const dlx_matrix *m) { return m ? m->items.count : 0; }
int32_t dlx_primary_count(const dlx_matrix *m) { return m ? m->primaries : 0; }
int32_t dlx_option_count(const dlx_matrix *m) { return m ? m->options : 0; }
int64_t dlx_node_count(const dlx_matrix *m) { return m ? m->start[m->options] : 0; }
int32_t dlx_color_count(const dlx_matrix *m) { return m ? m->colors.count : 0; }

const char *dlx_item_name(const dlx_matrix *m, int32_t item) {
  return item < 0 || item >= dlx_item_count(m) ? NULL : names_get(&m->items, item);
}

dlx_item_kind dlx_item_kind_of(const dlx_matrix *m, int32_t item) {
  return item < 0 || item >= dlx_item_count(m) ? DLX_PRIMARY : (dlx_item_kind)m->kind[item];
}

const char *dlx_color_name(const dlx_matrix *m, int32_t color) {
  return color < 1 || color > dlx_color_count(m) ? NULL : names_get(&m->colors, color - 1);
}

int32_t dlx_find_item(const dlx_matrix *m, const char *name) {
  return m && name ? names_find(&m->items, name, strlen(name)) : -1;
}

const int32_t *dlx_option_items(const dlx_matrix *m, int32_t option, size_t *n) {
  if (option < 0 || option >= dlx_option_count(m)) {
    if (n) *n = 0;
    return NULL;
  }
  if (n) *n = (size_t)(m->start[option + 1] - m->start[option]);
  return m->node_item + m->start[option];
}

const int32_t *dlx_option_colors(const dlx_matrix *m, int32_t option) {
  if (option < 0 || option >= dlx_option_count(m) || !m->node_color) return NULL;
  return m->node_color + m->start[option];
}

size_t dlx_format_option(const dlx_matrix *m, int32_t option, char *buf, size_t cap) {
  size_t n, len = 0;
  const int32_t *it = dlx_option_items(m, option, &n);
  const int32_t *co = dlx_option_colors(m, option);
  char tmp[DLX_NAME_MAX * 2 + 16];
  for (size_t i = 0; i < n; i++) {
    const char *name = dlx_item_name(m, it[i]);
    int k = name ? snprintf(tmp, sizeof tmp, "%s%s", i ? " " : "", name)
                 : snprintf(tmp, sizeof tmp, "%s#%d", i ? " " : "", (int)it[i]);
    if (co && co[i])
      k += snprintf(tmp + k, sizeof tmp - (size_t)k, ":%s", dlx_color_name(m, co[i]));
    if (i + 1 == n && dlx_option_cost(m, option)) /* a cost, as DLX5 reads it */
      k += snprintf(tmp + k, sizeof tmp - (size_t)k, " |%llu",
                    (unsigned long long)dlx_option_cost(m, option));
    if (buf && len + 1 < cap) { /* like snprintf: as much as fits */
      size_t room = cap - 1 - len;
      memcpy(buf + len, tmp, (size_t)k < room ? (size_t)k : room);
    }
    len += (size_t)k;
  }
  if (buf && cap) buf[len < cap ? len : cap - 1] = '\0';
  return len;
}
