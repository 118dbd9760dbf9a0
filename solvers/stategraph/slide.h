/*
 * slide.h -- sliding-block puzzles, as Project Euler 766 poses them: read a layout, count the
 * configurations reachable from it, find shortest solutions. The search is stategraph.h's.
 *
 * The layout. A line whose first non-blank character is '#' is a comment, wholly, and
 * comments and blank lines are skipped, anywhere; they count in the line numbers of
 * messages. The other lines are the rows of the board, top first, one character per cell:
 * '.' an empty cell, any other printable ASCII character except '#' one piece, made of all
 * the cells bearing that character, which must be joined side to side. Every row has the
 * same length, the board has at most 64 cells and at least one empty one. A row holds no
 * blank, and a '#' in it, after its cells too ("AB.#"), is an error, not a comment. A
 * trailing '\r' (CRLF) is ignored.
 *
 *   # Project Euler 766's small example: 208 configurations
 *   LLa.
 *   Lbc.
 *   defg
 *
 * A line whose first word is 'labelled' (or 'labeled'), then a blank, is no row: it names
 * pieces that keep their identity, as the characters after it ("labelled 12345678"), or all
 * of them ("labelled *"). Rows hold no blank, so no row reads as one.
 *
 * The moves. A piece slides one cell up, down, left or right into empty cells; it never
 * turns. Pieces of the same shape are interchangeable unless labelled: a configuration is
 * which shape covers which cells, and which cells each labelled piece covers, so two
 * layouts that differ only by swapping equal unlabelled pieces are one configuration. Two metrics count a solution's length: unit steps (one cell, one piece),
 * and piece moves, where a piece that goes any distance along any path, the others
 * standing still, makes one move. The reachable configurations are the same in both.
 *
 * The state. A configuration is packed into one key: for each shape (each labelled piece
 * apart), the set of places of its pieces (where the top left corner of the bounding box lies), ranked among all sets
 * of that many places (the combinatorial number system), the ranks side by side. Project
 * Euler 766's puzzle takes 55 bits, so one 64-bit word with the search's tag; any layout
 * of at most 64 cells fits in SG_MAX_BITS.
 *
 * Ownership: slide_read_file, slide_parse and the goal constructors return objects the
 * caller frees (slide_free, slide_goal_free); a result's arrays are freed by
 * slide_result_free. A goal refers to its puzzle, which must outlive it. Nothing here
 * prints or exits.
 */
#ifndef DANCE_SLIDE_H
#define DANCE_SLIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stategraph.h"

typedef enum {
  SLIDE_OK = 0,
  SLIDE_ENOMEM,
  SLIDE_EOPEN,   /* a file cannot be opened or read; the message has the reason */
  SLIDE_ESYNTAX, /* a malformed layout; the error has the line, column and message */
  SLIDE_EGOAL,   /* a goal this puzzle cannot have; the error says why */
  SLIDE_ESEARCH, /* the state graph failed; cannot happen with a correct move generator */
  SLIDE_STOPPED, /* a stop flag ended the work before it was done; nothing was kept */
} slide_status;

const char *slide_strerror(slide_status s);

/* Where and what. line and column count from 1; line 0 means the error has no place (a
 * goal given as PIECE@ROW,COL). */
typedef struct {
  char file[256];
  long line, column;
  char message[200];
} slide_error;

typedef struct slide_puzzle slide_puzzle;

/* Reads a layout file ("-": stdin, named "<stdin>" in errors). On an error, *out is NULL and
 * *err says where and what. */
slide_status slide_read_file(const char *path, slide_puzzle **out, slide_error *err);
/* The same from text of len bytes; file names it in errors. */
slide_status slide_parse(const char *text, size_t len, const char *file, slide_puzzle **out,
                         slide_error *err);
void slide_free(slide_puzzle *p); /* accepts NULL */

