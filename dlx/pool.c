/* pool.c -- the one pool of threads that searches a split's units (pool.h). */
#include "pool.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine.h"
#include "plan.h"

typedef struct {
  dlx_pool *p;
  int id;
  void *e;
} pool_worker;

static double interval(const dlx_options *o) {
  return o->progress_seconds > 0 ? o->progress_seconds : 2.0;
}

void dlx_pool_init(dlx_pool *p, const dlx_options *o, const dlx_pool_engine *engine, void *ctx,
                   double start) {
  memset(p, 0, sizeof *p);
  p->o = o;
  p->engine = engine;
  p->ctx = ctx;
  p->start = start;
  p->next_report = start + interval(o);
  pthread_mutex_init(&p->lock, NULL);
  pthread_cond_init(&p->done_cv, NULL);
  pthread_cond_init(&p->unit_cv, NULL);
}

void dlx_pool_destroy(dlx_pool *p) {
  free(p->own_index);
  free(p->own_weight);
  free(p->slots);
  free(p->engines);
  free(p->tid);
  pthread_mutex_destroy(&p->lock);
  pthread_cond_destroy(&p->done_cv);
  pthread_cond_destroy(&p->unit_cv);
}

/* Unit i (of those listed) was finished by an earlier run. */
static int done_before(const dlx_pool *p, size_t i) {
  return p->o->pieces_done && p->o->pieces_done[p->index[i]];
}

void dlx_pool_units(dlx_pool *p, const uint64_t *index, const double *weight, size_t count,
                    uint64_t pieces, uint64_t plan) {
  p->index = index;
  p->weight = weight;
  p->count = p->published = count;
  p->pieces = pieces;
  p->plan = plan;
  p->remaining = 0;
  for (size_t i = 0; i < count; i++)
    if (!done_before(p, i)) p->remaining += weight[i];
  p->total_weight = p->remaining;
}

dlx_status dlx_pool_share(dlx_pool *p, dlx_plan *plan, size_t units) {
  const dlx_options *o = p->o;
  size_t room = units ? units : 1;
  size_t *take = malloc(room * sizeof *take);
  p->own_index = malloc(room * sizeof *p->own_index);
  p->own_weight = malloc(room * sizeof *p->own_weight);
  size_t n = take && p->own_index && p->own_weight
                 ? dlx_plan_share(plan, NULL, units, o->shard_count, o->shard_index, NULL, take)
                 : (size_t)-1;
  if (n == (size_t)-1) {
    free(take);
    return DLX_ENOMEM;
  }
  for (size_t k = 0; k < n; k++)
    p->own_index[k] = take[k], p->own_weight[k] = 1;
  free(take);
  dlx_pool_units(p, p->own_index, p->own_weight, n, units, plan->hash);
  return DLX_OK;
}

void dlx_pool_stream(dlx_pool *p, const uint64_t *index, const double *weight, size_t count) {
  p->index = index;
  p->weight = weight;
  p->count = count;
  p->published = 0;
  p->streaming = 1;
}

void dlx_pool_publish(dlx_pool *p, size_t published, double covered, double done_share) {
  pthread_mutex_lock(&p->lock);
  for (size_t i = p->published; i < published; i++) {
    if (!done_before(p, i)) {
      p->remaining += p->weight[i];
      p->total_weight += p->weight[i];
    } else {
      p->covered_done += done_share;
    }
  }
  p->published = published;
  p->covered = covered;
  pthread_cond_broadcast(&p->unit_cv);
  pthread_mutex_unlock(&p->lock);
}

void dlx_pool_stream_end(dlx_pool *p, uint64_t pieces, uint64_t plan) {
  pthread_mutex_lock(&p->lock);
  p->stream_done = 1;
  p->count = p->published;
  p->pieces = pieces;
  p->plan = plan;
  pthread_cond_broadcast(&p->unit_cv);
  pthread_mutex_unlock(&p->lock);
}

int dlx_pool_halted(dlx_pool *p) {
  return atomic_load_explicit(&p->halt, memory_order_relaxed) || dlx_stop_requested(p->o->stop);
}

void dlx_pool_halt(dlx_pool *p) { atomic_store(&p->halt, 1); }

