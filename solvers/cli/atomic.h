/* atomic.h -- the one way dance writes a file: whole or not at all, never through a file it
 * did not make, and never over anything but a regular file.
 *
 * The text goes to a new temporary file in the target's folder, ".NAME.XXXXXX" with XXXXXX
 * drawn at random, created with O_CREAT | O_EXCL | O_NOFOLLOW: a file or a symbolic link
 * already there (left by a crash, made by another run writing the same target, or planted)
 * is never opened, another name is drawn. Once complete the file is renamed over the
 * target, so that a reader, or a crash, sees the old file or the new one, whole.
 *
 * A target that exists and is not a regular file (a named pipe, a device, a socket) is never
 * replaced: it is refused (CLI_ATOMIC_ENOTREG), or with CLI_ATOMIC_IN_PLACE a pipe or a
 * device is opened and written in place (--svg /dev/stdout). A folder is refused (EISDIR).
 * A symbolic link is followed: the file it names is replaced (or made) and the link kept.
 *
 * Every file dance writes goes through here: cli_output (catalogs, SVG, exports, the
 * census), checkpoints, and dance-mpi's results and checkpoint, which links this file alone
 * (it depends on nothing else of dance). Errors are errno values, or CLI_ATOMIC_ENOTREG.
 */
#ifndef DANCE_CLI_ATOMIC_H
#define DANCE_CLI_ATOMIC_H

#include <stddef.h>

enum {
  CLI_ATOMIC_SYNC = 1,     /* fsync the file before the rename, and its folder after */
  CLI_ATOMIC_IN_PLACE = 2, /* a target that is a pipe or a device is written in place */
};

/* Not an errno: the target exists and is not a regular file, and is not replaced. */
#define CLI_ATOMIC_ENOTREG (-1)

typedef struct {
  int fd;       /* where to write: the temporary file, or the target written in place */
  char *temp;   /* the temporary file; NULL when written in place */
  char *target; /* what it replaces: the path, or the file a symbolic link there names */
  int flags;
} cli_atomic;

/* Opens path for writing. Returns 0, or an error (*a then holds nothing to free). */
int cli_atomic_open(cli_atomic *a, const char *path, int flags);
/* Closes the file and renames it over the target (checking again that the target, if it
 * exists, is still a regular file). Returns 0, or an error after which the temporary file
 * is removed. Either way *a holds nothing more. */
int cli_atomic_commit(cli_atomic *a);
/* Closes and removes the temporary file: the target is left as it was. Accepts an *a that
 * was committed or discarded already, or that failed to open (not a zeroed one: fd 0). */
void cli_atomic_discard(cli_atomic *a);
/* All of it at once: len bytes of data written to path. Returns 0 or an error. */
int cli_atomic_write(const char *path, const void *data, size_t len, int flags);

/* The text of an error of this module: strerror's, or for CLI_ATOMIC_ENOTREG "not a
 * regular file ...". Never NULL. */
const char *cli_atomic_strerror(int err);

#endif
