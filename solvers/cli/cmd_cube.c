/* cmd_cube.c -- `dance cube`: pack polycubes (or polyominoes) into a box, every solution
 * counted once up to the box's symmetries. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "checkpoint.h"
#include "cli.h"
#include "identity.h"
#include "solve.h"
#include "lines.h"
#include "polycube.h"
#include "polycube_library.h"

/* field, long name, short name, kind, argument, default, min, max, help */
#define CUBE_OPTIONS(X)                                                                            \
  X(box, "box", 0, STRING, "XxYxZ", "the file's", 0, 0,                                            \
    "pack into this box instead, e.g. 12x5x1 (or 12x5) for the pentominoes")                       \
  X(region, "region", 0, STRING, "FILE", "the file's", 0, 0,                                       \
    "pack into the region drawn in FILE instead: a line 'region', then its layers as a piece's "   \
    "are drawn, a letter for each cell to fill and '.' for a hole")                                \
  X(pieces, "pieces", 0, STRING, "LIBRARY", NULL, 0, 0,                                            \
    "use every piece of a generated library instead of a piece file: monomino, domino, "           \
    "trominoes, tetrominoes, pentominoes, hexominoes, heptominoes, tetracubes, pentacubes (with "  \
    "--box or --region; with --list, print the library as a piece file)")                          \
  X(optional, "optional", 0, FLAG, NULL, NULL, 0, 0,                                               \
    "let every piece be left out: a solution fills the region with some of the pieces (as "        \
    "'piece NAME optional' does for one piece)")                                                   \
  X(copies, "copies", 0, STRING, "N|A..B", NULL, 0, 0,                                             \
    "take every piece N times, as 'piece NAME xN' in a file does for one; A..B: B of each, of "    \
    "which at least A are used (e.g. --pieces tetrominoes --copies 2; with --list, the "           \
    "library's file says so)")                                                                     \
  X(mirror, "mirror", 0, FLAG, NULL, NULL, 0, 0,                                                   \
    "let pieces be placed as their mirror images too (by default only rotated)")                   \
  X(reflections, "reflections", 0, FLAG, NULL, NULL, 0, 0,                                         \
    "also count the solutions up to rotations and reflections of the box (the set must be "        \
    "its own mirror image)")                                                                       \
  X(restrict_piece, "restrict", 0, STRING, "PIECE|auto|none", "auto", 0, 0,                        \
    "the piece held to one placement per symmetry class: a name, 'auto' (the piece whose "         \
    "search tree Knuth's estimator, from 5 x 200 random paths, or 200 when the first 200 say "     \
    "under a million nodes for some piece, finds smallest) or 'none' (each "                       \
    "cover is compared with all its images)")                                                      \
  X(engine, "engine", 0, CHOICE, "auto|dlx|bits", "auto", 0, 0, CLI_ENGINE_HELP)                   \
  X(no_prune, "no-prune", 0, FLAG, NULL, NULL, 0, 0,                                               \
    "do not skip placements that cut off a hole the remaining pieces cannot fill (to compare)")    \
  X(recall, "recall", 0, CHOICE, "auto|on|off", "auto", 0, 0,                                      \
    "in a count, remember how many solutions lie below each position with six and five "           \
    "pieces left (seven to four in searches or parts estimated at 5x10^8 nodes or more), and "     \
    "count a position met again at once: 'auto' in searches estimated at 10^8 nodes or more, "     \
    "'on' in any, 'off' never (the same counts; see docs/cube.md)")                                \
  X(max, "max", 0, UINT, "N", "none", 1, UINT64_MAX, "stop after N solutions")                     \
  X(first, "first", 0, FLAG, NULL, NULL, 0, 0, "print the first solution and stop")                \
  X(print, "print", 0, FLAG, NULL, NULL, 0, 0,                                                     \
    "print each solution as layers of letters, top layer first")                                   \
  X(catalog, "catalog", 0, STRING, "FILE", NULL, 0, 0,                                             \
    "write every solution to FILE, one per line ('-': stdout)")                                    \
  X(verify, "verify-catalog", 0, STRING, "FILE", NULL, 0, 0,                                       \
    "check a catalog instead of solving: every line a packing, no two equivalent")                 \
  X(svg, "svg", 0, STRING, "FILE", NULL, 0, 0, "draw the first solution's layers as SVG")          \
  CLI_SPLIT_OPTIONS(X)                                                                             \
  X(threads, "threads", 't', UINT, "N", "all online cores, one for a tiny search", 1,              \
    CLI_MAX_THREADS, "search with N threads")                                                      \
  X(progress, "progress", 0, FLAG, NULL, NULL, 0, 0,                                               \
    "report on stderr: solutions, nodes, nodes per second, estimated part done, time")             \
  X(progress_interval, "progress-interval", 0, REAL, "S", "2", 0.1, 3600,                          \
    "seconds between progress reports")                                                            \
  X(stats, "stats", 0, FLAG, NULL, NULL, 0, 0,                                                     \
    "print the model (orientations, placements and estimate per piece), the time the "             \
    "restricted piece's choice took, and the search statistics (nodes, the engine and the "        \
    "instruction set of its code, time)")                                                          \
  X(json, "json", 0, FLAG, NULL, NULL, 0, 0, "print one JSON object on stdout instead of text")    \
  X(export_file, "export", 0, STRING, "FILE", NULL, 0, 0,                                          \
    "write the exact-cover matrix in Knuth's format to FILE ('-': stdout) and exit")               \
  X(list, "list", 0, FLAG, NULL, NULL, 0, 0, "list the piece sets that come with dance")           \
  X(quiet, "quiet", 'q', FLAG, NULL, NULL, 0, 0, "print nothing on stderr but errors")

#define CLI_STRUCT cube_options
CLI_DEFINE_OPTIONS(CUBE_OPTIONS);

/* The piece sets in the cube_pieces folder, by name. */
static const char *const known_sets[] = {"bedlam",    "tetris",      "soma",
                                         "steinhaus", "pentominoes", NULL};

CLI_DECLARE_COMMAND(cube);

const cli_command cmd_cube_command = {
    .name = "cube",
    .common = "box region optional mirror max first print threads progress stats json list help "
              "help-all",
    .examples = "  dance cube soma --reflections --json\n"
                "  dance cube pentominoes --box 12x5x1 --first\n"
                "  dance cube pentominoes --region data/regions/8x8-centre-hole.txt\n",
    .usage = "[OPTIONS] NAME|FILE",
    .summary = "Packs a set of polycubes into a box or a region of any shape, each piece used\n"
               "once (at most once if optional; 'piece L x10' in a file is ten copies), and\n"
               "counts the solutions once each up to the rotations of the box (24 for a cube, 8\n"
               "when two sides are equal, 4 otherwise) or of the region, and the covers in all.\n"
               "NAME is a set that comes with dance: bedlam, tetris, soma, steinhaus,\n"
               "pentominoes (--list shows them and where they are; DANCE_PIECES names another\n"
               "folder). FILE is a piece file of your own; '-' reads it from stdin. --pieces\n"
               "LIBRARY takes generated pieces instead: every polyomino of 1 to 7 cells, every\n"
               "polycube of 4 or 5 cubes.\n",
    .epilogue =
        "A piece file has a 'box XxYxZ' line and pieces, each a 'piece NAME' line and its\n"
        "drawing: the piece's layers side by side, top layer first, rows from the back,\n"
        "its cubes drawn with one letter and empty places with '.'. For example\n"
        "  box 3x2x1\n"
        "  piece L\n"
        "  L..\n"
        "  LLL\n"
        "  piece D\n"
        "  DD\n"
        "A line whose first non-blank character is '#' is a comment, anywhere, inside a\n"
        "drawing too. A flat puzzle is a box of height 1; turning a flat piece over is a\n"
        "rotation in space, so flat pieces are free to flip.\n"
        "\n"
        "In place of the box line, a line 'region' and the region drawn as a piece is, a\n"
        "letter for each cell to fill and '.' for a hole; --region FILE reads such a block\n"
        "from FILE. Its symmetries are computed: the rotations that map it onto itself.\n"
        "'piece NAME x3' is three identical copies (NAME, NAME-2, NAME-3, each drawn with a\n"
        "letter of its own), 'piece NAME x1..3' one to three of them (--copies 3 or 1..3:\n"
        "every piece so); 'piece NAME optional' (or --optional, for all) may be left out, so\n"
        "that a set larger than the region chooses its pieces; --print then names them.\n"
        "  region\n"
        "  xxxx\n"
        "  x..x\n"
        "  xxxx\n"
        "\n"
        "Output: the count, e.g. '19186 solutions (460464 covers in all)'. Solutions print\n"
        "as the box seen from above: layers side by side, top layer first. A catalog line\n"
        "is one solution: layers top first separated by ' ', rows by '/'. The last line is\n"
        "'# complete: 480 solutions', or '# incomplete: stopped by --max 5' when a limit or\n"
        "Ctrl-C cut the search short; a part of a split (--shard K/N) writes the plan of\n"
        "its split on the line before ('# plan: part K of N, {\"hash\": ...}'), which\n"
        "'dance merge --catalog' checks. --verify-catalog checks a catalog, yours or another\n"
        "program's, and says how many solutions it holds or which lines are wrong:\n"
        "  $ dance cube soma --catalog soma.cat\n"
        "  480 solutions (11520 covers in all)\n"
        "  $ dance cube soma --verify-catalog soma.cat\n"
        "\n"
        "Long runs: --shard K/N searches part K of N (on N machines, say); 'dance merge'\n"
        "checks the N results of --json (one problem, each part once, all complete) and adds\n"
        "them up, and merges their catalogs. --checkpoint FILE records the finished parts\n"
        "every few seconds; after a crash, --resume FILE searches the rest and prints the\n"
        "counts of the whole run. Every result names the problem by its identity: a hash of\n"
        "the matrix, of the options that change the count and of the version of dance.\n"
        "\n"
        "Exit status: 0 if a solution was found (or the catalog checks out: every line a\n"
        "packing, none repeated, and for a catalog of dance's its last line saying it is\n"
        "complete), 1 if none was (or the catalog is wrong, empty, or cut short), 2 for\n"
        "bad usage or input (a catalog that cannot be read).\n"
        "\n"
        "Examples:\n"
        "  dance cube bedlam --threads 2\n"
        "  dance cube soma --reflections --json\n"
        "  dance cube pentominoes --box 12x5x1 --first\n"
        "  dance cube pentominoes --region data/regions/8x8-centre-hole.txt\n"
        "  dance cube pentominoes --box 5x5 --optional --print --max 3\n"
        "  dance cube --pieces tetracubes --box 4x4x2\n"
        "  dance cube --list --pieces pentacubes\n"
        "  dance cube soma --catalog soma.cat\n"
        "  dance cube steinhaus --print --svg steinhaus.svg\n"
        "  dance cube bedlam --shard 3/16 --json --catalog part3.cat\n"
        "  dance cube bedlam --checkpoint bedlam.ckpt\n"
        "  dance cube --list\n",
    .options = cli_option_table,
    .option_count = sizeof cli_option_table / sizeof cli_option_table[0],
    .words = known_sets,
};

