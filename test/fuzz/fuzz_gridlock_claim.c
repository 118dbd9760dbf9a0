/*
 * fuzz_gridlock_claim.c -- Gridlock claims, in triplets or drawn as a board
 * (gridlock_parse_claim), verified against puzzle 1: each fault put in words, the claim's
 * board drawn. A claim with no fault must be puzzle 1's one solution.
 */
#include "fuzz.h"
#include "gridlock.h"

static const char puzzle_text[] = "2 1 h\n5 1 v\n4 6 h\n";
static const char solution_text[] = "((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static gridlock_puzzle p;
  static gridlock_solution answer;
  static int loaded;
  dlx_parse_error err;
  if (!loaded) {
    FUZZ_CHECK(gridlock_parse(puzzle_text, strlen(puzzle_text), "01", &p, &err) == GRIDLOCK_OK);
    FUZZ_CHECK(gridlock_parse_solution(solution_text, "01", &answer, &err) == GRIDLOCK_OK);
    loaded = 1;
  }
  char *text = fuzz_string(data, size, NULL);
  if (!text) return 0;
  gridlock_claim c;
  if (gridlock_parse_claim(text, "fuzz", &c, &err) == GRIDLOCK_OK) {
    gridlock_fault faults[GRIDLOCK_MAX_FAULTS];
    size_t n = gridlock_verify_claim(&p, &c, faults, GRIDLOCK_MAX_FAULTS);
    FUZZ_CHECK(n <= GRIDLOCK_MAX_FAULTS);
    char line[512];
    for (size_t i = 0; i < n; i++) {
      gridlock_format_fault(&faults[i], &c.s, line, sizeof line);
      FUZZ_CHECK(line[0] != '\0');
    }
    if (n == 0) {
      for (int i = 0; i < GRIDLOCK_PIECES; i++) {
        gridlock_triplet a = c.s.piece[i], b = answer.piece[i];
        int square = gridlock_pieces[i].short_side == gridlock_pieces[i].long_side;
        FUZZ_CHECK(a.x == b.x && a.y == b.y && (square || a.z == b.z));
      }
    }
    gridlock_board b;
    char board[GRIDLOCK_BOARD_TEXT];
    gridlock_claim_board(&p, &c, &b);
    FUZZ_CHECK(gridlock_render_board(&b, board, sizeof board) < sizeof board);
  } else {
    FUZZ_CHECK(err.message[0] != '\0');
  }
  free(text);
  return 0;
}
