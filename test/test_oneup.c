/* test_oneup.c -- the One Up model: the 7 July 2024 puzzle and its published solution,
 * Latin-square counts on boards without walls, the verifier, grids, malformed files,
 * comments and Howard's own file. */
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "oneup.h"
#include "test.h"
#include "puzzle_data.h"
#include "howard_files.h"

/* The solution printed in Howard's One Up article (and the magazine), rows top first. */
static const char *const SOLUTION[8] = {"43122314", "35241123", "14153267", "21531246",
                                        "42615378", "12362451", "31224135", "23416512"};

static void test_july_7(void) {
  oneup_puzzle p;
  if (!read_oneup(&p)) return;
  ASSERT_EQ(p.n, 8);
  ASSERT_EQ(p.clues, 9);
  ASSERT_EQ(p.clue[0 * 8 + 1], 3); /* "1 2 3": row 1, column 2 */
  ASSERT_EQ(p.clue[7 * 8 + 2], 4); /* "8 3 4" */
  ASSERT_EQ(p.row_regions, 15);    /* two per row, but one in row 5 */
  ASSERT_EQ(p.row_size[0], 4);
  ASSERT_EQ(p.col_size[p.col_region[6]], 1); /* column 7: 1 cell, then 7 */
  oneup_result r;
  ASSERT_EQ(oneup_solve(&p, NULL, &r), ONEUP_OK);
  ASSERT_EQ_U64(r.solutions, 1);
  ASSERT(r.stats.complete);
  char row[ONEUP_MAX_SIDE + 1];
  for (int k = 0; k < 8; k++) {
    oneup_format_row(&p, &r.first, k, row);
    ASSERT_STREQ(row, SOLUTION[k]);
  }
  oneup_fault f[ONEUP_MAX_FAULTS];
  ASSERT_EQ(oneup_verify(&p, &r.first, f, ONEUP_MAX_FAULTS), 0);
  ASSERT_EQ(r.items, 3 * 64);
}

/* Without walls or clues, the solutions are the Latin squares: 1, 2, 12, 576 of orders
 * 1 to 4 (OEIS A002860). */
static void test_latin_squares(void) {
  static const uint64_t latin[] = {0, 1, 2, 12, 576};
  for (int n = 1; n <= 4; n++) {
    char text[256] = "";
    for (int block = 0; block < 2; block++) {
      for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++)
          strcat(text, "x");
        strcat(text, "\n");
      }
      strcat(text, "\n");
    }
    strcat(text, "0\n");
    oneup_puzzle p;
    dlx_parse_error err;
    ASSERT_EQ(oneup_parse(text, strlen(text), "latin", &p, &err), ONEUP_OK);
    oneup_result r;
    ASSERT_EQ(oneup_solve(&p, NULL, &r), ONEUP_OK);
    ASSERT_EQ_U64(r.solutions, latin[n]);
  }
}

/* A 16 x 16 board without walls (a Latin square) whose clues are the cyclic square
 * (r + c) mod 16 + 1 but for the 2 x 2 corner: row 1 lacks 1 and 2, row 2 lacks 2 and 3,
 * column 1 lacks 1 and 2, column 2 lacks 2 and 3, so the corner can only be 12/23. */
static void test_big_board(void) {
  char *text = malloc(8192);
  if (!text) return;
  text[0] = '\0';
  for (int block = 0; block < 2; block++) {
    for (int r = 0; r < 16; r++)
      strcat(text, "xxxxxxxxxxxxxxxx\n");
    strcat(text, "\n");
  }
  strcat(text, "252\n");
  for (int r = 0; r < 16; r++)
    for (int c = 0; c < 16; c++) {
      if (r < 2 && c < 2) continue;
      char line[32];
      snprintf(line, sizeof line, "%d %d %d\n", r + 1, c + 1, (r + c) % 16 + 1);
      strcat(text, line);
    }
  oneup_puzzle p;
  dlx_parse_error err;
  ASSERT_EQ(oneup_parse(text, strlen(text), "big", &p, &err), ONEUP_OK);
  free(text);
  ASSERT_EQ(p.n, 16);
  ASSERT_EQ(p.clues, 252);
  oneup_result r;
  ASSERT_EQ(oneup_solve(&p, NULL, &r), ONEUP_OK);
  ASSERT_EQ_U64(r.solutions, 1);
  char row[ONEUP_MAX_SIDE + 1];
  oneup_format_row(&p, &r.first, 0, row);
  ASSERT_STREQ(row, "123456789ABCDEFG");
  oneup_format_row(&p, &r.first, 15, row);
  ASSERT_STREQ(row, "G123456789ABCDEF");
  oneup_fault f[ONEUP_MAX_FAULTS];
  ASSERT_EQ(oneup_verify(&p, &r.first, f, ONEUP_MAX_FAULTS), 0);
}

