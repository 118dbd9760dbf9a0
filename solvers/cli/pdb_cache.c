/* pdb_cache.c -- the pattern databases of `dance slide`, read from their cache file or built
 * and saved (pdb_cache.h). */
#include "pdb_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "atomic.h"

static double seconds_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const char *pdb_cache_dir(const char *dir, char *buf, size_t cap) {
  const char *env;
  if (!dir) dir = getenv("DANCE_PDB_CACHE");
  if (dir && !strcmp(dir, "none")) return NULL;
  if (dir && *dir)
    snprintf(buf, cap, "%s", dir);
  else if ((env = getenv("XDG_CACHE_HOME")) && *env == '/')
    snprintf(buf, cap, "%s/dance", env);
  else if ((env = getenv("HOME")) && *env)
    snprintf(buf, cap, "%s/.cache/dance", env);
  else
    return NULL;
  return buf;
}

/* Makes the folder path and its missing parents (mode 0700, as a cache of one user's). */
static int make_dirs(const char *path) {
  char p[4096];
  snprintf(p, sizeof p, "%s", path);
  for (char *s = p + 1;; s++) {
    char c = *s;
    if (c != '/' && c != '\0') continue;
    *s = '\0';
    if (mkdir(p, 0700) && errno != EEXIST) return errno;
    if (!c) return 0;
    *s = c;
  }
}

/* The tables from the file at path, checked whole; NULL when the file is missing (said
 * nothing) or bad (said on stderr). */
static slide_pdb *read_copy(const cli_command *cmd, const slide_pdb_spec *s, const char *path,
                            bool *bad) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  *bad = false;
  if (fd < 0) {
    if (errno != ENOENT) cli_warning(cmd, "%s: cannot open: %s: rebuilding", path, strerror(errno));
    *bad = errno != ENOENT;
    return NULL;
  }
  struct stat st = {0};
  size_t want = slide_pdb_image_size(s), got = 0;
  uint8_t *image = NULL;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size == want &&
      (image = malloc(want)))
    while (got < want) {
      ssize_t k = read(fd, image + got, want - got);
      if (k <= 0) break;
      got += (size_t)k;
    }
  close(fd);
  slide_pdb *p = NULL;
  slide_pdb_load_status ls = image ? slide_pdb_load(s, image, got, &p) : SLIDE_PDB_SHORT;
  if (ls != SLIDE_PDB_LOADED) free(image);
  *bad = ls != SLIDE_PDB_LOADED;
  if (ls == SLIDE_PDB_SHORT)
    cli_warning(cmd, "%s: truncated (%jd bytes, not %zu): rebuilding", path, (intmax_t)st.st_size,
                want);
  else if (ls == SLIDE_PDB_HEADER)
    cli_warning(cmd, "%s: not pattern databases of this format, board and groups: rebuilding",
                path);
  else if (ls == SLIDE_PDB_CHECKSUM)
    cli_warning(cmd, "%s: corrupted (its checksum does not match): rebuilding", path);
  else if (ls == SLIDE_PDB_NOMEM)
    cli_warning(cmd, "%s: out of memory reading it: rebuilding", path);
  return p;
}

/* Builds the tables of s, said on stderr unless quiet. */
static slide_pdb *build(const cli_command *cmd, const slide_pdb_spec *s, int threads,
                        const volatile int *stop, bool quiet, pdb_cache_info *info) {
  char sizes[64];
  slide_pdb_spec_sizes(s, sizes, sizeof sizes);
  if (!quiet)
    fprintf(stderr,
            "dance %s: building the pattern databases %s (%s) for the goal's empty cell at "
            "%d,%d\n",
            cmd->name, sizes, cli_bytes(slide_pdb_image_size(s)).s, s->blank / s->cols + 1,
            s->blank % s->cols + 1);
  double t0 = seconds_now();
  slide_pdb *p;
  slide_status st = slide_pdb_build(s, threads, stop, &p);
  info->build_seconds = seconds_now() - t0;
  if (st == SLIDE_STOPPED) {
    info->cache = "interrupted";
    if (!quiet)
      fprintf(stderr, "dance %s: interrupted while building the pattern databases (%s in)\n",
              cmd->name, cli_duration(info->build_seconds).s);
    return NULL;
  }
  if (st) {
    cli_error(cmd, "pattern databases: %s", slide_strerror(st));
    return NULL;
  }
  if (!quiet)
    fprintf(stderr, "dance %s: pattern databases built in %s\n", cmd->name,
            cli_duration(info->build_seconds).s);
  return p;
}

slide_pdb *pdb_cache_get(const cli_command *cmd, const slide_pdb_spec *s, const char *dir,
                         int threads, const volatile int *stop, bool quiet,
                         pdb_cache_info *info) {
  memset(info, 0, sizeof *info);
  info->cache = "off";
  bool bad = false;
  if (dir) {
    char name[256];
    slide_pdb_file_name(s, name, sizeof name);
    snprintf(info->path, sizeof info->path, "%s/%s", dir, name);
    double t0 = seconds_now();
    slide_pdb *p = read_copy(cmd, s, info->path, &bad);
    if (p) {
      info->cache = "hit";
      info->load_seconds = seconds_now() - t0;
      if (!quiet) fprintf(stderr, "dance %s: pattern databases read from %s\n", cmd->name, info->path);
      return p;
    }
  }
  slide_pdb *p = build(cmd, s, threads, stop, quiet, info);
  if (!p || !dir) return p;
  size_t len;
  const void *image = slide_pdb_image(p, &len);
  int err = make_dirs(dir);
  if (!err) err = cli_atomic_write(info->path, image, len, CLI_ATOMIC_SYNC);
  if (err) {
    cli_warning(cmd, "%s: cannot write: %s (the tables are used, not kept)", info->path,
                cli_atomic_strerror(err));
    info->cache = "unsaved";
  } else {
    info->cache = bad ? "rebuilt" : "built";
    if (!quiet) fprintf(stderr, "dance %s: pattern databases saved as %s\n", cmd->name, info->path);
  }
  return p;
}
