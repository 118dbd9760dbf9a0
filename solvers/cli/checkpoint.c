/* checkpoint.c -- the finished pieces of a search, written and read back (checkpoint.h). */
#define _POSIX_C_SOURCE 200809L
#include "checkpoint.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "identity.h"

typedef struct {
  uint64_t nodes;
  dlx_count counts[CLI_COUNTS]; /* a memoized piece's solutions may pass 2^64 */
  unsigned char state; /* 0: not finished; 1: by an earlier run; 2: by this one */
} record;

struct cli_checkpoint {
  const cli_command *cmd;
  cli_checkpoint_args args;
  const char *path;       /* where to write: --checkpoint FILE, or the --resume FILE */
  uint64_t identity;      /* the problem's */
  uint32_t split;         /* dlx_options.split_pieces */
  char description[1200]; /* the command, for the file's comment line */
  cli_tally_fn tally;
  pthread_mutex_t lock;
  uint64_t pieces; /* 0 until known */
  record *rec;
  unsigned char *done; /* for dlx_options.pieces_done: the earlier runs' pieces */
  uint64_t plan;       /* the split's plan: the file's, or this run's once a piece finished */
  cli_checkpoint_before before;
  double start, next_write; /* this run's start; the next write's time */
  int changed;              /* a piece finished since the last write */
  int warned;               /* a failed write was reported */
  /* The writer: a thread of its own, that wakes every interval (the search's progress
   * callback would do, but asks the split for weights it does not need otherwise). */
  pthread_t writer;
  pthread_cond_t wake;
  int running, quit;
};

/* ---- reading --------------------------------------------------------------------------- */

/* Says "file:line: what" (line 0: "file: what"), with what a rerun can do when the file was
 * found at --checkpoint FILE rather than named by --resume. Returns CLI_ERROR. */
static int refuse(const cli_checkpoint *c, const char *file, long line, int found, const char *fmt,
                  ...) CLI_PRINTF(5, 6);
static int refuse(const cli_checkpoint *c, const char *file, long line, int found, const char *fmt,
                  ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (found && n >= 0 && (size_t)n < sizeof msg)
    snprintf(msg + n, sizeof msg - (size_t)n, " (--restart replaces it)");
  cli_error_at(c->cmd, file, line, 0, msg);
  return CLI_ERROR;
}

/* The whole file, NUL-terminated: 0, an errno, or CLI_ATOMIC_ENOTREG for a file that is not
 * a regular one (a pipe is not read: that would wait for a writer). */
static int read_all(const char *file, char **text, size_t *len) {
  *text = NULL, *len = 0;
  int fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return errno;
  struct stat st;
  int err = fstat(fd, &st)         ? errno
            : S_ISDIR(st.st_mode)  ? EISDIR
            : !S_ISREG(st.st_mode) ? CLI_ATOMIC_ENOTREG
                                   : 0;
  size_t cap = 0;
  while (!err) {
    if (*len + 1 >= cap) {
      cap = cap ? 2 * cap : 65536;
      char *t = realloc(*text, cap);
      if (!t) err = ENOMEM;
      if (!t) break;
      *text = t;
    }
    ssize_t r = read(fd, *text + *len, cap - *len - 1);
    if (r < 0 && errno != EINTR && errno != EAGAIN) err = errno;
    if (r == 0) break;
    if (r > 0) *len += (size_t)r;
  }
  close(fd);
  if (!err) (*text)[*len] = '\0';
  if (err) free(*text), *text = NULL;
  return err;
}

/* What a checkpoint or a run is of: "the whole problem", or "part K/N". --shard 0/1 (split 0)
 * is a part: its tree is split as a part's is, not as the whole problem's. */
static void part_name(char *buf, size_t cap, uint32_t k, uint32_t n, uint32_t split) {
  if (n == 1 && split)
    snprintf(buf, cap, "the whole problem");
  else
    snprintf(buf, cap, "part %" PRIu32 "/%" PRIu32, k, n);
}

