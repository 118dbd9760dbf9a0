/* count.h -- exact counts past 2^64: the one 128-bit count type of the project, its checked
 * arithmetic, and its decimal text (strict parse, exact print).
 *
 * Solutions, covers and nodes are summed over threads, pieces, checkpoints and the parts of a
 * split run; a memoized count multiplies. Every such sum and product goes through
 * dlx_count_add and dlx_count_mul, which say when the exact result does not fit in 128 bits:
 * the caller then reports the count as past the limit, never as complete. Header-only
 * (static inline), shared by the engines and the command line; no exported symbols.
 */
#ifndef DANCE_DLX_COUNT_H
#define DANCE_DLX_COUNT_H

#include <stddef.h>
#include <stdint.h>

__extension__ typedef unsigned __int128 dlx_count;

#define DLX_COUNT_MAX (~(dlx_count)0)

/* *sum += v; returns 0 (and leaves *sum at DLX_COUNT_MAX) when the sum passes 2^128 - 1. */
static inline int dlx_count_add(dlx_count *sum, dlx_count v) {
  if (*sum > DLX_COUNT_MAX - v) {
    *sum = DLX_COUNT_MAX;
    return 0;
  }
  *sum += v;
  return 1;
}

/* *out = a * b; returns 0 (and sets *out to DLX_COUNT_MAX) when it passes 2^128 - 1. */
static inline int dlx_count_mul(dlx_count *out, dlx_count a, dlx_count b) {
  if (a && b > DLX_COUNT_MAX / a) {
    *out = DLX_COUNT_MAX;
    return 0;
  }
  *out = a * b;
  return 1;
}

/* Whether c fits in 64 bits. */
static inline int dlx_count_fits64(dlx_count c) { return (c >> 64) == 0; }

/* Writes c in decimal, NUL-terminated, into buf (at least DLX_COUNT_DIGITS bytes); returns
 * buf. 2^128 - 1 has 39 digits. */
enum { DLX_COUNT_DIGITS = 40 };
static inline char *dlx_count_format(dlx_count c, char buf[DLX_COUNT_DIGITS]) {
  char tmp[DLX_COUNT_DIGITS];
  size_t n = 0;
  do {
    tmp[n++] = (char)('0' + (int)(c % 10));
    c /= 10;
  } while (c);
  for (size_t i = 0; i < n; i++) buf[i] = tmp[n - 1 - i];
  buf[n] = '\0';
  return buf;
}

/* Parses the decimal digits s[0..len-1], strictly: at least one digit, nothing else (no sign,
 * no space, no leading '+'), and a value that fits in 128 bits. Returns 1 and sets *out, or 0.
 * Leading zeros are allowed ("007" is 7). */
static inline int dlx_count_parse(const char *s, size_t len, dlx_count *out) {
  if (!len) return 0;
  dlx_count v = 0;
  for (size_t i = 0; i < len; i++) {
    unsigned d = (unsigned)(unsigned char)s[i] - '0';
    if (d > 9) return 0;
    if (v > (DLX_COUNT_MAX - d) / 10) return 0;
    v = v * 10 + d;
  }
  *out = v;
  return 1;
}

#endif
