/* solver.c -- the public solver of dlx.h: settings kept in a dlx_options the caller never
 * sees (so that settings can be added without breaking programs built against an older
 * header), runs that go through the engines' entry points of solve.h, one result struct for
 * every kind of run, and pull iteration.
 *
 * Pull iteration runs the search in a thread of its own (the producer), whose on_solution
 * copies each solution into a ring of words and waits only when the ring is full; the
 * caller's dlx_solver_next takes them out. The ring lets the search run ahead of the caller
 * by many solutions, so that a hand-over costs a copy rather than a switch of threads. Ending
 * an iteration early sets the cancel flag, which on_solution answers by stopping the search,
 * and the stop flag, which the engine polls between solutions. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "solve.h"
#include "tuning.h"

typedef struct dlx_iter dlx_iter;

struct dlx_solver {
  const dlx_matrix *m;
  dlx_options o;     /* the settings; o.threads 0 means "choose" (dlx_default_threads) */
  volatile int stop; /* dlx_solver_stop's request, polled by the engines */
  dlx_result r;      /* the last run's result */
  dlx_best_result best;
  dlx_iter *it; /* the iteration in progress, if any */
};

struct dlx_iter {
  dlx_solver *s;
  dlx_options o;
  pthread_t thread;
  pthread_mutex_t mu;
  pthread_cond_t ready; /* the caller waits here for a solution or the end */
  pthread_cond_t room;  /* the producer waits here for room in the ring */
  int32_t *ring;        /* records [n, option ids...], word by word, wrapping around */
  size_t cap, head, used;
  int32_t *cur; /* the solution handed out last, valid until the next call */
  size_t cur_cap;
  int done, cancel, caller_waits, producer_waits;
  dlx_status status;
  dlx_stats st;
};

int dlx_online_cores(void) {
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  return online < 1 ? 1 : online > DLX_MAX_THREADS ? DLX_MAX_THREADS : (int)online;
}

int dlx_default_threads(const dlx_matrix *m, const dlx_options *o) {
  int n = dlx_online_cores();
  if (n <= 1 || o->shard_count || o->on_piece || o->pieces_done) return n;
  return dlx_tiny_search(m, o, DLX_ONE_THREAD_NODES) ? 1 : n;
}

int dlx_tiny_search(const dlx_matrix *m, const dlx_options *o, double line) {
  if (dlx_option_count(m) > DLX_TINY_OPTIONS) return 0;
  dlx_options e = *o;
  e.threads = 1;
  e.max_solutions = 0;
  e.max_nodes = (uint64_t)line;
  e.stop = NULL;
  dlx_estimate_result r;
  return dlx_estimate(m, &e, DLX_TINY_PROBES, 1, &r) == DLX_OK && r.probes > 0 && r.nodes < line;
}

dlx_solver *dlx_solver_new(const dlx_matrix *m) {
  if (!m) return NULL;
  dlx_solver *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->m = m;
  s->o = dlx_options_default();
  s->o.threads = 0;
  return s;
}

void dlx_solver_free(dlx_solver *s) {
  if (!s) return;
  dlx_solver_rewind(s);
  dlx_best_free(&s->best);
  free(s);
}

void dlx_solver_stop(dlx_solver *s) {
  if (s) __atomic_store_n(&s->stop, 1, __ATOMIC_RELAXED);
}

/* ---- settings */

/* DLX_EARG for s NULL, DLX_EBUSY while an iteration runs, else DLX_OK. */
static dlx_status settable(const dlx_solver *s) {
  if (!s) return DLX_EARG;
  return s->it ? DLX_EBUSY : DLX_OK;
}

dlx_status dlx_solver_set_threads(dlx_solver *s, int threads) {
  dlx_status e = settable(s);
  if (e) return e;
  if (threads < 0 || threads > DLX_MAX_THREADS) return DLX_EARG;
  s->o.threads = threads;
  return DLX_OK;
}

dlx_status dlx_solver_set_max_solutions(dlx_solver *s, uint64_t n) {
  dlx_status e = settable(s);
  if (!e) s->o.max_solutions = n;
  return e;
}

