/* burr_xml.c -- a small XML reader: the tree of elements, attributes and character data that
 * BurrTools' files need (burr_internal.h). Recursive descent over the bytes, one line count. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "burr_internal.h"

typedef struct {
  const char *p, *end;
  int line;
  burr_error *err;
  burr_status st; /* the first failure */
} cursor;

static int fail(cursor *c, const char *what) {
  if (c->st == BURR_OK) {
    c->st = BURR_ESYNTAX;
    c->err->line = c->line;
    snprintf(c->err->message, sizeof c->err->message, "%s", what);
  }
  return -1;
}

static int nomem(cursor *c) {
  if (c->st == BURR_OK) {
    c->st = BURR_ENOMEM;
    c->err->line = 0;
    snprintf(c->err->message, sizeof c->err->message, "out of memory");
  }
  return -1;
}

static void advance(cursor *c, size_t n) {
  for (size_t i = 0; i < n && c->p < c->end; i++)
    if (*c->p++ == '\n') c->line++;
}

static int starts(const cursor *c, const char *s) {
  size_t n = strlen(s);
  return (size_t)(c->end - c->p) >= n && memcmp(c->p, s, n) == 0;
}

static int is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'; }

static void skip_space(cursor *c) {
  while (c->p < c->end && is_space(*c->p))
    advance(c, 1);
}

/* Skips to just past `close` ("-->", "?>"), or fails with what. */
static int skip_past(cursor *c, const char *close, const char *what) {
  while (c->p < c->end && !starts(c, close))
    advance(c, 1);
  if (c->p >= c->end) return fail(c, what);
  advance(c, strlen(close));
  return 0;
}

