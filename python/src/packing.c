/* packing.c -- _dance.PackingCore: a set of polycubes packed into a box or region, as
 * `dance cube` packs it, over the polycube model of models/ (which compiles the set into a
 * matrix, prunes dead ends, holds one piece to break the box's symmetry and tells one
 * packing of each class). Counts give the classes (solutions) and the covers in all; the
 * iterator gives one drawing per class, as the command prints it. The Python class
 * dance.Packing (dance/__init__.py) finds the set and hands its text here. */
#include "dance_py.h"
#include "polycube.h"
#include "polycube_library.h"

typedef struct {
  PyObject_HEAD
  poly_set *set;
  poly_model *model;
} dance_packing;

/* A count's tally: the classes, the covers in all, the classes that are their own mirror
 * image, and the limit on the classes (0: none). on_solution calls are serialized, so one
 * set of cells serves them all. */
typedef struct {
  const poly_model *m;
  uint8_t *cells;
  uint64_t solutions, covers, self_mirror, limit;
  int hit_limit, error;
} tally;

/* Sorts a cover into its class: 1 (and k) when it is the class's packing to count, else 0;
 * -1 when the cover does not pack the box (a bug of the model, reported as such). */
static int classify(const poly_model *m, uint8_t *cells, const int32_t *options, size_t n,
                    poly_class *k) {
  int fast = poly_model_accept_options(m, options, n, k);
  if (fast >= 0) return fast;
  if (poly_model_arrange(m, options, n, cells)) return -1;
  return poly_model_accept(m, cells, k);
}

static int tally_solution(void *ctx, const int32_t *options, size_t n) {
  tally *t = ctx;
  if (t->limit && t->solutions >= t->limit) {
    t->hit_limit = 1;
    return 1;
  }
  poly_class k;
  int c = classify(t->m, t->cells, options, n, &k);
  if (c < 0) {
    t->error = 1;
    return 1;
  }
  if (c) {
    t->solutions++;
    t->covers += k.orbit;
    t->self_mirror += (uint64_t)k.self_mirror;
  }
  return 0;
}

/* The message of a model's or reader's refusal, as dance.Error (or ParseError, with the
 * place, for a malformed file). */
static void raise_poly(poly_status st, const poly_error *err) {
  const char *msg = err->message[0] ? err->message : poly_strerror(st);
  if (st == POLY_ENOMEM) {
    PyErr_NoMemory();
  } else if (st == POLY_ESYNTAX) {
    dance_raise_parse_error(msg, err->file, err->line, err->column);
  } else if (err->file[0] && err->line) {
    PyErr_Format(dance_error_class(), "%s:%d: %s", err->file, err->line, msg);
  } else {
    PyErr_Format(dance_error_class(), "%s", msg);
  }
}

/* The set: a library by name, or piece text; NULL with an exception set. */
static poly_set *read_set(const char *text, Py_ssize_t len, const char *name, const char *library) {
  poly_set *s = NULL;
  poly_error err;
  memset(&err, 0, sizeof err);
  poly_status st = library ? poly_library_set(library, &s, &err)
                           : poly_read_buffer(name, text, (size_t)len, &s, &err);
  if (st) {
    if (library && st != POLY_ENOMEM) {
      PyErr_Format(PyExc_ValueError, "no library of pieces named '%s'", library);
      return NULL;
    }
    raise_poly(st, &err);
    return NULL;
  }
  return s;
}

