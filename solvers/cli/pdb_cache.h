/* pdb_cache.h -- `dance slide`'s pattern databases (slide_pdb.h) kept between runs: read
 * from a cache folder when a whole and checked copy is there, else built and saved there
 * through atomic.h (a temporary file in the same folder, synced, renamed into place).
 * A copy that is truncated, corrupted or of another format is said so on stderr and
 * rebuilt, never used. Internal to solvers/cli/. */
#ifndef DANCE_CLI_PDB_CACHE_H
#define DANCE_CLI_PDB_CACHE_H

#include <stdbool.h>

#include "cli.h"
#include "slide_pdb.h"

/* How the tables were had. */
typedef struct {
  const char *cache; /* "hit", "built" (none was there), "rebuilt" (a bad copy replaced),
                      * "off" (--pdb-cache none), "unsaved" (built, could not be saved),
                      * "interrupted" (the build was stopped: nothing built or saved) */
  char path[4096];   /* the cache file; empty when off */
  double build_seconds; /* 0 on a hit */
  double load_seconds;  /* reading and checking the file, on a hit */
} pdb_cache_info;

/* The folder: dir when given ("none": no cache, NULL returned), else $DANCE_PDB_CACHE, else
 * $XDG_CACHE_HOME/dance, else $HOME/.cache/dance; written into buf. NULL also when no
 * folder can be named (no HOME). */
const char *pdb_cache_dir(const char *dir, char *buf, size_t cap);

/* The tables of s: from the cache folder dir (NULL: none), or built on `threads` threads and
 * saved there; a nonzero *stop (NULL: none) abandons the build. What happened goes to stderr
 * unless quiet (a bad copy is said even then), and to *info. NULL after an error said on
 * stderr (out of memory), or when stopped (info->cache is then "interrupted"). */
slide_pdb *pdb_cache_get(const cli_command *cmd, const slide_pdb_spec *s, const char *dir,
                         int threads, const volatile int *stop, bool quiet,
                         pdb_cache_info *info);

#endif