/* The part of the search done (under the lock): the weight searched (the weights of the
 * units finished, and of the parts of the busy ones behind their workers) over the weight
 * of all. Never less than the last fraction reported. Scaling the weight left by the nodes a
 * unit of weight has cost the finished units was tried, and was worse (bench/RESULTS.md,
 * "Progress"). */
static double fraction(dlx_pool *p) {
  double left = p->remaining;
  for (int i = 0; i < p->nslots; i++)
    if (p->slots[i].busy) left -= p->slots[i].weight * p->slots[i].fraction;
  if (left < 0) left = 0;
  double total = p->total_weight;
  double passed = p->covered - p->covered_done; /* with units still to search in it */
  if (p->streaming && !p->stream_done && passed > 0 && p->covered < 1) {
    /* The units not yet published: as much weight for each share of the tree the split
     * has still to pass as for each share passed (less those of units an earlier run
     * searched). The shares of the published units alone said too much (a part of the
     * tree ends above the split's depth, in no unit), and half of that too little
     * (bench/RESULTS.md, "Progress"). */
    double more = total * (1 - p->covered) / passed;
    total += more;
    left += more;
  }
  double f = total > 0 ? 1 - left / total : 0;
  f = f < 0 ? 0 : f > 1 ? 1 : f;
  if (f < p->last_fraction) f = p->last_fraction;
  p->last_fraction = f;
  return f;
}

static uint64_t saturate(dlx_count c) { return dlx_count_fits64(c) ? (uint64_t)c : UINT64_MAX; }

/* The progress so far (under the lock): the split's counts and the workers' at their last
 * polls. */
static dlx_progress progress(dlx_pool *p) {
  dlx_count solutions = p->top.solutions;
  dlx_progress pr = {0, p->top.nodes, p->top.updates, dlx_now() - p->start, 0};
  for (int i = 0; i < p->nslots; i++) {
    dlx_count_add(&solutions, p->slots[i].at.solutions); /* saturates at worst */
    pr.nodes += p->slots[i].at.nodes;
    pr.updates += p->slots[i].at.updates;
  }
  pr.solutions = saturate(solutions);
  pr.fraction = fraction(p);
  return pr;
}

dlx_progress dlx_pool_progress(dlx_pool *p) {
  pthread_mutex_lock(&p->lock);
  dlx_progress pr = progress(p);
  pthread_mutex_unlock(&p->lock);
  return pr;
}

/* A progress report, if one is due (under the lock, which serializes the caller's hooks). */
static void report_due(dlx_pool *p) {
  const dlx_options *o = p->o;
  if (!o->on_progress) return;
  double now = dlx_now();
  if (now < p->next_report) return;
  p->next_report = now + interval(o);
  dlx_progress pr = progress(p);
  o->on_progress(o->progress_ctx, &pr);
}

int dlx_pool_poll(dlx_pool *p, int w, const dlx_pool_counts *c, double part) {
  pthread_mutex_lock(&p->lock);
  dlx_pool_slot *s = &p->slots[w];
  s->at = *c;
  s->fraction = part;
  uint64_t sum = p->top.nodes;
  for (int i = 0; i < p->nslots; i++)
    sum += p->slots[i].at.nodes;
  report_due(p);
  pthread_mutex_unlock(&p->lock);
  if (p->o->max_nodes && sum >= p->o->max_nodes) dlx_pool_halt(p);
  return dlx_pool_halted(p);
}

int dlx_pool_solution(dlx_pool *p, uint64_t *solutions,
                      const int32_t *(*fill)(void *engine, size_t *n), void *engine) {
  const dlx_options *o = p->o;
  if (o->max_solutions) {
    uint64_t n = atomic_fetch_add(&p->found, 1) + 1;
    if (n > o->max_solutions) { /* another thread reached the limit first */
      (*solutions)--;
      dlx_pool_halt(p);
      return 1;
    }
    if (n == o->max_solutions) dlx_pool_halt(p);
  }
  int stop = 0;
  if (o->on_solution) {
    size_t n;
    const int32_t *sol = fill(engine, &n);
    pthread_mutex_lock(&p->lock);
    stop = o->on_solution(o->solution_ctx, sol, n);
    pthread_mutex_unlock(&p->lock);
    if (stop) dlx_pool_halt(p);
  }
  return stop || dlx_pool_halted(p);
}

