/* test_burr_disasm.c -- the burr disassembler on hand-built assemblies whose answers follow
 * from BurrTools' definitions (reasoned out beside each case) and on assemblies BurrTools
 * rated, every move list replayed on the cubes by brute force (burr_check.h), and the stop
 * flag, the memory cap and bad input.
 *
 * Most cases are a container: piece 0 fills a box but for a cavity at z = 1 (it covers the
 * cavity from above and below, so nothing leaves along z), with the other pieces inside. */
#include "burr_disasm.h"
#include "burr_check.h"
#include "test.h"

enum { SX = 8, SY = 6, SZ = 3, MAX_CUBES = SX * SY * SZ };

typedef struct {
  signed char at[SZ][SY][SX]; /* the piece at each place, -1: none */
  int first[BURR_MAX_PIECES + 1];
  int voxel[MAX_CUBES][3];
  int group[BURR_MAX_PIECES];
  burr_assembly a;
} scene;

static void clear(scene *s) { memset(s->at, -1, sizeof s->at); }

/* Piece 0 as a box of w x h x 3 whose places (x, y, 1) for x in 1 .. w - 2 (or w - 1 when
 * open: the cavity then runs out of the box at x = w - 1), y in 1 .. h - 2, are empty. */
static void container(scene *s, int w, int h, bool open) {
  clear(s);
  for (int z = 0; z < 3; z++)
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        bool cavity = z == 1 && y >= 1 && y <= h - 2 && x >= 1 && x <= w - (open ? 1 : 2);
        s->at[z][y][x] = cavity ? -1 : 0;
      }
}

static void put(scene *s, int piece, int x, int y, int z) { s->at[z][y][x] = (signed char)piece; }

/* Builds s->a from s->at (pieces 0 .. the highest placed). */
static const burr_assembly *build(scene *s) {
  int n = 0, c = 0;
  for (int z = 0; z < SZ; z++)
    for (int y = 0; y < SY; y++)
      for (int x = 0; x < SX; x++)
        if (s->at[z][y][x] + 1 > n) n = s->at[z][y][x] + 1;
  for (int p = 0; p < n; p++) {
    s->first[p] = c;
    for (int z = 0; z < SZ; z++)
      for (int y = 0; y < SY; y++)
        for (int x = 0; x < SX; x++)
          if (s->at[z][y][x] == p) {
            s->voxel[c][0] = x, s->voxel[c][1] = y, s->voxel[c][2] = z;
            c++;
          }
  }
  s->first[n] = c;
  s->a = (burr_assembly){n, s->first, (const int(*)[3])s->voxel, NULL, NULL};
  return &s->a;
}

/* Disassembles a and checks the verdict, the level string ("-": not separable), the total
 * of moves, and that the moves listed are as many and take the assembly apart. */
static void check(const burr_assembly *a, const char *level, long moves, burr_disasm_result *r) {
  ASSERT_EQ(burr_disassemble(a, true, 0, NULL, r), BURR_DISASM_OK);
  char text[256] = "-";
  for (int i = 0, len = 0; r->separable && i < r->levels; i++)
    len += snprintf(text + len, sizeof text - (size_t)len, "%s%d", i ? "." : "", r->level[i]);
  ASSERT_STREQ(text, level);
  ASSERT_EQ(r->moves, moves);
  ASSERT_EQ(r->nmove, r->separable ? (size_t)moves : 0);
  const char *why = r->separable ? burr_replay(a, r) : NULL;
  if (why) TEST_FAIL_("the replay found %s", why);
}

/* Two cubes side by side: the first direction tried is +x, where piece 0 meets piece 1 and
 * piece 1 meets nothing: piece 1 leaves +x, one move, level 1 (shown as piece 0 leaving -x
 * when piece 1 is the heavier). */