static void test_verifier(void) {
  oneup_puzzle p;
  if (!read_oneup(&p)) return;
  oneup_grid g;
  dlx_parse_error err;
  char joined[128] = "";
  for (int k = 0; k < 8; k++) {
    if (k) strcat(joined, "/");
    strcat(joined, SOLUTION[k]);
  }
  ASSERT_EQ(oneup_parse_grid(&p, joined, "--verify", &g, &err), ONEUP_OK);
  oneup_fault f[ONEUP_MAX_FAULTS];
  ASSERT_EQ(oneup_verify(&p, &g, f, ONEUP_MAX_FAULTS), 0);
  /* Any change of one digit breaks at least its row region and its column region. */
  for (int cell = 0; cell < 64; cell++) {
    oneup_grid h = g;
    h.digit[cell] = (uint8_t)(g.digit[cell] % 8 + 1);
    if (oneup_verify(&p, &h, f, ONEUP_MAX_FAULTS) < 2)
      TEST_FAIL_("changing cell %d is not caught twice", cell);
  }
  /* Swap the last two digits of the last row: 23416512 -> 23416521. */
  oneup_grid h = g;
  h.digit[62] = 2;
  h.digit[63] = 1;
  char text[128];
  size_t n = oneup_verify(&p, &h, f, ONEUP_MAX_FAULTS);
  ASSERT_EQ(n, 4);
  oneup_format_fault(&p, &f[0], text, sizeof text);
  ASSERT_STREQ(text, "column 7, rows 2-8: digit 1 is missing");
  oneup_format_fault(&p, &f[1], text, sizeof text);
  ASSERT_STREQ(text, "column 7, rows 2-8: digit 2 appears twice");
  h = g;
  h.digit[1] = 4; /* the clue of row 1, column 2 is 3 */
  n = oneup_verify(&p, &h, f, ONEUP_MAX_FAULTS);
  oneup_format_fault(&p, &f[0], text, sizeof text);
  ASSERT_STREQ(text, "row 1, column 2: digit 4 where the clue is 3");
  oneup_format_fault(&p, &f[1], text, sizeof text);
  ASSERT_STREQ(text, "row 1, columns 1-4: digit 3 is missing");
  h.digit[0] = 7; /* in a row region of 4 cells */
  n = oneup_verify(&p, &h, f, ONEUP_MAX_FAULTS);
  int found = 0;
  for (size_t k = 0; k < n; k++) {
    oneup_format_fault(&p, &f[k], text, sizeof text);
    found |= !strcmp(text, "row 1, columns 1-4: digit 7 appears, in a region of 4 cells");
  }
  ASSERT(found);
}

/* oneup_solve_each hands over all 576 Latin squares of order 4, each a solution, none
 * twice; the drawn grid of each (oneup_render) reads back to it. */
typedef struct {
  const oneup_puzzle *p;
  int n, bad;
  char seen[576][20];
} square_collector;

static int collect_square(void *ctx, const oneup_grid *g) {
  square_collector *k = ctx;
  char line[20] = "", row[ONEUP_MAX_SIDE + 1];
  for (int r = 0; r < k->p->n; r++) {
    oneup_format_row(k->p, g, r, row);
    strcat(line, row);
  }
  k->bad += oneup_verify(k->p, g, NULL, 0) != 0;
  for (int i = 0; i < k->n; i++)
    k->bad += strcmp(k->seen[i], line) == 0;
  char drawn[ONEUP_RENDER_MAX];
  oneup_grid back;
  oneup_render(k->p, g, drawn, sizeof drawn);
  if (oneup_parse_grid(k->p, drawn, "t", &back, NULL) ||
      memcmp(back.digit, g->digit, sizeof back.digit))
    k->bad++;
  if (k->n < 576) strcpy(k->seen[k->n++], line);
  return 0;
}