/* The next unit for worker w, whose counts are c (waiting for it while the split streams),
 * marked busy: 0 when there is none left. */
static int take(dlx_pool *p, int w, const dlx_pool_counts *c, size_t *out) {
  for (;;) {
    size_t i = atomic_fetch_add(&p->next, 1);
    pthread_mutex_lock(&p->lock);
    while (p->streaming && i >= p->published && !p->stream_done)
      pthread_cond_wait(&p->unit_cv, &p->lock);
    if (i >= p->published) {
      pthread_mutex_unlock(&p->lock);
      return 0;
    }
    if (done_before(p, i)) {
      p->skipped++;
      pthread_mutex_unlock(&p->lock);
      continue;
    }
    dlx_pool_slot *s = &p->slots[w];
    s->weight = p->weight[i];
    s->fraction = 0;
    s->unit_start = *c;
    s->unit_time = dlx_now();
    s->busy = 1;
    pthread_mutex_unlock(&p->lock);
    *out = i;
    return 1;
  }
}

/* Worker w is done with unit i, its counts now c: finished (reported) unless stopped.
 * Returns nonzero to stop. */
static int leave(dlx_pool *p, int w, size_t i, int stop, const dlx_pool_counts *c) {
  const dlx_options *o = p->o;
  pthread_mutex_lock(&p->lock);
  dlx_pool_slot *s = &p->slots[w];
  s->busy = 0;
  s->at = *c;
  if (!stop) {
    p->remaining -= p->weight[i];
    p->finished++;
    if (o->on_piece) {
      dlx_count sols = c->solutions - s->unit_start.solutions;
      dlx_piece done = {.index = p->index[i],
                        .pieces = p->pieces,
                        .solutions = (uint64_t)sols,
                        .solutions_high = (uint64_t)(sols >> 64),
                        .nodes = c->nodes - s->unit_start.nodes,
                        .seconds = dlx_now() - s->unit_time,
                        .plan = p->plan};
      o->on_piece(o->piece_ctx, &done);
    }
  }
  pthread_mutex_unlock(&p->lock);
  if (stop) dlx_pool_halt(p);
  return stop;
}

static void *work(void *arg) {
  pool_worker *w = arg;
  dlx_pool *p = w->p;
  const dlx_pool_engine *en = p->engine;
  dlx_pool_counts c;
  en->counts(p->ctx, w->e, &c);
  while (!dlx_pool_halted(p)) {
    size_t i;
    if (!take(p, w->id, &c, &i)) break;
    int stop = en->search(p->ctx, w->e, i);
    en->counts(p->ctx, w->e, &c);
    if (leave(p, w->id, i, stop, &c)) break;
  }
  en->counts(p->ctx, w->e, &c);
  pthread_mutex_lock(&p->lock);
  p->slots[w->id].at = c;
  p->live--;
  pthread_cond_signal(&p->done_cv);
  pthread_mutex_unlock(&p->lock);
  free(w);
  return NULL;
}

/* Starts worker w on its engine; 0 when it could not be. */
static int launch(dlx_pool *p, int w) {
  pool_worker *pw = malloc(sizeof *pw);
  if (!pw) return 0;
  *pw = (pool_worker){p, w, p->engines[w]};
  pthread_mutex_lock(&p->lock);
  p->live++;
  pthread_mutex_unlock(&p->lock);
  if (dlx_thread_create(&p->tid[w], NULL, work, pw) == 0) return 1;
  pthread_mutex_lock(&p->lock);
  p->live--;
  pthread_mutex_unlock(&p->lock);
  free(pw);
  return 0;
}

dlx_status dlx_pool_start(dlx_pool *p, int threads) {
  size_t units = p->count;
  if (threads < 1) threads = 1;
  if ((size_t)threads > units) threads = units ? (int)units : 1;
  p->slots = calloc((size_t)threads, sizeof *p->slots);
  p->engines = calloc((size_t)threads, sizeof *p->engines);
  p->tid = calloc((size_t)threads, sizeof *p->tid);
  p->nslots = threads;
  if (!p->slots || !p->engines || !p->tid) return p->error = DLX_ENOMEM;
  int others = threads - 1; /* the calling thread is the last */
  for (int w = 0; w < others; w++) {
    p->engines[w] = p->engine->open(p->ctx, w, 0);
    if (!p->engines[w]) { /* the workers started stop at their next unit */
      dlx_pool_halt(p);
      return p->error = DLX_ENOMEM;
    }
    if (!launch(p, w)) {
      p->engine->close(p->ctx, p->engines[w], 0);
      p->engines[w] = NULL;
      break; /* fewer threads: the calling thread searches all the same */
    }
    p->nworkers++;
  }
  return DLX_OK;
}

