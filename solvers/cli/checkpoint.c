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
#include <time.h>
#include <unistd.h>

#include "identity.h"

typedef struct {
  uint64_t nodes, counts[CLI_COUNTS];
  unsigned char state; /* 0: not finished; 1: by an earlier run; 2: by this one */
} record;

struct cli_checkpoint {
  const cli_command *cmd;
  cli_checkpoint_config cfg;
  char description[1200]; /* cfg.description points here */
  pthread_mutex_t lock;
  uint64_t pieces; /* 0 until known */
  record *rec;
  unsigned char *done; /* for dlx_options.pieces_done: the earlier runs' pieces */
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

static int bad(cli_checkpoint *c, const char *file, long line, const char *fmt, ...)
    CLI_PRINTF(4, 5);
static int bad(cli_checkpoint *c, const char *file, long line, const char *fmt, ...) {
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  cli_error_at(c->cmd, file, line, 0, msg);
  return CLI_ERROR;
}

/* Room for n pieces' records (n from the file or from the split). */
static int make_records(cli_checkpoint *c, uint64_t n) {
  c->rec = calloc(n ? n : 1, sizeof *c->rec);
  c->done = calloc(n ? n : 1, 1);
  c->pieces = n;
  return c->rec && c->done;
}

static int load(cli_checkpoint *c, const char *file) {
  FILE *f = fopen(file, "r");
  if (!f) {
    cli_file_error(c->cmd, file, "open", errno);
    return CLI_ERROR;
  }
  char *line = NULL;
  size_t cap = 0;
  long no = 0;
  int status = 0, seen_magic = 0, seen_end = 0;
  uint64_t identity = 0, shard_k = UINT64_MAX, shard_n = 0, split = 0;
  int have_identity = 0, have_split = 0, have_seconds = 0;
  errno = 0;
  while (!status && getline(&line, &cap, f) >= 0) {
    no++;
    line[strcspn(line, "\r\n")] = '\0';
    if (line[0] == '#' || line[0] == '\0') continue;
    int n = -1;
    if (seen_end) {
      status = bad(c, file, no, "text after 'end'");
    } else if (!seen_magic) {
      unsigned version;
      if (sscanf(line, "dance-checkpoint %u%n", &version, &n) == 1 && line[n] == '\0') {
        if (version != 1)
          status = bad(c, file, no, "checkpoint format %u: this dance reads format 1", version);
        seen_magic = 1;
      } else {
        status = bad(c, file, no, "not a dance checkpoint (expected 'dance-checkpoint 1')");
      }
    } else if (!strncmp(line, "identity ", 9)) {
      char hex[17];
      if (sscanf(line, "identity %16[0-9a-f]%n", hex, &n) == 1 && line[n] == '\0' &&
          strlen(hex) == 16) {
        identity = strtoull(hex, NULL, 16);
        have_identity = 1;
      } else {
        status = bad(c, file, no, "expected 'identity' and 16 hexadecimal digits");
      }
    } else if (!strncmp(line, "shard ", 6)) {
      if (!(sscanf(line, "shard %" SCNu64 " %" SCNu64 "%n", &shard_k, &shard_n, &n) == 2 &&
            line[n] == '\0' && shard_n >= 1 && shard_k < shard_n))
        status = bad(c, file, no, "expected 'shard K N' with 0 <= K < N");
    } else if (!strncmp(line, "split ", 6)) {
      if (sscanf(line, "split %" SCNu64 "%n", &split, &n) == 1 && line[n] == '\0' && split > 0 &&
          split <= UINT32_MAX)
        have_split = 1;
      else
        status = bad(c, file, no, "expected 'split' and a number of pieces");
    } else if (!strncmp(line, "seconds ", 8)) {
      if (sscanf(line, "seconds %lf%n", &c->before.seconds, &n) == 1 && line[n] == '\0' &&
          c->before.seconds >= 0)
        have_seconds = 1;
      else
        status = bad(c, file, no, "expected 'seconds' and a time");
    } else if (!strncmp(line, "pieces ", 7)) {
      uint64_t pieces;
      if (c->rec)
        status = bad(c, file, no, "a second 'pieces' line");
      else if (!(sscanf(line, "pieces %" SCNu64 "%n", &pieces, &n) == 1 && line[n] == '\0' &&
                 pieces <= ((uint64_t)1 << 40)))
        status = bad(c, file, no, "expected 'pieces' and a number");
      else if (!make_records(c, pieces))
        status = bad(c, file, 0, "out of memory");
    } else if (!strncmp(line, "piece ", 6)) {
      uint64_t i, nodes, k[CLI_COUNTS];
      if (!c->rec) {
        status = bad(c, file, no, "a 'piece' line before the 'pieces' line");
      } else if (!(sscanf(line,
                          "piece %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 "%n", &i,
                          &nodes, &k[0], &k[1], &k[2], &n) == 5 &&
                   line[n] == '\0')) {
        status = bad(c, file, no, "expected 'piece' and five numbers: index, nodes, counts");
      } else if (i >= c->pieces) {
        status =
            bad(c, file, no, "piece %" PRIu64 " of a split of %" PRIu64 " pieces", i, c->pieces);
      } else if (c->rec[i].state) {
        status = bad(c, file, no, "piece %" PRIu64 " a second time", i);
      } else {
        c->rec[i] = (record){nodes, {k[0], k[1], k[2]}, 1};
        c->done[i] = 1;
        c->before.pieces++;
        c->before.nodes += nodes;
        for (int q = 0; q < CLI_COUNTS; q++)
          c->before.counts[q] += k[q];
      }
    } else if (!strcmp(line, "end")) {
      seen_end = 1;
    } else {
      status = bad(c, file, no, "unknown line '%.40s'", line);
    }
  }
  if (!status && ferror(f)) {
    cli_file_error(c->cmd, file, "read", errno);
    status = CLI_ERROR;
  }
  free(line);
  fclose(f);
  if (status) return status;
  if (!seen_magic) return bad(c, file, 0, "empty: not a dance checkpoint");
  if (!seen_end || !have_identity || !have_split || !have_seconds || shard_n == 0)
    return bad(c, file, 0,
               "incomplete: a line 'identity', 'shard', 'split', 'seconds' or 'end' "
               "is missing");
  const cli_checkpoint_config *g = &c->cfg;
  if (identity != g->identity)
    return bad(
        c, file, 0,
        "a checkpoint of another problem (identity %s; this one is %s): the input, the "
        "options that change the count or its split (--memo), or the version of dance differ",
        cli_identity_hex(identity).s, cli_identity_hex(g->identity).s);
  uint64_t want_k = g->shard_count ? g->shard_index : 0,
           want_n = g->shard_count ? g->shard_count : 1;
  if (shard_k != want_k || shard_n != want_n) {
    if (shard_n == 1)
      return bad(c, file, 0, "a checkpoint of the whole problem: resume it without --shard");
    return bad(c, file, 0,
               "a checkpoint of shard %" PRIu64 "/%" PRIu64 ": resume it with --shard %" PRIu64
               "/%" PRIu64,
               shard_k, shard_n, shard_k, shard_n);
  }
  c->cfg.split_pieces = (uint32_t)split;
  return 0;
}

/* ---- writing --------------------------------------------------------------------------- */

/* The whole file as text, under the lock; NULL if out of memory. */
static char *format(cli_checkpoint *c, double seconds, size_t *len) {
  char *text = NULL;
  FILE *m = open_memstream(&text, len);
  if (!m) return NULL;
  const cli_checkpoint_config *g = &c->cfg;
  fprintf(m,
          "# dance checkpoint: the finished pieces of a search; continue it with --resume FILE\n"
          "# %s\n"
          "dance-checkpoint 1\nidentity %s\nshard %" PRIu32 " %" PRIu32 "\nsplit %" PRIu32
          "\nseconds %.3f\n",
          g->description, cli_identity_hex(g->identity).s, g->shard_count ? g->shard_index : 0,
          g->shard_count ? g->shard_count : 1, g->split_pieces, seconds);
  if (c->rec) {
    fprintf(m, "pieces %" PRIu64 "\n", c->pieces);
    for (uint64_t i = 0; i < c->pieces; i++) {
      const record *r = &c->rec[i];
      if (r->state)
        fprintf(m, "piece %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", i,
                r->nodes, r->counts[0], r->counts[1], r->counts[2]);
    }
  }
  fputs("end\n", m);
  if (fclose(m)) {
    free(text);
    return NULL;
  }
  return text;
}

/* Writes the text to a temporary file beside the checkpoint, syncs it, renames it into
 * place and syncs the folder: after a crash the file is the old one or the new one, whole.
 * Returns 0 or an errno. */
static int write_file(const char *path, const char *text, size_t len) {
  size_t n = strlen(path);
  char *temp = malloc(n + 8);
  if (!temp) return ENOMEM;
  memcpy(temp, path, n);
  memcpy(temp + n, ".tmp", 5);
  int fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  int err = fd < 0 ? errno : 0;
  for (size_t at = 0; !err && at < len;) {
    ssize_t w = write(fd, text + at, len - at);
    if (w < 0 && errno != EINTR) err = errno;
    if (w > 0) at += (size_t)w;
  }
  if (!err && fsync(fd)) err = errno;
  if (fd >= 0 && close(fd) && !err) err = errno;
  if (!err && rename(temp, path)) err = errno;
  if (err) {
    if (fd >= 0) unlink(temp);
  } else {
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, (size_t)(slash - path) + 1) : strdup(".");
    int dfd = dir ? open(dir, O_RDONLY | O_DIRECTORY) : -1;
    if (dfd >= 0) {
      fsync(dfd); /* the rename itself, on file systems that need it */
      close(dfd);
    }
    free(dir);
  }
  free(temp);
  return err;
}

