/*
 * fuzz_json_read.c -- the strict JSON reader dance merge reads the parts' results with
 * (json_parse). Text it refuses must say where and why, within the text; text it reads is
 * written back out (compactly, by this target) and read again, which must give the same
 * tree; a number it takes as a whole number must be written with digits only.
 */
#include "fuzz.h"
#include "json_read.h"

typedef struct {
  char *s;
  size_t len, cap;
  int failed;
} out;

static void put(out *o, const char *s, size_t n) {
  if (o->failed) return;
  if (o->len + n + 1 > o->cap) {
    size_t cap = (o->len + n + 1) * 2;
    char *p = realloc(o->s, cap);
    if (!p) {
      o->failed = 1;
      return;
    }
    o->s = p, o->cap = cap;
  }
  memcpy(o->s + o->len, s, n);
  o->len += n;
  o->s[o->len] = '\0';
}

/* A string as JSON: the quotes, backslash and control characters escaped, the rest (UTF-8
 * the reader accepted) as it is. */
static void put_string(out *o, const char *s) {
  put(o, "\"", 1);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    char esc[8];
    if (c == '"' || c == '\\') {
      esc[0] = '\\', esc[1] = (char)c;
      put(o, esc, 2);
    } else if (c < 0x20) {
      snprintf(esc, sizeof esc, "\\u%04x", c);
      put(o, esc, 6);
    } else {
      put(o, (const char *)&c, 1);
    }
  }
  put(o, "\"", 1);
}

static void put_value(out *o, const json_value *v) {
  switch (v->kind) {
  case JSON_NULL: put(o, "null", 4); break;
  case JSON_FALSE: put(o, "false", 5); break;
  case JSON_TRUE: put(o, "true", 4); break;
  case JSON_NUMBER: put(o, v->text, strlen(v->text)); break;
  case JSON_STRING: put_string(o, v->text); break;
  case JSON_ARRAY:
    put(o, "[", 1);
    for (size_t i = 0; i < v->count; i++) {
      if (i) put(o, ",", 1);
      put_value(o, &v->values[i]);
    }
    put(o, "]", 1);
    break;
  case JSON_OBJECT:
    put(o, "{", 1);
    for (size_t i = 0; i < v->count; i++) {
      if (i) put(o, ",", 1);
      put_string(o, v->keys[i]);
      put(o, ":", 1);
      put_value(o, &v->values[i]);
    }
    put(o, "}", 1);
    break;
  }
}

static int same(const json_value *a, const json_value *b) {
  if (a->kind != b->kind) return 0;
  if (a->kind == JSON_NUMBER || a->kind == JSON_STRING) return !strcmp(a->text, b->text);
  if (a->kind != JSON_ARRAY && a->kind != JSON_OBJECT) return 1;
  if (a->count != b->count) return 0;
  for (size_t i = 0; i < a->count; i++) {
    if (a->kind == JSON_OBJECT && strcmp(a->keys[i], b->keys[i])) return 0;
    if (!same(&a->values[i], &b->values[i])) return 0;
  }
  return 1;
}

/* Every number: json_uint and json_count only for digits alone, agreeing with each other
 * (a count below 2^64 is both), and then json_real agrees roughly. */
static void check_numbers(const json_value *v) {
  if (v->kind == JSON_NUMBER) {
    uint64_t u;
    dlx_count c;
    double d;
    int whole = json_uint(v, &u), count = json_count(v, &c);
    FUZZ_CHECK(json_real(v, &d));
    if (whole) {
      FUZZ_CHECK(strspn(v->text, "0123456789") == strlen(v->text));
      FUZZ_CHECK(d >= (double)u * 0.999999 && d <= (double)u * 1.000001 + 1);
      FUZZ_CHECK(count && c == u);
    }
    if (count) {
      FUZZ_CHECK(strspn(v->text, "0123456789") == strlen(v->text));
      FUZZ_CHECK(whole == dlx_count_fits64(c));
    }
  }
  if (v->kind == JSON_ARRAY || v->kind == JSON_OBJECT)
    for (size_t i = 0; i < v->count; i++)
      check_numbers(&v->values[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t len;
  char *text = fuzz_string(data, size, &len);
  if (!text) return 0;
  json_error err;
  json_value *v = json_parse(text, len, &err);
  if (!v) {
    long lines = 1;
    for (size_t i = 0; i < len; i++)
      lines += text[i] == '\n';
    FUZZ_CHECK(err.message[0] != '\0');
    FUZZ_CHECK(err.line >= 1 && err.line <= lines && err.column >= 1);
    free(text);
    return 0;
  }
  free(text);
  check_numbers(v);
  out o = {0};
  put_value(&o, v);
  if (!o.failed) {
    json_value *w = json_parse(o.s, o.len, &err);
    FUZZ_CHECK(w != NULL);
    FUZZ_CHECK(same(v, w));
    json_free(w);
  }
  free(o.s);
  json_free(v);
  return 0;
}