/* ---- finding and reading the piece set ------------------------------------------------- */

static int is_name(const char *s) {
  for (const char *c = s; *c; c++)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_' || *c == '-')) return 0;
  return *s != '\0';
}

/* poly_read_file, the reading done by lines_read_file so that a file that cannot be opened
 * or read (a directory) is reported in the words every command uses. */
static poly_status read_pieces(const char *path, poly_set **s, poly_error *err) {
  char *buf;
  size_t len;
  dlx_parse_error le;
  *s = NULL;
  memset(err, 0, sizeof *err);
  if (lines_read_file(path, &buf, &len, &le)) {
    snprintf(err->file, sizeof err->file, "%s", lines_display_name(path));
    snprintf(err->message, sizeof err->message, "%s", le.message);
    return POLY_EIO;
  }
  poly_status st = poly_read_buffer(lines_display_name(path), buf, len, s, err);
  free(buf);
  return st;
}

static poly_set *load(const char *arg, char *path, size_t cap) {
  if (strcmp(arg, "-") != 0 && is_name(arg) && access(arg, F_OK) != 0)
    snprintf(path, cap, "%s/%s.txt", cli_pieces_dir(), arg);
  else
    snprintf(path, cap, "%s", arg);
  poly_set *s = NULL;
  poly_error err;
  poly_status st = read_pieces(path, &s, &err);
  if (st == POLY_EIO && strcmp(arg, "-") != 0 && is_name(arg) && access(arg, F_OK) != 0) {
    char sets[128] = "";
    for (const char *const *k = known_sets; *k; k++)
      snprintf(sets + strlen(sets), sizeof sets - strlen(sets), "%s%s", k == known_sets ? "" : ", ",
               *k);
    cli_error(&cmd_cube_command, "no piece set named '%s' in %s (%s); the sets: %s; or give a file",
              arg, cli_pieces_dir(), err.message, sets);
    return NULL;
  }
  if (st == POLY_ESYNTAX) { /* without a column when the whole line (or piece) is at fault */
    cli_error_at(&cmd_cube_command, err.file, err.line, err.column, err.message);
    cli_hint_format(&cmd_cube_command, err.file, err.line);
  } else if (st)
    cli_error_at(&cmd_cube_command, err.file, 0, 0,
                 err.message[0] ? err.message : poly_strerror(st));
  return st ? NULL : s;
}

static int list_sets(int json) {
  cli_json j;
  if (json) {
    cli_json_init(&j, stdout);
    cli_json_begin_object(&j, NULL);
    cli_json_string(&j, "folder", cli_pieces_dir());
    cli_json_begin_array(&j, "sets");
  }
  int missing = 0; /* sets that could not be read: each is reported, the others listed */
  for (size_t i = 0; known_sets[i]; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.txt", cli_pieces_dir(), known_sets[i]);
    poly_set *s = NULL;
    poly_error err;
    poly_status st = read_pieces(path, &s, &err);
    if (st) {
      missing++;
      cli_error_at(&cmd_cube_command, err.file, st == POLY_ESYNTAX ? err.line : 0,
                   st == POLY_ESYNTAX ? err.column : 0,
                   err.message[0] ? err.message : poly_strerror(st));
      continue;
    }
    if (json) {
      cli_json_begin_object(&j, NULL);
      cli_json_string(&j, "name", known_sets[i]);
      cli_json_begin_array(&j, "box");
      for (int a = 0; a < 3; a++)
        cli_json_int(&j, NULL, s->box[a]);
      cli_json_end_array(&j);
      cli_json_int(&j, "pieces", s->npieces);
      cli_json_end_object(&j);
    } else {
      printf("%-12s box %dx%dx%d, %d pieces:", known_sets[i], s->box[0], s->box[1], s->box[2],
             s->npieces);
      for (int p = 0; p < s->npieces; p++)
        printf(" %s", s->pieces[p].name);
      printf("\n");
    }
    poly_set_free(s);
  }
  /* the generated libraries */
  const char *const *libs;
  int nlibs = poly_library_names(&libs);
  if (json) {
    cli_json_end_array(&j);
    cli_json_begin_array(&j, "libraries");
  } else {
    printf("generated, for --pieces:\n");
  }
  for (int i = 0; i < nlibs; i++) {
    poly_set *s = NULL;
    poly_error err;
    if (poly_library_set(libs[i], &s, &err)) {
      missing++;
      cli_error(&cmd_cube_command, "--pieces %s: %s", libs[i], poly_strerror(POLY_ENOMEM));
      continue;
    }
    if (json) {
      cli_json_begin_object(&j, NULL);
      cli_json_string(&j, "name", libs[i]);
      cli_json_int(&j, "pieces", s->npieces);
      cli_json_end_object(&j);
    } else {
      printf("%-12s %3d piece%s:", libs[i], s->npieces, s->npieces == 1 ? " " : "s");
      if (s->npieces <= 30)
        for (int p = 0; p < s->npieces; p++)
          printf(" %s", s->pieces[p].name);
      else
        printf(" %s %s ... %s", s->pieces[0].name, s->pieces[1].name,
               s->pieces[s->npieces - 1].name);
      printf("\n");
    }
    poly_set_free(s);
  }
  if (json) {
    cli_json_end_array(&j);
    cli_json_end_object(&j);
  }
  if (missing)
    cli_error(&cmd_cube_command,
              "%d of the piece sets could not be read from %s (DANCE_PIECES names another "
              "folder)",
              missing, cli_pieces_dir());
  return missing ? CLI_ERROR : CLI_SOLVED;
}

/* --pieces LIBRARY: the library's pieces, or NULL after an error. */
static poly_set *load_library(const char *name) {
  poly_set *s = NULL;
  poly_error err;
  poly_status st = poly_library_set(name, &s, &err);
  if (st) {
    if (st == POLY_ENOPIECE)
      cli_usage_error(&cmd_cube_command, "--pieces %s: %s", name, err.message);
    else
      cli_error(&cmd_cube_command, "--pieces %s: %s", name, poly_strerror(st));
    return NULL;
  }
  return s;
}

/* --copies N|A..B: every piece of s that many times. 0, or CLI_ERROR after the message. */
static int apply_copies(const char *arg, poly_set *s) {
  int copies, required;
  if (!poly_parse_copies(arg, strlen(arg), &copies, &required))
    return cli_usage_error(&cmd_cube_command,
                           "--copies '%s': expected N, from 1 to %d, or a range A..B, 0 <= A <= "
                           "B (B copies of each piece, at least A of them used), e.g. 2 or 1..3",
                           arg, POLY_MAX_LETTERS);
  poly_error err;
  poly_status st = poly_set_copies(s, copies, required, &err);
  if (!st) return 0;
  cli_error(&cmd_cube_command, "--copies %s: %s", arg,
            err.message[0] ? err.message : poly_strerror(st));
  return CLI_ERROR;
}

/* --list --pieces LIBRARY [--copies N|A..B]: the library as a piece file, its copies as
 * "xN" or "xA..B". */
