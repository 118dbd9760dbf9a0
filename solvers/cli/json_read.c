/* json_read.c -- a strict JSON reader (RFC 8259), recursive descent over the text. */
#include "json_read.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 64 };

typedef struct {
  const char *s, *end, *line_start;
  long line;
  json_error *err;
  int failed;
} reader;

static void fail(reader *r, const char *at, const char *fmt, ...) {
  if (r->failed) return;
  r->failed = 1;
  /* the line and column of `at` */
  long line = r->line;
  const char *ls = r->line_start;
  for (const char *p = r->s; p < at && p < r->end; p++)
    if (*p == '\n') line++, ls = p + 1;
  r->err->line = line;
  r->err->column = (long)(at - ls) + 1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
  va_end(ap);
}

static void skip_blanks(reader *r) {
  while (r->s < r->end) {
    char c = *r->s;
    if (c == '\n') {
      r->line++;
      r->line_start = r->s + 1;
    } else if (c != ' ' && c != '\t' && c != '\r') {
      break;
    }
    r->s++;
  }
}

/* What is at the reader, for messages. */
static const char *what_is_here(const reader *r, char *buf, size_t cap) {
  if (r->s >= r->end) return "the end of the text";
  unsigned char c = (unsigned char)*r->s;
  if (c >= 0x20 && c < 0x7f)
    snprintf(buf, cap, "'%c'", c);
  else
    snprintf(buf, cap, "byte 0x%02x", c);
  return buf;
}

static void expected(reader *r, const char *what) {
  char buf[32];
  fail(r, r->s, "expected %s, found %s", what, what_is_here(r, buf, sizeof buf));
}

static int parse_value(reader *r, json_value *v, int depth);

static void put_utf8(char **o, unsigned long cp) {
  char *p = *o;
  if (cp < 0x80) {
    *p++ = (char)cp;
  } else if (cp < 0x800) {
    *p++ = (char)(0xc0 | cp >> 6);
    *p++ = (char)(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    *p++ = (char)(0xe0 | cp >> 12);
    *p++ = (char)(0x80 | (cp >> 6 & 0x3f));
    *p++ = (char)(0x80 | (cp & 0x3f));
  } else {
    *p++ = (char)(0xf0 | cp >> 18);
    *p++ = (char)(0x80 | (cp >> 12 & 0x3f));
    *p++ = (char)(0x80 | (cp >> 6 & 0x3f));
    *p++ = (char)(0x80 | (cp & 0x3f));
  }
  *o = p;
}

static int hex4(reader *r, const char *p, unsigned long *out) {
  unsigned long v = 0;
  for (int i = 0; i < 4; i++) {
    char c = p + i < r->end ? p[i] : '\0';
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : -1;
    if (d < 0) {
      fail(r, p + i, "expected 4 hexadecimal digits after \\u");
      return 0;
    }
    v = v * 16 + (unsigned long)d;
  }
  *out = v;
  return 1;
}

/* A string at r->s (the opening quote), into a new NUL-terminated buffer. */
static char *parse_string(reader *r) {
  const char *start = r->s++;
  /* The decoded text is never longer than the quoted one. */
  const char *close = r->s;
  while (close < r->end && *close != '"')
    close += *close == '\\' ? 2 : 1;
  if (close >= r->end) {
    fail(r, start, "a string that does not end");
    return NULL;
  }
  char *out = malloc((size_t)(close - r->s) + 1), *o = out;
  if (!out) {
    fail(r, start, "out of memory");
    return NULL;
  }
  while (*r->s != '"') {
    unsigned char c = (unsigned char)*r->s;
    if (c < 0x20) {
      fail(r, r->s, "a control character (byte 0x%02x) in a string: write it as \\u%04x", c, c);
      break;
    }
    if (c != '\\') {
      *o++ = (char)c;
      r->s++;
      continue;
    }
    const char *esc = r->s++;
    char e = *r->s++;
    switch (e) {
    case '"': *o++ = '"'; break;
    case '\\': *o++ = '\\'; break;
    case '/': *o++ = '/'; break;
    case 'b': *o++ = '\b'; break;
    case 'f': *o++ = '\f'; break;
    case 'n': *o++ = '\n'; break;
    case 'r': *o++ = '\r'; break;
    case 't': *o++ = '\t'; break;
    case 'u': {
      unsigned long cp, lo;
      if (!hex4(r, r->s, &cp)) break;
      r->s += 4;
      if (cp >= 0xd800 && cp < 0xdc00) { /* a surrogate pair */
        if (r->s + 6 <= r->end && r->s[0] == '\\' && r->s[1] == 'u' && hex4(r, r->s + 2, &lo) &&
            lo >= 0xdc00 && lo < 0xe000) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
          r->s += 6;
        } else {
          fail(r, esc, "a \\u escape of a lone surrogate");
          break;
        }
      } else if (cp >= 0xdc00 && cp < 0xe000) {
        fail(r, esc, "a \\u escape of a lone surrogate");
        break;
      }
      if (cp == 0) {
        fail(r, esc, "\\u0000 in a string");
        break;
      }
      put_utf8(&o, cp);
      break;
    }
    default: fail(r, esc, "an unknown escape '\\%c' in a string", e);
    }
    if (r->failed) break;
  }
  if (r->failed) {
    free(out);
    return NULL;
  }
  r->s++; /* the closing quote */
  *o = '\0';
  return out;
}