static void test_solve_each(void) {
  const char *text = "xxxx\nxxxx\nxxxx\nxxxx\n\nxxxx\nxxxx\nxxxx\nxxxx\n\n0\n";
  oneup_puzzle p;
  ASSERT_EQ(oneup_parse(text, strlen(text), "latin", &p, NULL), ONEUP_OK);
  square_collector *k = calloc(1, sizeof *k);
  if (!k) return;
  k->p = &p;
  oneup_result r;
  ASSERT_EQ(oneup_solve_each(&p, NULL, &r, collect_square, k), ONEUP_OK);
  ASSERT_EQ_U64(r.solutions, 576);
  ASSERT_EQ(k->n, 576);
  ASSERT_EQ(k->bad, 0);
  free(k);
}

/* The drawn forms of a grid: with walls, bare rows, blank lines; where a bad one fails. */
static void test_drawn_grid(void) {
  oneup_puzzle p;
  if (!read_oneup(&p)) return;
  oneup_grid g, h;
  oneup_result r;
  char drawn[ONEUP_RENDER_MAX], bare[128] = "";
  ASSERT_EQ(oneup_solve(&p, NULL, &r), ONEUP_OK);
  oneup_render(&p, &r.first, drawn, sizeof drawn);
  ASSERT_EQ(oneup_parse_grid(&p, drawn, "t", &g, NULL), ONEUP_OK);
  ASSERT(!memcmp(g.digit, r.first.digit, sizeof g.digit));
  for (int k = 0; k < 8; k++) {
    strcat(bare, k ? "\n\n  " : "\n");
    strcat(bare, SOLUTION[k]);
  }
  strcat(bare, "\r\n");
  ASSERT_EQ(oneup_parse_grid(&p, bare, "t", &h, NULL), ONEUP_OK);
  ASSERT(!memcmp(g.digit, h.digit, sizeof g.digit));
  dlx_parse_error err;
  ASSERT_EQ(oneup_parse_grid(&p, "+---+\n| 4 3 1 2 | 2 3 1 4 |\n| 3 5 2 x", "t", &h, &err),
            ONEUP_ESYNTAX);
  ASSERT_EQ(err.line, 3);
  ASSERT_EQ(err.column, 9);
  ASSERT_STREQ(err.message, "'x' is not a digit 1..8");
}

static void grid_error(const char *text, long column, const char *message) {
  oneup_puzzle p;
  oneup_grid g;
  dlx_parse_error err;
  if (!read_oneup(&p)) return;
  if (oneup_parse_grid(&p, text, "--verify", &g, &err) != ONEUP_ESYNTAX) {
    TEST_FAIL_("'%s' was accepted", text);
    return;
  }
  ASSERT_EQ(err.column, column);
  ASSERT_STREQ(err.message, message);
}

static void test_grid_notation(void) {
  grid_error("4312231", 8, "row 1 has 7 digits; the board is 8 x 8");
  grid_error("431223145", 9, "row 1 has more than 8 digits");
  grid_error("4312231x", 8, "'x' is not a digit 1..8");
  grid_error("43122319", 8, "'9' is not a digit 1..8");
  grid_error("43122314/35241123", 18, "2 rows; the board is 8 x 8");
  grid_error("1/", 2, "row 1 has 1 digits; the board is 8 x 8");
  ASSERT_EQ(oneup_digit_char(10), 'A');
  ASSERT_EQ(oneup_digit_char(16), 'G');
  ASSERT_EQ(oneup_digit_char(0), '.');
}

static void test_render(void) {
  oneup_puzzle p;
  if (!read_oneup(&p)) return;
  char text[ONEUP_RENDER_MAX];
  size_t n = oneup_render(&p, NULL, text, sizeof text);
  ASSERT_EQ(n, 17 * 34);
  /* The clues alone; walls after column 4 in row 1 and below row 1 in column 7. */
  ASSERT(!strncmp(text,
                  "+---+---+---+---+---+---+---+---+\n"
                  "| .   3   .   . | .   .   .   . |\n"
                  "+               +   +   +---+   +\n",
                  3 * 34));
}

static void parse_error(const char *text, long line, long column, const char *message) {
  oneup_puzzle p;
  dlx_parse_error err;
  if (oneup_parse(text, strlen(text), "bad.txt", &p, &err) != ONEUP_ESYNTAX) {
    TEST_FAIL_("'%s' was accepted", text);
    return;
  }
  ASSERT_STREQ(err.file, "bad.txt");
  if (err.line != line || err.column != column || strcmp(err.message, message))
    TEST_FAIL_("got %ld:%ld: %s\n  expected %ld:%ld: %s", err.line, err.column, err.message, line,
               column, message);
}