static void test_two_cubes(void) {
  static scene s;
  clear(&s);
  put(&s, 0, 0, 0, 0);
  put(&s, 1, 1, 0, 0);
  burr_disasm_result r;
  check(build(&s), "1", 1, &r);
  ASSERT_EQ(r.nmove, 1);
  if (r.nmove == 1) {
    ASSERT_EQ_U64(r.move[0].pieces, 2);
    ASSERT_EQ(r.move[0].axis, 0);
    ASSERT_EQ(r.move[0].step, 1);
    ASSERT(r.move[0].removal);
  }
  ASSERT_EQ_U64(r.states, 1);
  burr_disasm_result_free(&r);
  /* piece 1 heavier: BurrTools shows piece 0 leaving -x instead, the same separation */
  int weight[2] = {1, 2};
  s.a.weight = weight;
  check(&s.a, "1", 1, &r);
  if (r.nmove == 1) {
    ASSERT_EQ_U64(r.move[0].pieces, 1);
    ASSERT(r.move[0].removal && r.move[0].axis == 0 && r.move[0].step == -1);
  }
  burr_disasm_result_free(&r);
}

/* A cube shut in a closed box with a cavity of two places: it slides between them (two
 * positions, the same seen as the box moving) and never gets out. */
static void test_caged(void) {
  static scene s;
  container(&s, 4, 3, false);
  put(&s, 1, 1, 1, 1);
  burr_disasm_result r;
  check(build(&s), "-", 0, &r);
  ASSERT(!r.separable);
  ASSERT_EQ(r.levels, 0);
  ASSERT_EQ_U64(r.states, 2);
  burr_disasm_result_free(&r);
}

/* The cavity of a closed box is the row y = 1, x = 1 .. 3, with an exit above (3, 1):
 * (3, 0) is empty. Piece 2 sits at x = 1, piece 1 at x = 2. Nothing leaves at once; two moves
 * exist, listed +x first: piece 1 +x by one (piece 2 would push piece 1, a group of two of
 * three pieces), and the box -x by one. After the first, piece 1 is under the exit and leaves
 * -y: 2 moves. Left: the box and piece 2, which slides +x by one or two units (two positions
 * at distance 1, in that order); the first has no removal, from the second the box leaves +y
 * (+y comes before -y, where piece 2 would leave): 2 moves. Level 2.2, 4 moves. */
static void test_two_levels(void) {
  static scene s;
  container(&s, 5, 3, false);
  put(&s, -1, 3, 0, 1);
  put(&s, 2, 1, 1, 1);
  put(&s, 1, 2, 1, 1);
  burr_disasm_result r;
  check(build(&s), "2.2", 4, &r);
  if (r.nmove == 4) {
    ASSERT_EQ_U64(r.move[0].pieces, 2);
    ASSERT(!r.move[0].removal && r.move[0].axis == 0 && r.move[0].step == 1);
    ASSERT(r.move[1].removal && r.move[1].axis == 1 && r.move[1].step == -1);
    ASSERT(!r.move[2].removal && r.move[2].axis == 0 && r.move[2].step == 2);
    ASSERT_EQ_U64(r.move[2].pieces, 4);
    ASSERT_EQ_U64(r.move[3].pieces, 1);
    ASSERT(r.move[3].removal && r.move[3].axis == 1 && r.move[3].step == 1);
  }
  burr_disasm_result_free(&r);
}

/* A box open at x = 5 with a cavity of two rows (y = 1, 2; x = 1 .. 5) and a pocket at
 * (1, 3, 1) below it, where piece 3 sits. Pieces 1 and 2 fill x = 1, 2 of the rows like a
 * checkerboard, each with one cube ahead of the other's. No piece leaves alone (the box -x
 * meets piece 3, piece 3 +x meets the box); the first group that leaves is that of piece 1
 * +x: pieces 1 and 2 together (two of four: at most half). Left: the box and piece 3, which
 * must first rise -y (seen as the box moving +y, listed first) and then leaves +x: 2 moves.
 * Removed: pieces 1 and 2 alone, each meeting the other along x and y: piece 1 leaves +z, 1
 * move. Level 1.2 (the part removed has no separation of more than one move), 4 moves. */