/* Reads file and checks it against this run: of this problem, part and split, with sums
 * this command can count. found: the file was found at --checkpoint FILE. Returns 0 with
 * *d filled, or CLI_ERROR after saying why. */
static int read_checked(const cli_checkpoint *c, const char *file, int found, cli_ckpt_data *d) {
  char *text;
  size_t len;
  memset(d, 0, sizeof *d);
  int err = read_all(file, &text, &len);
  if (err == CLI_ATOMIC_ENOTREG && found) {
    cli_file_error(c->cmd, file, "write", err);
    return CLI_ERROR;
  }
  if (err == CLI_ATOMIC_ENOTREG)
    return refuse(c, file, 0, 0, "not a regular file: not a checkpoint");
  if (err) {
    cli_file_error(c->cmd, file, err == ENOENT || err == EACCES ? "open" : "read", err);
    return CLI_ERROR;
  }
  cli_ckpt_error e;
  cli_ckpt_status s = cli_ckpt_parse(text, len, d, &e);
  free(text);
  if (s == CLI_CKPT_NOT && found)
    return refuse(c, file, 0, 0,
                  "exists and is not a dance checkpoint: left as it is (--restart replaces it)");
  if (s) return refuse(c, file, e.line, found, "%s", e.message);
  const char *what = NULL;
  char have[80], want[80];
  uint32_t k = c->args.shard.index, n = c->args.shard.count ? c->args.shard.count : 1;
  if (d->identity != c->identity) {
    refuse(c, file, 0, found,
           "a checkpoint of another problem (identity %s; this one is %s): the input, the "
           "options that change the count or its split (--memo), or the version of dance differ",
           cli_identity_hex(d->identity).s, cli_identity_hex(c->identity).s);
  } else if (d->shard_index != k || d->shard_count != n ||
             (n == 1 && !d->split != !c->split)) { /* 0/1: a part of one, or the whole */
    part_name(have, sizeof have, d->shard_index, d->shard_count, d->split);
    part_name(want, sizeof want, k, n, c->split);
    refuse(c, file, 0, found, "a checkpoint of %s, and this run is of %s", have, want);
  } else if (d->split != c->split) {
    refuse(c, file, 0, found,
           "a checkpoint of another split (split %" PRIu32 "; this run's is %" PRIu32 ")", d->split,
           c->split);
  } else {
    for (int q = c->args.wide ? 1 : 0; q < CLI_COUNTS && !what; q++)
      if (!dlx_count_fits64(d->counts[q])) what = "counts";
    if (!dlx_count_fits64(d->nodes)) what = "nodes";
    if (!what) return 0;
    refuse(c, file, 0, found, "the pieces' %s add up past 2^64 - 1, more than dance %s counts",
           what, c->cmd->name);
  }
  cli_ckpt_data_free(d);
  return CLI_ERROR;
}

/* Room for n pieces' records (n from the file or from the split). */
static int make_records(cli_checkpoint *c, uint64_t n) {
  c->rec = calloc(n ? n : 1, sizeof *c->rec);
  c->done = calloc(n ? n : 1, 1);
  c->pieces = n;
  return c->rec && c->done;
}

/* Takes what the file read says was done before. */
static int take(cli_checkpoint *c, const char *file, const cli_ckpt_data *d) {
  if (d->pieces && !make_records(c, d->pieces)) {
    cli_error(c->cmd, "%s: %s", file, strerror(ENOMEM));
    return CLI_ERROR;
  }
  cli_checkpoint_before *b = &c->before;
  for (size_t i = 0; i < d->count; i++) {
    const cli_ckpt_piece *p = &d->piece[i];
    record *r = &c->rec[p->index];
    r->nodes = (uint64_t)p->nodes; /* each fits: their sums do */
    for (int q = 0; q < CLI_COUNTS; q++)
      r->counts[q] = p->counts[q];
    r->state = 1;
    c->done[p->index] = 1;
  }
  b->pieces = d->count;
  b->nodes = (uint64_t)d->nodes;
  for (int q = 0; q < CLI_COUNTS; q++) /* each fits (checked), but a wide command's solutions */
    b->counts[q] = dlx_count_fits64(d->counts[q]) ? (uint64_t)d->counts[q] : UINT64_MAX;
  b->solutions = d->counts[0];
  b->seconds = d->seconds;
  b->cpu = d->cpu;
  b->of = d->pieces;
  b->resumed = file;
  c->plan = d->plan;
  return 0;
}