static void test_malformed(void) {
  parse_error("", 1, 1, "missing the row-region block");
  parse_error("12\n12\n", 3, 1, "missing the column-region block");
  parse_error("12\n12\n\n11\n22\n", 6, 1, "missing the number of clues");
  parse_error("12\n1\n\n11\n22\n\n0\n", 2, 1,
              "row-region line has 1 cells; expected 2 (as many as the first line)");
  parse_error("12\n\n11\n22\n\n0\n", 2, 1,
              "the row-region block has 1 lines; expected 2 (a square board)");
  parse_error("12\n12\n12\n\n11\n22\n\n0\n", 3, 1,
              "the row-region block has more than 2 lines; expected 2 (a square board)");
  parse_error("12\n12\n\n111\n222\n\n0\n", 4, 1,
              "column-region line has 3 cells; the row-region block is 2 x 2");
  parse_error("12\n12\n\n11\n\n0\n", 5, 1,
              "the column-region block has 1 lines; the row-region block is 2 x 2");
  parse_error("12\n12\n\n11\n22\n33\n\n0\n", 6, 1,
              "the column-region block has more than 2 lines; the row-region block is 2 x 2");
  parse_error("11111111111111111\n", 1, 1, "row-region line has 17 cells; a board has at most 16");
  parse_error("1\xc3\n", 1, 2, "bad character 0xc3 in a region label");
  parse_error("12\n12\n\n11\n22\n\nnine\n", 7, 1,
              "expected the number of clues (0..4), found 'nine'");
  parse_error("12\n12\n\n11\n22\n\n5\n", 7, 1, "expected the number of clues (0..4), found '5'");
  parse_error("12\n12\n\n11\n22\n\n2\n1 1 1\n", 9, 1, "2 clues announced, 1 found");
  parse_error("12\n12\n\n11\n22\n\n1\n1 1 1\n2 2 1\n", 9, 1, "more clues than the 1 announced");
  parse_error("12\n12\n\n11\n22\n\n1\n3 1 1\n", 8, 1, "clue row 3 is off the board (1..2)");
  parse_error("12\n12\n\n11\n22\n\n1\n1 0 1\n", 8, 3, "clue column 0 is off the board (1..2)");
  parse_error("12\n12\n\n11\n22\n\n1\n1 1 3\n", 8, 5, "clue digit 3 is out of range (1..2)");
  parse_error("12\n12\n\n11\n22\n\n1\n1 1\n", 8, 4,
              "missing the clue's digit (a clue is 'row col digit')");
  parse_error("12\n12\n\n11\n22\n\n1\n1 x 1\n", 8, 3,
              "the clue's column must be a number, not 'x'");
  parse_error("12\n12\n\n11\n22\n\n1\n1 1 2\n", 8, 5,
              "clue digit 2 cannot be in row 1, column 1: its row region has 1 cells");
  parse_error("11\n11\n\n11\n22\n\n1\n1 1 2\n", 8, 5,
              "clue digit 2 cannot be in row 1, column 1: its column region has 1 cells");
  parse_error("11\n11\n\n11\n11\n\n2\n1 1 2\n1 1 2\n", 9, 1,
              "a second clue for row 1, column 1 (the first is on line 8)");
  parse_error("11\n11\n\n11\n11\n\n2\n1 1 2\n1 2 2   same row\n", 9, 5,
              "digit 2 is already a clue in this row region (row 1, column 1, line 8)");
  parse_error("11\n11\n\n11\n11\n\n2\n1 1 2\n2 1 2\n", 9, 5,
              "digit 2 is already a clue in this column region (row 1, column 1, line 8)");
  /* Comment lines count in line numbers and are otherwise not there: not a row of a block,
   * not the blank line that ends one. '#' is no region label. */
  parse_error("# rows\n12\n  # inside the block\n12\n\n11\n2\n\n0\n", 7, 1,
              "column-region line has 1 cells; the row-region block is 2 x 2");
  parse_error("#2\n12\n\n11\n22\n\n0\n", 3, 1,
              "the row-region block has 1 lines; expected 2 (a square board)");
  parse_error("12\n# c\n", 3, 1, "the row-region block has 1 lines; expected 2 (a square board)");
  parse_error("12\n12\n# no blank line\n11\n22\n\n0\n", 4, 1,
              "the row-region block has more than 2 lines; expected 2 (a square board)");
  parse_error("1#\n1#\n\n11\n22\n\n0\n", 1, 2,
              "'#' in a region label ('#' starts a comment line and is no label)");
  parse_error("12\n12\n\n11\n22\n\n1\n1 1 1#\n", 8, 5,
              "the clue's digit must be a number, not '1#'");
  parse_error("12\n12\n\n11\n22\n\n# clues\n1\n\t# the clue\n3 1 1\n", 10, 1,
              "clue row 3 is off the board (1..2)");
  parse_error("12\n12\n\n11\n22\n\n2\n1 1 1\n# end\n", 10, 1, "2 clues announced, 1 found");
  parse_error("12\r\n12\r\n\r\n# c\r\n11\r\n22\r\n\r\n# c\r\n0\r\n# c\r\n1 1 1\r\n", 11, 1,
              "more clues than the 0 announced");
  /* Accepted: comments after the data, CRLF, extra blank lines between blocks. */
  const char *ok =
      "\n12 rows\r\n12\r\n\r\n\r\n11 columns\r\n22\r\n\r\n1 clue\r\n1 1 1 here\r\n\r\n";
  oneup_puzzle p;
  dlx_parse_error err;
  ASSERT_EQ(oneup_parse(ok, strlen(ok), "ok", &p, &err), ONEUP_OK);
  ASSERT_EQ(p.clues, 1);
  ASSERT_EQ(p.row_regions, 4);
  ASSERT_EQ(p.col_regions, 4);
  oneup_result r;
  ASSERT_EQ(oneup_solve(&p, NULL, &r), ONEUP_OK);
  ASSERT_EQ_U64(r.solutions, 1); /* every region one cell: all 1 */
  /* Well-formed but without a solution: column regions of 2 need 1 and 2, rows of 1 cells
   * can only hold 1. */
  const char *none = "12\n12\n\n11\n11\n\n0\n";
  ASSERT_EQ(oneup_parse(none, strlen(none), "none", &p, &err), ONEUP_OK);
  ASSERT_EQ(oneup_solve(&p, NULL, &r), ONEUP_OK);
  ASSERT_EQ_U64(r.solutions, 0);
}