static void test_pair(void) {
  static scene s;
  container(&s, 6, 5, true);
  for (int x = 1; x <= 5; x++)
    put(&s, 0, x, 3, 1);
  put(&s, 3, 1, 3, 1);
  put(&s, 1, 1, 1, 1);
  put(&s, 1, 2, 2, 1);
  put(&s, 2, 2, 1, 1);
  put(&s, 2, 1, 2, 1);
  burr_disasm_result r;
  check(build(&s), "1.2", 4, &r);
  if (r.nmove == 4) {
    ASSERT_EQ_U64(r.move[0].pieces, 6);
    ASSERT(r.move[0].removal && r.move[0].axis == 0 && r.move[0].step == 1);
    ASSERT_EQ_U64(r.move[1].pieces, 1);
    ASSERT(!r.move[1].removal && r.move[1].axis == 1 && r.move[1].step == 1);
    ASSERT_EQ_U64(r.move[2].pieces, 8);
    ASSERT(r.move[2].removal && r.move[2].axis == 0 && r.move[2].step == 1);
    ASSERT_EQ_U64(r.move[3].pieces, 2);
    ASSERT(r.move[3].removal && r.move[3].axis == 2 && r.move[3].step == 1);
  }
  burr_disasm_result_free(&r);
}

/* The caged cube with a third piece against the box from below, at (1, 3, 1): nothing holds
 * it +x, so it leaves first; the part left, box and cube, never comes apart: not separable.
 * With the box and the cube in one group, that part is done unsearched: level 1, 1 move. But
 * the box and the cube alone, in one group, are searched, and do not come apart. */
static void test_groups(void) {
  static scene s;
  container(&s, 4, 3, false);
  put(&s, 1, 1, 1, 1);
  put(&s, 2, 1, 3, 1);
  burr_disasm_result r;
  check(build(&s), "-", 0, &r);
  burr_disasm_result_free(&r);
  s.group[0] = s.group[1] = 1, s.group[2] = 0;
  s.a.group = s.group;
  check(&s.a, "1", 1, &r);
  if (r.nmove == 1) ASSERT_EQ_U64(r.move[0].pieces, 4);
  burr_disasm_result_free(&r);
  put(&s, -1, 1, 3, 1); /* the whole assembly is searched whatever its groups */
  build(&s);
  s.a.group = s.group;
  check(&s.a, "-", 0, &r);
  burr_disasm_result_free(&r);
}

/* A closed box of length `length` whose cavity is one row of places along x, with a cube
 * at its start: the cube slides to each of length - 2 places and never leaves. */
static burr_disasm_status corridor(int length, burr_disasm_result *r) {
  static int voxel[3 * 3 * 6000][3], first[3];
  int n = 0;
  for (int z = 0; z < 3; z++)
    for (int y = 0; y < 3; y++)
      for (int x = 0; x < length; x++)
        if (!(z == 1 && y == 1 && x >= 1 && x <= length - 2))
          voxel[n][0] = x, voxel[n][1] = y, voxel[n][2] = z, n++;
  first[1] = n;
  voxel[n][0] = voxel[n][1] = voxel[n][2] = 1;
  first[2] = n + 1;
  burr_assembly a = {2, first, (const int(*)[3])voxel, NULL, NULL};
  return burr_disassemble(&a, false, 0, NULL, r);
}

