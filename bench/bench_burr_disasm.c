/* bench_burr_disasm.c -- times the burr disassembler (solvers/stategraph/burr_disasm.h) on a
 * list of assemblies and checks its verdicts and level strings against the ones listed.
 *
 *   bench_burr_disasm [--moves] [--repeat N] FILE
 *
 * FILE is a list as test/burr_check.h reads it (one assembly a line with BurrTools' level
 * string). With --moves the moves are asked for too and replayed on the cubes: every move
 * must be free of collisions among the pieces it stays with, and every piece must end apart
 * from the others (but those of its group). Prints the counts, the disagreements (on
 * stderr) and the processor time of the disassemblies alone (not the wall clock, which a
 * loaded machine stretches), the best of N runs; exits 1 on any disagreement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "burr_check.h"
#include "burr_disasm.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct {
  int separable, bad;
  uint64_t states;
  double seconds;
} tally;

/* Disassembles every entry once, timing the disassemblies as one loop, then counts the
 * disagreements (and bad replays). */
static tally run_all(const burr_list_entry *list, int n, bool moves, bool report) {
  tally t = {0, 0, 0, 0};
  burr_disasm_result *r = malloc((size_t)n * sizeof *r);
  burr_disasm_status *st = malloc((size_t)n * sizeof *st);
  if (!r || !st) {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  double t0 = now();
  for (int i = 0; i < n; i++) {
    burr_assembly a = burr_list_assembly(&list[i]);
    st[i] = burr_disassemble(&a, moves, 0, NULL, &r[i]);
  }
  t.seconds = now() - t0;
  for (int i = 0; i < n; i++) {
    burr_assembly a = burr_list_assembly(&list[i]);
    char text[512];
    burr_level_text(&r[i], text, sizeof text);
    const char *replay = moves && r[i].separable ? burr_replay(&a, &r[i]) : NULL;
    bool wrong = st[i] != BURR_DISASM_OK || strcmp(text, list[i].level) != 0 || replay ||
                 (moves && r[i].separable && (long)r[i].nmove != r[i].moves);
    if (wrong && report)
      fprintf(stderr, "assembly %d: %s, level %s, expected %s%s%s\n", i + 1,
              burr_disasm_strerror(st[i]), text, list[i].level, replay ? ", replay: " : "",
              replay ? replay : "");
    t.bad += wrong;
    t.separable += r[i].separable;
    t.states += r[i].states;
    burr_disasm_result_free(&r[i]);
  }
  free(r);
  free(st);
  return t;
}

int main(int argc, char **argv) {
  bool moves = false;
  int repeat = 1, argi = 1;
  for (; argi < argc - 1; argi++) {
    if (!strcmp(argv[argi], "--moves"))
      moves = true;
    else if (!strcmp(argv[argi], "--repeat") && argi + 1 < argc - 1)
      repeat = atoi(argv[++argi]);
    else
      break;
  }
  if (argi != argc - 1 || repeat < 1) {
    fprintf(stderr, "usage: bench_burr_disasm [--moves] [--repeat N] FILE\n");
    return 2;
  }
  int n = 0;
  burr_list_entry *list = burr_list_read(argv[argi], &n);
  if (!list) return 2;
  tally best = {0, 0, 0, 0};
  for (int k = 0; k < repeat; k++) {
    tally t = run_all(list, n, moves, k == 0);
    if (k == 0 || t.seconds < best.seconds) best = t;
  }
  printf("%d assemblies, %d separable, %d disagreements, %llu positions, %.4f s (best of %d)\n", n,
         best.separable, best.bad, (unsigned long long)best.states, best.seconds, repeat);
  burr_list_free(list, n);
  return best.bad ? 1 : 0;
}
