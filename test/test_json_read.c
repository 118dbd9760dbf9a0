/* test_json_read.c -- the JSON reader of dance merge: values, exact 64-bit and 128-bit
 * counts, escapes, and the place and reason of each malformed text. */
#include <string.h>

#include "../solvers/cli/json_read.h"
#include "test.h"

static json_value *parse(const char *s, json_error *e) { return json_parse(s, strlen(s), e); }

static void test_values(void) {
  json_error e;
  json_value *v = parse(" {\"a\": [1, -2.5e3, true, false, null], \"b\": {\"c\": \"x\"},"
                        " \"n\": 18446744073709551615, \"a\": 7}\n",
                        &e);
  ASSERT(v != NULL);
  if (!v) return;
  ASSERT_EQ((int)v->kind, (int)JSON_OBJECT);
  ASSERT_EQ((int)v->count, 4);
  uint64_t u = 0;
  ASSERT(json_uint(json_member(v, "n"), &u));
  ASSERT_EQ_U64(u, UINT64_MAX);
  ASSERT(json_uint(json_member(v, "a"), &u)); /* the last of a repeated key */
  ASSERT_EQ_U64(u, 7);
  const json_value *a = &v->values[0];
  ASSERT_EQ((int)a->count, 5);
  double d = 0;
  ASSERT(json_real(&a->values[1], &d) && d == -2500);
  ASSERT(!json_uint(&a->values[1], &u)); /* not a whole number */
  ASSERT_EQ((int)a->values[2].kind, (int)JSON_TRUE);
  ASSERT_EQ((int)a->values[4].kind, (int)JSON_NULL);
  ASSERT(!strcmp(json_member(json_member(v, "b"), "c")->text, "x"));
  json_free(v);
  /* One more than 2^64 - 1 is a number, but no count. */
  v = parse("18446744073709551616", &e);
  ASSERT(v && !json_uint(v, &u));
  json_free(v);
}

/* Counts of up to 128 bits: exactly, and nothing that is not a whole number in range. */
static void test_counts(void) {
  json_error e;
  json_value *v = parse("[0, 18446744073709551616, 27993600000000000000,"
                        " 340282366920938463463374607431768211455,"
                        " 340282366920938463463374607431768211456, -1, 1.0, 1e3, \"7\", null]",
                        &e);
  ASSERT(v != NULL);
  if (!v) return;
  ASSERT_EQ((int)v->count, 10);
  dlx_count c = 1;
  ASSERT(json_count(&v->values[0], &c) && c == 0);
  ASSERT(json_count(&v->values[1], &c) && c == (dlx_count)1 << 64);
  ASSERT(json_count(&v->values[2], &c));
  ASSERT_EQ_U64((uint64_t)(c >> 64), 1);
  ASSERT_EQ_U64((uint64_t)c, UINT64_C(9546855926290448384));
  ASSERT(json_count(&v->values[3], &c) && c == DLX_COUNT_MAX);
  c = 5;
  for (size_t i = 4; i < 10; i++) /* 2^128, a sign, a fraction, an exponent, a string, null */
    ASSERT(!json_count(&v->values[i], &c));
  ASSERT(c == 5); /* untouched */
  ASSERT(!json_count(NULL, &c));
  json_free(v);
}

static void test_escapes(void) {
  json_error e;
  json_value *v = parse("\"a\\\"b\\\\c\\/\\n\\u00e9\\u20ac\\ud83d\\ude00\"", &e);
  ASSERT(v != NULL);
  if (v) ASSERT(!strcmp(v->text, "a\"b\\c/\n\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"));
  json_free(v);
}

static void refused(const char *text, long line, long column, const char *message) {
  json_error e;
  json_value *v = parse(text, &e);
  ASSERT(v == NULL);
  json_free(v);
  ASSERT_EQ(e.line, line);
  ASSERT_EQ(e.column, column);
  if (strcmp(e.message, message)) {
    fprintf(stderr, "message '%s', expected '%s'\n", e.message, message);
    ASSERT(0);
  }
}

static void test_errors(void) {
  refused("", 1, 1, "expected a value, found the end of the text");
  refused("{\"a\" 1}", 1, 6, "expected ':' after an object key, found '1'");
  refused("{\"a\": 1,}", 1, 9, "expected a key (a string), found '}'");
  refused("[1 2]", 1, 4, "expected ',' or ']', found '2'");
  refused("{\"a\":\n  01}", 2, 4, "expected ',' or '}', found '1'");
  refused("\"abc", 1, 1, "a string that does not end");
  refused("\"a\\qb\"", 1, 3, "an unknown escape '\\q' in a string");
  refused("\"\\ud800x\"", 1, 2, "a \\u escape of a lone surrogate");
  refused("\"a\tb\"", 1, 3, "a control character (byte 0x09) in a string: write it as \\u0009");
  refused("1.", 1, 3, "expected a digit after '.', found the end of the text");
  refused("tru", 1, 1, "expected a value, found 't'");
  refused("{} x", 1, 4, "expected the end of the text after the value, found 'x'");
  char deep[200];
  memset(deep, '[', 100);
  deep[100] = '\0';
  refused(deep, 1, 65, "nested more than 64 deep");
}

int main(void) {
  RUN(test_values);
  RUN(test_counts);
  RUN(test_escapes);
  RUN(test_errors);
  return test_report();
}