static int write_library(const char *name, const char *copies) {
  poly_set *s = NULL;
  poly_error err;
  poly_status st = poly_library_set(name, &s, &err);
  if (st) {
    if (st == POLY_ENOPIECE)
      return cli_usage_error(&cmd_cube_command, "--pieces %s: %s", name, err.message);
    cli_error(&cmd_cube_command, "--pieces %s: %s", name, poly_strerror(st));
    return CLI_ERROR;
  }
  if (copies && apply_copies(copies, s)) {
    poly_set_free(s);
    return CLI_ERROR;
  }
  printf("# dance cube --pieces %s%s%s: %d pieces, generated; add a 'box XxYxZ' line or a "
         "region\n",
         name, copies ? " --copies " : "", copies ? copies : "", s->npieces);
  int w = poly_library_write(stdout, s);
  if (w == -2)
    cli_error(&cmd_cube_command,
              "--pieces %s: %d pieces, more than the %d letters (A-Z, a-z, 0-9) a piece file "
              "can draw them with",
              name, s->npieces, POLY_MAX_LETTERS);
  else if (w)
    cli_stdout_error(&cmd_cube_command, errno);
  poly_set_free(s);
  return w ? CLI_ERROR : CLI_SOLVED;
}

/* ---- solutions ------------------------------------------------------------------------- */

static int has_optional(const poly_set *s) {
  for (int p = 0; p < s->npieces; p++)
    if (s->pieces[p].optional) return 1;
  return 0;
}

/* Which pieces a packing uses: used[p] for each piece. */
static void pieces_used(const poly_set *s, const uint8_t *cells, size_t n, uint8_t *used) {
  memset(used, 0, (size_t)s->npieces);
  for (size_t c = 0; c < n; c++)
    if (cells[c] < s->npieces) used[cells[c]] = 1;
}

/* " pieces F I L ... (12 of 13)": the pieces a solution uses, when it chooses. */
static void print_used(const poly_set *s, const uint8_t *cells, size_t n) {
  uint8_t used[POLY_MAX_PIECES];
  pieces_used(s, cells, n, used);
  int k = 0;
  printf(" pieces");
  for (int p = 0; p < s->npieces; p++)
    if (used[p]) printf(" %s", s->pieces[p].name), k++;
  printf(" (%d of %d)", k, s->npieces);
}

/* "box" or "region", for messages and headers */
static const char *shape_word(const poly_set *s) { return s->region ? "region" : "box"; }

typedef struct {
  const poly_model *m;
  const cube_options *o;
  uint8_t *cells;
  char *text;
  size_t text_cap;
  uint64_t solutions, total, self_mirror;
  uint64_t limit;
  FILE *catalog;
  uint8_t *first; /* the first solution, for --svg and --first with --json */
  int have_first;
  int error;         /* errno of a failed write to stdout, or EINVAL or ENOMEM */
  int catalog_error; /* errno of a failed write to the catalog */
  int hit_limit;
  char *kept; /* --print --json: the catalog lines of the solutions, each ending '\n' */
  size_t kept_len, kept_cap;
  uint8_t *used; /* --print --json with optional pieces: per solution, per piece */
  size_t used_len, used_cap;
} collector;

/* What the solutions of the piece of the split being searched by this thread added up to,
 * for the checkpoint (see dlx_piece_fn): on_solution calls are serialized, but come from
 * every worker. */
static _Thread_local uint64_t piece_counts[CLI_COUNTS];

static void piece_tally(const dlx_piece *p, uint64_t counts[CLI_COUNTS]) {
  (void)p;
  memcpy(counts, piece_counts, sizeof piece_counts);
  memset(piece_counts, 0, sizeof piece_counts);
}

/* A count by covers (see by_covers): each cover a class of covers_orbit packings, none of
 * them its own mirror image. Set before the search, read by its threads. */
static uint64_t covers_orbit;

static void piece_tally_covers(const dlx_piece *p, uint64_t counts[CLI_COUNTS]) {
  counts[0] = p->solutions;
  counts[1] = p->solutions * covers_orbit; /* the piece's share of a total that fits */
  counts[2] = 0;
}

static int on_solution(void *ctx, const int32_t *options, size_t n) {
  collector *c = ctx;
  if (c->error || c->catalog_error) return 1; /* the first failed write's reason is kept */
  if (c->limit && c->solutions >= c->limit) {
    c->hit_limit = 1;
    return 1;
  }
  poly_class k;
  /* counted from the options alone where the cells are not wanted: arranging every cover
   * costs a share of a small run (bench/RESULTS.md, "Counting without arranging, and where
   * the last nodes could not be cut") */
  int need_cells = !c->have_first || c->o->print || c->o->first || c->catalog;
  int fast = need_cells ? -1 : poly_model_accept_options(c->m, options, n, &k);
  if (fast == 0) return 0;
  if (fast < 0) {
    if (poly_model_arrange(c->m, options, n, c->cells)) {
      c->error = EINVAL; /* the matrix does not pack the box: a bug, not bad input */
      return 1;
    }
    if (!poly_model_accept(c->m, c->cells, &k)) return 0;
    poly_model_representative(c->m, c->cells); /* the class's packing as shown */
  }
  c->solutions++;
  c->total += k.orbit;
  c->self_mirror += (uint64_t)k.self_mirror;
  piece_counts[0]++;
  piece_counts[1] += k.orbit;
  piece_counts[2] += (uint64_t)k.self_mirror;
  const poly_set *s = poly_model_set(c->m);
  if (!c->have_first) {
    memcpy(c->first, c->cells, poly_model_cells(c->m));
    c->have_first = 1;
  }
  if (c->o->print || c->o->first) {
    if (!c->o->json) {
      poly_format_layers(s, c->cells, c->text, c->text_cap);
      printf("solution %" PRIu64 ":", c->solutions);
      if (has_optional(s)) print_used(s, c->cells, poly_model_cells(c->m));
      printf("\n%s\n", c->text);
      if (ferror(stdout)) c->error = errno ? errno : EIO;
    } else {
      size_t n = poly_format_line(s, c->cells, c->text, c->text_cap);
      if (c->kept_len + n + 2 > c->kept_cap) {
        size_t cap = c->kept_cap ? 2 * c->kept_cap : 4096;
        while (cap < c->kept_len + n + 2)
          cap *= 2;
        char *k = realloc(c->kept, cap);
        if (!k) {
          c->error = ENOMEM;
          return 1;
        }
        c->kept = k, c->kept_cap = cap;
      }
      memcpy(c->kept + c->kept_len, c->text, n);
      c->kept_len += n;
      c->kept[c->kept_len++] = '\n';
      if (has_optional(s)) {
        size_t np = (size_t)s->npieces;
        if (c->used_len + np > c->used_cap) {
          size_t cap = c->used_cap ? 2 * c->used_cap : 64 * np;
          uint8_t *u = realloc(c->used, cap);
          if (!u) {
            c->error = ENOMEM;
            return 1;
          }
          c->used = u, c->used_cap = cap;
        }
        pieces_used(s, c->cells, poly_model_cells(c->m), c->used + c->used_len);
        c->used_len += np;
      }
    }
  }
  if (c->catalog) {
    poly_format_line(s, c->cells, c->text, c->text_cap);
    int err = fprintf(c->catalog, "%s\n", c->text) < 0 ? errno : 0; /* errno of that call */
    if (err || ferror(c->catalog)) c->catalog_error = err ? err : EIO;
  }
  if (c->error || c->catalog_error) return 1;
  if (c->limit && c->solutions >= c->limit) {
    c->hit_limit = 1;
    return 1;
  }
  return 0;
}

typedef struct {
  cli_search_progress report;
  collector *c;
  int show;
  int by_covers; /* the engine counts the solutions (by_covers): none reaches the collector */
  cli_checkpoint_before before; /* the earlier runs' counts, for the reports */
} progress;

static void on_progress(void *ctx, const dlx_progress *p) {
  progress *s = ctx;
  /* solutions: read while a worker may be adding one; a report, so one behind is fine */
  uint64_t found = s->by_covers ? p->solutions : s->c->solutions;
  if (s->show)
    cli_search_progress_report(&s->report, found + s->before.counts[0], p->nodes + s->before.nodes,
                               p->fraction, p->seconds);
}

/* ---- results --------------------------------------------------------------------------- */

static const char *set_name(const char *arg) {
  const char *slash = strrchr(arg, '/');
  return slash ? slash + 1 : arg;
}

static void print_model(const poly_model *m) {
  const poly_set *s = poly_model_set(m);
  printf("piece  cubes  orientations  placements  options  estimated nodes if restricted\n");
  for (int p = 0; p < s->npieces; p++) {
    poly_piece_info i = poly_model_piece(m, p);
    double e = poly_model_estimate(m, p);
    char est[sizeof(cli_num) + 1] = "-"; /* ">" and a cli_num */
    if (e > 0)
      snprintf(est, sizeof est, "%s%s", poly_model_estimate_bound(m, p) ? ">" : "", cli_si(e).s);
    printf("%-6s %5d  %12d  %10zu  %7zu  %8s%s", s->pieces[p].name, s->pieces[p].size,
           i.orientations, i.placements, i.options, est,
           p == poly_model_restricted(m) ? "  (restricted)" : "");
    if (i.owner != p) printf("  (a copy: %s's options)", s->pieces[i.owner].name);
    printf("\n");
  }
}