/* The box (x, y, z) or region (a file's path) asked for, on s; 0, or -1 with an exception. */
static int shape_set(poly_set *s, PyObject *box, const char *region) {
  if (box != Py_None) {
    int b[3] = {1, 1, 1};
    if (!PyArg_ParseTuple(box, "ii|i:box", &b[0], &b[1], &b[2])) return -1;
    for (int i = 0; i < 3; i++)
      if (b[i] < 1 || b[i] > POLY_MAX_DIM) {
        PyErr_Format(PyExc_ValueError, "box: each side from 1 to %d, not %d", POLY_MAX_DIM, b[i]);
        return -1;
      }
    poly_set_box(s, b);
  }
  if (region) {
    poly_set *r = NULL;
    poly_error err;
    memset(&err, 0, sizeof err);
    poly_status st = poly_read_region(region, &r, &err);
    if (st == POLY_EIO) {
      PyErr_SetFromErrnoWithFilename(PyExc_OSError, region);
      return -1;
    }
    if (!st) st = poly_set_region(s, r);
    poly_set_free(r);
    if (st) {
      raise_poly(st, &err);
      return -1;
    }
  }
  if (!s->box[0]) {
    PyErr_SetString(PyExc_ValueError, "the set names no box: give box=(x, y, z) or region=FILE");
    return -1;
  }
  return 0;
}

/* A Python int (not a bool) as a long into *v: 1; 0 when it is none. Too large or too small
 * an int is LONG_MAX or LONG_MIN, which poly_copies_valid refuses as any value out of range. */
static int int_arg(PyObject *o, long *v) {
  if (!PyLong_Check(o) || PyBool_Check(o)) return 0;
  int overflow;
  *v = PyLong_AsLongAndOverflow(o, &overflow);
  if (overflow) *v = overflow > 0 ? LONG_MAX : LONG_MIN;
  return 1;
}

/* copies=: N (an int) or (A, B), every piece of s taken so, as poly_copies_valid allows. 0, or
 * -1 with a TypeError or ValueError. */
static int set_copies(poly_set *s, PyObject *copies) {
  long n, required = -1;
  int ok = int_arg(copies, &n);
  if (!ok && PyTuple_Check(copies) && PyTuple_GET_SIZE(copies) == 2)
    ok = int_arg(PyTuple_GET_ITEM(copies, 0), &required) &&
         int_arg(PyTuple_GET_ITEM(copies, 1), &n);
  if (!ok && !PyErr_Occurred())
    PyErr_Format(PyExc_TypeError, "copies must be an int N or a pair (A, B), not %R", copies);
  if (!ok) return -1;
  if (!poly_copies_valid(n, required) || (PyTuple_Check(copies) && required < 0)) {
    PyErr_Format(PyExc_ValueError,
                 "copies: expected N from 1 to %d, or (A, B) with 0 <= A <= B and B from 1 to %d "
                 "(B copies of each piece, at least A of them used), not %R",
                 POLY_MAX_LETTERS, POLY_MAX_LETTERS, copies);
    return -1;
  }
  poly_error err;
  poly_status st = poly_set_copies(s, (int)n, (int)required, &err);
  if (st == POLY_ENOMEM) {
    PyErr_NoMemory();
    return -1;
  }
  if (st) {
    PyErr_Format(PyExc_ValueError, "copies: %s", err.message);
    return -1;
  }
  return 0;
}

/* The model's options; restrict_piece a piece's name, "auto" or "none". 0, or -1. */
static int model_options(const poly_set *s, int mirror, int reflections, const char *restrict_piece,
                         poly_options *po) {
  *po = poly_options_default();
  po->mirror = mirror;
  po->reflections = reflections;
  po->threads = dlx_online_cores();
  if (!strcmp(restrict_piece, "auto")) return 0;
  if (!strcmp(restrict_piece, "none")) {
    po->restrict_piece = POLY_RESTRICT_NONE;
    return 0;
  }
  for (int p = 0; p < s->npieces; p++)
    if (!strcmp(s->pieces[p].name, restrict_piece)) {
      po->restrict_piece = p;
      return 0;
    }
  PyErr_Format(PyExc_ValueError, "hold: the set has no piece named '%s'", restrict_piece);
  return -1;
}