static int same_puzzle(const oneup_puzzle *a, const oneup_puzzle *b) {
  int cells = a->n * a->n;
  return a->n == b->n && a->clues == b->clues && a->row_regions == b->row_regions &&
         a->col_regions == b->col_regions &&
         !memcmp(a->row_region, b->row_region, (size_t)cells * sizeof *a->row_region) &&
         !memcmp(a->col_region, b->col_region, (size_t)cells * sizeof *a->col_region) &&
         !memcmp(a->clue, b->clue, (size_t)cells);
}

/* Comment lines (first non-blank character '#') anywhere, with leading blanks, CRLF, and
 * notes after the data that begin with '#': the same puzzle as without them. */
static void test_comments(void) {
  const char *plain = "1122\n1112\n1222\n1111\n\n1111\n1121\n1221\n2221\n\n2\n1 2 2\n4 4 1\n";
  static const char *const commented[] = {
      "# top\n# and more\n1122\n1112\n1222\n1111\n\n1111\n1121\n1221\n2221\n\n2\n1 2 2\n4 4 1\n",
      "1122\n  # inside\n1112\n#\n1222\n1111\n\n# between\n\n1111\n1121\n\t#\n1221\n2221\n#\n\n"
      "# the clues\n2\n1 2 2\n# between clues\n4 4 1\n# end, no line end",
      "1122 # a note\n1112\n1222\n1111\n\n1111\n1121\n1221\n2221\n\n2 #clues\n1 2 2 #\n4 4 1 # x\n",
      "\r\n # CRLF\r\n1122\r\n1112\r\n1222\r\n1111\r\n\r\n1111\r\n1121\r\n1221\r\n2221\r\n# "
      "c\r\n\r\n2\r\n"
      "1 2 2\r\n4 4 1\r\n#\r\n",
  };
  oneup_puzzle want, p;
  dlx_parse_error err;
  ASSERT_EQ(oneup_parse(plain, strlen(plain), "plain", &want, &err), ONEUP_OK);
  ASSERT_EQ(want.clues, 2);
  for (size_t k = 0; k < sizeof commented / sizeof *commented; k++) {
    const char *text = commented[k];
    if (oneup_parse(text, strlen(text), "commented", &p, &err) != ONEUP_OK)
      TEST_FAIL_("case %zu: %ld:%ld: %s", k, err.line, err.column, err.message);
    else if (!same_puzzle(&p, &want))
      TEST_FAIL_("case %zu: another puzzle than without the comments", k);
  }
}

