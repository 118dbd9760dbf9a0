/* iter.c -- _dance.Solutions, the iterator of Problem.solutions(): pull iteration on a
 * dlx_solver of its own (dlx_solver_next_wait), each solution a new list of option ids in
 * the order chosen.
 *
 * The search runs in the library's threads, ahead of the caller. A solution already
 * waiting is taken without giving up the GIL; otherwise the caller waits without it, in
 * slices of DANCE_WAIT_SLICE seconds, running Python's signal handlers between them: an
 * exception there (KeyboardInterrupt) ends the iteration and is raised. The iterator ends
 * at the last solution, at close(), at the end of a with block, or when it is freed (a loop
 * left by break): the search then stops, its threads are joined, and the result of the run
 * is kept in .stats and as the problem's last. */
#include "dance_py.h"

typedef struct {
  PyObject_HEAD
  dance_core *core; /* holds the matrix the solver borrows */
  dlx_solver *s;    /* NULL once the iteration ended */
  PyObject *stats;  /* the run's result (a dict) once it ended, else NULL */
  int started, busy;
} dance_iter;

static PyTypeObject iter_type;

PyObject *dance_solution_list(dance_core *c, const int32_t *options, size_t n) {
  PyObject *ints = dance_core_ints(c);
  if (!ints) return NULL;
  Py_ssize_t size = PyTuple_GET_SIZE(ints);
  PyObject *list = PyList_New((Py_ssize_t)n);
  if (!list) return NULL;
  for (size_t i = 0; i < n; i++) {
    PyObject *v;
    if (options[i] >= 0 && options[i] < size) {
      v = PyTuple_GET_ITEM(ints, options[i]);
      Py_INCREF(v);
    } else if (!(v = PyLong_FromLong(options[i]))) {
      Py_DECREF(list);
      return NULL;
    }
    PyList_SET_ITEM(list, (Py_ssize_t)i, v);
  }
  return list;
}

PyObject *dance_iter_new(dance_core *c, const dance_settings *st) {
  if (!dance_core_ints(c)) return NULL;
  dlx_solver *s = dance_solver_new(c, st);
  if (!s) return NULL;
  dance_iter *it = PyObject_GC_New(dance_iter, &iter_type);
  if (!it) {
    dlx_solver_free(s);
    return NULL;
  }
  Py_INCREF(c);
  it->core = c;
  it->s = s;
  it->stats = NULL;
  it->started = it->busy = 0;
  PyObject_GC_Track(it);
  return (PyObject *)it;
}

/* Ends the iteration, if it has not ended: the search stopped, its threads joined, its
 * result kept. Any exception set stays as it is. */
static void iter_finish(dance_iter *it) {
  if (!it->s) return;
  dlx_solver *s = it->s;
  it->s = NULL;
  Py_BEGIN_ALLOW_THREADS
  dlx_solver_rewind(s);
  Py_END_ALLOW_THREADS
  PyObject *type, *value, *tb;
  PyErr_Fetch(&type, &value, &tb);
  PyObject *d = dance_result_dict(s, "solutions");
  if (d) {
    Py_INCREF(d);
    Py_XSETREF(it->core->last, d);
    Py_XSETREF(it->stats, d);
  } else {
    PyErr_Clear();
  }
  PyErr_Restore(type, value, tb);
  dlx_solver_free(s);
}

dlx_status dance_next_blocking(dlx_solver *s, int started, const int32_t **options, size_t *n) {
  dlx_status e = started ? dlx_solver_next_wait(s, options, n, 0) : DLX_EAGAIN;
  while (e == DLX_EAGAIN) {
    Py_BEGIN_ALLOW_THREADS
    e = dlx_solver_next_wait(s, options, n, DANCE_WAIT_SLICE);
    Py_END_ALLOW_THREADS
    if (e == DLX_EAGAIN && PyErr_CheckSignals() < 0) return DLX_EAGAIN;
  }
  return e;
}

static PyObject *iter_next(dance_iter *it) {
  if (!it->s) return NULL;
  if (it->busy) {
    PyErr_SetString(PyExc_ValueError, "the solutions are being taken by another thread");
    return NULL;
  }
  const int32_t *options = NULL;
  size_t n = 0;
  it->busy = 1;
  dlx_status e = dance_next_blocking(it->s, it->started, &options, &n);
  it->started = 1;
  it->busy = 0;
  if (e == DLX_EAGAIN) { /* a signal handler raised */
    iter_finish(it);
    return NULL;
  }
  if (e == DLX_OK) return dance_solution_list(it->core, options, n);
  iter_finish(it);
  return e == DLX_DONE ? NULL : dance_raise_status(e, "solutions");
}

static PyObject *iter_close(dance_iter *it, PyObject *unused) {
  (void)unused;
  if (it->busy) {
    PyErr_SetString(PyExc_ValueError, "the solutions are being taken by another thread");
    return NULL;
  }
  iter_finish(it);
  Py_RETURN_NONE;
}

static PyObject *iter_enter(dance_iter *it, PyObject *unused) {
  (void)unused;
  Py_INCREF(it);
  return (PyObject *)it;
}

static PyObject *iter_exit(dance_iter *it, PyObject *args) {
  (void)args;
  return iter_close(it, NULL);
}

static PyObject *iter_get_stats(dance_iter *it, void *closure) {
  (void)closure;
  if (it->stats) return dance_stats(it->stats);
  Py_RETURN_NONE;
}

static int iter_traverse(dance_iter *it, visitproc visit, void *arg) {
  Py_VISIT(it->core);
  Py_VISIT(it->stats);
  return 0;
}

static int iter_clear(dance_iter *it) {
  Py_CLEAR(it->stats);
  return 0;
}

/* A loop left by break ends here: the run's result is kept as the problem's last. */
static void iter_dealloc(dance_iter *it) {
  PyObject_GC_UnTrack(it);
  iter_finish(it);
  Py_CLEAR(it->stats);
  Py_CLEAR(it->core);
  PyObject_GC_Del(it);
}

static PyMethodDef iter_methods[] = {
    {"close", (PyCFunction)iter_close, METH_NOARGS,
     "close(): stop the search; the iteration ends (its threads are joined)."},
    {"__enter__", (PyCFunction)iter_enter, METH_NOARGS, NULL},
    {"__exit__", (PyCFunction)iter_exit, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef iter_getset[] = {
    {"stats", (getter)iter_get_stats, NULL,
     "the run's result (dance.Stats) once the iteration ended, else None", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject iter_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dance._dance.Solutions",
    .tp_basicsize = sizeof(dance_iter),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "An iterator over the solutions of a problem: each a list of option indices.",
    .tp_dealloc = (destructor)iter_dealloc,
    .tp_traverse = (traverseproc)iter_traverse,
    .tp_clear = (inquiry)iter_clear,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)iter_next,
    .tp_methods = iter_methods,
    .tp_getset = iter_getset,
};

int dance_iter_register(PyObject *module) {
  if (PyType_Ready(&iter_type) < 0) return -1;
  Py_INCREF(&iter_type);
  if (PyModule_AddObject(module, "Solutions", (PyObject *)&iter_type) < 0) {
    Py_DECREF(&iter_type);
    return -1;
  }
  return 0;
}