static int packing_init(dance_packing *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"text",   "name",        "library", "box",    "region", "optional",
                          "mirror", "reflections", "hold",    "copies", NULL};
  const char *text = NULL, *name = "<pieces>", *library = NULL, *region = NULL, *hold = "auto";
  Py_ssize_t len = 0;
  PyObject *box = Py_None, *copies = Py_None;
  int optional = 0, mirror = 0, reflections = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "z#|szOzpppsO:PackingCore", names, &text, &len,
                                   &name, &library, &box, &region, &optional, &mirror,
                                   &reflections, &hold, &copies))
    return -1;
  if (self->set) {
    PyErr_SetString(PyExc_TypeError, "a packing is made once");
    return -1;
  }
  if (!text && !library) {
    PyErr_SetString(PyExc_TypeError, "pieces: give a set's name, a piece file or its text");
    return -1;
  }
  poly_set *s = read_set(text, len, name, library);
  poly_options po;
  if (!s || (copies != Py_None && set_copies(s, copies)) || shape_set(s, box, region) ||
      model_options(s, mirror, reflections, hold, &po)) {
    poly_set_free(s);
    return -1;
  }
  if (optional)
    for (int p = 0; p < s->npieces; p++)
      s->pieces[p].optional = 1;
  poly_model *m = NULL;
  poly_error err;
  memset(&err, 0, sizeof err);
  poly_status st;
  Py_BEGIN_ALLOW_THREADS
  st = poly_model_new(s, &po, &m, &err);
  Py_END_ALLOW_THREADS
  if (st) {
    if (!err.file[0]) snprintf(err.file, sizeof err.file, "%s", library ? library : name);
    raise_poly(st, &err);
    poly_set_free(s);
    return -1;
  }
  self->set = s;
  self->model = m;
  return 0;
}

