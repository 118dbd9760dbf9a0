/* polycube_render.c -- a packing as text (layers of letters, or one catalog line) and as SVG.
 *
 * Both texts show the box from above, as the seed's Bedlam catalog does: the top layer
 * first (leftmost), each layer with its back row (largest y) on top and x from left to
 * right, so a layer reads like a map with north up. */
#include <stdio.h>
#include <string.h>

#include "polycube.h"

static size_t cell_of(const int *box, int x, int y, int z) {
  return (size_t)x + (size_t)box[0] * ((size_t)y + (size_t)box[1] * (size_t)z);
}

static char letter(const poly_set *s, uint8_t p) {
  return p < s->npieces ? s->pieces[p].letter : p == POLY_HOLE ? '.' : '?';
}

size_t poly_format_layers(const poly_set *s, const uint8_t *cells, char *buf, size_t cap) {
  const int *b = s->box;
  size_t n = 0;
  for (int y = b[1] - 1; y >= 0; y--) {
    for (int z = b[2] - 1; z >= 0; z--) {
      for (int x = 0; x < b[0]; x++) {
        if (n + 1 < cap) buf[n] = letter(s, cells[cell_of(b, x, y, z)]);
        n++;
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
  size_t n = 0;
  for (int z = b[2] - 1; z >= 0; z--) {
    for (int y = b[1] - 1; y >= 0; y--) {
      for (int x = 0; x < b[0]; x++, n++)
        if (n + 1 < cap) buf[n] = letter(s, cells[cell_of(b, x, y, z)]);
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
  for (int z = b[2] - 1; z >= 0; z--) {
    for (int y = b[1] - 1; y >= 0; y--) {
      for (int x = 0; x < b[0]; x++) {
        char c = *p;
        int col = (int)(p - line) + 1;
        if (c == '\0' || c == ' ' || c == '/') {
          snprintf(why, cap, "column %d: the row is short: expected %d letters per row", col, b[0]);
          return -1;
        }
        size_t at = cell_of(b, x, y, z);
        int piece = c == '.' && !poly_in_region(s, at) ? POLY_HOLE : -1;
        if (c == '.' && s->region && poly_in_region(s, at)) {
          snprintf(why, cap, "column %d: '.' where the region has a cell to fill", col);
          return -1;
        }
        for (int q = 0; q < s->npieces && piece < 0; q++)
          if (s->pieces[q].letter == c) piece = q;
        if (piece < 0) {
          snprintf(why, cap, "column %d: '%c' is the letter of no piece", col, c);
          return -1;
        }
        cells[cell_of(b, x, y, z)] = (uint8_t)piece;
        p++;
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
  fprintf(f,
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
          "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n",
          width, height, width, height);
  fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", width, height);
  if (title) {
    fprintf(f, "<text x=\"%d\" y=\"24\" font-size=\"16\">", margin);
    for (const char *c = title; *c; c++) {
      if (*c == '<')
        fputs("&lt;", f);
      else if (*c == '>')
        fputs("&gt;", f);
      else if (*c == '&')
        fputs("&amp;", f);
      else
        fputc(*c, f);
    }
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
        fprintf(f,
                "<text x=\"%d\" y=\"%d\" font-size=\"14\" text-anchor=\"middle\" "
                "fill=\"%s\">%c</text>\n",
                px + u / 2, py + u / 2 + 5,
                p % PALETTE == 3 || p % PALETTE == 5 || p % PALETTE == 14 || p % PALETTE == 18
                    ? "#fff"
                    : "#222",
                letter(s, p));
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
