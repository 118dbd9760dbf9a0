/* run.c -- the runs of _dance.Core: count, memoized count, estimate and the cheapest
 * solutions, each on a dlx_solver of its own (so that runs of one problem may go on at
 * once, in several Python threads), and the settings and results they share with the
 * iterator (iter.c).
 *
 * A run searches in a thread of the extension while the calling thread waits without the
 * GIL, in slices of DANCE_WAIT_SLICE seconds: between slices it takes the GIL back to run Python's
 * signal handlers, so that Ctrl-C raises KeyboardInterrupt promptly; an exception there stops
 * the search (dlx_solver_stop), which ends within milliseconds, and is raised once the
 * thread is joined. */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <string.h>
#include <time.h>

#include "dance_py.h"


/* ---- settings */

static int conv_u64(PyObject *o, void *out) {
  unsigned long long v = PyLong_AsUnsignedLongLong(o);
  if (v == (unsigned long long)-1 && PyErr_Occurred()) return 0;
  *(unsigned long long *)out = v;
  return 1;
}

int dance_parse_settings(PyObject *args, dance_settings *s, const char *more, ...) {
  if (!PyTuple_Check(args) || PyTuple_GET_SIZE(args) < 6) {
    PyErr_SetString(PyExc_TypeError, "expected the six settings first");
    return -1;
  }
  PyObject *head = PyTuple_GetSlice(args, 0, 6);
  PyObject *tail = PyTuple_GetSlice(args, 6, PyTuple_GET_SIZE(args));
  unsigned long long k = 0, n = 0;
  int ok = head && tail &&
           PyArg_ParseTuple(head, "iO&O&O&O&i", &s->threads, conv_u64, &s->max, conv_u64,
                            &s->max_nodes, conv_u64, &k, conv_u64, &n, &s->engine);
  if (ok) {
    va_list ap;
    va_start(ap, more);
    ok = PyArg_VaParse(tail, more, ap);
    va_end(ap);
  }
  Py_XDECREF(head);
  Py_XDECREF(tail);
  if (!ok) return -1;
  if (k > UINT32_MAX || n > UINT32_MAX) {
    PyErr_SetString(PyExc_ValueError, "shard out of range");
    return -1;
  }
  s->shard_index = (unsigned long)k;
  s->shard_count = (unsigned long)n;
  return 0;
}

/* Raises ValueError naming the setting that the library refused; NULL. */
static dlx_solver *refused(dlx_solver *solver, const char *setting, dlx_status e) {
  dlx_solver_free(solver);
  PyErr_Format(PyExc_ValueError, "%s: %s", setting, dlx_strerror(e));
  return NULL;
}

dlx_solver *dance_solver_new(dance_core *c, const dance_settings *s) {
  dlx_solver *solver = dlx_solver_new(c->m);
  if (!solver) return (dlx_solver *)PyErr_NoMemory();
  dlx_status e;
  if ((e = dlx_solver_set_threads(solver, s->threads))) return refused(solver, "threads", e);
  if ((e = dlx_solver_set_max_solutions(solver, s->max))) return refused(solver, "max", e);
  if ((e = dlx_solver_set_max_nodes(solver, s->max_nodes)))
    return refused(solver, "max_nodes", e);
  if (s->shard_count &&
      (e = dlx_solver_set_shard(solver, (uint32_t)s->shard_index, (uint32_t)s->shard_count)))
    return refused(solver, "shard", e);
  if ((e = dlx_solver_set_engine(solver, (dlx_engine_kind)s->engine)))
    return refused(solver, "engine", e);
  return solver;
}

/* ---- results */

/* high * 2^64 + low as an int. */
static PyObject *count_int(uint64_t low, uint64_t high) {
  if (!high) return PyLong_FromUnsignedLongLong(low);
  PyObject *h = PyLong_FromUnsignedLongLong(high), *l = PyLong_FromUnsignedLongLong(low);
  PyObject *shift = PyLong_FromLong(64), *hs = NULL, *sum = NULL;
  if (h && l && shift && (hs = PyNumber_Lshift(h, shift))) sum = PyNumber_Or(hs, l);
  Py_XDECREF(h);
  Py_XDECREF(l);
  Py_XDECREF(shift);
  Py_XDECREF(hs);
  return sum;
}

#define B(x) ((x) ? Py_True : Py_False)

