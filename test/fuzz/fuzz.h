/*
 * fuzz.h -- what the fuzz targets share. Each fuzz_NAME.c defines LLVMFuzzerTestOneInput,
 * which libFuzzer calls with one input at a time (a DANCE_FUZZ build), or replay.c calls
 * with each file of the target's corpus (every test build: the regression tests
 * fuzz_corpus_NAME).
 *
 * Every target must be fast on every input, so that the fuzzer tries thousands a second
 * and a slow input is a bug to fix: inputs are cut at FUZZ_MAX_INPUT bytes, and whatever a
 * target does after parsing (compiling a model, a search) has a cap of its own.
 */
#ifndef DANCE_FUZZ_H
#define DANCE_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FUZZ_MAX_INPUT = 4096 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a string of exactly size + 1 bytes (so that AddressSanitizer sees a read
 * past its NUL), cut at FUZZ_MAX_INPUT bytes; *len receives its length. NULL means the
 * input is to be skipped. The caller frees it. */
static inline char *fuzz_string(const uint8_t *data, size_t size, size_t *len) {
  if (size > FUZZ_MAX_INPUT) size = FUZZ_MAX_INPUT;
  char *s = malloc(size + 1);
  if (!s) return NULL;
  if (size) memcpy(s, data, size);
  s[size] = '\0';
  if (len) *len = size;
  return s;
}

/* A property a target checks failed: say which and abort, which libFuzzer reports as a
 * crash and keeps the input. */
#define FUZZ_CHECK(cond)                                                                     \
  do {                                                                                       \
    if (!(cond)) {                                                                           \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);              \
      abort();                                                                               \
    }                                                                                        \
  } while (0)


#endif
