/* burr_apart_svg.c -- dance burr --svg: the frames of a disassembly (burr_apart.h). Each frame
 * draws every piece where the moves so far have put it; a removal carries the group past
 * every other piece along its axis, one voxel apart, so that the parts never overlap and
 * the moves inside each part can still be shown. All frames share one box. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "burr_apart.h"
#include "svg.h"

static const char *const palette[] = {"#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231",
                                      "#911eb4", "#42d4f4", "#f032e6", "#bfef45", "#fabed4",
                                      "#469990", "#dcbeff", "#9a6324", "#fffac8", "#800000",
                                      "#aaffc3", "#808000", "#ffd8b1", "#000075", "#a9a9a9"};
enum { PALETTE = sizeof palette / sizeof palette[0] };

/* The displacement of each piece after each move: shift[(k * pieces + i) * 3 + axis] after
 * k moves. */
static void replay(const burr_assembly_data *a, const burr_disasm_result *r, int *shift) {
  int n = a->pieces;
  memset(shift, 0, (size_t)n * 3 * sizeof *shift);
  for (size_t k = 0; k < r->nmove; k++) {
    const burr_move *mv = &r->move[k];
    int *prev = shift + k * (size_t)n * 3, *cur = prev + (size_t)n * 3;
    memcpy(cur, prev, (size_t)n * 3 * sizeof *cur);
    int d = mv->step;
    if (mv->removal) {
      int lo_in = INT_MAX, hi_in = INT_MIN, lo_out = INT_MAX, hi_out = INT_MIN;
      for (int i = 0; i < n; i++)
        for (int v = a->first[i]; v < a->first[i + 1]; v++) {
          int c = a->voxel[v][mv->axis] + prev[i * 3 + mv->axis];
          bool in = mv->pieces >> i & 1;
          if (in && c < lo_in) lo_in = c;
          if (in && c > hi_in) hi_in = c;
          if (!in && c < lo_out) lo_out = c;
          if (!in && c > hi_out) hi_out = c;
        }
      d = mv->step > 0 ? hi_out - lo_in + 2 : -(hi_in - lo_out + 2);
    }
    for (int i = 0; i < n; i++)
      if (mv->pieces >> i & 1) cur[i * 3 + mv->axis] += d;
  }
}

/* One frame: the pieces displaced by shift, in the box lo..hi. */
static void frame(FILE *f, const burr_assembly_data *a, const int *shift, const int *lo,
                  const int *hi, const char *title) {
  const int u = 20, gap = 20, margin = 16, head = 52;
  int size[3] = {hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1};
  int layer_w = size[0] * u, width = 2 * margin + size[2] * layer_w + (size[2] - 1) * gap;
  int height = head + size[1] * u + margin;
  svg_begin(f, width, height, title);
  fprintf(f, "<text x=\"%d\" y=\"22\" font-size=\"14\">", margin);
  svg_escaped(f, title);
  fputs("</text>\n", f);
  for (int k = 0; k < size[2]; k++) {
    int x0 = margin + k * (layer_w + gap);
    fprintf(f,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#ccc\"/>\n",
            x0, head, layer_w, size[1] * u);
  }
  for (int i = 0; i < a->pieces; i++)
    for (int v = a->first[i]; v < a->first[i + 1]; v++) {
      int x = a->voxel[v][0] + shift[i * 3] - lo[0], y = a->voxel[v][1] + shift[i * 3 + 1] - lo[1];
      int z = a->voxel[v][2] + shift[i * 3 + 2] - lo[2];
      int px = margin + (size[2] - 1 - z) * (layer_w + gap) + x * u;
      int py = head + (size[1] - 1 - y) * u;
      fprintf(f,
              "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
              "stroke=\"#333\"/>\n",
              px, py, u, u, palette[i % PALETTE]);
      fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%c</text>\n",
              px + u / 2, py + u / 2 + 4,
              i < 26   ? 'A' + i
              : i < 52 ? 'a' + i - 26
                       : '?');
    }
  fputs("</svg>\n", f);
}

/* The box every frame shares. */
static void bounds(const burr_assembly_data *a, const int *shift, size_t frames, int *lo, int *hi) {
  for (int c = 0; c < 3; c++)
    lo[c] = INT_MAX, hi[c] = INT_MIN;
  for (size_t k = 0; k < frames; k++)
    for (int i = 0; i < a->pieces; i++)
      for (int v = a->first[i]; v < a->first[i + 1]; v++)
        for (int c = 0; c < 3; c++) {
          int x = a->voxel[v][c] + shift[(k * (size_t)a->pieces + (size_t)i) * 3 + (size_t)c];
          if (x < lo[c]) lo[c] = x;
          if (x > hi[c]) hi[c] = x;
        }
}

int burr_apart_svg(const char *dir, const burr_assembly_data *a, const burr_disasm_result *r,
                   const char *title) {
  if (mkdir(dir, 0777) && errno != EEXIST) return -1;
  size_t frames = r->nmove + 1;
  int *shift = malloc(frames * (size_t)a->pieces * 3 * sizeof *shift);
  if (!shift) return -1;
  replay(a, r, shift);
  int lo[3], hi[3];
  bounds(a, shift, frames, lo, hi);
  size_t plen = strlen(dir) + 32;
  char *path = malloc(plen);
  int written = 0;
  for (size_t k = 0; path && k < frames; k++) {
    snprintf(path, plen, "%s/step-%03zu.svg", dir, k);
    FILE *f = fopen(path, "w");
    if (!f) break;
    char head[256];
    if (k)
      snprintf(head, sizeof head, "%s: after move %zu of %zu", title, k, r->nmove);
    else
      snprintf(head, sizeof head, "%s: assembled, %zu moves to take apart", title, r->nmove);
    frame(f, a, shift + k * (size_t)a->pieces * 3, lo, hi, head);
    if (fclose(f)) break;
    written++;
  }
  int err = path ? errno : ENOMEM;
  free(path);
  free(shift);
  if ((size_t)written == frames) return written;
  errno = err;
  return -1;
}
