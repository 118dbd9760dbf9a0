/* dance_mpi.c -- `dance-mpi`: the parts of a split dance run handed out over MPI.
 *
 *   mpirun -np 8 dance-mpi --parts 64 --dir bedlam.parts -- cube bedlam
 *
 * Rank 0 hands out the parts K = 0..N-1 one at a time, to each rank as it finishes its last
 * (so that one slow part does not hold the others up); a rank runs `dance ARGS --shard K/N
 * --json` and sends the result back. Rank 0 writes each result to DIR/part-K.json and the
 * list of the finished parts to DIR/checkpoint, each written whole by the command line's one
 * writer (solvers/cli/atomic.h: a new temporary file, synced, renamed), and at the end runs
 * `dance merge` on the results, whose output and exit status are dance-mpi's. Run again after a crash, it searches only the parts not yet
 * finished. Only rank 0 touches DIR, so DIR need not be on a shared file system.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <mpi.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../cli/atomic.h"

extern char **environ;

enum { TAG_WORK = 1, TAG_RESULT = 2, TAG_TEXT = 3, STOP = -1 };

/* Waits, asleep, for a message (MPI_Recv would spin a core for the whole wait: rank 0
 * waits as long as the parts run, on a machine whose cores the parts are using). */
static void await_message(int source, int tag, MPI_Status *st) {
  struct timespec pause = {0, 1000000}; /* 1 ms */
  for (;;) {
    int ready = 0;
    MPI_Iprobe(source, tag, MPI_COMM_WORLD, &ready, st);
    if (ready) return;
    nanosleep(&pause, NULL);
  }
}

/* The same for the barrier at the end, which ranks reach as they run out of parts. */
static void await_all(void) {
  struct timespec pause = {0, 1000000};
  MPI_Request req;
  MPI_Ibarrier(MPI_COMM_WORLD, &req);
  for (;;) {
    int done = 0;
    MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    if (done) return;
    nanosleep(&pause, NULL);
  }
}

static const char usage[] =
    "Usage: mpirun -np R dance-mpi [OPTIONS] -- COMMAND [ARGS...]\n"
    "\n"
    "Runs the N parts of a split dance search (dance COMMAND ARGS --shard K/N --json) on\n"
    "the ranks of an MPI job: rank 0 hands the parts out one at a time to the other ranks\n"
    "as they finish, keeps the results in DIR, and at the end runs 'dance merge' on them.\n"
    "Run again with the same DIR after a crash, it searches only the parts not yet done.\n"
    "\n"
    "Options:\n"
    "  --parts N      split the search into N parts (default: 8 per working rank)\n"
    "  --dir DIR      where rank 0 keeps the results and the checkpoint (default:\n"
    "                 dance-mpi.parts)\n"
    "  --threads T    threads of each part (default: 1, one rank per core)\n"
    "  --dance PATH   the dance to run (default: the one beside dance-mpi, else on PATH)\n"
    "  --json         print merge's JSON object instead of its text\n"
    "  -q, --quiet    print nothing on stderr but errors\n"
    "  -h, --help     show this help and exit\n"
    "\n"
    "Exit status: merge's: 0 if merged with a solution, 1 if merged with none, 2 for bad\n"
    "usage or input, or a part that failed (run again: the finished parts are kept).\n"
    "\n"
    "Example:\n"
    "  mpirun -np 3 dance-mpi --parts 16 --dir soma.parts -- cube soma\n";