static void packing_dealloc(dance_packing *self) {
  poly_model_free(self->model);
  poly_set_free(self->set);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A solver of the model's matrix with its pruning, on `threads` (0: the default); NULL with
 * an exception set. */
static dlx_solver *packing_solver(const dance_packing *self, int threads) {
  if (threads < 0 || threads > DLX_MAX_THREADS) {
    PyErr_Format(PyExc_ValueError, "threads: from 0 (every core) to %d, not %d", DLX_MAX_THREADS,
                 threads);
    return NULL;
  }
  const poly_model *m = self->model;
  dlx_solver *s = dlx_solver_new(poly_model_matrix(m));
  if (!s) {
    PyErr_NoMemory();
    return NULL;
  }
  dlx_solver_set_threads(s, threads);
  dlx_solver_set_admit(s, poly_model_admit(m), poly_model_admit_items(m), (void *)m);
  return s;
}

/* count(threads, max): (solutions, covers, self_mirror, complete, nodes, seconds). */
static PyObject *packing_count(dance_packing *self, PyObject *args) {
  int threads = 0;
  unsigned long long max = 0;
  if (!PyArg_ParseTuple(args, "iK:count", &threads, &max)) return NULL;
  dlx_solver *s = packing_solver(self, threads);
  if (!s) return NULL;
  tally t = {.m = self->model, .limit = max};
  t.cells = malloc(poly_model_cells(self->model) + 1);
  if (!t.cells) {
    dlx_solver_free(s);
    return PyErr_NoMemory();
  }
  /* As dance cube: where every cover is its own class of |G| packings, the engine's count
   * is the solutions' (no cover need be seen), and a large search recalls its subtrees. */
  const int by_covers = !max && poly_model_covers_are_classes(self->model);
  if (!by_covers)
    dlx_solver_on_solution(s, tally_solution, &t);
  else {
    const poly_recall r = poly_model_recall(self->model, 0, 0);
    if (r.hi) {
      dlx_solver_set_recall(s, r.lo, r.hi);
      dlx_solver_set_recall_table(s, r.slots_log);
    }
  }
  dlx_solver_set_any_order(s, !max); /* a tally does not see the order */
  dlx_status e = DLX_OK;
  int failed = dance_count_blocking(s, &e);
  dlx_result r;
  dlx_solver_result(s, &r, sizeof r);
  dlx_solver_free(s);
  free(t.cells);
  if (failed) return NULL;
  if (e) return dance_raise_status(e, "count");
  const uint64_t g = (uint64_t)poly_model_symmetries(self->model);
  if (by_covers && (r.overflow || r.solutions > UINT64_MAX / g)) {
    PyErr_SetString(dance_error_class(), "the count passes 2^64 - 1");
    return NULL;
  }
  if (by_covers) t.solutions = r.solutions, t.covers = r.solutions * g;
  if (t.error) {
    PyErr_SetString(dance_error_class(), "a cover of the matrix does not pack the box");
    return NULL;
  }
  int complete = r.complete && !t.hit_limit;
  return Py_BuildValue("KKKOKd", (unsigned long long)t.solutions, (unsigned long long)t.covers,
                       (unsigned long long)t.self_mirror, complete ? Py_True : Py_False,
                       (unsigned long long)r.nodes, r.seconds);
}

/* ---- the iterator over the classes: one drawing of each, as `dance cube --print` shows */

typedef struct {
  PyObject_HEAD
  dance_packing *packing; /* a reference: the model outlives the solver */
  dlx_solver *s;
  uint8_t *cells;
  char *text;
  size_t text_cap;
  uint64_t given, limit;
  int started;
} packing_iter;

static void packing_iter_close_solver(packing_iter *it) {
  if (it->s) {
    dlx_solver *s = it->s;
    it->s = NULL;
    Py_BEGIN_ALLOW_THREADS
    dlx_solver_free(s); /* stops and joins the search's threads */
    Py_END_ALLOW_THREADS
  }
}

static void packing_iter_dealloc(packing_iter *it) {
  packing_iter_close_solver(it);
  free(it->cells);
  free(it->text);
  Py_XDECREF(it->packing);
  Py_TYPE(it)->tp_free((PyObject *)it);
}

/* The drawing of the class of the cover `options`, or NULL (no exception) when the cover is
 * not the one its class is counted by. */
static PyObject *drawing(packing_iter *it, const int32_t *options, size_t n, int *error) {
  const poly_model *m = it->packing->model;
  if (poly_model_arrange(m, options, n, it->cells)) {
    *error = 1;
    return NULL;
  }
  poly_class k;
  if (!poly_model_accept(m, it->cells, &k)) return NULL;
  poly_model_representative(m, it->cells);
  size_t need = poly_format_layers(it->packing->set, it->cells, it->text, it->text_cap);
  if (need >= it->text_cap) {
    char *t = realloc(it->text, need + 1);
    if (!t) return PyErr_NoMemory();
    it->text = t;
    it->text_cap = need + 1;
    poly_format_layers(it->packing->set, it->cells, it->text, it->text_cap);
  }
  while (need && it->text[need - 1] == '\n') need--; /* a str to print, without the last newline */
  return PyUnicode_FromStringAndSize(it->text, (Py_ssize_t)need);
}

static PyObject *packing_iter_next(packing_iter *it) {
  while (it->s && (!it->limit || it->given < it->limit)) {
    const int32_t *options;
    size_t n;
    dlx_status e = dance_next_blocking(it->s, it->started, &options, &n);
    it->started = 1;
    if (e == DLX_EAGAIN) return NULL; /* a signal handler raised */
    if (e == DLX_DONE) break;
    if (e) return dance_raise_status(e, "solutions");
    int error = 0;
    PyObject *d = drawing(it, options, n, &error);
    if (d) {
      it->given++;
      return d;
    }
    if (PyErr_Occurred()) return NULL;
    if (error) {
      PyErr_SetString(dance_error_class(), "a cover of the matrix does not pack the box");
      return NULL;
    }
  }
  packing_iter_close_solver(it);
  return NULL; /* StopIteration */
}

static PyObject *packing_iter_close(packing_iter *it, PyObject *unused) {
  (void)unused;
  packing_iter_close_solver(it);
  Py_RETURN_NONE;
}

static PyMethodDef packing_iter_methods[] = {
    {"close", (PyCFunction)packing_iter_close, METH_NOARGS,
     "Stop the search now; the iterator then ends."},
    {NULL, NULL, 0, NULL}};

static PyTypeObject packing_iter_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dance._dance.PackingSolutions",
    .tp_basicsize = sizeof(packing_iter),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The packings of a Packing, one drawing per class, as dance cube --print shows.",
    .tp_dealloc = (destructor)packing_iter_dealloc,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)packing_iter_next,
    .tp_methods = packing_iter_methods,
};

