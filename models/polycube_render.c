/* polycube_render.c -- a packing as text (layers of letters, or one catalog line) and as SVG.
 *
 * Both texts show the box from above, as Kurowski's Bedlam page does: the top layer
 * first (leftmost), each layer with its back row (largest y) on top and x from left to
 * right, so a layer reads like a map with north up. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "polycube.h"
#include "svg.h"

static size_t cell_of(const int *box, int x, int y, int z) {
  return (size_t)x + (size_t)box[0] * ((size_t)y + (size_t)box[1] * (size_t)z);
}

int poly_cell_width(const poly_set *s) {
  for (int p = 0; p < s->npieces; p++)
    if (!s->pieces[p].letter) return 3;
  return 1;
}

/* Cell p drawn in w characters (w = poly_cell_width) at out, NUL-terminated. */
static void cell_code(const poly_set *s, uint8_t p, int w, char *out) {
  if (w == 1) {
    out[0] = p < s->npieces   ? s->pieces[p].letter
             : p == POLY_HOLE ? '.'
             : p == POLY_MARK ? '#'
                              : '+';
    out[1] = '\0';
  } else if (p < s->npieces) {
    snprintf(out, 4, "%03d", p + 1);
  } else {
    snprintf(out, 4, "%s", p == POLY_HOLE ? "..." : p == POLY_MARK ? "###" : "+++");
  }
}

/* Appends the code of cell p to buf (as snprintf counts: *n grows even past cap). */
static void put_cell(const poly_set *s, uint8_t p, int w, char *buf, size_t cap, size_t *n) {
  char code[4];
  cell_code(s, p, w, code);
  for (int k = 0; k < w; k++, (*n)++)
    if (*n + 1 < cap) buf[*n] = code[k];
}

size_t poly_format_layers(const poly_set *s, const uint8_t *cells, char *buf, size_t cap) {
  const int *b = s->box;
  int w = poly_cell_width(s);
  size_t n = 0;
  for (int y = b[1] - 1; y >= 0; y--) {
    for (int z = b[2] - 1; z >= 0; z--) {
      for (int x = 0; x < b[0]; x++) {
        if (w > 1 && x > 0) { /* numbers apart */
          if (n + 1 < cap) buf[n] = ' ';
          n++;
        }
        put_cell(s, cells[cell_of(b, x, y, z)], w, buf, cap, &n);
      }
      if (z > 0) {
        for (int k = 0; k < 2; k++, n++)
          if (n + 1 < cap) buf[n] = ' ';
      }
    }
    if (n + 1 < cap) buf[n] = '\n';
    n++;
  }
  if (cap) buf[n < cap ? n : cap - 1] = '\0';
  return n;
}

size_t poly_format_line(const poly_set *s, const uint8_t *cells, char *buf, size_t cap) {
  const int *b = s->box;
  int w = poly_cell_width(s);
  size_t n = 0;
  for (int z = b[2] - 1; z >= 0; z--) {
    for (int y = b[1] - 1; y >= 0; y--) {
      for (int x = 0; x < b[0]; x++)
        put_cell(s, cells[cell_of(b, x, y, z)], w, buf, cap, &n);
      if (y > 0) {
        if (n + 1 < cap) buf[n] = '/';
        n++;
      }
    }
    if (z > 0) {
      if (n + 1 < cap) buf[n] = ' ';
      n++;
    }
  }
  if (cap) buf[n < cap ? n : cap - 1] = '\0';
  return n;
}