static int save(cli_checkpoint *c, double seconds) {
  size_t len;
  pthread_mutex_lock(&c->lock);
  char *text = format(c, seconds, &len);
  c->changed = 0;
  pthread_mutex_unlock(&c->lock);
  int err = text ? write_file(c->cfg.path, text, len) : ENOMEM;
  free(text);
  return err;
}

/* ---- the search's side ----------------------------------------------------------------- */

static void on_piece(void *ctx, const dlx_piece *p) {
  cli_checkpoint *c = ctx;
  uint64_t k[CLI_COUNTS] = {p->solutions, 0, 0};
  if (c->cfg.tally) c->cfg.tally(p, k);
  if (p->index == DLX_PIECE_ABOVE) return; /* every run searches it again */
  pthread_mutex_lock(&c->lock);
  if (!c->rec && !make_records(c, p->pieces)) {
    free(c->rec), free(c->done);
    c->rec = NULL, c->done = NULL, c->pieces = 0; /* the records are lost, not the search */
  }
  if (c->rec && p->index < c->pieces) {
    c->rec[p->index] = (record){p->nodes, {k[0], k[1], k[2]}, 2};
    c->changed = 1;
  }
  pthread_mutex_unlock(&c->lock);
}

int cli_checkpoint_open(const cli_command *cmd, const cli_checkpoint_config *cfg,
                        cli_checkpoint **out) {
  *out = NULL;
  cli_checkpoint *c = calloc(1, sizeof *c);
  if (!c) {
    cli_error(cmd, "out of memory");
    return CLI_ERROR;
  }
  c->cmd = cmd;
  c->cfg = *cfg;
  /* the caller's strings may not outlive the call (the description does not) */
  snprintf(c->description, sizeof c->description, "%s", cfg->description ? cfg->description : "");
  c->cfg.description = c->description;
  pthread_mutex_init(&c->lock, NULL);
  pthread_cond_init(&c->wake, NULL);
  if (cfg->resume && load(c, cfg->resume)) {
    cli_checkpoint_free(c);
    return CLI_ERROR;
  }
  int err = save(c, c->before.seconds);
  if (err) {
    cli_file_error(cmd, cfg->path, "write", err);
    cli_checkpoint_free(c);
    return CLI_ERROR;
  }
  *out = c;
  return 0;
}