/* The held cell's coordinates, "x,y,z" (as catalog checks name cells), or NULL for none. */
static const char *held_name(const poly_model *m, char *buf, size_t cap) {
  int c = poly_model_held_cell(m);
  const int *b = poly_model_set(m)->box;
  if (c < 0) return NULL;
  snprintf(buf, cap, "%d,%d,%d", c % b[0], c / b[0] % b[1], c / b[0] / b[1]);
  return buf;
}

static void json_model(cli_json *j, const poly_model *m) {
  const poly_set *s = poly_model_set(m);
  int r = poly_model_restricted(m);
  cli_json_int(j, "symmetries", poly_model_symmetries(m));
  if (r >= 0) {
    poly_piece_info i = poly_model_piece(m, r);
    cli_json_begin_object(j, "restricted");
    cli_json_string(j, "piece", s->pieces[r].name);
    cli_json_uint(j, "placements", i.placements);
    cli_json_uint(j, "kept", i.options);
    double e = poly_model_estimate(m, r);
    if (e > 0) {
      cli_json_real(j, "estimated_nodes", e, 0);
      cli_json_real(j, "seconds", poly_model_choice_seconds(m), 6);
    } else {
      cli_json_null(j, "estimated_nodes");
      cli_json_null(j, "seconds");
    }
    cli_json_end_object(j);
  } else {
    cli_json_null(j, "restricted");
  }
  char held[48];
  if (held_name(m, held, sizeof held))
    cli_json_string(j, "held_cell", held);
  else
    cli_json_null(j, "held_cell");
  const dlx_matrix *x = poly_model_matrix(m);
  cli_json_int(j, "items", dlx_item_count(x));
  cli_json_int(j, "options", dlx_option_count(x));
}

static void json_head(cli_json *j, const char *arg, const char *path, const poly_set *s,
                      const cube_options *o) {
  cli_json_string(j, "puzzle", set_name(arg));
  cli_json_string(j, "file", path);
  cli_json_begin_array(j, "box");
  for (int a = 0; a < 3; a++)
    cli_json_int(j, NULL, s->box[a]);
  cli_json_end_array(j);
  cli_json_uint(j, "cells", poly_region_cells(s));
  cli_json_int(j, "pieces", s->npieces);
  cli_json_bool(j, "mirror", o->mirror);
}

typedef struct {
  const poly_set *set;
  const uint8_t *cells;
  const char *title;
} picture;

static int draw(const void *ctx, FILE *f) {
  const picture *p = ctx;
  return poly_write_svg(f, p->set, p->cells, p->title) != 0;
}

/* --svg: the first solution found; nothing to draw if there is none. */
static int write_svg(const cube_options *o, const char *arg, const poly_set *s, const collector *c,
                     cli_output *out) {
  if (!c->have_first) {
    cli_output_discard(out);
    if (!o->quiet) cli_warning(&cmd_cube_command, "no solution to draw: %s not written", o->svg);
    return CLI_SOLVED;
  }
  char title[160];
  snprintf(title, sizeof title, "%s in a %dx%dx%d %s: solution 1", set_name(arg), s->box[0],
           s->box[1], s->box[2], s->region ? "region" : "box");
  picture p = {s, c->first, title};
  return cli_draw_picture(&cmd_cube_command, out, draw, &p, "the first solution",
                          o->quiet || o->json);
}

/* stop: the Ctrl-C flag, set up before the model was compiled (choosing the restricted
 * piece takes a second on the big cubes); solve ends the interrupt handling. */
/* The problem's identity: the matrix, and what changes the count or the split beside it
 * (the pruning changes which subtrees the split finds). */
/* The engine is part of it: the pruning looks at other things on each (dancing links also
 * checks cells), so the two walk trees of other sizes, and parts searched by both would
 * add up the solutions right but the nodes wrong. */
static uint64_t cube_identity(const cube_options *o, const poly_model *m, const dlx_options *d) {
  char what[128];
  char recall[48] = "";
  if (d->recall_max)
    snprintf(recall, sizeof recall, " recall %" PRIu32 "-%" PRIu32 " table %" PRIu32, d->recall_min,
             d->recall_max, d->recall_slots_log);
  snprintf(what, sizeof what, "cube reflections=%d prune=%d engine=%s%s", !!o->reflections,
           !o->no_prune, dlx_engine_name(dlx_engine_for(poly_model_matrix(m), d)), recall);
  return cli_identity(poly_model_matrix(m), what);
}

/* The threads of the search, and how many pieces the split cuts it into: a tiny search on
 * the default threads runs on one, a small one in fewer pieces. Neither for parts of a
 * split run nor with checkpoints: their split is fixed. */
static void threads_and_split(const cube_options *o, const poly_model *m, dlx_options *d) {
  /* A small search in fewer pieces than the library's CUBE_SPLIT_THREAD_MOST a thread: the
   * split walks the top of the tree on dancing links, a large share of a small search's run.
   * One piece per CUBE_SPLIT_PIECE_NODES nodes by the estimate of the held piece's choice,
   * at least CUBE_SPLIT_THREAD_LEAST a thread (bench/RESULTS.md, "Then: the small frames of
   * four words, and progress that costs less": "A small cube search on threads in fewer
   * pieces"). */
  int held = poly_model_restricted(m);
  double estimate = held >= 0 ? poly_model_estimate(m, held) : 0;
  /* A tiny search on the default threads: one. Under CUBE_ONE_THREAD_NODES by the choice's
   * first estimate (poly_model_size_estimate: the held piece's own runs low) the split and a
   * second thread cost more than they save (bench/RESULTS.md, "Small searches: a cheaper
   * choice and one thread for a tiny search"). With no choice made (a piece named by
   * --restrict, or none to hold), a quick estimate (dlx_tiny_search) says. */
  double size = poly_model_size_estimate(m);
  if (!o->threads && !o->shard.count && !o->checkpoint && !o->resume && d->threads > 1 &&
      (size > 0 ? size < CUBE_ONE_THREAD_NODES
                : dlx_tiny_search(poly_model_matrix(m), d, CUBE_ONE_THREAD_NODES)))
    d->threads = 1;
  if (!o->shard.count && !o->checkpoint && !o->resume && d->threads > 1 && estimate > 0 &&
      estimate < (double)CUBE_SPLIT_PIECE_NODES * CUBE_SPLIT_THREAD_MOST * d->threads) {
    double pieces = estimate / CUBE_SPLIT_PIECE_NODES,
           least = (double)CUBE_SPLIT_THREAD_LEAST * d->threads;
    d->split_pieces = (uint32_t)(pieces > least ? pieces : least);
  }
}

/* The engine's options for the search of m (the caller sets where the solutions go). */
static void search_options(const cube_options *o, const poly_model *m, dlx_options *d) {
  d->threads = o->threads ? (int)o->threads : dlx_online_cores();
  /* A count only: the solutions are tallied, none shown, so their order is not seen (the
   * bitset engine may then walk several subtrees side by side). */
  d->any_order = !o->print && !o->first && !o->max && !o->catalog && !o->svg;
  d->engine = (dlx_engine_kind)cli_engine(o->engine);
  d->shard_count = o->shard.count;
  d->shard_index = o->shard.index;
  if (!o->no_prune) poly_model_set_pruning(m, d);
  threads_and_split(o, m, d);
}

/* Whether the search counts covers alone: a count (nothing shown, kept or limited) of a
 * model whose every cover is its own class of packings (poly_model_covers_are_classes), so
 * that no cover need reach on_solution. Then d has no on_solution and the engine's count
 * is the solutions'; in a large search (or with --recall on, never with --recall off) the
 * bitset engine also remembers the solutions below its nodes with a few pieces left
 * (poly_model_recall: more of them, in a larger table, in a very large search). */
static int by_covers(const cube_options *o, const poly_model *m, dlx_options *d) {
  if (!d->any_order || !poly_model_covers_are_classes(m)) return 0;
  d->on_solution = NULL;
  d->solution_ctx = NULL;
  const int ask = o->recall && !strcmp(o->recall, "on"),
            never = o->recall && !strcmp(o->recall, "off");
  if (!never) {
    const poly_recall r = poly_model_recall(m, o->shard.count, ask);
    d->recall_min = r.lo, d->recall_max = r.hi, d->recall_slots_log = r.slots_log;
  }
  covers_orbit = (uint64_t)poly_model_symmetries(m);
  return 1;
}

/* What a search came to, for its report: the solutions collected, the engine's statistics,
 * what earlier runs of a checkpoint had done, and whether the count is complete. */
typedef struct {
  const collector *c;
  const dlx_stats *st;
  const cli_checkpoint_before *before;
  uint64_t identity;
  int complete;
  const char *stopped_by;         /* NULL when complete */
  const poly_orbit_count *orbits; /* the count by symmetry classes, or NULL (a search) */
  const uint32_t *recall;         /* the depths whose subtrees were recalled, or NULL */
} outcome;

/* --print or --first with --json: the solutions kept, and with optional pieces the pieces
 * each one uses. */