void dlx_pool_top(dlx_pool *p, const dlx_pool_counts *top, int report) {
  const dlx_options *o = p->o;
  pthread_mutex_lock(&p->lock);
  p->top = *top;
  if (report && o->on_piece) {
    dlx_piece above = {.index = DLX_PIECE_ABOVE,
                       .pieces = p->pieces,
                       .solutions = (uint64_t)top->solutions,
                       .solutions_high = (uint64_t)(top->solutions >> 64),
                       .nodes = top->nodes,
                       .seconds = dlx_now() - p->start,
                       .plan = p->plan};
    o->on_piece(o->piece_ctx, &above);
  }
  pthread_mutex_unlock(&p->lock);
}

static void timeout_in(struct timespec *ts, double seconds) {
  clock_gettime(CLOCK_REALTIME, ts);
  long ns = ts->tv_nsec + (long)((seconds - (double)(long)seconds) * 1e9);
  ts->tv_sec += (time_t)seconds + ns / 1000000000L;
  ts->tv_nsec = ns % 1000000000L;
}

/* Waits for the workers that outlast the calling thread's work, passing on a stop request
 * and reporting progress if the workers' polls, which report it, are late. */
static void wait_workers(dlx_pool *p) {
  const dlx_options *o = p->o;
  pthread_mutex_lock(&p->lock);
  while (p->live > 0) {
    struct timespec ts;
    timeout_in(&ts, o->on_progress ? interval(o) : 0.25);
    pthread_cond_timedwait(&p->done_cv, &p->lock, &ts);
    if (dlx_stop_requested(o->stop)) dlx_pool_halt(p);
    if (p->live > 0) report_due(p);
  }
  pthread_mutex_unlock(&p->lock);
  for (int w = 0; w < p->nworkers; w++)
    pthread_join(p->tid[w], NULL);
}

/* Adds c to *sum: 0 when a count passed 2^128 - 1. */
static int add_counts(dlx_pool_counts *sum, const dlx_pool_counts *c) {
  sum->nodes += c->nodes;
  sum->updates += c->updates;
  sum->bytes += c->bytes;
  return dlx_count_add(&sum->solutions, c->solutions);
}

int dlx_pool_finish(dlx_pool *p, dlx_pool_counts *sum) {
  int overflow = 0, n = p->nworkers;
  if (p->engines && !p->error && !dlx_pool_halted(p)) {
    p->engines[n] = p->engine->open(p->ctx, n, 1);
    if (!p->engines[n]) {
      p->error = DLX_ENOMEM;
      dlx_pool_halt(p);
    } else {
      pool_worker *me = malloc(sizeof *me);
      if (me) {
        pthread_mutex_lock(&p->lock);
        p->live++;
        pthread_mutex_unlock(&p->lock);
        *me = (pool_worker){p, n, p->engines[n]};
        work(me);
      } else {
        p->error = DLX_ENOMEM;
        dlx_pool_halt(p);
      }
      p->caller_worked = 1;
    }
  }
  if (p->nworkers) wait_workers(p);
  for (int w = 0; w < n + p->caller_worked; w++) {
    if (!p->engines[w]) continue;
    dlx_pool_counts c;
    p->engine->counts(p->ctx, p->engines[w], &c);
    if (!add_counts(sum, &c)) overflow = 1;
    p->engine->close(p->ctx, p->engines[w], w == n);
    p->engines[w] = NULL;
  }
  return overflow;
}

int dlx_pool_complete(dlx_pool *p) {
  pthread_mutex_lock(&p->lock);
  int all = p->finished + p->skipped == p->count && (!p->streaming || p->stream_done);
  pthread_mutex_unlock(&p->lock);
  return all && !p->error && !dlx_pool_halted(p);
}