dlx_status dlx_solver_set_max_nodes(dlx_solver *s, uint64_t n) {
  dlx_status e = settable(s);
  if (!e) s->o.max_nodes = n;
  return e;
}

dlx_status dlx_solver_set_shard(dlx_solver *s, uint32_t index, uint32_t count) {
  dlx_status e = settable(s);
  if (e) return e;
  if (count ? index >= count : index != 0) return DLX_EARG;
  s->o.shard_index = index;
  s->o.shard_count = count;
  return DLX_OK;
}

dlx_status dlx_solver_set_engine(dlx_solver *s, dlx_engine_kind engine) {
  dlx_status e = settable(s);
  if (e) return e;
  if (engine != DLX_ENGINE_AUTO && engine != DLX_ENGINE_LINKS && engine != DLX_ENGINE_BITS)
    return DLX_EARG;
  s->o.engine = engine;
  return DLX_OK;
}

dlx_status dlx_solver_set_any_order(dlx_solver *s, int any_order) {
  dlx_status e = settable(s);
  if (!e) s->o.any_order = any_order != 0;
  return e;
}

dlx_status dlx_solver_set_memo_order(dlx_solver *s, dlx_memo_order order) {
  dlx_status e = settable(s);
  if (!e && order != DLX_MEMO_FEWEST && order != DLX_MEMO_FIRST) e = DLX_EARG;
  if (!e) s->o.memo_first = order == DLX_MEMO_FIRST;
  return e;
}

dlx_status dlx_solver_on_solution(dlx_solver *s, dlx_solution_fn fn, void *ctx) {
  dlx_status e = settable(s);
  if (e) return e;
  s->o.on_solution = fn;
  s->o.solution_ctx = ctx;
  return DLX_OK;
}

dlx_status dlx_solver_on_progress(dlx_solver *s, dlx_progress_fn fn, void *ctx, double seconds) {
  dlx_status e = settable(s);
  if (e) return e;
  if (!(seconds >= 0)) return DLX_EARG; /* NaN too */
  s->o.on_progress = fn;
  s->o.progress_ctx = ctx;
  s->o.progress_seconds = seconds;
  return DLX_OK;
}

dlx_status dlx_solver_set_admit(dlx_solver *s, dlx_admit_fn fn, dlx_admit_items_fn items,
                                void *ctx) {
  dlx_status e = settable(s);
  if (e) return e;
  if (items && !fn) return DLX_EARG;
  s->o.admit = fn;
  s->o.admit_items = items;
  s->o.admit_ctx = ctx;
  return DLX_OK;
}

dlx_status dlx_solver_set_recall(dlx_solver *s, uint32_t min_depth, uint32_t max_depth) {
  dlx_status e = settable(s);
  if (e) return e;
  if (min_depth > max_depth) return DLX_EARG;
  s->o.recall_min = min_depth;
  s->o.recall_max = max_depth;
  return DLX_OK;
}

dlx_status dlx_solver_set_recall_table(dlx_solver *s, uint32_t log2_slots) {
  dlx_status e = settable(s);
  if (e) return e;
  if (log2_slots && (log2_slots < BX_RECALL_FIRST_LOG || log2_slots > BX_RECALL_SLOTS_LOG_MOST))
    return DLX_EARG;
  s->o.recall_slots_log = log2_slots;
  return DLX_OK;
}

dlx_status dlx_solver_set_pieces(dlx_solver *s, uint32_t split_pieces, dlx_piece_fn on_piece,
                                 void *ctx) {
  dlx_status e = settable(s);
  if (e) return e;
  s->o.split_pieces = split_pieces;
  s->o.on_piece = on_piece;
  s->o.piece_ctx = ctx;
  return DLX_OK;
}

dlx_status dlx_solver_set_pieces_done(dlx_solver *s, const unsigned char *done, uint64_t count,
                                      uint64_t plan) {
  dlx_status e = settable(s);
  if (e) return e;
  if (done && !count) return DLX_EARG;
  s->o.pieces_done = done;
  s->o.pieces_done_count = done ? count : 0;
  s->o.plan = plan;
  return DLX_OK;
}