static void json_printed(cli_json *j, const poly_set *s, const collector *c) {
  cli_json_begin_array(j, "printed");
  for (size_t at = 0; at < c->kept_len;) {
    char *nl = memchr(c->kept + at, '\n', c->kept_len - at);
    *nl = '\0';
    cli_json_string(j, NULL, c->kept + at);
    at = (size_t)(nl - c->kept) + 1;
  }
  cli_json_end_array(j);
  if (has_optional(s)) {
    cli_json_begin_array(j, "used");
    for (size_t at = 0; at < c->used_len; at += (size_t)s->npieces) {
      cli_json_begin_array(j, NULL);
      for (int p = 0; p < s->npieces; p++)
        if (c->used[at + (size_t)p]) cli_json_string(j, NULL, s->pieces[p].name);
      cli_json_end_array(j);
    }
    cli_json_end_array(j);
  }
}

/* After a whole search with no solution, why, where that is cheap and certain: a part of
 * the box or region that no set of the pieces fills, as a sentence and the box drawn ('#'
 * the part, '+' the rest, '.' holes) in buf; 0 when there is no such part. */
static int cube_diagnosis(const poly_model *m, char *buf, size_t cap) {
  const poly_set *s = poly_model_set(m);
  uint8_t *cells = malloc(poly_model_cells(m));
  size_t dead = cells ? poly_dead_part(s, cells) : 0;
  if (dead) {
    int len = snprintf(buf, cap,
                       "a part of the %s of %s, marked #, that no set of the pieces fills:\n",
                       shape_word(s), cli_plural(dead, "cell", "cells").s);
    if (len > 0 && (size_t)len < cap) poly_format_layers(s, cells, buf + len, cap - (size_t)len);
  }
  free(cells);
  return dead != 0;
}

/* --json: the search's result as one JSON object. */
/* "orbits": how a count by symmetry classes came out (null after a search): the packings
 * each rotation maps onto themselves, the identity's first. */
static void json_orbits(cli_json *j, const poly_orbit_count *oc) {
  if (!oc) {
    cli_json_null(j, "orbits");
    return;
  }
  cli_json_begin_object(j, "orbits");
  cli_json_begin_array(j, "fixed");
  for (int g = 0; g < oc->symmetries && oc->complete; g++)
    cli_json_uint(j, NULL, (uint64_t)oc->fixed[g]);
  cli_json_end_array(j);
  cli_json_uint(j, "entries", oc->entries);
  cli_json_end_object(j);
}

static void json_result(const cube_options *o, const char *arg, const char *path,
                        const poly_model *m, const outcome *r) {
  const collector *c = r->c;
  const dlx_stats *st = r->st;
  cli_json j;
  cli_json_init(&j, stdout);
  cli_json_begin_object(&j, NULL);
  json_head(&j, arg, path, poly_model_set(m), o);
  cli_json_string(&j, "identity", cli_identity_hex(r->identity).s);
  cli_json_uint(&j, "solutions", c->solutions);
  cli_json_uint(&j, "total", c->total);
  if (o->reflections) {
    cli_json_uint(&j, "reflections", (c->solutions + c->self_mirror) / 2);
    /* what dance merge needs: a part's half is not a share of the whole's */
    cli_json_uint(&j, "self_mirror", c->self_mirror);
  }
  cli_json_search(&j, r->complete, r->stopped_by, st);
  cli_json_shard(&j, o->shard);
  cli_json_plan(&j, &st->plan, o->shard.count || o->checkpoint || o->resume);
  cli_json_string(&j, "catalog", o->catalog && strcmp(o->catalog, "-") ? o->catalog : NULL);
  cli_json_checkpoint(&j, o->checkpoint, o->resume, r->before);
  char why[8192];
  int none = r->complete && !c->solutions && !o->shard.count;
  cli_json_string(&j, "diagnosis", none && cube_diagnosis(m, why, sizeof why) ? why : NULL);
  json_model(&j, m);
  if (r->recall) {
    cli_json_begin_array(&j, "recall");
    cli_json_uint(&j, NULL, r->recall[0]);
    cli_json_uint(&j, NULL, r->recall[1]);
    cli_json_end_array(&j);
  } else {
    cli_json_null(&j, "recall");
  }
  json_orbits(&j, r->orbits);
  if (o->print || o->first) json_printed(&j, poly_model_set(m), c);
  cli_json_end_object(&j);
}

/* --stats: the model and the search's figures, after the count. */
static void print_stats(const poly_model *m, const outcome *r) {
  const dlx_stats *st = r->st;
  print_model(m);
  printf("symmetries:  %s of the %s\n",
         cli_plural((uint64_t)poly_model_symmetries(m), "rotation", "rotations").s,
         shape_word(poly_model_set(m)));
  char held[48];
  if (!r->orbits && held_name(m, held, sizeof held))
    printf("held:        the placement over cell %s (no piece without a copy to restrict)\n", held);
  if (poly_model_choice_seconds(m) > 0)
    printf("choice:      %.3f s to pick the restricted piece\n", poly_model_choice_seconds(m));
  if (r->orbits) {
    printf("method:      symmetry classes by Burnside's lemma: the mean of the packings each "
           "rotation maps onto themselves");
    for (int g = 0; g < r->orbits->symmetries && r->orbits->complete; g++)
      printf("%s%" PRIu64, g ? ", " : " (", (uint64_t)r->orbits->fixed[g]);
    printf("%s\n", r->orbits->complete ? ")" : "");
    printf("engine:      memo (counts remembered along the box's longest side, %" PRIu64
           " of them)\n", r->orbits->entries);
  } else {
    if (st->isa)
      printf("engine:      %s (%s code)\n", dlx_engine_name((dlx_engine_kind)st->engine), st->isa);
    else
      printf("engine:      %s\n", dlx_engine_name((dlx_engine_kind)st->engine));
  }
  if (r->recall)
    printf("recall:      the subtrees below %" PRIu32 " to %" PRIu32 " pieces placed, remembered\n",
           r->recall[0], r->recall[1]);
  printf("nodes:       %" PRIu64 "\n", st->nodes);
  printf("updates:     %" PRIu64 "\n", st->updates);
  if (st->subproblems)
    printf("threads:     %d (%s)\n", st->threads,
           cli_plural(st->subproblems, "subproblem", "subproblems").s);
  else
    printf("threads:     %d\n", st->threads);
  printf("seconds:     %.3f\n", st->seconds);
  printf("identity:    %s\n", cli_identity_hex(r->identity).s);
  if (r->before->resumed) cli_checkpoint_print_before(r->before);
}

/* The search's result as text: the count, then with --stats the figures. */
static void text_result(const cube_options *o, const poly_model *m, const outcome *r) {
  const collector *c = r->c;
  cli_num n = cli_plural(c->solutions, "solution", "solutions");
  char refl[80] = "";
  if (o->reflections)
    snprintf(refl, sizeof refl, ", %" PRIu64 " up to reflection too",
             (c->solutions + c->self_mirror) / 2);
  char part[80] = "";
  if (o->shard.count)
    snprintf(part, sizeof part, " in part %" PRIu32 "/%" PRIu32 " of problem %s", o->shard.index,
             o->shard.count, cli_identity_hex(r->identity).s);
  char why[8192];
  if (r->complete && !c->solutions && !o->shard.count && !o->quiet &&
      cube_diagnosis(m, why, sizeof why))
    fprintf(stderr, "dance cube: no solution can exist: %s", why);
  if (r->complete)
    printf("%s (%s in all%s)%s\n", c->solutions ? n.s : "no solutions",
           cli_plural(c->total, "cover", "covers").s, refl, part);
  else
    printf("%s%s%s (%s; the search is incomplete)\n", c->solutions ? "at least " : "",
           c->solutions ? n.s : "no solutions found", part,
           cli_stop_phrase(r->stopped_by, o->max, 0).s);
  if (o->stats) print_stats(m, r);
}

/* A run of the search: the solutions collected, the progress reports and the checkpoint's
 * earlier runs, the engine's statistics, and the files it writes. */
typedef struct {
  collector c;
  progress pg;
  dlx_stats st;
  uint64_t identity;
  int interrupted; /* a Ctrl-C ended the search */
  int cut_before;  /* a Ctrl-C came while the piece to hold was chosen */
  cli_output catalog, svg;
  int by_orbits; /* counted by symmetry classes (count_orbits), not searched */
  poly_orbit_count orbits;
  uint32_t recall[2]; /* the depths whose subtrees the engine recalled ([1] 0: none) */
} cube_run;

/* The collector's buffers, the files asked for opened and the catalog's head written. Both
 * files are opened before the search, so that a folder that does not exist fails at once
 * rather than after it; each is written to a temporary file renamed into place when
 * complete (cli_output). 0, or CLI_ERROR after the message. */
static int open_outputs(const cube_options *o, const char *arg, const poly_model *m,
                        cube_run *run) {
  const poly_set *s = poly_model_set(m);
  size_t ncells = poly_model_cells(m);
  collector *c = &run->c;
  c->text_cap = ncells * 4 + 4 * ((size_t)s->box[1] * s->box[2] + 1) + 16; /* 3 + a blank */
  c->cells = malloc(ncells);
  c->first = malloc(ncells);
  c->text = malloc(c->text_cap);
  if (!c->cells || !c->first || !c->text) {
    cli_error(&cmd_cube_command, "out of memory");
    return CLI_ERROR;
  }
  if (o->catalog && cli_output_open(&cmd_cube_command, &run->catalog, o->catalog, 1))
    return CLI_ERROR;
  if (o->svg && cli_output_open(&cmd_cube_command, &run->svg, o->svg, 0)) return CLI_ERROR;
  if (o->catalog) {
    c->catalog = run->catalog.f;
    fprintf(c->catalog,
            "# dance cube catalog: %s, %s %dx%dx%d%s, one solution per line up to the %d "
            "rotations of the %s\n"
            "# layers top first, separated by ' '; rows back first, separated by '/'%s\n",
            set_name(arg), s->region ? "region in" : "box", s->box[0], s->box[1], s->box[2],
            o->mirror ? ", --mirror" : "", poly_model_symmetries(m), shape_word(s),
            s->region ? "; '.' a hole" : "");
  }
  return 0;
}