typedef struct {
  long parts;
  const char *dir, *dance;
  int threads, json, quiet;
  char **args; /* COMMAND ARGS... */
  int nargs;
} config;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* 0 and the config, or 2 after a message (rank 0 prints it). */
static int parse(int argc, char **argv, config *c, int rank, int *help) {
  memset(c, 0, sizeof *c);
  c->dir = "dance-mpi.parts";
  c->threads = 1;
  int i = 1;
  const char *bad = NULL;
  char msg[300];
  for (; i < argc && !bad; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--")) {
      i++;
      break;
    } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      *help = 1;
      return 0;
    } else if (!strcmp(a, "--json")) {
      c->json = 1;
    } else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
      c->quiet = 1;
    } else if ((!strcmp(a, "--parts") || !strcmp(a, "--threads") || !strcmp(a, "--dir") ||
                !strcmp(a, "--dance")) &&
               i + 1 < argc) {
      const char *v = argv[++i];
      char *end;
      if (!strcmp(a, "--dir")) {
        c->dir = v;
      } else if (!strcmp(a, "--dance")) {
        c->dance = v;
      } else {
        errno = 0;
        long x = strtol(v, &end, 10);
        long max = !strcmp(a, "--parts") ? 1000000 : 1024;
        if (errno || *end || x < 1 || x > max) {
          snprintf(msg, sizeof msg, "%s %s: expected a number from 1 to %ld", a, v, max);
          bad = msg;
        } else if (!strcmp(a, "--parts")) {
          c->parts = x;
        } else {
          c->threads = (int)x;
        }
      }
    } else {
      snprintf(msg, sizeof msg, "unknown option '%s' (the dance command comes after --)", a);
      bad = msg;
    }
  }
  if (!bad && i >= argc) bad = "missing the dance command after --, e.g. -- cube bedlam";
  if (bad) {
    if (rank == 0) fprintf(stderr, "dance-mpi: %s\nTry 'dance-mpi --help'.\n", bad);
    return 2;
  }
  c->args = argv + i;
  c->nargs = argc - i;
  return 0;
}

/* ---- a worker: one part ------------------------------------------------------------------ */

/* The dance beside this program, if there is one, else "dance" (found on PATH). */
static const char *default_dance(char *buf, size_t cap) {
  ssize_t n = readlink("/proc/self/exe", buf, cap - 8);
  if (n > 0) {
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (slash) {
      strcpy(slash + 1, "dance");
      if (access(buf, X_OK) == 0) return buf;
    }
  }
  return "dance";
}

/* Runs dance on part k and returns its exit status (or 128 + a signal, or 127 if it could
 * not be started), its stdout in *out (malloc'ed, NUL-terminated). */
