/* atomic.c -- files written whole or not at all, through files of our own (atomic.h). */
#define _POSIX_C_SOURCE 200809L
#include "atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A name of a temporary file nobody can foresee from the target's alone: the time, the
 * process, a count of the names drawn and an address, mixed (splitmix64's finalizer). A
 * name that is taken all the same is skipped (O_EXCL): this only makes clashes rare. */
static uint64_t draw(void) {
  static uint64_t drawn;
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  uint64_t n = __atomic_add_fetch(&drawn, 1, __ATOMIC_RELAXED);
  uint64_t x = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 30 ^ (uint64_t)getpid() << 12 ^
               n * 0x9e3779b97f4a7c15u ^ (uint64_t)(uintptr_t)&ts;
  x = (x ^ x >> 30) * 0xbf58476d1ce4e5b9u;
  x = (x ^ x >> 27) * 0x94d049bb133111ebu;
  return x ^ x >> 31;
}

/* The file to replace: path itself, or what the symbolic link at path names, followed link
 * by link (it need not exist: a link to a file not yet written names where to write it).
 * *exists says whether it exists, *st is then its stat. */
static int resolve(const char *path, char **target, struct stat *st, int *exists) {
  char *at = strdup(path);
  for (int hops = 0; at; hops++) {
    *exists = lstat(at, st) == 0;
    if (!*exists && errno != ENOENT) break;
    if (!*exists || !S_ISLNK(st->st_mode)) {
      *target = at;
      return 0;
    }
    if (hops == 40) {
      errno = ELOOP;
      break;
    }
    char *link = malloc((size_t)st->st_size + 1);
    ssize_t n = link ? readlink(at, link, (size_t)st->st_size + 1) : -1;
    if (n < 0 || n > st->st_size) { /* the link changed under us: try again */
      free(link);
      if (n < 0) break;
      continue;
    }
    link[n] = '\0';
    const char *slash = strrchr(at, '/');
    int dir = link[0] == '/' || !slash ? 0 : (int)(slash - at) + 1; /* relative to its folder */
    char *next = malloc((size_t)dir + (size_t)n + 1);
    if (next) sprintf(next, "%.*s%s", dir, at, link);
    free(link);
    free(at);
    at = next;
  }
  int err = at ? errno : ENOMEM;
  free(at);
  *target = NULL;
  return err;
}

/* Creates ".NAME.XXXXXX" beside target, mode 0666 less the umask (what a new file gets), or
 * the mode of the file it replaces. */
static int make_temp(cli_atomic *a, const struct stat *old) {
  static const char letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const char *slash = strrchr(a->target, '/');
  int dir = slash ? (int)(slash - a->target) + 1 : 0;
  const char *name = a->target + dir;
  int n = strlen(name) > 200 ? 200 : (int)strlen(name); /* the temporary's name, 255 at most */
  char *temp = malloc((size_t)dir + (size_t)n + 9);
  if (!temp) return ENOMEM;
  for (int tries = 0; tries < 100; tries++) {
    char suffix[7];
    uint64_t r = draw();
    for (int i = 0; i < 6; i++, r /= 62)
      suffix[i] = letters[r % 62];
    suffix[6] = '\0';
    sprintf(temp, "%.*s.%.*s.%s", dir, a->target, n, name, suffix);
    int fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd >= 0) {
      if (old) fchmod(fd, old->st_mode & 0777);
      a->fd = fd;
      a->temp = temp;
      return 0;
    }
    if (errno != EEXIST) break;
  }
  int err = errno;
  free(temp);
  return err;
}

int cli_atomic_open(cli_atomic *a, const char *path, int flags) {
  *a = (cli_atomic){.fd = -1, .flags = flags};
  struct stat st;
  int exists, err = resolve(path, &a->target, &st, &exists);
  if (err) return err;
  if (!exists || S_ISREG(st.st_mode)) {
    err = make_temp(a, exists ? &st : NULL);
  } else if (S_ISDIR(st.st_mode)) {
    err = EISDIR;
  } else if ((flags & CLI_ATOMIC_IN_PLACE) &&
             (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))) {
    a->fd = open(a->target, O_WRONLY | O_TRUNC | O_CLOEXEC);
    err = a->fd < 0 ? errno : 0;
  } else {
    err = CLI_ATOMIC_ENOTREG;
  }
  if (err) cli_atomic_discard(a);
  return err;
}

/* Makes a rename in the folder of path last (on file systems that need it). */
static void sync_folder(const char *path) {
  const char *slash = strrchr(path, '/');
  char *dir = slash ? strndup(path, (size_t)(slash - path) + 1) : strdup(".");
  int fd = dir ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
  if (fd >= 0) {
    fsync(fd);
    close(fd);
  }
  free(dir);
}

int cli_atomic_commit(cli_atomic *a) {
  int err = 0;
  if (a->fd >= 0) {
    if (a->temp && (a->flags & CLI_ATOMIC_SYNC) && fsync(a->fd)) err = errno;
    if (close(a->fd) && !err) err = errno;
    a->fd = -1;
  }
  if (!err && a->temp) {
    /* What was a regular file (or nothing) when the file was opened may not be one now. */
    struct stat st;
    if (lstat(a->target, &st) == 0 && !S_ISREG(st.st_mode))
      err = S_ISDIR(st.st_mode) ? EISDIR : CLI_ATOMIC_ENOTREG;
    else if (rename(a->temp, a->target))
      err = errno;
    else if (a->flags & CLI_ATOMIC_SYNC)
      sync_folder(a->target);
    if (!err) {
      free(a->temp);
      a->temp = NULL;
    }
  }
  cli_atomic_discard(a);
  return err;
}

void cli_atomic_discard(cli_atomic *a) {
  if (a->fd >= 0) close(a->fd);
  a->fd = -1;
  if (a->temp) unlink(a->temp);
  free(a->temp);
  free(a->target);
  a->temp = a->target = NULL;
}

int cli_atomic_write(const char *path, const void *data, size_t len, int flags) {
  cli_atomic a;
  int err = cli_atomic_open(&a, path, flags);
  for (size_t at = 0; !err && at < len;) {
    ssize_t w = write(a.fd, (const char *)data + at, len - at);
    if (w < 0 && errno != EINTR) err = errno;
    if (w > 0) at += (size_t)w;
  }
  if (err) {
    cli_atomic_discard(&a);
    return err;
  }
  return cli_atomic_commit(&a);
}

const char *cli_atomic_strerror(int err) {
  if (err == CLI_ATOMIC_ENOTREG)
    return "it exists and is not a regular file, which dance does not replace";
  return strerror(err);
}