/* The search, from a checkpoint's earlier runs with --resume, their counts added to this
 * one's; the interrupt handling ends here. 0, or CLI_ERROR after the message. */
static int search(const cube_options *o, const char *path, const poly_model *m,
                  const volatile int *stop, cube_run *run) {
  collector *c = &run->c;
  dlx_options d = dlx_options_default();
  d.on_solution = on_solution;
  d.solution_ctx = c;
  search_options(o, m, &d);
  const int covers = by_covers(o, m, &d);
  run->recall[0] = d.recall_min, run->recall[1] = d.recall_max;
  run->identity = cube_identity(o, m, &d);
  run->pg = (progress){.c = c, .show = o->progress && !o->quiet, .by_covers = covers};
  cli_checkpoint *ck = NULL;
  /* A Ctrl-C while the piece to hold was chosen cut the choice short: the model holds
   * whichever piece looked best then, another problem than the one a whole choice makes, so
   * its checkpoint could never be resumed: the file is left as it was. */
  run->cut_before = stop && __atomic_load_n(stop, __ATOMIC_RELAXED);
  if ((o->checkpoint || o->resume) && !run->cut_before) {
    if (cli_checkpoint_start(&cmd_cube_command, CLI_CHECKPOINT_ARGS(o), run->identity, path,
                             covers ? piece_tally_covers : piece_tally, &d, &ck)) {
      cli_interrupt_end();
      return CLI_ERROR;
    }
    run->pg.before = cli_checkpoint_earlier(ck);
  }
  if (run->pg.show) {
    cli_search_progress_init(&run->pg.report, &cmd_cube_command);
    d.on_progress = on_progress;
    d.progress_ctx = &run->pg;
    d.progress_seconds = o->progress_interval;
  }
  memset(&run->st, 0, sizeof run->st);
  if (ck) cli_checkpoint_begin(ck);
  d.stop = stop; /* a Ctrl-C before the search: it ends at once, incomplete */
  dlx_status ds = dlx_solve(poly_model_matrix(m), &d, &run->st);
  run->interrupted = cli_interrupt_end();
  if (run->pg.show) cli_progress_end(&run->pg.report.line);
  if (ds) {
    if (!cli_checkpoint_refused(ck, ds, run->st.plan.hash))
      cli_error(&cmd_cube_command, "%s", dlx_strerror(ds));
    cli_checkpoint_free(ck);
    return CLI_ERROR;
  }
  int ck_failed = ck && cli_checkpoint_save(ck, run->st.seconds);
  cli_checkpoint_free(ck);
  if (ck_failed) return CLI_ERROR;
  if (covers) {
    if (run->st.solutions > UINT64_MAX / covers_orbit) {
      cli_error(&cmd_cube_command, "the count passes 2^64 - 1, more than this command reports");
      return CLI_ERROR;
    }
    c->solutions = run->st.solutions;
    c->total = run->st.solutions * covers_orbit;
  }
  c->solutions += run->pg.before.counts[0];
  c->total += run->pg.before.counts[1];
  c->self_mirror += run->pg.before.counts[2];
  run->st.nodes += run->pg.before.nodes;
  return 0;
}

/* Whether the run only counts copies of one shape (nothing printed, kept or split; no engine
 * or piece to restrict asked for): then count_orbits counts them by their symmetry classes,
 * far faster than a search that meets every packing (bench/RESULTS.md, "Packing: Bedlam,
 * the Tetris cube and the other piece sets"). */
static int orbits_fit(const cube_options *o, const poly_model *m) {
  if (o->print || o->first || o->max || o->catalog || o->svg || o->checkpoint || o->resume ||
      o->shard.count || o->reflections || o->no_prune || (o->engine && strcmp(o->engine, "auto")) ||
      (o->restrict_piece && strcmp(o->restrict_piece, "auto")))
    return 0;
  const int *box = poly_model_set(m)->box;
  int longest = box[0] > box[1] ? (box[0] > box[2] ? 0 : 2) : (box[1] > box[2] ? 1 : 2);
  if (box[0] * box[1] * box[2] / box[longest] > CUBE_ORBITS_MAX_SECTION) return 0;
  return poly_orbits_apply(poly_model_set(m), o->mirror);
}

/* The count by symmetry classes (poly_count_orbits), as a search's result: the classes as
 * solutions, the packings as covers. 0, or CLI_ERROR after the message. */
static int count_orbits(const cube_options *o, const poly_model *m, const volatile int *stop,
                        cube_run *run) {
  dlx_options d = dlx_options_default();
  search_options(o, m, &d);
  run->identity = cube_identity(o, m, &d);
  d.threads = o->threads ? (int)o->threads : dlx_online_cores();
  d.stop = stop;
  poly_orbit_count *oc = &run->orbits;
  poly_status ps = poly_count_orbits(poly_model_set(m), o->mirror, &d, 0, oc);
  run->interrupted = cli_interrupt_end();
  if (ps) {
    cli_error(&cmd_cube_command, "%s", poly_strerror(ps));
    return CLI_ERROR;
  }
  if (oc->complete && (!dlx_count_fits64(oc->classes) || !dlx_count_fits64(oc->fixed[0]))) {
    cli_error(&cmd_cube_command, "the count passes 2^64 - 1, more than this command reports");
    return CLI_ERROR;
  }
  run->by_orbits = 1;
  run->c.solutions = oc->complete ? (uint64_t)oc->classes : 0;
  run->c.total = oc->complete ? (uint64_t)oc->fixed[0] : 0;
  run->st.complete = oc->complete;
  run->st.nodes = oc->nodes;
  run->st.seconds = oc->seconds;
  run->st.threads = d.threads;
  run->st.engine = DLX_ENGINE_LINKS;
  return 0;
}

/* A solution the collector could not take: a cover that is no packing (a bug), no memory,
 * stdout or the catalog failing. CLI_ERROR after the message (a catalog that failed is
 * removed), else 0. */
static int collector_failed(const collector *c, cli_output *catalog) {
  if (c->error == EINVAL || c->error == ENOMEM) {
    cli_error(&cmd_cube_command, "%s",
              c->error == EINVAL ? "internal error: a cover that is no packing"
                                 : strerror(c->error));
    return CLI_ERROR;
  }
  if (c->error) {
    cli_stdout_error(&cmd_cube_command, c->error);
    return CLI_ERROR;
  }
  if (c->catalog_error) {
    cli_output_commit(&cmd_cube_command, catalog, c->catalog_error); /* says why, removes it */
    return CLI_ERROR;
  }
  return 0;
}

/* The search's result: the catalog's last line, the count (JSON or text), where a checkpoint
 * goes on from, and the files committed. Returns the exit status. */
static int report(const cube_options *o, const char *arg, const char *path, const poly_model *m,
                  cube_run *run) {
  const collector *c = &run->c;
  int complete = run->st.complete && !c->hit_limit;
  const char *stopped_by = complete           ? NULL
                           : run->interrupted ? "interrupt"
                           : o->first         ? "first"
                           : c->hit_limit     ? "max"
                                              : "unknown";
  if (c->catalog) /* the last line says whether the catalog is the whole list */
    cli_catalog_end(c->catalog, &run->st.plan, o->shard, c->solutions,
                    complete ? NULL : cli_stop_phrase(stopped_by, o->max, 0).s);
  const int recalled = run->recall[1] && run->st.engine == DLX_ENGINE_BITS;
  outcome r = {c,
               &run->st,
               &run->pg.before,
               run->identity,
               complete,
               stopped_by,
               run->by_orbits ? &run->orbits : NULL,
               recalled ? run->recall : NULL};
  if (o->json)
    json_result(o, arg, path, m, &r);
  else
    text_result(o, m, &r);
  const char *ckpt = o->checkpoint ? o->checkpoint : o->resume;
  if (ckpt && !complete && !o->quiet && !run->cut_before)
    fprintf(stderr, "dance cube: the finished parts are in %s: --resume %s goes on from there\n",
            ckpt, ckpt);
  if (ckpt && run->cut_before && !o->quiet)
    fprintf(stderr, "dance cube: stopped before the search began: %s is left as it was\n", ckpt);
  int status = c->solutions ? CLI_SOLVED : CLI_NO_SOLUTION;
  /* The result is printed first: a file that cannot be written loses nothing computed. */
  if (o->catalog && cli_output_commit(&cmd_cube_command, &run->catalog, 0)) status = CLI_ERROR;
  if (o->svg && write_svg(o, arg, poly_model_set(m), c, &run->svg)) status = CLI_ERROR;
  return status;
}