PyObject *dance_result_dict(const dlx_solver *s, const char *kind) {
  dlx_result r;
  memset(&r, 0, sizeof r);
  dlx_solver_result(s, &r, sizeof r);
  return Py_BuildValue(
      "{s:s,s:N,s:O,s:K,s:K,s:K,s:d,s:i,s:s,s:z,s:O,s:K,s:d,s:d,s:K,s:K,s:K,s:K,s:O}", "kind", kind,
      "solutions", count_int(r.solutions, r.solutions_high), "complete", B(r.complete), "nodes",
      (unsigned long long)r.nodes, "updates", (unsigned long long)r.updates, "bytes",
      (unsigned long long)r.bytes, "seconds", r.seconds, "threads", r.threads, "engine",
      dlx_engine_name(r.engine), "isa", r.isa, "overflow", B(r.overflow), "pieces",
      (unsigned long long)r.pieces, "estimate", r.estimate, "estimate_error", r.estimate_error,
      "probes", (unsigned long long)r.probes, "memo_entries", (unsigned long long)r.memo_entries,
      "memo_hits", (unsigned long long)r.memo_hits, "memo_table_bytes",
      (unsigned long long)r.memo_table_bytes, "memo_full", B(r.memo_full));
}

/* Keeps the solver's result as the core's last; 0, or -1 with an exception set. */
static int keep_result(dance_core *c, const dlx_solver *s, const char *kind) {
  PyObject *d = dance_result_dict(s, kind);
  if (!d) return -1;
  Py_XSETREF(c->last, d);
  return 0;
}

/* ---- runs in a thread of their own */

typedef enum { JOB_COUNT, JOB_MEMO, JOB_ESTIMATE, JOB_BEST } job_kind;

typedef struct {
  dlx_solver *s;
  job_kind kind;
  uint64_t a, b; /* max_memory and 1 for DLX_MEMO_FIRST; probes and the random stream; k */
  dlx_status status;
  int done;
  pthread_mutex_t mu;
  pthread_cond_t cond;
} job;

static void *job_main(void *arg) {
  job *j = arg;
  dlx_status e;
  switch (j->kind) {
  case JOB_MEMO:
    e = dlx_solver_set_memo_order(j->s, j->b ? DLX_MEMO_FIRST : DLX_MEMO_FEWEST);
    if (!e) e = dlx_solver_count_memo(j->s, (size_t)j->a);
    break;
  case JOB_ESTIMATE: e = dlx_solver_estimate(j->s, j->a, j->b); break;
  case JOB_BEST: e = dlx_solver_best(j->s, (size_t)j->a); break;
  default: e = dlx_solver_count(j->s);
  }
  pthread_mutex_lock(&j->mu);
  j->status = e;
  j->done = 1;
  pthread_cond_signal(&j->cond);
  pthread_mutex_unlock(&j->mu);
  return NULL;
}

/* Waits up to DANCE_WAIT_SLICE seconds for the job's end (without the GIL); 1 once it ended. */
static int job_wait(job *j) {
  struct timespec until;
  clock_gettime(CLOCK_MONOTONIC, &until);
  long long ns = until.tv_nsec + (long long)(DANCE_WAIT_SLICE * 1e9);
  until.tv_sec += (time_t)(ns / 1000000000);
  until.tv_nsec = (long)(ns % 1000000000);
  pthread_mutex_lock(&j->mu);
  while (!j->done && pthread_cond_timedwait(&j->cond, &j->mu, &until) != ETIMEDOUT) {
  }
  int done = j->done;
  pthread_mutex_unlock(&j->mu);
  return done;
}

/* Runs j to its end, or to an exception of a signal handler (the search then stopped):
 * 0, or -1 with the exception set. The job's thread is joined either way. */
static int job_run(job *j) {
  pthread_condattr_t ca;
  pthread_condattr_init(&ca);
  pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
  pthread_mutex_init(&j->mu, NULL);
  pthread_cond_init(&j->cond, &ca);
  pthread_condattr_destroy(&ca);
  pthread_t thread;
  int failed = 0, e = pthread_create(&thread, NULL, job_main, j);
  if (e) {
    errno = e;
    PyErr_SetFromErrno(PyExc_OSError);
    failed = 1;
  }
  while (!failed) {
    int done;
    Py_BEGIN_ALLOW_THREADS
    done = job_wait(j);
    Py_END_ALLOW_THREADS
    if (done) break;
    if (PyErr_CheckSignals() < 0) {
      dlx_solver_stop(j->s);
      failed = 1;
    }
  }
  if (!e) {
    Py_BEGIN_ALLOW_THREADS
    pthread_join(thread, NULL);
    Py_END_ALLOW_THREADS
  }
  pthread_cond_destroy(&j->cond);
  pthread_mutex_destroy(&j->mu);
  return failed ? -1 : 0;
}