void cli_checkpoint_attach(cli_checkpoint *c, dlx_options *d) {
  d->split_pieces = c->cfg.split_pieces;
  d->on_piece = on_piece;
  d->piece_ctx = c;
  if (c->rec) {
    d->pieces_done = c->done;
    d->pieces_done_count = c->pieces;
  }
}

static void tick(cli_checkpoint *c) {
  double now = cli_now();
  if (now < c->next_write) return;
  c->next_write = now + c->cfg.interval;
  pthread_mutex_lock(&c->lock);
  int changed = c->changed;
  pthread_mutex_unlock(&c->lock);
  if (!changed) return;
  int err = save(c, c->before.seconds + (now - c->start));
  if (err && !c->warned) {
    cli_warning(c->cmd, "%s: cannot write the checkpoint: %s (the search goes on)", c->cfg.path,
                strerror(err));
    c->warned = 1;
  }
}

static void *writer_main(void *arg) {
  cli_checkpoint *c = arg;
  pthread_mutex_lock(&c->lock);
  while (!c->quit) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    double at = (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec + c->cfg.interval;
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
  c->next_write = c->start + c->cfg.interval;
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
    cli_file_error(c->cmd, c->cfg.path, "write", err);
    return CLI_ERROR;
  }
  return 0;
}

int cli_checkpoint_start(const cli_command *cmd, const char *checkpoint, const char *resume,
                         double interval, cli_shard shard, uint64_t identity, const char *input,
                         cli_tally_fn tally, dlx_options *d, cli_checkpoint **out) {
  char what[1200];
  snprintf(what, sizeof what, "dance %s %s%s", cmd->name, input,
           shard.count ? " (a part of a split run)" : "");
  cli_checkpoint_config cfg = {
      .path = checkpoint ? checkpoint : resume,
      .resume = resume,
      .identity = identity,
      .shard_index = shard.index,
      .shard_count = shard.count,
      .split_pieces = CLI_CHECKPOINT_PIECES,
      .interval = interval,
      .description = what,
      .tally = tally,
  };
  if (cli_checkpoint_open(cmd, &cfg, out)) return CLI_ERROR;
  cli_checkpoint_attach(*out, d);
  return 0;
}

cli_checkpoint_before cli_checkpoint_earlier(const cli_checkpoint *c) { return c->before; }

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
  if (!resume) return;
  cli_json_begin_object(j, "resumed");
  cli_json_string(j, "file", resume);
  cli_json_uint(j, "pieces", before->pieces);
  cli_json_uint(j, "nodes", before->nodes);
  cli_json_uint(j, "solutions", before->counts[0]);
  cli_json_real(j, "seconds", before->seconds, 3);
  cli_json_end_object(j);
}