/* solutions(threads, max): the iterator. */
static PyObject *packing_solutions(dance_packing *self, PyObject *args) {
  int threads = 0;
  unsigned long long max = 0;
  if (!PyArg_ParseTuple(args, "iK:solutions", &threads, &max)) return NULL;
  packing_iter *it = PyObject_New(packing_iter, &packing_iter_type);
  if (!it) return NULL;
  it->packing = self;
  Py_INCREF(self);
  it->text = NULL;
  it->text_cap = 0;
  it->given = 0;
  it->limit = max;
  it->started = 0;
  it->cells = malloc(poly_model_cells(self->model) + 1);
  it->s = it->cells ? packing_solver(self, threads) : NULL;
  if (!it->s) {
    if (!PyErr_Occurred()) PyErr_NoMemory();
    Py_DECREF(it);
    return NULL;
  }
  return (PyObject *)it;
}

/* ---- what the packing is */

static PyObject *packing_info(dance_packing *self, PyObject *unused) {
  (void)unused;
  const poly_set *s = self->set;
  const poly_model *m = self->model;
  PyObject *pieces = PyTuple_New(s->npieces);
  if (!pieces) return NULL;
  for (int p = 0; p < s->npieces; p++) {
    PyObject *name = PyUnicode_FromString(s->pieces[p].name);
    if (!name) {
      Py_DECREF(pieces);
      return NULL;
    }
    PyTuple_SET_ITEM(pieces, p, name);
  }
  int held = poly_model_restricted(m);
  return Py_BuildValue("{s:N,s:(iii),s:n,s:i,s:z,s:i,s:i}", "pieces", pieces, "box", s->box[0],
                       s->box[1], s->box[2], "cells", (Py_ssize_t)poly_region_cells(s),
                       "symmetries", poly_model_symmetries(m), "held",
                       held >= 0 ? s->pieces[held].name : NULL, "options",
                       dlx_option_count(poly_model_matrix(m)), "items",
                       dlx_item_count(poly_model_matrix(m)));
}

/* The model's matrix in Knuth's format (for dance.Problem.parse). */
static PyObject *packing_matrix_text(dance_packing *self, PyObject *unused) {
  (void)unused;
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return PyErr_NoMemory();
  dlx_status e = dlx_write(poly_model_matrix(self->model), f, NULL);
  fclose(f);
  PyObject *text =
      e ? dance_raise_status(e, "matrix") : PyUnicode_FromStringAndSize(buf, (Py_ssize_t)len);
  free(buf);
  return text;
}

static PyMethodDef packing_methods[] = {
    {"count", (PyCFunction)packing_count, METH_VARARGS,
     "count(threads, max) -> (solutions, covers, self_mirror, complete, nodes, seconds)"},
    {"solutions", (PyCFunction)packing_solutions, METH_VARARGS,
     "solutions(threads, max) -> an iterator of drawings, one per class"},
    {"info", (PyCFunction)packing_info, METH_NOARGS, "info() -> a dict: pieces, box, cells, ..."},
    {"matrix_text", (PyCFunction)packing_matrix_text, METH_NOARGS,
     "matrix_text() -> the model's exact-cover matrix in Knuth's format"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject packing_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dance._dance.PackingCore",
    .tp_basicsize = sizeof(dance_packing),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The polycube model of a packing (dance.Packing wraps it).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)packing_init,
    .tp_dealloc = (destructor)packing_dealloc,
    .tp_methods = packing_methods,
};

int dance_packing_register(PyObject *module) {
  if (PyType_Ready(&packing_type) < 0 || PyType_Ready(&packing_iter_type) < 0) return -1;
  Py_INCREF(&packing_type);
  if (PyModule_AddObject(module, "PackingCore", (PyObject *)&packing_type) < 0) {
    Py_DECREF(&packing_type);
    return -1;
  }
  return 0;
}