static int parse_number(reader *r, json_value *v) {
  const char *start = r->s, *p = r->s;
  if (p < r->end && *p == '-') p++;
  if (p < r->end && *p == '0') {
    p++;
  } else if (p < r->end && *p >= '1' && *p <= '9') {
    while (p < r->end && *p >= '0' && *p <= '9')
      p++;
  } else {
    r->s = p;
    expected(r, "a digit");
    return 0;
  }
  if (p < r->end && *p == '.') {
    p++;
    if (!(p < r->end && *p >= '0' && *p <= '9')) {
      r->s = p;
      expected(r, "a digit after '.'");
      return 0;
    }
    while (p < r->end && *p >= '0' && *p <= '9')
      p++;
  }
  if (p < r->end && (*p == 'e' || *p == 'E')) {
    p++;
    if (p < r->end && (*p == '+' || *p == '-')) p++;
    if (!(p < r->end && *p >= '0' && *p <= '9')) {
      r->s = p;
      expected(r, "a digit in the exponent");
      return 0;
    }
    while (p < r->end && *p >= '0' && *p <= '9')
      p++;
  }
  v->kind = JSON_NUMBER;
  v->text = malloc((size_t)(p - start) + 1);
  if (!v->text) {
    fail(r, start, "out of memory");
    return 0;
  }
  memcpy(v->text, start, (size_t)(p - start));
  v->text[p - start] = '\0';
  r->s = p;
  return 1;
}

static int word(reader *r, const char *w, json_kind k, json_value *v) {
  size_t n = strlen(w);
  if ((size_t)(r->end - r->s) >= n && !memcmp(r->s, w, n)) {
    r->s += n;
    v->kind = k;
    return 1;
  }
  expected(r, "a value");
  return 0;
}

/* Appends a slot to a container; NULL if out of memory. */
static json_value *grow(reader *r, json_value *v, size_t *cap, int with_keys) {
  if (v->count == *cap) {
    size_t c = *cap ? 2 * *cap : 8;
    json_value *nv = realloc(v->values, c * sizeof *nv);
    if (nv) v->values = nv;
    char **nk = nv && with_keys ? realloc(v->keys, c * sizeof *nk) : NULL;
    if (nk) v->keys = nk;
    if (!nv || (with_keys && !nk)) {
      fail(r, r->s, "out of memory");
      return NULL;
    }
    *cap = c;
  }
  json_value *slot = &v->values[v->count];
  memset(slot, 0, sizeof *slot);
  if (with_keys) v->keys[v->count] = NULL;
  v->count++;
  return slot;
}