/* Howard's file for 7 July 2024, byte for byte as he wrote it (notes after the data, no
 * comment line), is the puzzle of the copy in data/, which is a comment header citing
 * him and then his file. */
static void test_howard_file(void) {
  oneup_puzzle a, b;
  dlx_parse_error err;
  const char *original = howard_oneup_7_7_2024;
  if (oneup_parse(original, strlen(original), "howard", &a, &err) != ONEUP_OK) {
    TEST_FAIL_("Howard's file: %ld:%ld: %s", err.line, err.column, err.message);
    return;
  }
  if (!read_oneup(&b)) return;
  ASSERT(same_puzzle(&a, &b));
  char *text = read_data_text("oneup/7-7-2024.txt");
  if (text) {
    const char *title = "# One Up (Rodolfo Kurchan), New York Times Magazine, 7 July 2024\n";
    ASSERT_EQ(comment_header_lines(text, original), 2); /* the rest is Howard's file */
    ASSERT(!strncmp(text, title, strlen(title)));
    ASSERT(strstr(text, "C. Douglas Howard") && strstr(text, "CDouglasHoward13/Metropolis"));
  }
  free(text);
  ASSERT_EQ(a.clues, 9);
  oneup_result r;
  ASSERT_EQ(oneup_solve(&a, NULL, &r), ONEUP_OK);
  ASSERT_EQ_U64(r.solutions, 1);
}

static void test_svg(void) {
  oneup_puzzle p;
  if (!read_oneup(&p)) return;
  oneup_result r;
  ASSERT_EQ(oneup_solve(&p, NULL, &r), ONEUP_OK);
  FILE *f = tmpfile();
  if (!f) return;
  ASSERT_EQ(oneup_write_svg(&p, &r.first, f), ONEUP_OK);
  char *text = test_read_stream(f);
  ASSERT(text != NULL);
  int texts = 0, bold = 0;
  for (const char *q = text; q && (q = strstr(q, "<text")); q++)
    texts++;
  for (const char *q = text; q && (q = strstr(q, "font-weight=\"bold\"")); q++)
    bold++;
  ASSERT_EQ(texts, 64);
  ASSERT_EQ(bold, 9); /* the clues */
  free(text);
  fclose(f);
}

/* oneup_format_puzzle writes a file that reads back to the same puzzle: the 7 July 2024
 * puzzle, with its regions relabelled by their place in their line. */
static void test_format_puzzle(void) {
  oneup_puzzle p, q;
  if (!read_oneup(&p)) return;
  char text[ONEUP_TEXT_MAX + 64];
  size_t len = oneup_format_puzzle(&p, "One Up, 7 July 2024", text, sizeof text);
  ASSERT_EQ(len, strlen(text));
  ASSERT(!strncmp(text, "# One Up, 7 July 2024\n11112222\n11111222\n12222222\n", 48));
  ASSERT(strstr(text, "\n\n11111111\n11111121\n11212121\n") != NULL);
  ASSERT(strstr(text, "\n\n9\n1 2 3\n2 2 5\n") != NULL);
  ASSERT_EQ(oneup_parse(text, len, "formatted", &q, NULL), ONEUP_OK);
  ASSERT(!memcmp(&p, &q, sizeof p));
  /* Cut short like snprintf: the length still counted, the text NUL-terminated. */
  char small[10];
  ASSERT_EQ(oneup_format_puzzle(&p, NULL, small, sizeof small), len - 22);
  ASSERT_STREQ(small, "11112222\n");
}

int main(void) {
  RUN(test_july_7);
  RUN(test_latin_squares);
  RUN(test_big_board);
  RUN(test_verifier);
  RUN(test_grid_notation);
  RUN(test_solve_each);
  RUN(test_drawn_grid);
  RUN(test_render);
  RUN(test_malformed);
  RUN(test_comments);
  RUN(test_howard_file);
  RUN(test_svg);
  RUN(test_format_puzzle);
  return test_report();
}