dlx_engine_kind dlx_solver_engine(const dlx_solver *s) {
  return s ? dlx_engine_for(s->m, &s->o) : DLX_ENGINE_AUTO;
}

dlx_status dlx_solver_result(const dlx_solver *s, dlx_result *r, size_t size) {
  if (!s || !r) return DLX_EARG;
  memcpy(r, &s->r, size < sizeof s->r ? size : sizeof s->r);
  return DLX_OK;
}

/* ---- runs */

/* The options of a run: the settings, the solver's stop flag, and the threads: those set,
 * else every core, or one for a tiny search when `tiny` asks to look (dlx_default_threads). */
static dlx_options run_options(dlx_solver *s, int tiny) {
  dlx_options o = s->o;
  o.stop = &s->stop;
  if (!o.threads) o.threads = tiny ? dlx_default_threads(s->m, &o) : dlx_online_cores();
  return o;
}

/* A run begins: any iteration ends, the last results go. */
static void run_begin(dlx_solver *s) {
  dlx_solver_rewind(s);
  dlx_best_free(&s->best);
  memset(&s->best, 0, sizeof s->best);
  memset(&s->r, 0, sizeof s->r);
}

/* A run ends: a stop request is answered, its status kept. */
static dlx_status run_end(dlx_solver *s, dlx_status e) {
  __atomic_store_n(&s->stop, 0, __ATOMIC_RELAXED);
  s->r.status = e;
  return e;
}

static void result_of_stats(dlx_result *r, const dlx_stats *st) {
  r->solutions = st->solutions;
  r->nodes = st->nodes;
  r->updates = st->updates;
  r->bytes = st->bytes;
  r->seconds = st->seconds;
  r->complete = st->complete;
  r->threads = st->threads;
  r->engine = (dlx_engine_kind)st->engine;
  r->isa = st->isa;
  r->overflow = !st->complete && st->solutions == UINT64_MAX; /* dlx_solve's sign of it */
  r->pieces = st->subproblems;
  r->plan = st->plan;
}

dlx_status dlx_solver_count(dlx_solver *s) {
  if (!s) return DLX_EARG;
  run_begin(s);
  dlx_options o = run_options(s, 1);
  dlx_stats st;
  memset(&st, 0, sizeof st);
  dlx_status e = dlx_solve(s->m, &o, &st);
  result_of_stats(&s->r, &st);
  return run_end(s, e);
}

dlx_status dlx_solver_estimate(dlx_solver *s, uint64_t probes, uint64_t seed) {
  if (!s) return DLX_EARG;
  run_begin(s);
  dlx_options o = run_options(s, 0);
  dlx_estimate_result er;
  memset(&er, 0, sizeof er);
  dlx_status e = dlx_estimate(s->m, &o, probes, seed, &er);
  s->r.estimate = er.nodes;
  s->r.estimate_error = er.stderr_nodes;
  s->r.probes = er.probes;
  s->r.seconds = er.seconds;
  /* Complete unless a stop or the node budget cut the paths short (a tree with no branching,
   * as that of a matrix without primary items, is known whole with no path at all). */
  int stopped = __atomic_load_n(&s->stop, __ATOMIC_RELAXED);
  s->r.complete = e == DLX_OK && !stopped && !(o.max_nodes && er.nodes > (double)o.max_nodes);
  s->r.threads = o.threads;
  s->r.engine = dlx_engine_for(s->m, &o);
  return run_end(s, e);
}

dlx_status dlx_solver_best(dlx_solver *s, size_t k) {
  if (!s) return DLX_EARG;
  run_begin(s);
  dlx_options o = run_options(s, 1);
  dlx_best_result *b = &s->best;
  dlx_status e = dlx_best(s->m, &o, k, b);
  if (e) {
    dlx_best_free(b);
    memset(b, 0, sizeof *b);
  }
  s->r.solutions = b->count;
  s->r.nodes = b->nodes;
  s->r.updates = b->updates;
  s->r.bytes = b->bytes;
  s->r.seconds = b->seconds;
  s->r.complete = b->complete;
  s->r.threads = o.threads;
  s->r.engine = DLX_ENGINE_LINKS; /* the cheapest solutions are searched on dancing links */
  s->r.plan = b->plan;
  return run_end(s, e);
}