static int parse_container(reader *r, json_value *v, int depth, int object) {
  const char *open = r->s++;
  if (depth >= MAX_DEPTH) {
    fail(r, open, "nested more than %d deep", MAX_DEPTH);
    return 0;
  }
  v->kind = object ? JSON_OBJECT : JSON_ARRAY;
  size_t cap = 0;
  char close = object ? '}' : ']';
  skip_blanks(r);
  if (r->s < r->end && *r->s == close) {
    r->s++;
    return 1;
  }
  for (;;) {
    skip_blanks(r);
    json_value *slot = grow(r, v, &cap, object);
    if (!slot) return 0;
    if (object) {
      if (r->s >= r->end || *r->s != '"') {
        expected(r, "a key (a string)");
        return 0;
      }
      char *key = parse_string(r);
      if (!key) return 0;
      v->keys[v->count - 1] = key;
      skip_blanks(r);
      if (r->s >= r->end || *r->s != ':') {
        expected(r, "':' after an object key");
        return 0;
      }
      r->s++;
      skip_blanks(r);
    }
    if (!parse_value(r, slot, depth + 1)) return 0;
    skip_blanks(r);
    if (r->s < r->end && *r->s == ',') {
      r->s++;
      continue;
    }
    if (r->s < r->end && *r->s == close) {
      r->s++;
      return 1;
    }
    expected(r, object ? "',' or '}'" : "',' or ']'");
    return 0;
  }
}

static int parse_value(reader *r, json_value *v, int depth) {
  if (r->s >= r->end) {
    expected(r, "a value");
    return 0;
  }
  switch (*r->s) {
  case '{': return parse_container(r, v, depth, 1);
  case '[': return parse_container(r, v, depth, 0);
  case '"': v->kind = JSON_STRING; return (v->text = parse_string(r)) != NULL;
  case 't': return word(r, "true", JSON_TRUE, v);
  case 'f': return word(r, "false", JSON_FALSE, v);
  case 'n': return word(r, "null", JSON_NULL, v);
  default:
    if (*r->s == '-' || (*r->s >= '0' && *r->s <= '9')) return parse_number(r, v);
    expected(r, "a value");
    return 0;
  }
}

static void free_inside(json_value *v) {
  free(v->text);
  for (size_t i = 0; i < v->count; i++) {
    if (v->keys) free(v->keys[i]);
    free_inside(&v->values[i]);
  }
  free(v->keys);
  free(v->values);
}

void json_free(json_value *v) {
  if (!v) return;
  free_inside(v);
  free(v);
}

json_value *json_parse(const char *text, size_t len, json_error *err) {
  json_error dummy;
  if (!err) err = &dummy;
  memset(err, 0, sizeof *err);
  reader r = {text, text + len, text, 1, err, 0};
  json_value *v = calloc(1, sizeof *v);
  if (!v) {
    snprintf(err->message, sizeof err->message, "out of memory");
    return NULL;
  }
  skip_blanks(&r);
  if (parse_value(&r, v, 0)) {
    skip_blanks(&r);
    if (r.s < r.end) expected(&r, "the end of the text after the value");
  }
  if (r.failed) {
    json_free(v);
    return NULL;
  }
  return v;
}

const json_value *json_member(const json_value *object, const char *key) {
  if (!object || object->kind != JSON_OBJECT) return NULL;
  for (size_t i = object->count; i-- > 0;)
    if (!strcmp(object->keys[i], key)) return &object->values[i];
  return NULL;
}

int json_uint(const json_value *v, uint64_t *out) {
  if (!v || v->kind != JSON_NUMBER || v->text[0] == '-') return 0;
  uint64_t x = 0;
  for (const char *p = v->text; *p; p++) {
    if (*p < '0' || *p > '9') return 0; /* a fraction or an exponent */
    unsigned d = (unsigned)(*p - '0');
    if (x > (UINT64_MAX - d) / 10) return 0;
    x = x * 10 + d;
  }
  *out = x;
  return 1;
}

int json_count(const json_value *v, dlx_count *out) {
  if (!v || v->kind != JSON_NUMBER) return 0;
  return dlx_count_parse(v->text, strlen(v->text), out); /* digits alone, in range */
}

int json_real(const json_value *v, double *out) {
  if (!v || v->kind != JSON_NUMBER) return 0;
  errno = 0;
  *out = strtod(v->text, NULL);
  return 1;
}
