/* json_read.h -- a small strict JSON reader, for what dance reads back of its own --json
 * output (dance merge): the whole text into a tree of values. Numbers keep their text, so
 * that counts up to 2^128 - 1 are read exactly. */
#ifndef DANCE_CLI_JSON_READ_H
#define DANCE_CLI_JSON_READ_H

#include <stddef.h>
#include <stdint.h>

#include "count.h"

typedef enum {
  JSON_NULL,
  JSON_FALSE,
  JSON_TRUE,
  JSON_NUMBER,
  JSON_STRING,
  JSON_ARRAY,
  JSON_OBJECT
} json_kind;

typedef struct json_value json_value;
struct json_value {
  json_kind kind;
  char *text;         /* a string's value (NUL-terminated, UTF-8), a number's text */
  size_t count;       /* members of an object, elements of an array */
  char **keys;        /* an object's keys, in order */
  json_value *values; /* its values, or an array's elements */
};

/* Where and why the text was refused; line and column count from 1 (bytes). */
typedef struct {
  long line, column;
  char message[120];
} json_error;

/* Reads one JSON value filling the whole text (blanks around it allowed). Returns the
 * value (free it with json_free), or NULL with *err set (message "out of memory" if so). */
json_value *json_parse(const char *text, size_t len, json_error *err);
void json_free(json_value *v); /* accepts NULL */

/* The value of an object's member key (the last, if repeated), or NULL. */
const json_value *json_member(const json_value *object, const char *key);
/* A number that is a whole number from 0 to 2^64 - 1, into *out: 1, else 0. */
int json_uint(const json_value *v, uint64_t *out);
/* A number that is a whole number from 0 to 2^128 - 1, written as digits alone (no sign, no
 * fraction, no exponent: dance writes counts so), into *out: 1, else 0 (*out untouched). */
int json_count(const json_value *v, dlx_count *out);
/* A number, into *out: 1, else 0. */
int json_real(const json_value *v, double *out);

#endif
