/*
 * fuzz_poly_line.c -- catalog lines (poly_parse_line) against two fixed sets: the Soma
 * pieces in their 3x3x3 box, and a ring with a hole; a line read is checked with
 * poly_check, and one that passes must be written back (poly_format_line) as it was read.
 */
#include "fuzz.h"
#include "polycube.h"

static const char soma[] = "box 3x3x3\n"
                           "piece V\nVV\nV.\n\n"
                           "piece L\nLL\nL.\nL.\n\n"
                           "piece T\n.T.\nTTT\n\n"
                           "piece Z\n.Z\nZZ\nZ.\n\n"
                           "piece A\n.A AA\n.. A.\n\n"
                           "piece B\n.. BB\nB. B.\n\n"
                           "piece P\nP. PP\n.. P.\n";
static const char ring[] = "region\nxxxx\nx..x\nxxxx\n\n"
                           "piece L\nLLL\nL..\n\n"
                           "piece J\nJJ\n.J\n.J\n\n"
                           "piece I\nII\n";

static poly_set *sets[2];

static void load(void) {
  const char *text[2] = {soma, ring};
  for (int i = 0; i < 2; i++) {
    poly_error err;
    if (!sets[i]) FUZZ_CHECK(poly_read_buffer("fixed", text[i], strlen(text[i]), &sets[i], &err) == POLY_OK);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  load();
  char *line = fuzz_string(data, size, NULL);
  if (!line) return 0;
  for (int i = 0; i < 2; i++) {
    const poly_set *s = sets[i];
    size_t cells = (size_t)s->box[0] * s->box[1] * s->box[2];
    uint8_t *got = malloc(cells);
    char why[200], back[256];
    if (got && poly_parse_line(s, line, got, why, sizeof why) == 0) {
      for (size_t c = 0; c < cells; c++)
        FUZZ_CHECK(got[c] < s->npieces || got[c] == POLY_HOLE || got[c] == POLY_EMPTY);
      for (int mirror = 0; mirror < 2; mirror++)
        if (poly_check(s, mirror, got, why, sizeof why) == 0) {
          size_t n = poly_format_line(s, got, back, sizeof back);
          FUZZ_CHECK(n < sizeof back && strcmp(back, line) == 0);
        } else {
          FUZZ_CHECK(why[0] != '\0');
        }
    } else if (got) {
      FUZZ_CHECK(why[0] != '\0');
    }
    free(got);
  }
  free(line);
  return 0;
}