int slide_rows(const slide_puzzle *p);
int slide_cols(const slide_puzzle *p);
int slide_piece_count(const slide_puzzle *p);
int slide_shape_count(const slide_puzzle *p); /* distinct shapes */
int slide_labelled_count(const slide_puzzle *p); /* pieces named on a 'labelled' line */
/* Whether the puzzle is of the n-puzzle family: at least 2 x 2, every piece a labelled
 * 1 x 1 tile, one empty cell. Its goals are checked for parity, and heuristic search
 * (slide_tiles.h) solves it. */
bool slide_is_tiles(const slide_puzzle *p);
unsigned slide_key_bits(const slide_puzzle *p);

/* The bytes of the tables that decode the keys of shapes with at most 2^20 sets of places
 * (the six 1x1 pieces of Project Euler 766: 593,775 sets of places, 2.3 MiB). */
uint64_t slide_table_bytes(const slide_puzzle *p);
/* Frees those tables, so that every key is decoded by search: the same results, slower.
 * For tests and for measuring what the tables save. */
void slide_drop_tables(slide_puzzle *p);

/* The start layout as rows of characters, each ending in '\n', then a NUL: into buf of cap
 * bytes, truncating like snprintf; returns the length it needs, rows * (cols + 1). */
size_t slide_format(const slide_puzzle *p, char *buf, size_t cap);

/* ---- goals ------------------------------------------------------------------------------ */

typedef struct slide_goal slide_goal;

/* A piece of the shape of the piece named `name` with the top left corner of its bounding
 * box at row, col (from 1). */
slide_status slide_goal_piece(const slide_puzzle *p, char name, int row, int col, slide_goal **out,
                              slide_error *err);
/* The configuration of target: the same board size and the same number of pieces of each
 * shape (names may differ), and the puzzle's labelled pieces by their names. For tiles
 * (slide_is_tiles), a goal of the wrong parity is refused. Errors point into target's
 * file. */
slide_status slide_goal_layout(const slide_puzzle *p, const slide_puzzle *target, slide_goal **out,
                               slide_error *err);
/* "PIECE@ROW,COL" (one character, then numbers) is slide_goal_piece; anything else is the
 * name of a layout file for slide_goal_layout. */
slide_status slide_goal_parse(const slide_puzzle *p, const char *spec, slide_goal **out,
                              slide_error *err);
void slide_goal_free(slide_goal *g); /* accepts NULL */

/* ---- searching -------------------------------------------------------------------------- */

typedef enum { SLIDE_STEPS, SLIDE_MOVES } slide_metric;

/* One move of a solution: the piece named as in the layout (equal pieces keep their own
 * names as they move), the top left corner of its bounding box before and after (from 1),
 * and the unit steps it takes, 'U', 'D', 'L', 'R' (one for SLIDE_STEPS; a shortest path
 * of that piece for SLIDE_MOVES). */
typedef struct {
  char piece;
  int from_row, from_col, to_row, to_col;
  char path[65];
} slide_move;

typedef struct {
  sg_stats search;  /* states, depth, how the search ended, memory, time */
  uint64_t *layers; /* states at each distance, search.depth + 1 of them */
  bool found;       /* a goal was given and reached */
  uint32_t length;  /* moves in the solution, in the metric searched */
  uint32_t steps;   /* unit steps in it (== length for SLIDE_STEPS) */
  slide_move *moves;
  char *boards; /* length + 1 layouts: the start, then after each move; each as slide_format
                   writes it (without the NUL), rows * (cols + 1) bytes */
} slide_result;

/* Without a goal, stores every configuration reachable from the start (search.states and
 * layers: the count; search.depth: the farthest distance in the metric). With one, stops
 * at the first configuration that meets it: found, and a shortest solution in moves and
 * boards. limits may be NULL. Returns SLIDE_OK however the search ended (search.end says
 * how; when a limit stopped it, the counts are those reached), or SLIDE_ENOMEM or
 * SLIDE_ESEARCH; *r is then to be freed in every case. */
slide_status slide_search(const slide_puzzle *p, slide_metric metric, const slide_goal *goal,
                          const sg_limits *limits, slide_result *r);
void slide_result_free(slide_result *r);

#endif