static int run_part(const config *c, const char *dance, long k, char **out, size_t *len) {
  char shard[64], threads[16];
  snprintf(shard, sizeof shard, "%ld/%ld", k, c->parts);
  snprintf(threads, sizeof threads, "%d", c->threads);
  int n = c->nargs + 8;
  char **argv = calloc((size_t)n, sizeof *argv);
  int a = 0;
  argv[a++] = (char *)dance;
  for (int i = 0; i < c->nargs; i++)
    argv[a++] = c->args[i];
  argv[a++] = "--shard";
  argv[a++] = shard;
  argv[a++] = "--threads";
  argv[a++] = threads;
  argv[a++] = "--json";
  argv[a++] = "--quiet";
  argv[a] = NULL;
  int fd[2];
  *out = NULL;
  *len = 0;
  if (pipe(fd)) {
    free(argv);
    return 127;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, fd[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&fa, fd[0]);
  posix_spawn_file_actions_addclose(&fa, fd[1]);
  pid_t pid;
  int err = strchr(dance, '/') ? posix_spawn(&pid, dance, &fa, NULL, argv, environ)
                               : posix_spawnp(&pid, dance, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  free(argv);
  close(fd[1]);
  size_t cap = 4096;
  char *buf = malloc(cap);
  for (ssize_t got; buf && (got = read(fd[0], buf + *len, cap - *len - 1)) != 0;) {
    if (got < 0) {
      if (errno == EINTR) continue;
      break;
    }
    *len += (size_t)got;
    if (*len + 1 == cap) {
      char *nb = realloc(buf, cap *= 2);
      if (!nb) break;
      buf = nb;
    }
  }
  close(fd[0]);
  if (buf) buf[*len] = '\0';
  *out = buf;
  if (err) return 127;
  int status;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status)
                           : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

static void worker(const config *c) {
  char buf[PATH_MAX];
  const char *dance = c->dance ? c->dance : default_dance(buf, sizeof buf);
  for (;;) {
    long k;
    MPI_Status st;
    await_message(0, TAG_WORK, &st);
    MPI_Recv(&k, 1, MPI_LONG, 0, TAG_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (k == STOP) return;
    double t0 = now();
    char *text;
    size_t len;
    int status = run_part(c, dance, k, &text, &len);
    long result[3] = {k, status, (long)len};
    double seconds = now() - t0;
    MPI_Send(result, 3, MPI_LONG, 0, TAG_RESULT, MPI_COMM_WORLD);
    MPI_Send(&seconds, 1, MPI_DOUBLE, 0, TAG_RESULT, MPI_COMM_WORLD);
    MPI_Send(text ? text : "", (int)len, MPI_CHAR, 0, TAG_TEXT, MPI_COMM_WORLD);
    free(text);
  }
}

/* ---- rank 0 ------------------------------------------------------------------------------ */

/* The checkpoint: "dance-mpi-checkpoint 1", "parts N", "command ARGS", then "done K" lines. */
static char *checkpoint_text(const config *c, const unsigned char *done, size_t *len) {
  char *text = NULL;
  FILE *m = open_memstream(&text, len);
  if (!m) return NULL;
  fprintf(m, "# dance-mpi: the parts finished; their results are part-K.json beside this file\n");
  fprintf(m, "dance-mpi-checkpoint 1\nparts %ld\ncommand", c->parts);
  for (int i = 0; i < c->nargs; i++)
    fprintf(m, " %s", c->args[i]);
  fputc('\n', m);
  for (long k = 0; k < c->parts; k++)
    if (done[k]) fprintf(m, "done %ld\n", k);
  fclose(m);
  return text;
}

/* Reads DIR/checkpoint, if there is one: the parts done (with their results present).
 * 0, or 2 after a message (a checkpoint of another command or split). */
static int read_checkpoint(const config *c, unsigned char *done, long *count) {
  char path[PATH_MAX], cmd[8400] = "", want[8400] = "";
  snprintf(path, sizeof path, "%s/checkpoint", c->dir);
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  size_t w = 0;
  for (int i = 0; i < c->nargs && w < sizeof want - 1; i++)
    w += (size_t)snprintf(want + w, sizeof want - w, " %s", c->args[i]);
  char line[8300];
  long parts = -1;
  int status = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = '\0';
    long k;
    if (!strncmp(line, "command", 7)) {
      snprintf(cmd, sizeof cmd, "%s", line + 7);
    } else if (sscanf(line, "parts %ld", &parts) == 1) {
    } else if (sscanf(line, "done %ld", &k) == 1 && k >= 0 && k < c->parts) {
      char part[PATH_MAX];
      snprintf(part, sizeof part, "%s/part-%ld.json", c->dir, k);
      if (access(part, R_OK) == 0 && !done[k]) done[k] = 1, (*count)++;
    }
  }
  fclose(f);
  if (parts != c->parts || strcmp(cmd, want)) {
    fprintf(stderr,
            "dance-mpi: %s is the checkpoint of another run (%ld parts of 'dance%s'): give "
            "another --dir, or the same --parts and command\n",
            path, parts, cmd);
    status = 2;
  }
  return status;
}

static int coordinator(const config *c, int ranks) {
  unsigned char *done = calloc((size_t)c->parts, 1);
  long finished = 0, failed = 0;
  if (!done) return 2;
  if (mkdir(c->dir, 0777) && errno != EEXIST) {
    fprintf(stderr, "dance-mpi: %s: cannot create: %s\n", c->dir, strerror(errno));
    return 2;
  }
  int status = read_checkpoint(c, done, &finished);
  long next = 0, busy = 0;
  if (!c->quiet && finished && !status)
    fprintf(stderr, "dance-mpi: %ld of %ld parts were done before; searching the others\n",
            finished, c->parts);
  /* The first part for each working rank; ranks left without one stop at once. */
  for (int r = 1; r < ranks; r++) {
    while (!status && next < c->parts && done[next])
      next++;
    long k = !status && next < c->parts ? next++ : STOP;
    MPI_Send(&k, 1, MPI_LONG, r, TAG_WORK, MPI_COMM_WORLD);
    busy += k != STOP;
  }
  double start = now();
  while (busy > 0) {
    long result[3];
    double seconds;
    MPI_Status st;
    await_message(MPI_ANY_SOURCE, TAG_RESULT, &st);
    int r = st.MPI_SOURCE;
    MPI_Recv(result, 3, MPI_LONG, r, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&seconds, 1, MPI_DOUBLE, r, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    char *text = malloc((size_t)result[2] + 1);
    MPI_Recv(text, (int)result[2], MPI_CHAR, r, TAG_TEXT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    long k = result[0];
    int code = (int)result[1];
    busy--;
    if (code == 0 || code == 1) { /* solved, or no solution in this part: a result */
      char path[PATH_MAX];
      snprintf(path, sizeof path, "%s/part-%ld.json", c->dir, k);
      int err = cli_atomic_write(path, text, (size_t)result[2], CLI_ATOMIC_SYNC);
      size_t len = 0;
      char *ck = NULL;
      if (!err) {
        done[k] = 1;
        finished++;
        ck = checkpoint_text(c, done, &len);
        snprintf(path, sizeof path, "%s/checkpoint", c->dir);
        err = ck ? cli_atomic_write(path, ck, len, CLI_ATOMIC_SYNC) : ENOMEM;
      }
      free(ck);
      if (err) {
        fprintf(stderr, "dance-mpi: %s: cannot write: %s\n", path, cli_atomic_strerror(err));
        failed++;
      } else if (!c->quiet) {
        fprintf(stderr, "dance-mpi: part %ld/%ld done by rank %d in %.2f s (%ld of %ld, %.1f s)\n",
                k, c->parts, r, seconds, finished, c->parts, now() - start);
      }
    } else {
      fprintf(stderr, "dance-mpi: part %ld/%ld failed on rank %d (exit status %d)\n", k, c->parts,
              r, code);
      failed++;
    }
    free(text);
    while (next < c->parts && done[next])
      next++;
    long w = next < c->parts ? next++ : STOP;
    MPI_Send(&w, 1, MPI_LONG, r, TAG_WORK, MPI_COMM_WORLD);
    busy += w != STOP;
  }
  free(done);
  if (status) return status;
  if (failed) {
    fprintf(stderr, "dance-mpi: %ld parts failed; run again with the same --dir to search them\n",
            failed);
    return 2;
  }
  return -1; /* merge */
}

/* Replaces rank 0 by `dance merge DIR/part-0.json ...` once the others are done. */
static int merge(const config *c) {
  char buf[PATH_MAX];
  const char *dance = c->dance ? c->dance : default_dance(buf, sizeof buf);
  char **argv = calloc((size_t)c->parts + 5, sizeof *argv);
  int a = 0;
  argv[a++] = (char *)dance;
  argv[a++] = "merge";
  if (c->json) argv[a++] = "--json";
  for (long k = 0; k < c->parts; k++) {
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/part-%ld.json", c->dir, k);
    argv[a++] = strdup(path);
  }
  argv[a] = NULL;
  fflush(NULL);
  pid_t pid;
  int err = strchr(dance, '/') ? posix_spawn(&pid, dance, NULL, NULL, argv, environ)
                               : posix_spawnp(&pid, dance, NULL, NULL, argv, environ);
  for (int i = c->json ? 3 : 2; i < a; i++)
    free(argv[i]);
  free(argv);
  if (err) {
    fprintf(stderr, "dance-mpi: %s: cannot run: %s\n", dance, strerror(err));
    return 2;
  }
  int status;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, ranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  config c;
  int help = 0, status = parse(argc, argv, &c, rank, &help);
  if (help) {
    if (rank == 0) fputs(usage, stdout);
    MPI_Finalize();
    return 0;
  }
  if (!status && ranks < 2) {
    if (rank == 0)
      fprintf(stderr, "dance-mpi: needs 2 ranks or more (rank 0 hands out the parts): "
                      "mpirun -np 3 dance-mpi ...\n");
    status = 2;
  }
  if (status) {
    MPI_Finalize();
    return status;
  }
  if (!c.parts) c.parts = 8L * (ranks - 1);
  if (rank == 0) {
    status = coordinator(&c, ranks);
  } else {
    worker(&c);
  }
  await_all();
  if (rank == 0 && status < 0) status = merge(&c);
  MPI_Finalize();
  return rank == 0 ? status : 0;
}
