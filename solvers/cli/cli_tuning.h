/* cli_tuning.h -- the thresholds that choose how the commands run a search (on one thread
 * or several, in how many pieces a small cube search is split, which estimate guides a
 * sliding-tile search), and the One Up
 * sampler's default temperature. None changes a count. The measurements behind each are in
 * the section of bench/RESULTS.md that its comment names. Internal to solvers/cli/ (cli.h
 * includes it). */
#ifndef DANCE_CLI_TUNING_H
#define DANCE_CLI_TUNING_H

enum {
  /* dance cube on the default threads: a search estimated under this many nodes runs on one
   * thread. "Small searches: a cheaper choice and one thread for a tiny search". */
  CUBE_ONE_THREAD_NODES = 20000,
  /* dance cube on threads: one piece of the split per this many nodes of the held piece's
   * estimate. "Then: the small frames of four words, and progress that costs less". */
  CUBE_SPLIT_PIECE_NODES = 2000,
  /* ... and at least this many pieces a thread. The same section. */
  CUBE_SPLIT_THREAD_LEAST = 64,
  /* The pieces a thread of the library's own split (dlx.h, split_pieces): a search that
   * would ask for as many keeps that split. The same section. */
  CUBE_SPLIT_THREAD_MOST = 512,
  /* dance slide --heuristic auto: pattern databases on boards of at least this many cells
   * (3 x 5, 4 x 4), where they pay for their build; the Manhattan distance and linear
   * conflicts on smaller ones, which it solves before the tables would be built. "The state
   * graph: sliding blocks, numbered tiles, bar flip". */
  SLIDE_PDB_MIN_CELLS = 15,
  /* dance cube counts copies of one shape by their symmetry classes (polycube_orbits.c) when
   * the box's cross-section, the cells across its longest side, is at most this many: the
   * count walks the states of that frontier, whose number grows exponentially with it.
   * "Packing: Bedlam, the Tetris cube and the other piece sets". */
  CUBE_ORBITS_MAX_SECTION = 12,
  /* dance burr --engine auto: the bitset engine for a matrix of up to this many options (a
   * burr matrix has no colours; its pieces' counts are multiplicities, which the bitset
   * engine searches too), where the library's own choice would take dancing links past two
   * words of options; it was as fast or faster on every example measured, the largest well
   * below this. Beyond, the library chooses. "Burr puzzles". */
  BURR_BITS_MAX_OPTIONS = 4096,
};

/* dance oneup --method metropolis: the default temperature, the lowest median time over 100
 * seeds on the 7 July 2024 puzzle. "Metropolis against DLX: Gridlock and One Up". */
#define ONEUP_DEFAULT_TEMP 0.5

#endif