/* ---- writing --------------------------------------------------------------------------- */

/* The file's text, made under the lock; NULL if out of memory. */
static char *format(cli_checkpoint *c, double seconds, size_t *len) {
  cli_ckpt_data d = {
      .identity = c->identity,
      .shard_index = c->args.shard.count ? c->args.shard.index : 0,
      .shard_count = c->args.shard.count ? c->args.shard.count : 1,
      .split = c->split,
      .plan = c->plan,
      .seconds = seconds,
      .cpu = c->before.cpu + cli_cpu_now(),
      .pieces = c->rec ? c->pieces : 0,
  };
  size_t n = 0;
  for (uint64_t i = 0; i < d.pieces; i++)
    n += c->rec[i].state != 0;
  d.piece = malloc((n ? n : 1) * sizeof *d.piece);
  if (!d.piece) return NULL;
  for (uint64_t i = 0; i < d.pieces; i++) {
    const record *r = &c->rec[i];
    if (!r->state) continue;
    cli_ckpt_piece *p = &d.piece[d.count++];
    p->index = i;
    p->nodes = r->nodes;
    for (int q = 0; q < CLI_COUNTS; q++)
      p->counts[q] = r->counts[q];
  }
  char *text = cli_ckpt_format(&d, c->description, len);
  free(d.piece);
  return text;
}

static int save(cli_checkpoint *c, double seconds) {
  size_t len;
  pthread_mutex_lock(&c->lock);
  char *text = format(c, seconds, &len);
  c->changed = 0;
  pthread_mutex_unlock(&c->lock);
  int err = text ? cli_atomic_write(c->path, text, len, CLI_ATOMIC_SYNC) : ENOMEM;
  free(text);
  return err;
}

/* ---- the search's side ----------------------------------------------------------------- */

static void on_piece(void *ctx, const dlx_piece *p) {
  cli_checkpoint *c = ctx;
  uint64_t k[CLI_COUNTS] = {p->solutions, 0, 0};
  if (c->tally) c->tally(p, k);
  if (p->index == DLX_PIECE_ABOVE) return; /* every run searches it again */
  dlx_count k0 = c->tally ? k[0] : (dlx_count)p->solutions_high << 64 | p->solutions;
  pthread_mutex_lock(&c->lock);
  if (!c->rec && !make_records(c, p->pieces)) {
    free(c->rec), free(c->done);
    c->rec = NULL, c->done = NULL, c->pieces = 0; /* the records are lost, not the search */
  }
  if (c->rec && p->index < c->pieces) {
    c->rec[p->index] = (record){p->nodes, {k0, k[1], k[2]}, 2};
    if (!c->plan) c->plan = p->plan; /* one split, one plan: the library refused another */
    c->changed = 1;
  }
  pthread_mutex_unlock(&c->lock);
}

static void attach(cli_checkpoint *c, dlx_options *d) {
  d->split_pieces = c->split;
  d->on_piece = on_piece;
  d->piece_ctx = c;
  d->plan = c->plan;
  if (c->rec) {
    d->pieces_done = c->done;
    d->pieces_done_count = c->pieces;
  }
}