static int solve(const cube_options *o, const char *arg, const char *path, const poly_model *m,
                 const volatile int *stop) {
  cube_run run = {.c = {.m = m, .o = o, .limit = o->first ? 1 : o->max}};
  int status = open_outputs(o, arg, m, &run);
  if (!status) status = orbits_fit(o, m) ? count_orbits(o, m, stop, &run)
                                         : search(o, path, m, stop, &run);
  if (!status) status = collector_failed(&run.c, &run.catalog);
  if (!status) status = report(o, arg, path, m, &run);
  cli_output_discard(&run.catalog); /* what is left after an error */
  cli_output_discard(&run.svg);
  free(run.c.cells);
  free(run.c.first);
  free(run.c.text);
  free(run.c.kept);
  free(run.c.used);
  return status;
}

/* ---- checking a catalog ------------------------------------------------------------------ */

typedef struct {
  uint8_t *canon;
  long line;
} entry;

static size_t canon_len;
static int entry_cmp(const void *a, const void *b) {
  const entry *x = a, *y = b;
  int d = memcmp(x->canon, y->canon, canon_len);
  return d ? d : (x->line > y->line) - (x->line < y->line);
}

typedef enum { NO_MARK, COMPLETE, INCOMPLETE } catalog_mark;

/* A catalog as read: each good line's canonical form, how many lines were no packing, and
 * how it ends. The last line dance writes says whether the catalog is the whole list: "#
 * complete: N solutions" or "# incomplete: WHY". A solution after it, or no such line,
 * leaves the catalog not known to be complete. A catalog dance did not write (no "# dance
 * cube catalog" head, no mark) cannot say whether it is whole: it checks out when its lines
 * are distinct packings, at least one. */
typedef struct {
  entry *list;
  size_t count, cap, bad;
  catalog_mark mark;
  int ours, seen_mark;
  char mark_text[160];
  uint64_t marked; /* the count of a "# complete" line */
} catalog;

/* A comment line: dance's head, a mark of the end, or any other comment. */
static void catalog_comment(catalog *k, const char *line) {
  char *end;
  if (!strncmp(line, "# dance cube catalog", 20)) k->ours = 1;
  if (!strncmp(line, "# complete: ", 12) && line[12] >= '0' && line[12] <= '9') {
    k->marked = strtoull(line + 12, &end, 10);
    k->mark = COMPLETE;
  } else if (!strncmp(line, "# incomplete: ", 14)) {
    k->mark = INCOMPLETE;
  } else {
    return;
  }
  snprintf(k->mark_text, sizeof k->mark_text, "%s", line + 2);
  k->seen_mark = 1;
}

/* A good line kept: its packing's canonical form (canon: room for 3 times the cells) and its
 * line number. Nonzero when out of memory. */
static int catalog_keep(catalog *k, const poly_model *m, const uint8_t *cells, uint8_t *canon,
                        long lineno) {
  size_t n = poly_model_cells(m);
  if (k->count == k->cap) {
    size_t cap = k->cap ? 2 * k->cap : 1024;
    entry *l = realloc(k->list, cap * sizeof *l);
    if (!l) return 1;
    k->list = l, k->cap = cap;
  }
  k->list[k->count].canon = malloc(n);
  if (!k->list[k->count].canon) return 1;
  poly_model_canonical(m, cells, canon);
  memcpy(k->list[k->count].canon, canon, n);
  k->list[k->count++].line = lineno;
  return 0;
}

/* Every line of the catalog f (name, in messages): comments noted, the other lines checked
 * as packings of m's set, the first 20 that are not reported and the others kept. 0, or
 * CLI_ERROR after the message. */
static int read_catalog(const cube_options *o, const poly_model *m, FILE *f, const char *name,
                        catalog *k) {
  const poly_set *s = poly_model_set(m);
  size_t n = poly_model_cells(m);
  uint8_t *cells = malloc(n), *canon = malloc(3 * n);
  char *line = NULL;
  size_t line_cap = 0;
  long lineno = 0;
  int nomem = !cells || !canon, status = 0;
  ssize_t len;
  errno = 0;
  while (!nomem && (len = getline(&line, &line_cap, f)) >= 0) {
    lineno++;
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
      line[--len] = '\0';
    if (len == 0) continue;
    if (line[0] == '#') {
      catalog_comment(k, line);
      continue;
    }
    k->mark = NO_MARK;
    char why[200];
    if (poly_parse_line(s, line, cells, why, sizeof why) ||
        poly_check(s, o->mirror, cells, why, sizeof why)) {
      if (k->bad++ < 20) cli_error(&cmd_cube_command, "%s:%ld: %s", name, lineno, why);
      continue;
    }
    nomem = catalog_keep(k, m, cells, canon, lineno);
    errno = 0;
  }
  if (nomem) {
    cli_error(&cmd_cube_command, "out of memory");
    status = CLI_ERROR;
  } else if (ferror(f)) {
    cli_file_error(&cmd_cube_command, o->verify, "read", errno);
    status = CLI_ERROR;
  }
  free(line);
  free(cells);
  free(canon);
  return status;
}

/* The kept lines sorted by canonical form, then line; the first 20 lines equivalent to an
 * earlier one reported. Returns how many lines repeat an earlier one. */
static size_t catalog_duplicates(catalog *k, const poly_model *m, const char *name) {
  size_t n = poly_model_cells(m), dups = 0;
  canon_len = n;
  if (k->count) qsort(k->list, k->count, sizeof *k->list, entry_cmp); /* NULL: no good line */
  for (size_t i = 1; i < k->count; i++)
    if (!memcmp(k->list[i].canon, k->list[i - 1].canon, n)) {
      if (dups++ < 20)
        cli_error(&cmd_cube_command, "%s:%ld: equivalent to line %ld (a rotation of the %s)", name,
                  k->list[i].line, k->list[i - 1].line, shape_word(poly_model_set(m)));
    }
  return dups;
}

/* The verdict on the catalog, as JSON or text. Returns the exit status. */
static int report_catalog(const cube_options *o, const char *arg, const char *path,
                          const poly_model *m, const char *name, const catalog *k, size_t dups) {
  const poly_set *s = poly_model_set(m);
  size_t count = k->count;
  int foreign = !k->ours && !k->seen_mark;
  int miscounted = k->mark == COMPLETE && k->marked != count;
  int ok = !k->bad && !dups && !miscounted, complete = k->mark == COMPLETE;
  if (o->json) {
    cli_json j;
    cli_json_init(&j, stdout);
    cli_json_begin_object(&j, NULL);
    json_head(&j, arg, path, s, o);
    cli_json_string(&j, "catalog", o->verify);
    cli_json_uint(&j, "solutions", count - dups);
    cli_json_uint(&j, "invalid", k->bad);
    cli_json_uint(&j, "duplicates", dups);
    cli_json_bool(&j, "valid", ok);
    if (foreign)
      cli_json_null(&j, "complete"); /* written elsewhere: not known */
    else
      cli_json_bool(&j, "complete", complete);
    cli_json_string(&j, "end", k->mark ? k->mark_text : NULL);
    cli_json_end_object(&j);
  } else if (ok && foreign) {
    if (count)
      printf("%s: %s, each a packing of %s, no two equivalent under the %s of the %s (written "
             "elsewhere: whether it holds every solution is for the count of dance cube to say)\n",
             name, cli_plural(count, "solution", "solutions").s, set_name(arg),
             cli_plural((uint64_t)poly_model_symmetries(m), "rotation", "rotations").s,
             shape_word(s));
    else
      printf("%s: no solutions in it\n", name);
  } else if (ok) {
    if (k->mark == INCOMPLETE)
      printf("%s: %s: ", name, k->mark_text);
    else if (!complete)
      printf("%s: not known to be complete (no '# complete' line at the end): ", name);
    else
      printf("%s: ", name);
    if (count)
      printf("%s, each a packing of %s, no two equivalent under the %s of the %s\n",
             cli_plural(count, "solution", "solutions").s, set_name(arg),
             cli_plural((uint64_t)poly_model_symmetries(m), "rotation", "rotations").s,
             shape_word(s));
    else
      printf("no solutions\n");
  } else if (miscounted && !k->bad && !dups) {
    printf("%s: wrong: the last line says %s, but the catalog has %zu\n", name,
           cli_plural(k->marked, "solution", "solutions").s, count);
  } else {
    printf("%s: wrong: %s no packing, %s an earlier solution (%zu good)\n", name,
           cli_plural(k->bad, "line is", "lines are").s,
           cli_plural(dups, "line repeats", "lines repeat").s, count - dups);
  }
  return ok && (complete || (foreign && count)) ? CLI_SOLVED : CLI_NO_SOLUTION;
}

static int verify(const cube_options *o, const char *arg, const char *path, const poly_model *m) {
  FILE *f = strcmp(o->verify, "-") ? fopen(o->verify, "r") : stdin;
  if (!f) {
    cli_file_error(&cmd_cube_command, o->verify, "open", errno);
    return CLI_ERROR;
  }
  const char *name = lines_display_name(o->verify);
  catalog k = {0};
  int status = read_catalog(o, m, f, name, &k);
  if (!status) status = report_catalog(o, arg, path, m, name, &k, catalog_duplicates(&k, m, name));
  for (size_t i = 0; i < k.count; i++)
    free(k.list[i].canon);
  free(k.list);
  if (f != stdin) fclose(f);
  return status;
}