int poly_parse_line(const poly_set *s, const char *line, uint8_t *cells, char *why, size_t cap) {
  const int *b = s->box;
  const char *p = line;
  int w = poly_cell_width(s);
  for (int z = b[2] - 1; z >= 0; z--) {
    for (int y = b[1] - 1; y >= 0; y--) {
      for (int x = 0; x < b[0]; x++) {
        int col = (int)(p - line) + 1;
        int len = 0;
        while (len < w && p[len] && p[len] != ' ' && p[len] != '/')
          len++;
        if (len < w) {
          snprintf(why, cap, "column %d: the row is short: expected %d %s per row", col, b[0],
                   w == 1 ? "letters" : "cells");
          return -1;
        }
        size_t at = cell_of(b, x, y, z);
        int hole = w == 1 ? p[0] == '.' : !memcmp(p, "...", 3);
        int piece = hole && !poly_in_region(s, at) ? POLY_HOLE : -1;
        if (hole && s->region && poly_in_region(s, at)) {
          snprintf(why, cap, "column %d: '%.*s' where the region has a cell to fill", col, w, p);
          return -1;
        }
        if (w == 1) {
          for (int q = 0; q < s->npieces && piece < 0; q++)
            if (s->pieces[q].letter == p[0]) piece = q;
        } else if (!hole && p[0] >= '0' && p[0] <= '9' && p[1] >= '0' && p[1] <= '9' &&
                   p[2] >= '0' && p[2] <= '9') {
          int k = (p[0] - '0') * 100 + (p[1] - '0') * 10 + (p[2] - '0');
          if (k >= 1 && k <= s->npieces) piece = k - 1;
        }
        if (piece < 0) {
          if (w == 1)
            snprintf(why, cap, "column %d: '%c' is the letter of no piece", col, p[0]);
          else
            snprintf(why, cap, "column %d: '%.3s' is the number of no piece (001 to %03d)", col, p,
                     s->npieces);
          return -1;
        }
        cells[at] = (uint8_t)piece;
        p += w;
      }
      char want = y > 0 ? '/' : z > 0 ? ' ' : '\0';
      if (*p != want) {
        int col = (int)(p - line) + 1;
        if (want == '\0')
          snprintf(why, cap, "column %d: expected the end of the line", col);
        else
          snprintf(why, cap, "column %d: expected '%c' %s", col, want,
                   want == '/' ? "between rows" : "between layers");
        return -1;
      }
      if (*p) p++;
    }
  }
  return 0;
}

/* ---- SVG ------------------------------------------------------------------------------ */

/* Colors for pieces 0, 1, ...: neighbours in the list differ strongly. */
static const char *const palette[] = {
    "#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6",
    "#bfef45", "#fabed4", "#469990", "#dcbeff", "#9a6324", "#fffac8", "#800000", "#aaffc3",
    "#808000", "#ffd8b1", "#000075", "#a9a9a9", "#b0e0e6", "#ff7f50", "#6b8e23", "#dda0dd"};
enum { PALETTE = sizeof palette / sizeof palette[0] };

int poly_write_svg(FILE *f, const poly_set *s, const uint8_t *cells, const char *title) {
  const int *b = s->box;
  const int u = 32, gap = 24, margin = 16, head = title ? 56 : 32;
  int layer_w = b[0] * u, width = 2 * margin + b[2] * layer_w + (b[2] - 1) * gap;
  int height = head + b[1] * u + margin;
  svg_begin(f, width, height, title ? title : "");
  if (title) {
    fprintf(f, "<text x=\"%d\" y=\"24\" font-size=\"16\">", margin);
    svg_escaped(f, title);
    fputs("</text>\n", f);
  }
  for (int k = 0; k < b[2]; k++) {
    int z = b[2] - 1 - k, x0 = margin + k * (layer_w + gap), y0 = head;
    if (b[2] > 1)
      fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"#555\">layer %d%s</text>\n", x0,
              y0 - 8, b[2] - k,
              k == 0          ? " (top)"
              : k == b[2] - 1 ? " (bottom)"
                              : "");
    for (int row = 0; row < b[1]; row++)
      for (int x = 0; x < b[0]; x++) {
        int y = b[1] - 1 - row;
        uint8_t p = cells[cell_of(b, x, y, z)];
        if (p >= s->npieces) continue; /* a hole: left white */
        const char *fill = palette[p % PALETTE];
        int px = x0 + x * u, py = y0 + row * u;
        fprintf(f,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                "stroke=\"#00000033\"/>\n",
                px, py, u, u, fill);
        char code[4];
        cell_code(s, p, poly_cell_width(s), code);
        fprintf(f,
                "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\" "
                "fill=\"%s\">%s</text>\n",
                px + u / 2, py + u / 2 + 5, code[1] ? 11 : 14,
                p % PALETTE == 3 || p % PALETTE == 5 || p % PALETTE == 14 || p % PALETTE == 18
                    ? "#fff"
                    : "#222",
                code);
        /* thick walls between different pieces, and around the layer */
        int east = x + 1 == b[0] || cells[cell_of(b, x + 1, y, z)] != p;
        int south = y == 0 || cells[cell_of(b, x, y - 1, z)] != p;
        /* a hole's side is drawn by the piece next to it */
        int west = x == 0 || cells[cell_of(b, x - 1, y, z)] >= s->npieces;
        int north = y + 1 == b[1] || cells[cell_of(b, x, y + 1, z)] >= s->npieces;
        if (east)
          fprintf(f,
                  "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#222\" "
                  "stroke-width=\"3\"/>\n",
                  px + u, py, px + u, py + u);
        if (south)
          fprintf(f,
                  "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#222\" "
                  "stroke-width=\"3\"/>\n",
                  px, py + u, px + u, py + u);
        if (west)
          fprintf(f,
                  "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#222\" "
                  "stroke-width=\"3\"/>\n",
                  px, py, px, py + u);
        if (north)
          fprintf(f,
                  "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#222\" "
                  "stroke-width=\"3\"/>\n",
                  px, py, px + u, py);
      }
  }
  fputs("</svg>\n", f);
  return ferror(f) ? -1 : 0;
}