dlx_status dlx_solver_best_solution(const dlx_solver *s, size_t i, const int32_t **options,
                                    size_t *n, uint64_t *cost) {
  if (!s || !options || !n || i >= s->best.count) return DLX_EARG;
  const dlx_costed_solution *c = &s->best.solutions[i];
  *options = c->options;
  *n = c->n;
  if (cost) *cost = c->cost;
  return DLX_OK;
}

dlx_status dlx_solver_count_memo(dlx_solver *s, size_t max_memory) {
  if (!s) return DLX_EARG;
  run_begin(s);
  dlx_options o = run_options(s, 1);
  dlx_memo_stats ms;
  memset(&ms, 0, sizeof ms);
  dlx_status e = dlx_count_memo(s->m, &o, max_memory, &ms);
  dlx_result *r = &s->r;
  r->solutions = ms.solutions;
  r->solutions_high = ms.solutions_high;
  r->nodes = ms.nodes;
  r->updates = ms.updates;
  r->bytes = ms.bytes;
  r->seconds = ms.seconds;
  r->complete = ms.complete;
  r->threads = (int)ms.threads;
  r->engine = DLX_ENGINE_LINKS; /* memoized counts are searched on dancing links */
  r->overflow = ms.overflow;
  r->pieces = ms.pieces;
  r->plan = ms.plan;
  r->memo_entries = ms.entries;
  r->memo_hits = ms.hits;
  r->memo_table_bytes = ms.table_bytes;
  r->memo_full = ms.full;
  return run_end(s, e);
}

/* ---- pull iteration */

/* The most options a solution can have: each covers a primary item, which is covered at
 * most its upper bound times, and uses each option once. */
static size_t most_options(const dlx_matrix *m) {
  uint64_t most = 0;
  for (int32_t i = 0; i < dlx_item_count(m); i++)
    if (dlx_item_kind_of(m, i) == DLX_PRIMARY) {
      int32_t lo, hi;
      dlx_item_bounds(m, i, &lo, &hi);
      most += (uint64_t)hi;
    }
  uint64_t options = (uint64_t)dlx_option_count(m);
  return (size_t)(most < options ? most : options);
}

/* The producer's on_solution: the solution into the ring, waiting for room if need be;
 * nonzero (stop) once the iteration is cancelled. Calls are serialized by the engine. */
static int iter_put(void *ctx, const int32_t *options, size_t n) {
  dlx_iter *it = ctx;
  pthread_mutex_lock(&it->mu);
  while (it->cap - it->used < n + 1 && !it->cancel) {
    it->producer_waits = 1;
    pthread_cond_wait(&it->room, &it->mu);
    it->producer_waits = 0;
  }
  int cancel = it->cancel;
  if (!cancel) {
    size_t at = (it->head + it->used) % it->cap;
    it->ring[at] = (int32_t)n;
    for (size_t i = 0; i < n; i++) {
      at = at + 1 == it->cap ? 0 : at + 1;
      it->ring[at] = options[i];
    }
    it->used += n + 1;
    if (it->caller_waits) pthread_cond_signal(&it->ready);
  }
  pthread_mutex_unlock(&it->mu);
  return cancel;
}

static void *iter_main(void *arg) {
  dlx_iter *it = arg;
  dlx_stats st;
  memset(&st, 0, sizeof st);
  dlx_status e = dlx_solve(it->s->m, &it->o, &st);
  pthread_mutex_lock(&it->mu);
  it->st = st;
  it->status = e;
  it->done = 1;
  pthread_cond_signal(&it->ready);
  pthread_mutex_unlock(&it->mu);
  return NULL;
}

static void iter_free(dlx_iter *it) {
  pthread_cond_destroy(&it->ready);
  pthread_cond_destroy(&it->room);
  pthread_mutex_destroy(&it->mu);
  free(it->ring);
  free(it->cur);
  free(it);
}