/* ---- the command --------------------------------------------------------------------------- */

static int export_matrix(const cube_options *o, const char *arg, const poly_model *m) {
  char comment[300];
  const poly_set *s = poly_model_set(m);
  int r = poly_model_restricted(m);
  snprintf(comment, sizeof comment,
           "dance cube %s: %s %dx%dx%d, %d pieces%s; piece %s restricted to one placement per "
           "class of the %d rotations",
           set_name(arg), s->region ? "region in" : "box", s->box[0], s->box[1], s->box[2],
           s->npieces, o->mirror ? " (mirror images allowed)" : "",
           r >= 0 ? s->pieces[r].name : "(none)", poly_model_symmetries(m));
  return cli_export_matrix(&cmd_cube_command, poly_model_matrix(m), o->export_file, comment,
                           o->quiet);
}

/* The options checked against each other before anything is read; box: --box's sides.
 * arg: the piece set named on the command line, or NULL. Returns 0, or the exit status
 * after the message. */
static int check_options(const cube_options *o, const char *arg, int box[3]) {
  const cli_command *cmd = &cmd_cube_command;
  if (o->pieces && arg)
    return cli_usage_error(cmd, "--pieces %s and '%s': the pieces come from one or the other",
                           o->pieces, arg);
  if (o->pieces && !o->box && !o->region)
    return cli_usage_error(
        cmd, "--pieces %s: a library has no box: give --box XxYxZ or --region FILE", o->pieces);
  if (!arg && !o->pieces)
    return cli_usage_error(cmd, "missing the piece set: a NAME or a FILE (or --pieces LIBRARY)");
  if (o->first && o->max) return cli_usage_error(cmd, "--first and --max exclude each other");
  if (o->box && !poly_parse_box(o->box, box))
    return cli_usage_error(cmd,
                           "--box '%s': expected XxYxZ or XxY, each side 1 to %d, at most %d cells",
                           o->box, POLY_MAX_DIM, POLY_MAX_CELLS);
  int stdout_users = !!o->json + (o->export_file && !strcmp(o->export_file, "-")) +
                     (o->catalog && !strcmp(o->catalog, "-")) + !!(o->print || o->first);
  if (stdout_users > 1 && !(o->json && (o->print || o->first) && stdout_users == 2))
    return cli_usage_error(cmd, "more than one of --json, --print/--first, --catalog - and "
                                "--export - want stdout");
  if (o->box && o->region) return cli_usage_error(cmd, "--box and --region exclude each other");
  if (cli_checkpoint_usage(cmd, CLI_CHECKPOINT_ARGS(o))) return CLI_ERROR;
  if ((o->checkpoint || o->resume) && (o->max || o->first || o->print || o->catalog || o->svg))
    return cli_usage_error(cmd, "%s records counts only: it cannot go with %s",
                           o->checkpoint ? "--checkpoint" : "--resume",
                           o->max       ? "--max"
                           : o->first   ? "--first"
                           : o->print   ? "--print"
                           : o->catalog ? "--catalog"
                                        : "--svg");
  if ((o->shard.count || o->checkpoint || o->resume) && (o->verify || o->export_file))
    return cli_usage_error(cmd, "%s searches: it cannot go with %s",
                           o->shard.count  ? "--shard"
                           : o->checkpoint ? "--checkpoint"
                                           : "--resume",
                           o->verify ? "--verify-catalog" : "--export");
  return 0;
}

/* --region FILE: the region drawn in FILE replaces s's box. 0, or CLI_ERROR after the
 * message. */
static int read_region(const char *file, poly_set *s) {
  poly_set *r = NULL;
  poly_error rerr;
  char *buf;
  size_t len;
  dlx_parse_error le;
  /* Read once first for the words every command uses when a file cannot be read; stdin
   * can be read only once. */
  if (strcmp(file, "-") && lines_read_file(file, &buf, &len, &le)) {
    cli_error_at(&cmd_cube_command, le.file, 0, 0, le.message);
    return CLI_ERROR;
  }
  if (strcmp(file, "-")) free(buf);
  poly_status rs = poly_read_region(file, &r, &rerr);
  if (!rs) rs = poly_set_region(s, r);
  poly_set_free(r);
  if (!rs) return 0;
  if (rs == POLY_ESYNTAX)
    cli_error_at(&cmd_cube_command, rerr.file, rerr.line, rerr.column, rerr.message);
  else
    cli_error(&cmd_cube_command, "--region %s: %s", file,
              rerr.message[0] ? rerr.message : poly_strerror(rs));
  return CLI_ERROR;
}

/* The piece set as the options make it: read from arg (a set's name or a file; path gets
 * what messages call it) or a library, in the box or region asked for, each piece taken
 * --copies times, every piece optional with --optional. NULL after the message. */
static poly_set *read_set(const cube_options *o, const char *arg, const int box[3], char *path,
                          size_t cap) {
  poly_set *s;
  if (o->pieces) {
    snprintf(path, cap, "--pieces %s", o->pieces);
    s = load_library(o->pieces);
  } else {
    s = load(arg, path, cap);
  }
  if (!s) return NULL;
  if (o->copies && apply_copies(o->copies, s)) {
    poly_set_free(s);
    return NULL;
  }
  if (o->box) poly_set_box(s, box);
  if (o->region && read_region(o->region, s)) {
    poly_set_free(s);
    return NULL;
  }
  if (o->optional)
    for (int p = 0; p < s->npieces; p++)
      s->pieces[p].optional = 1;
  return s;
}

/* The model's options from the command's; --restrict's piece looked up in s (path, in
 * messages). 0, or CLI_ERROR after the message. */
static int model_options(const cube_options *o, const poly_set *s, const char *path,
                         poly_options *po) {
  *po = poly_options_default();
  po->mirror = o->mirror;
  po->reflections = o->reflections;
  po->prune = !o->no_prune;
  po->engine = cli_engine(o->engine);
  /* Choosing the restricted piece runs Knuth's estimator with these threads (as many as
   * the root has children, at most) once its first estimate says the trees are large. */
  po->threads = o->threads ? (int)o->threads : dlx_online_cores();
  if (o->restrict_piece && strcmp(o->restrict_piece, "auto")) {
    po->restrict_piece = -3;
    if (!strcmp(o->restrict_piece, "none")) po->restrict_piece = POLY_RESTRICT_NONE;
    for (int p = 0; p < s->npieces; p++)
      if (!strcmp(s->pieces[p].name, o->restrict_piece)) po->restrict_piece = p;
    if (po->restrict_piece == -3) {
      cli_usage_error(&cmd_cube_command, "--restrict %s: %s has no piece of that name",
                      o->restrict_piece, path);
      return CLI_ERROR;
    }
  }
  if (o->verify) po->restrict_piece = POLY_RESTRICT_NONE;
  return 0;
}

int cmd_cube(int argc, char **argv) {
  const cli_command *cmd = &cmd_cube_command;
  cube_options o;
  int nargs, status = cli_start(cmd, &o, argc, argv, 1, &nargs);
  if (status >= 0) return status;
  const char *arg = nargs > 0 ? argv[1] : NULL;
  if (o.list && o.copies && !o.pieces)
    return cli_usage_error(cmd, "--copies goes with a set to pack or with --list --pieces "
                                "LIBRARY, not with --list alone");
  if (o.list && o.pieces) return cli_finish(cmd, write_library(o.pieces, o.copies));
  if (o.list) return cli_finish(cmd, list_sets(o.json));
  int box[3];
  if ((status = check_options(&o, arg, box))) return status;
  if (o.pieces) arg = o.pieces;
  char path[1024];
  poly_set *s = read_set(&o, arg, box, path, sizeof path);
  poly_options po;
  if (!s || model_options(&o, s, path, &po)) {
    poly_set_free(s);
    return CLI_ERROR;
  }
  poly_model *m = NULL;
  poly_error err;
  int solving = !o.verify && !o.export_file;
  const volatile int *stop = solving ? cli_interrupt_begin() : NULL;
  po.stop = stop; /* a Ctrl-C while the restricted piece is chosen ends the choice */
  poly_status ps = poly_model_new(s, &po, &m, &err);
  if (ps) {
    if (solving) cli_interrupt_end();
    /* The pieces' volume against a box or region given on the command line: the user's
     * input at fault is that box or region, not the piece file (which may be one of
     * dance's); a piece that fits nowhere is named with its line in the piece file. */
    char shape[64];
    const char *where = strcmp(path, "-") ? path : "<stdin>";
    int line = err.line;
    if ((o.box || o.region) && ps == POLY_EVOLUME) {
      snprintf(shape, sizeof shape, "--box %s", o.box ? o.box : "");
      where = o.region ? o.region : shape;
      line = 0;
    }
    cli_error_at(cmd, where, line, 0, err.message[0] ? err.message : poly_strerror(ps));
    poly_set_free(s);
    return CLI_ERROR;
  }
  status = o.verify        ? verify(&o, arg, path, m)
           : o.export_file ? export_matrix(&o, arg, m)
                           : solve(&o, arg, path, m, stop);
  poly_model_free(m);
  poly_set_free(s);
  return cli_finish(cmd, status);
}