/* The region's part around cell c, marked `mark` in cells (whose region cells not yet in a
 * part are POLY_EMPTY), by a flood fill through the queue q (room for every cell); its
 * size, its cells in q. */
static size_t mark_part(const poly_set *s, uint8_t *cells, size_t c, uint8_t mark, size_t *q) {
  const int *b = s->box;
  size_t head = 0, tail = 0;
  cells[c] = mark;
  q[tail++] = c;
  while (head < tail) {
    size_t v = q[head++];
    int p[3] = {(int)(v % (size_t)b[0]), (int)(v / (size_t)b[0] % (size_t)b[1]),
                (int)(v / (size_t)b[0] / (size_t)b[1])};
    for (int k = 0; k < 6; k++) {
      int n[3] = {p[0], p[1], p[2]};
      n[k / 2] += k % 2 ? 1 : -1;
      if (n[k / 2] < 0 || n[k / 2] >= b[k / 2]) continue;
      size_t u = cell_of(b, n[0], n[1], n[2]);
      if (cells[u] != POLY_EMPTY) continue;
      cells[u] = mark;
      q[tail++] = u;
    }
  }
  return tail;
}

size_t poly_dead_part(const poly_set *s, uint8_t *cells) {
  enum { PASSED = 0xfc }; /* a part some set of the pieces fills, while the parts are tried */
  size_t n = (size_t)s->box[0] * s->box[1] * s->box[2], dead = 0;
  uint8_t *sums = calloc(n + 1, 1); /* sums[k]: some set of the pieces has k cubes */
  size_t *q = malloc(n * sizeof *q);
  if (sums && q) {
    sums[0] = 1;
    for (int p = 0; p < s->npieces; p++)
      for (size_t k = n + 1; k-- > (size_t)s->pieces[p].size;)
        sums[k] |= sums[k - (size_t)s->pieces[p].size];
    for (size_t c = 0; c < n; c++)
      cells[c] = poly_in_region(s, c) ? POLY_EMPTY : POLY_HOLE;
    for (size_t c = 0; c < n && !dead; c++) {
      if (cells[c] != POLY_EMPTY) continue;
      size_t size = mark_part(s, cells, c, PASSED, q);
      if (!sums[size]) {
        dead = size;
        for (size_t k = 0; k < size; k++)
          cells[q[k]] = POLY_MARK;
      }
    }
    for (size_t c = 0; c < n; c++)
      if (cells[c] == PASSED) cells[c] = POLY_EMPTY;
  }
  free(sums);
  free(q);
  return dead;
}
