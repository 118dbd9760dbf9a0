/*
 * fuzz_oneup_grid.c -- One Up grids, as rows separated by '/' or drawn
 * (oneup_parse_grid), against the 7 July 2024 puzzle: verified, each fault put in words,
 * drawn. A grid with no fault must be the puzzle's one solution.
 */
#include "fuzz.h"
#include "oneup.h"

static const char puzzle_text[] = "11112222\n11111222\n12222222\n11222222\n"
                                  "11111111\n11222222\n11122222\n11111122\n\n"
                                  "11111111\n11111121\n11212121\n11212221\n"
                                  "21212221\n22212221\n22222221\n22222221\n\n"
                                  "9\n1 2 3\n2 2 5\n3 3 1\n4 4 3\n4 6 2\n6 4 6\n6 8 1\n7 1 3\n8 3 4\n";
static const char solution_text[] = "43122314/35241123/14153267/21531246/"
                                    "42615378/12362451/31224135/23416512";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static oneup_puzzle p;
  static oneup_grid answer;
  static int loaded;
  dlx_parse_error err;
  if (!loaded) {
    FUZZ_CHECK(oneup_parse(puzzle_text, strlen(puzzle_text), "7-7-2024", &p, &err) == ONEUP_OK);
    FUZZ_CHECK(oneup_parse_grid(&p, solution_text, "7-7-2024", &answer, &err) == ONEUP_OK);
    static oneup_fault faults[ONEUP_MAX_FAULTS];
    FUZZ_CHECK(oneup_verify(&p, &answer, faults, ONEUP_MAX_FAULTS) == 0);
    loaded = 1;
  }
  char *text = fuzz_string(data, size, NULL);
  if (!text) return 0;
  static oneup_grid g;
  if (oneup_parse_grid(&p, text, "fuzz", &g, &err) == ONEUP_OK) {
    static oneup_fault faults[ONEUP_MAX_FAULTS];
    size_t n = oneup_verify(&p, &g, faults, ONEUP_MAX_FAULTS);
    FUZZ_CHECK(n <= ONEUP_MAX_FAULTS);
    char line[256];
    for (size_t i = 0; i < n; i++) {
      oneup_format_fault(&p, &faults[i], line, sizeof line);
      FUZZ_CHECK(line[0] != '\0');
    }
    if (n == 0) FUZZ_CHECK(memcmp(g.digit, answer.digit, 64) == 0);
    static char drawn[ONEUP_RENDER_MAX];
    FUZZ_CHECK(oneup_render(&p, &g, drawn, sizeof drawn) < sizeof drawn);
  } else {
    FUZZ_CHECK(err.message[0] != '\0');
  }
  free(text);
  return 0;
}