static dlx_status iter_start(dlx_solver *s) {
  dlx_iter *it = calloc(1, sizeof *it);
  if (!it) return DLX_ENOMEM;
  size_t record = most_options(s->m) + 1;
  it->cap = record * 2 > DLX_ITER_RING_WORDS ? record * 2 : DLX_ITER_RING_WORDS;
  it->ring = malloc(it->cap * sizeof *it->ring);
  it->cur = malloc(record * sizeof *it->cur);
  pthread_condattr_t ca;
  pthread_condattr_init(&ca);
  pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
  pthread_mutex_init(&it->mu, NULL);
  pthread_cond_init(&it->ready, &ca);
  pthread_cond_init(&it->room, NULL);
  pthread_condattr_destroy(&ca);
  it->s = s;
  it->o = run_options(s, 1);
  it->o.on_solution = iter_put;
  it->o.solution_ctx = it;
  if (!it->ring || !it->cur || pthread_create(&it->thread, NULL, iter_main, it)) {
    iter_free(it);
    return DLX_ENOMEM;
  }
  s->it = it;
  return DLX_OK;
}

/* The iteration's end: the producer joined, its result kept. */
static dlx_status iter_end(dlx_solver *s) {
  dlx_iter *it = s->it;
  pthread_join(it->thread, NULL);
  result_of_stats(&s->r, &it->st);
  dlx_status e = it->status;
  iter_free(it);
  s->it = NULL;
  return run_end(s, e ? e : DLX_DONE);
}

/* Waits (at most `seconds`, if not negative) for a solution or the end; 1 when either came. */
static int iter_wait(dlx_iter *it, double seconds) {
  struct timespec until;
  if (seconds >= 0) {
    clock_gettime(CLOCK_MONOTONIC, &until);
    double whole = (double)until.tv_sec + until.tv_nsec * 1e-9 + seconds;
    until.tv_sec = (time_t)whole;
    until.tv_nsec = (long)((whole - (double)until.tv_sec) * 1e9);
  }
  while (!it->used && !it->done) {
    it->caller_waits = 1;
    int e = seconds >= 0 ? pthread_cond_timedwait(&it->ready, &it->mu, &until)
                         : pthread_cond_wait(&it->ready, &it->mu);
    it->caller_waits = 0;
    if (e == ETIMEDOUT) return it->used || it->done;
  }
  return 1;
}

/* The next solution out of the ring into it->cur. */
static size_t iter_take(dlx_iter *it) {
  size_t n = (size_t)it->ring[it->head];
  size_t at = it->head;
  for (size_t i = 0; i < n; i++) {
    at = at + 1 == it->cap ? 0 : at + 1;
    it->cur[i] = it->ring[at];
  }
  it->head = at + 1 == it->cap ? 0 : at + 1;
  it->used -= n + 1;
  if (it->producer_waits) pthread_cond_signal(&it->room);
  return n;
}

dlx_status dlx_solver_next_wait(dlx_solver *s, const int32_t **options, size_t *n,
                                double seconds) {
  if (!s || !options || !n) return DLX_EARG;
  if (!s->it) {
    run_begin(s);
    dlx_status e = iter_start(s);
    if (e) return run_end(s, e);
  }
  dlx_iter *it = s->it;
  pthread_mutex_lock(&it->mu);
  if (!iter_wait(it, seconds)) {
    pthread_mutex_unlock(&it->mu);
    return DLX_EAGAIN;
  }
  if (it->used) {
    *n = iter_take(it);
    *options = it->cur;
    pthread_mutex_unlock(&it->mu);
    return DLX_OK;
  }
  pthread_mutex_unlock(&it->mu);
  return iter_end(s);
}

dlx_status dlx_solver_next(dlx_solver *s, const int32_t **options, size_t *n) {
  return dlx_solver_next_wait(s, options, n, -1);
}

void dlx_solver_rewind(dlx_solver *s) {
  if (!s || !s->it) return;
  dlx_iter *it = s->it;
  pthread_mutex_lock(&it->mu);
  it->cancel = 1;
  pthread_cond_signal(&it->room);
  pthread_mutex_unlock(&it->mu);
  __atomic_store_n(&s->stop, 1, __ATOMIC_RELAXED);
  iter_end(s);
}