static void tick(cli_checkpoint *c) {
  double now = cli_now();
  if (now < c->next_write) return;
  c->next_write = now + c->args.interval;
  pthread_mutex_lock(&c->lock);
  int changed = c->changed;
  pthread_mutex_unlock(&c->lock);
  if (!changed) return;
  int err = save(c, c->before.seconds + (now - c->start));
  if (err && !c->warned) {
    cli_warning(c->cmd, "%s: cannot write the checkpoint: %s (the search goes on)", c->path,
                cli_atomic_strerror(err));
    c->warned = 1;
  }
}

static void *writer_main(void *arg) {
  cli_checkpoint *c = arg;
  pthread_mutex_lock(&c->lock);
  while (!c->quit) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    double at = (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec + c->args.interval;
    ts.tv_sec = (time_t)at;
    ts.tv_nsec = (long)((at - (double)ts.tv_sec) * 1e9);
    pthread_cond_timedwait(&c->wake, &c->lock, &ts);
    if (c->quit) break;
    pthread_mutex_unlock(&c->lock);
    tick(c);
    pthread_mutex_lock(&c->lock);
  }
  pthread_mutex_unlock(&c->lock);
  return NULL;
}

void cli_checkpoint_begin(cli_checkpoint *c) {
  c->start = cli_now();
  c->next_write = c->start + c->args.interval;
  /* Without the thread, only the last write is made: the search is not held up for it. */
  c->running = pthread_create(&c->writer, NULL, writer_main, c) == 0;
}

static void stop_writer(cli_checkpoint *c) {
  if (!c->running) return;
  pthread_mutex_lock(&c->lock);
  c->quit = 1;
  pthread_cond_signal(&c->wake);
  pthread_mutex_unlock(&c->lock);
  pthread_join(c->writer, NULL);
  c->running = 0;
}

int cli_checkpoint_save(cli_checkpoint *c, double seconds) {
  stop_writer(c);
  int err = save(c, c->before.seconds + seconds);
  if (err) {
    cli_file_error(c->cmd, c->path, "write", err);
    return CLI_ERROR;
  }
  return 0;
}

/* ---- the command's side ---------------------------------------------------------------- */

int cli_checkpoint_usage(const cli_command *cmd, cli_checkpoint_args a) {
  if (a.restart && a.resume)
    return cli_usage_error(cmd, "--restart and --resume exclude each other: the one starts the "
                                "search over, the other goes on with it");
  if (a.restart && !a.checkpoint)
    return cli_usage_error(cmd, "--restart needs --checkpoint FILE, the checkpoint to start over");
  return 0;
}

/* Reads what is to be resumed: --resume FILE, or the file found at --checkpoint FILE (unless
 * --restart). With --resume A and --checkpoint B both, B is written over: it must be a
 * checkpoint of this run too, if it exists. */
static int read_before(cli_checkpoint *c) {
  const cli_checkpoint_args *a = &c->args;
  struct stat st;
  int found = !a->resume && !a->restart && stat(a->checkpoint, &st) == 0;
  cli_ckpt_data d;
  if (a->resume && a->checkpoint && strcmp(a->resume, a->checkpoint) &&
      stat(a->checkpoint, &st) == 0) {
    if (read_checked(c, a->checkpoint, 1, &d)) return CLI_ERROR;
    cli_ckpt_data_free(&d);
  }
  const char *file = a->resume ? a->resume : found ? a->checkpoint : NULL;
  if (!file) return 0;
  if (read_checked(c, file, found, &d)) return CLI_ERROR;
  int status = take(c, file, &d);
  cli_ckpt_data_free(&d);
  if (!status && !a->quiet) {
    fflush(stdout);
    if (c->before.of)
      fprintf(stderr, "dance %s: resuming %s: %" PRIu64 " of %" PRIu64 " pieces done\n",
              c->cmd->name, file, c->before.pieces, c->before.of);
    else
      fprintf(stderr, "dance %s: resuming %s: no piece done yet\n", c->cmd->name, file);
  }
  return status;
}