static int name_char(unsigned char ch, int first) {
  if (ch >= 0x80 || ch == '_' || ch == ':' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'))
    return 1;
  return !first && (ch == '-' || ch == '.' || (ch >= '0' && ch <= '9'));
}

/* A name (element or attribute), malloc'd; NULL after fail/nomem. */
static char *read_name(cursor *c, const char *what) {
  const char *s = c->p;
  while (c->p < c->end && name_char((unsigned char)*c->p, c->p == s))
    c->p++;
  if (c->p == s) {
    fail(c, what);
    return NULL;
  }
  char *n = malloc((size_t)(c->p - s) + 1);
  if (!n) {
    nomem(c);
    return NULL;
  }
  memcpy(n, s, (size_t)(c->p - s));
  n[c->p - s] = 0;
  return n;
}

/* Appends code point u as UTF-8. */
static size_t put_utf8(char *out, unsigned long u) {
  if (u < 0x80) {
    out[0] = (char)u;
    return 1;
  }
  if (u < 0x800) {
    out[0] = (char)(0xc0 | u >> 6), out[1] = (char)(0x80 | (u & 0x3f));
    return 2;
  }
  if (u < 0x10000) {
    out[0] = (char)(0xe0 | u >> 12), out[1] = (char)(0x80 | (u >> 6 & 0x3f));
    out[2] = (char)(0x80 | (u & 0x3f));
    return 3;
  }
  out[0] = (char)(0xf0 | u >> 18), out[1] = (char)(0x80 | (u >> 12 & 0x3f));
  out[2] = (char)(0x80 | (u >> 6 & 0x3f)), out[3] = (char)(0x80 | (u & 0x3f));
  return 4;
}

/* An entity at c->p ('&' ... ';'), written to out (room for 4 bytes). Returns its length in
 * out, or -1 after fail. */
static int entity(cursor *c, char *out) {
  static const char *const names[] = {"amp", "lt", "gt", "quot", "apos"};
  static const char chars[] = "&<>\"'";
  const char *semi = c->p + 1;
  while (semi < c->end && semi - c->p <= 10 && *semi != ';')
    semi++;
  if (semi >= c->end || *semi != ';') return fail(c, "an '&' that starts no entity (write &amp;)");
  size_t len = (size_t)(semi - c->p - 1);
  const char *s = c->p + 1;
  for (int i = 0; i < 5; i++)
    if (strlen(names[i]) == len && memcmp(s, names[i], len) == 0) {
      out[0] = chars[i];
      advance(c, len + 2);
      return 1;
    }
  if (len >= 2 && s[0] == '#') {
    int hex = s[1] == 'x';
    unsigned long u = 0;
    size_t i = hex ? 2 : 1;
    if (i == len) return fail(c, "an empty character reference");
    for (; i < len; i++) {
      char ch = s[i];
      int d = ch >= '0' && ch <= '9'          ? ch - '0'
              : hex && ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
              : hex && ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                              : -1;
      if (d < 0) return fail(c, "a malformed character reference");
      u = u * (hex ? 16 : 10) + (unsigned long)d;
      if (u > 0x10ffff) return fail(c, "a character reference beyond Unicode");
    }
    if (u == 0) return fail(c, "a character reference to NUL");
    advance(c, len + 2);
    return (int)put_utf8(out, u);
  }
  return fail(c, "an unknown entity (XML knows &amp; &lt; &gt; &quot; &apos;)");
}

/* A quoted attribute value, entities replaced; malloc'd, NULL after a failure. */
static char *read_value(cursor *c) {
  if (c->p >= c->end || (*c->p != '"' && *c->p != '\'')) {
    fail(c, "an attribute value without quotes");
    return NULL;
  }
  char q = *c->p;
  advance(c, 1);
  const char *s = c->p;
  while (c->p < c->end && *c->p != q)
    advance(c, 1);
  if (c->p >= c->end) {
    fail(c, "an attribute value that never ends");
    return NULL;
  }
  size_t n = (size_t)(c->p - s);
  char *v = malloc(n + 1);
  if (!v) {
    nomem(c);
    return NULL;
  }
  cursor sub = {s, c->p, c->line, c->err, BURR_OK}; /* entity errors: the value's last line */
  size_t k = 0;
  while (sub.p < sub.end) {
    if (*sub.p == '<') {
      free(v);
      fail(c, "a '<' inside an attribute value");
      return NULL;
    }
    if (*sub.p == '&') {
      char buf[4];
      int len = entity(&sub, buf);
      if (len < 0) {
        c->st = sub.st; /* entity() said what and where */
        free(v);
        return NULL;
      }
      memcpy(v + k, buf, (size_t)len); /* a reference is never longer than its text */
      k += (size_t)len;
    } else {
      v[k++] = *sub.p++;
    }
  }
  v[k] = 0;
  advance(c, 1);
  return v;
}

void burr_xml_free(burr_xml_node *n) {
  if (!n) return;
  for (int i = 0; i < n->nchildren; i++)
    burr_xml_free(n->children[i]);
  for (int i = 0; i < n->nattrs; i++) {
    free(n->attrs[i].name);
    free(n->attrs[i].value);
  }
  free(n->children);
  free(n->attrs);
  free(n->name);
  free(n->text);
  free(n);
}

const char *burr_xml_get(const burr_xml_node *n, const char *name) {
  for (int i = 0; i < n->nattrs; i++)
    if (strcmp(n->attrs[i].name, name) == 0) return n->attrs[i].value;
  return NULL;
}

static int add_text(cursor *c, burr_xml_node *n, const char *s, size_t len) {
  if (!len) return 0;
  char *t = realloc(n->text, n->text_len + len + 1);
  if (!t) return nomem(c);
  memcpy(t + n->text_len, s, len);
  n->text_len += len;
  t[n->text_len] = 0;
  n->text = t;
  return 0;
}

static int add_child(cursor *c, burr_xml_node *n, burr_xml_node *child) {
  if (n->nchildren == n->cap) {
    int cap = n->cap ? 2 * n->cap : 4;
    burr_xml_node **a = realloc(n->children, (size_t)cap * sizeof *a);
    if (!a) return nomem(c);
    n->children = a;
    n->cap = cap;
  }
  n->children[n->nchildren++] = child;
  return 0;
}

/* The attributes of a start tag, up to '>' or "/>"; *empty says which. */
static int read_attrs(cursor *c, burr_xml_node *n, int *empty) {
  for (;;) {
    int spaced = c->p < c->end && is_space(*c->p);
    skip_space(c);
    if (c->p >= c->end) return fail(c, "a tag that never ends");
    if (*c->p == '>' || starts(c, "/>")) {
      *empty = *c->p == '/';
      advance(c, *empty ? 2 : 1);
      return 0;
    }
    if (!spaced) return fail(c, "no blank before an attribute");
    char *name = read_name(c, "a malformed attribute name");
    if (!name) return -1;
    if (burr_xml_get(n, name)) {
      free(name);
      return fail(c, "an attribute given twice");
    }
    skip_space(c);
    if (c->p >= c->end || *c->p != '=') {
      free(name);
      return fail(c, "an attribute without '=' and a value");
    }
    advance(c, 1);
    skip_space(c);
    char *value = read_value(c);
    burr_xml_attr *a = value ? realloc(n->attrs, (size_t)(n->nattrs + 1) * sizeof *a) : NULL;
    if (!a) {
      free(name);
      free(value);
      return value ? nomem(c) : -1;
    }
    n->attrs = a;
    a[n->nattrs++] = (burr_xml_attr){name, value};
  }
}

static burr_xml_node *element(cursor *c, int depth);

/* The content of n up to and including its end tag. */
static int content(cursor *c, burr_xml_node *n, int depth) {
  for (;;) {
    const char *s = c->p;
    while (c->p < c->end && *c->p != '<' && *c->p != '&')
      advance(c, 1);
    if (add_text(c, n, s, (size_t)(c->p - s))) return -1;
    if (c->p >= c->end) {
      char msg[120];
      snprintf(msg, sizeof msg, "the file ends inside <%.60s> (opened on line %d)", n->name,
               n->line);
      return fail(c, msg);
    }
    if (*c->p == '&') {
      char buf[4];
      int len = entity(c, buf);
      if (len < 0 || add_text(c, n, buf, (size_t)len)) return -1;
    } else if (starts(c, "<!--")) {
      if (skip_past(c, "-->", "a comment that never ends")) return -1;
    } else if (starts(c, "<![CDATA[")) {
      advance(c, 9);
      s = c->p;
      while (c->p < c->end && !starts(c, "]]>"))
        advance(c, 1);
      if (c->p >= c->end) return fail(c, "a CDATA section that never ends");
      if (add_text(c, n, s, (size_t)(c->p - s))) return -1;
      advance(c, 3);
    } else if (starts(c, "<?")) {
      if (skip_past(c, "?>", "a processing instruction that never ends")) return -1;
    } else if (starts(c, "</")) {
      advance(c, 2);
      size_t len = strlen(n->name);
      if ((size_t)(c->end - c->p) < len || memcmp(c->p, n->name, len) != 0 ||
          (c->p + len < c->end && name_char((unsigned char)c->p[len], 0))) {
        char msg[160];
        snprintf(msg, sizeof msg, "an end tag that does not close <%.60s> (opened on line %d)",
                 n->name, n->line);
        return fail(c, msg);
      }
      advance(c, len);
      skip_space(c);
      if (c->p >= c->end || *c->p != '>') return fail(c, "a malformed end tag");
      advance(c, 1);
      return 0;
    } else {
      burr_xml_node *child = element(c, depth + 1);
      if (!child || add_child(c, n, child)) {
        burr_xml_free(child);
        return -1;
      }
    }
  }
}

/* An element at c->p ('<'). */
static burr_xml_node *element(cursor *c, int depth) {
  if (depth > BURR_XML_MAX_DEPTH) {
    fail(c, "elements nested too deep");
    return NULL;
  }
  burr_xml_node *n = calloc(1, sizeof *n);
  if (!n) {
    nomem(c);
    return NULL;
  }
  n->line = c->line;
  advance(c, 1);
  n->name = read_name(c, "a '<' that starts no tag");
  int empty = 0;
  if (!n->name || read_attrs(c, n, &empty) || (!empty && content(c, n, depth))) {
    burr_xml_free(n);
    return NULL;
  }
  return n;
}

/* Comments, processing instructions and blanks before or after the root. */
static int misc(cursor *c) {
  for (;;) {
    skip_space(c);
    if (starts(c, "<!--")) {
      if (skip_past(c, "-->", "a comment that never ends")) return -1;
    } else if (starts(c, "<?")) {
      if (skip_past(c, "?>", "a processing instruction that never ends")) return -1;
    } else if (starts(c, "<!")) {
      return fail(c, "a DOCTYPE, which BurrTools files do not have");
    } else {
      return 0;
    }
  }
}

burr_status burr_xml_parse(const char *text, size_t len, burr_xml_node **root, burr_error *err) {
  cursor c = {text, text + len, 1, err, BURR_OK};
  *root = NULL;
  if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) c.p += 3; /* a UTF-8 byte order mark */
  if (misc(&c)) return c.st;
  if (c.p >= c.end || *c.p != '<') {
    fail(&c, "not XML: no element where the document should start");
    return c.st;
  }
  burr_xml_node *n = element(&c, 0);
  if (!n) return c.st;
  if (misc(&c) || c.p < c.end) {
    fail(&c, "more after the end of the root element");
    burr_xml_free(n);
    return c.st;
  }
  *root = n;
  return BURR_OK;
}
