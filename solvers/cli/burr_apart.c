/* burr_apart.c -- dance burr --disassemble: the tally of assemblies taken apart, the moves as
 * text and as SVG frames (burr_apart.h). */
#include "burr_apart.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The letter burr_format_layers draws piece i with. */
static char piece_letter(int i) {
  static const char letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return i < (int)sizeof letters - 1 ? letters[i] : '?';
}

void burr_apart_level(const burr_disasm_result *r, char *buf, size_t cap) {
  size_t n = 0;
  buf[0] = 0;
  for (int i = 0; i < r->levels && n < cap; i++) {
    int w = snprintf(buf + n, cap - n, "%s%d", i ? "." : "", r->level[i]);
    if (w < 0) break;
    n += (size_t)w;
  }
}

/* Whether level string a[0..na) is higher than b[0..nb): the first entry that differs is
 * larger, or b is a beginning of a. */
static bool higher(const int *a, int na, const int *b, int nb) {
  for (int i = 0; i < na && i < nb; i++)
    if (a[i] != b[i]) return a[i] > b[i];
  return na > nb;
}

static int tally(burr_apart *s, const burr_disasm_result *r, uint64_t index, bool keep) {
  size_t k = (size_t)r->level[0];
  if (k >= s->nlevels) {
    uint64_t *b = realloc(s->by_level, (k + 1) * sizeof *b);
    if (!b) return -1;
    memset(b + s->nlevels, 0, (k + 1 - s->nlevels) * sizeof *b);
    s->by_level = b, s->nlevels = k + 1;
  }
  s->by_level[k]++;
  s->solutions++;
  if (higher(r->level, r->levels, s->best, s->nbest)) {
    memcpy(s->best, r->level, (size_t)r->levels * sizeof *r->level);
    s->nbest = r->levels, s->best_assembly = index;
  }
  if (!keep) return 0;
  if (s->nlist == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 16;
    burr_apart_entry *l = realloc(s->list, cap * sizeof *l);
    if (!l) return -1;
    s->list = l, s->cap = cap;
  }
  char level[BURR_MAX_PIECES * 12];
  burr_apart_level(r, level, sizeof level);
  char *copy = malloc(strlen(level) + 1);
  if (!copy) return -1;
  strcpy(copy, level);
  s->list[s->nlist++] = (burr_apart_entry){index, copy, r->moves};
  return 0;
}

int burr_apart_one(burr_apart *s, const burr_model *m, const burr_assembly_data *a, uint64_t index,
                   bool keep, bool want_moves, const volatile int *stop, burr_disasm_result *r,
                   const char **why) {
  const burr_puzzle *p = burr_model_puzzle(m);
  const burr_problem *pr = &p->problems[burr_model_problem(m)];
  int group[BURR_MAX_PIECES] = {0}, weight[BURR_MAX_PIECES] = {0};
  for (int i = 0; i < a->pieces && i < BURR_MAX_PIECES; i++) {
    group[i] = pr->parts[a->part[i]].group;
    weight[i] = p->shapes[a->shape[i]].weight;
  }
  burr_assembly in = {a->pieces, a->first, (const int(*)[3])a->voxel, group, weight};
  double t0 = cli_now();
  burr_disasm_status st = burr_disassemble(&in, want_moves, 0, stop, r);
  s->seconds += cli_now() - t0;
  if (st == BURR_DISASM_STOPPED) return 1;
  if (st) {
    *why = burr_disasm_strerror(st);
    return -1;
  }
  if (r->separable && tally(s, r, index, keep)) {
    burr_disasm_result_free(r);
    *why = "out of memory";
    return -1;
  }
  return 0;
}

void burr_apart_print_moves(FILE *f, const burr_disasm_result *r) {
  for (size_t i = 0; i < r->nmove; i++) {
    const burr_move *mv = &r->move[i];
    int count = 0;
    fprintf(f, "  %zu. ", i + 1);
    for (int p = 0; p < BURR_MAX_PIECES; p++)
      if (mv->pieces >> p & 1) fprintf(f, "%s%c", count++ ? ", " : "", piece_letter(p));
    char dir = mv->step > 0 ? '+' : '-';
    if (mv->removal)
      fprintf(f, " %s removed along %c%c\n", count > 1 ? "are" : "is", dir, "xyz"[mv->axis]);
    else
      fprintf(f, " %s %d along %c%c\n", count > 1 ? "move" : "moves", abs(mv->step), dir,
              "xyz"[mv->axis]);
  }
}

void burr_apart_text(FILE *f, const burr_apart *s) {
  for (size_t k = 0; k < s->nlevels; k++)
    if (s->by_level[k])
      fprintf(f, "  level %zu: %s\n", k, cli_plural(s->by_level[k], "assembly", "assemblies").s);
  if (s->nbest) {
    fprintf(f, "  highest level: ");
    for (int i = 0; i < s->nbest; i++)
      fprintf(f, "%s%d", i ? "." : "", s->best[i]);
    fprintf(f, " (assembly %" PRIu64 ")\n", s->best_assembly);
  }
}

void burr_apart_json(cli_json *j, const burr_apart *s, bool entries) {
  cli_json_uint(j, "solutions", s->solutions);
  cli_json_begin_object(j, "levels");
  for (size_t k = 0; k < s->nlevels; k++) {
    char key[24];
    snprintf(key, sizeof key, "%zu", k);
    if (s->by_level[k]) cli_json_uint(j, key, s->by_level[k]);
  }
  cli_json_end_object(j);
  if (s->nbest) {
    char level[BURR_MAX_PIECES * 12];
    burr_disasm_result best = {.levels = s->nbest};
    memcpy(best.level, s->best, sizeof best.level);
    burr_apart_level(&best, level, sizeof level);
    cli_json_string(j, "highest_level", level);
  } else {
    cli_json_null(j, "highest_level");
  }
  cli_json_real(j, "disassembly_seconds", s->seconds, 6);
  if (!entries) return;
  cli_json_begin_array(j, "solution_list");
  for (size_t i = 0; i < s->nlist; i++) {
    cli_json_begin_object(j, NULL);
    cli_json_uint(j, "assembly", s->list[i].assembly);
    cli_json_string(j, "level", s->list[i].level);
    cli_json_int(j, "moves", s->list[i].moves);
    cli_json_end_object(j);
  }
  cli_json_end_array(j);
}

void burr_apart_free(burr_apart *s) {
  for (size_t i = 0; i < s->nlist; i++)
    free(s->list[i].level);
  free(s->list);
  free(s->by_level);
  memset(s, 0, sizeof *s);
}