int cli_checkpoint_start(const cli_command *cmd, cli_checkpoint_args a, uint64_t identity,
                         const char *input, cli_tally_fn tally, dlx_options *d,
                         cli_checkpoint **out) {
  *out = NULL;
  cli_checkpoint *c = calloc(1, sizeof *c);
  if (!c) {
    cli_error(cmd, "%s", strerror(ENOMEM));
    return CLI_ERROR;
  }
  c->cmd = cmd;
  c->args = a;
  c->path = a.checkpoint ? a.checkpoint : a.resume;
  c->identity = identity;
  c->split = a.shard.count ? 0 : CLI_CHECKPOINT_PIECES;
  c->tally = tally;
  snprintf(c->description, sizeof c->description, "dance %s %s%s", cmd->name, input,
           a.shard.count ? " (a part of a split run)" : "");
  pthread_mutex_init(&c->lock, NULL);
  pthread_cond_init(&c->wake, NULL);
  if (read_before(c)) {
    cli_checkpoint_free(c);
    return CLI_ERROR;
  }
  int err = save(c, c->before.seconds);
  if (err) {
    cli_file_error(cmd, c->path, "write", err);
    cli_checkpoint_free(c);
    return CLI_ERROR;
  }
  attach(c, d);
  *out = c;
  return 0;
}

int cli_checkpoint_refused(const cli_checkpoint *c, dlx_status s, uint64_t plan) {
  if (!c || !c->before.resumed) return 0;
  const char *file = c->before.resumed;
  if (s == DLX_EPLAN) {
    cli_error(c->cmd,
              "%s: the checkpoint's pieces are of another split of the tree (plan %016" PRIx64
              "; this run's is %016" PRIx64 "): another version of dance cut it otherwise",
              file, c->plan, plan);
    return 1;
  }
  if (s == DLX_EARG && c->rec) {
    cli_error(c->cmd,
              "%s: the checkpoint's split (%" PRIu64 " pieces) is not this run's: another "
              "version of dance cut the tree otherwise",
              file, c->pieces);
    return 1;
  }
  return 0;
}

cli_checkpoint_before cli_checkpoint_earlier(const cli_checkpoint *c) { return c->before; }

void cli_checkpoint_print_before(const cli_checkpoint_before *b) {
  printf("resumed:     %s and %s done before, in %.3f s (%.3f s of CPU)\n",
         cli_plural(b->pieces, "piece", "pieces").s, cli_plural(b->nodes, "node", "nodes").s,
         b->seconds, b->cpu);
}

void cli_checkpoint_free(cli_checkpoint *c) {
  if (!c) return;
  stop_writer(c);
  pthread_mutex_destroy(&c->lock);
  pthread_cond_destroy(&c->wake);
  free(c->rec);
  free(c->done);
  free(c);
}

void cli_json_shard(cli_json *j, cli_shard shard) {
  if (!shard.count) {
    cli_json_null(j, "shard");
    return;
  }
  cli_json_begin_object(j, "shard");
  cli_json_uint(j, "index", shard.index);
  cli_json_uint(j, "count", shard.count);
  cli_json_end_object(j);
}

void cli_json_checkpoint(cli_json *j, const char *checkpoint, const char *resume,
                         const cli_checkpoint_before *before) {
  if (checkpoint || resume) cli_json_string(j, "checkpoint", checkpoint ? checkpoint : resume);
  if (!before || !before->resumed) return;
  cli_json_begin_object(j, "resumed");
  cli_json_string(j, "file", before->resumed);
  cli_json_uint(j, "pieces", before->pieces);
  cli_json_uint(j, "nodes", before->nodes);
  cli_json_count(j, "solutions", before->solutions);
  cli_json_real(j, "seconds", before->seconds, 3);
  cli_json_real(j, "cpu_seconds", before->cpu, 3);
  cli_json_end_object(j);
}