/* The stop flag, the memory cap and malformed assemblies. */
static void test_limits(void) {
  static scene s;
  container(&s, 5, 3, false);
  put(&s, -1, 3, 0, 1);
  put(&s, 2, 1, 1, 1);
  put(&s, 1, 2, 1, 1);
  const burr_assembly *a = build(&s);
  burr_disasm_result r;
  volatile sig_atomic_t stop = 1;
  ASSERT_EQ(burr_disassemble(a, true, 0, &stop, &r), BURR_DISASM_STOPPED);
  ASSERT(!r.separable && r.nmove == 0 && !r.move);
  stop = 0;
  ASSERT_EQ(burr_disassemble(a, true, 0, &stop, &r), BURR_DISASM_OK);
  ASSERT(r.separable);
  burr_disasm_result_free(&r);
  ASSERT_EQ(burr_disassemble(a, false, 1024, NULL, &r),
            BURR_DISASM_ENOMEM); /* a search is needed */
  ASSERT(!r.separable);
  ASSERT_EQ(burr_disassemble(a, false, 1 << 20, NULL, &r), BURR_DISASM_OK);
  ASSERT(r.separable && !r.move);

  int first[3] = {0, 1, 2}, overlap[2][3] = {{0, 0, 0}, {0, 0, 0}};
  burr_assembly bad = {2, first, (const int(*)[3])overlap, NULL, NULL};
  ASSERT_EQ(burr_disassemble(&bad, false, 0, NULL, &r), BURR_DISASM_EINVAL);
  int empty[3] = {0, 0, 2};
  bad.first = empty;
  ASSERT_EQ(burr_disassemble(&bad, false, 0, NULL, &r), BURR_DISASM_EINVAL);
  bad.pieces = 0;
  ASSERT_EQ(burr_disassemble(&bad, false, 0, NULL, &r), BURR_DISASM_EINVAL);
  bad = (burr_assembly){1, first, (const int(*)[3])overlap, NULL, NULL};
  ASSERT_EQ(burr_disassemble(&bad, false, 0, NULL, &r),
            BURR_DISASM_OK); /* one piece: as BurrTools */
  ASSERT(!r.separable);
  ASSERT_STREQ(burr_disasm_strerror(BURR_DISASM_EINVAL), "invalid assembly");

  /* displacements of 197 units need more than 8 bits a coordinate; 4,997 moves of one
   * position are more than BURR_MAX_MOVES */
  ASSERT_EQ(corridor(200, &r), BURR_DISASM_OK);
  ASSERT(!r.separable);
  ASSERT_EQ_U64(r.states, 198);
  ASSERT_EQ(corridor(5000, &r), BURR_DISASM_ELIMIT);
}

/* Assemblies whose levels BurrTools' burrTxt -d gave (data/burr/checks.txt): four from its
 * examples, up to 3.5.16.6.4 and 98.2.4.2, one with piece groups, and random cages with
 * pieces inside. They tell apart the order of the removals (a piece alone before a group),
 * the limit of half the pieces on a group, and the unions of groups. */
static void test_burrtools_levels(void) {
  int n = 0;
  burr_list_entry *list = burr_list_read(test_path(DANCE_DATA_DIR, "burr/checks.txt"), &n);
  ASSERT(list != NULL);
  ASSERT_EQ(n, 35);
  for (int i = 0; i < n; i++) {
    burr_assembly a = burr_list_assembly(&list[i]);
    burr_disasm_result r;
    ASSERT_EQ(burr_disassemble(&a, true, 0, NULL, &r), BURR_DISASM_OK);
    char text[256];
    burr_level_text(&r, text, sizeof text);
    if (strcmp(text, list[i].level) != 0)
      TEST_FAIL_("assembly %d: level %s, expected %s", i + 1, text, list[i].level);
    const char *why = r.separable ? burr_replay(&a, &r) : NULL;
    if (why) TEST_FAIL_("assembly %d: the replay found %s", i + 1, why);
    ASSERT_EQ(r.nmove, r.separable ? (size_t)r.moves : 0);
    burr_disasm_result_free(&r);
  }
  burr_list_free(list, n);
}

int main(void) {
  RUN(test_two_cubes);
  RUN(test_caged);
  RUN(test_two_levels);
  RUN(test_pair);
  RUN(test_groups);
  RUN(test_limits);
  RUN(test_burrtools_levels);
  return test_report();
}