int dance_count_blocking(dlx_solver *s, dlx_status *status) {
  job j = {.s = s, .kind = JOB_COUNT};
  if (job_run(&j) < 0) return -1;
  *status = j.status;
  return 0;
}

/* Makes a solver with the settings, runs the job and keeps its result as the core's last:
 * the solver (which the caller frees), or NULL with an exception set (the library's
 * status, or that of a signal handler). */
static dlx_solver *run(dance_core *c, const dance_settings *st, job *j, const char *kind) {
  j->s = dance_solver_new(c, st);
  if (!j->s) return NULL;
  if (job_run(j) < 0) {
    /* The partial result is kept all the same, the exception raised as it came. */
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    if (keep_result(c, j->s, kind) < 0) PyErr_Clear();
    PyErr_Restore(type, value, tb);
    dlx_solver_free(j->s);
    return NULL;
  }
  if (keep_result(c, j->s, kind) < 0) {
    dlx_solver_free(j->s);
    return NULL;
  }
  if (j->status) {
    dlx_solver_free(j->s);
    dance_raise_status(j->status, kind);
    return NULL;
  }
  return j->s;
}

/* Runs a counting job: its count (the core's last "solutions"), or NULL with an exception. */
static PyObject *counted(dance_core *c, const dance_settings *st, job *j, const char *kind) {
  dlx_solver *s = run(c, st, j, kind);
  if (!s) return NULL;
  dlx_solver_free(s);
  PyObject *n = PyDict_GetItemString(c->last, "solutions");
  Py_XINCREF(n);
  return n;
}

PyObject *dance_core_count(dance_core *c, PyObject *args) {
  dance_settings st;
  job j = {.kind = JOB_COUNT};
  if (dance_parse_settings(args, &st, "") < 0) return NULL;
  return counted(c, &st, &j, "count");
}

PyObject *dance_core_count_memo(dance_core *c, PyObject *args) {
  dance_settings st;
  job j = {.kind = JOB_MEMO};
  if (dance_parse_settings(args, &st, "O&O&", conv_u64, &j.a, conv_u64, &j.b) < 0) return NULL;
  return counted(c, &st, &j, "memo");
}

PyObject *dance_core_estimate(dance_core *c, PyObject *args) {
  dance_settings st;
  job j = {.kind = JOB_ESTIMATE};
  if (dance_parse_settings(args, &st, "O&O&", conv_u64, &j.a, conv_u64, &j.b) < 0) return NULL;
  dlx_solver *s = run(c, &st, &j, "estimate");
  if (!s) return NULL;
  dlx_solver_free(s);
  Py_RETURN_NONE;
}

/* The kept solutions of a dlx_solver_best as [(cost, [options...]), ...]. */
static PyObject *best_list(dance_core *c, dlx_solver *s) {
  dlx_result r;
  dlx_solver_result(s, &r, sizeof r);
  PyObject *list = PyList_New((Py_ssize_t)r.solutions);
  for (uint64_t i = 0; list && i < r.solutions; i++) {
    const int32_t *opts;
    size_t n;
    uint64_t cost;
    PyObject *t = NULL;
    if (dlx_solver_best_solution(s, (size_t)i, &opts, &n, &cost) == DLX_OK)
      t = Py_BuildValue("(KN)", (unsigned long long)cost, dance_solution_list(c, opts, n));
    else
      PyErr_SetString(PyExc_RuntimeError, "a kept solution cannot be read");
    if (!t) Py_CLEAR(list);
    else PyList_SET_ITEM(list, (Py_ssize_t)i, t);
  }
  return list;
}

PyObject *dance_core_best(dance_core *c, PyObject *args) {
  dance_settings st;
  job j = {.kind = JOB_BEST};
  if (dance_parse_settings(args, &st, "O&", conv_u64, &j.a) < 0) return NULL;
  dlx_solver *s = run(c, &st, &j, "best");
  if (!s) return NULL;
  PyObject *list = best_list(c, s);
  dlx_solver_free(s);
  return list;
}

PyObject *dance_core_solutions(dance_core *c, PyObject *args) {
  dance_settings st;
  if (dance_parse_settings(args, &st, "") < 0) return NULL;
  return dance_iter_new(c, &st);
}
