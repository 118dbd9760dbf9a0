/* problem.c -- _dance.Core, the base of dance.Problem: it owns one dlx_matrix, built by
 * its methods (_add_item, _color, _add_option, _set_bounds, _set_cost, then _freeze) or
 * read from Knuth's format (_parse), and reads it back (_sizes, _item, _option, ...). The
 * runs are in run.c, the iterator in iter.c.
 *
 * The matrix changes only before _freeze: solvers borrow it, so once a run may have begun
 * it must stay as it is. */
#include <string.h>

#include "dance_py.h"

static dance_core *core_alloc(PyTypeObject *type) {
  dance_core *c = (dance_core *)type->tp_alloc(type, 0);
  if (!c) return NULL;
  c->m = dlx_matrix_new();
  if (!c->m) {
    Py_DECREF(c);
    return (dance_core *)PyErr_NoMemory();
  }
  return c;
}

static PyObject *core_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
  (void)args;
  (void)kw;
  return (PyObject *)core_alloc(type);
}

static int core_traverse(dance_core *c, visitproc visit, void *arg) {
  Py_VISIT(c->last);
  return 0;
}

static int core_clear(dance_core *c) {
  Py_CLEAR(c->last);
  Py_CLEAR(c->ints);
  return 0;
}

/* A static type's dealloc: a subclass's (dance.Problem) releases its type itself. */
static void core_dealloc(dance_core *c) {
  PyObject_GC_UnTrack(c);
  core_clear(c);
  dlx_matrix_free(c->m);
  Py_TYPE(c)->tp_free((PyObject *)c);
}

/* What dlx_add_item or dlx_color said about a name, as ValueError; NULL. */
static PyObject *bad_name(const char *what, const char *name, dlx_status e) {
  if (e == DLX_ENOMEM) return PyErr_NoMemory();
  if (e == DLX_ENAME)
    PyErr_Format(PyExc_ValueError,
                 "%s '%s': a name must have 1 to %d bytes, without blanks, ':' or '|'", what,
                 name, DLX_NAME_MAX);
  else
    PyErr_Format(PyExc_ValueError, "%s '%s': %s", what, name, dlx_strerror(e));
  return NULL;
}

/* 0 while the matrix may change; else -1 with RuntimeError. */
static int changeable(dance_core *c) {
  if (!c->frozen) return 0;
  PyErr_SetString(PyExc_RuntimeError, "the problem is built: it cannot change");
  return -1;
}

/* ---- building */

static PyObject *core_add_item(dance_core *c, PyObject *args) {
  const char *name;
  int secondary;
  if (!PyArg_ParseTuple(args, "sp", &name, &secondary) || changeable(c)) return NULL;
  int32_t id;
  dlx_status e = dlx_add_item(c->m, name, secondary ? DLX_SECONDARY : DLX_PRIMARY, &id);
  if (e) return bad_name("item", name, e);
  return PyLong_FromLong(id);
}

static PyObject *core_color(dance_core *c, PyObject *args) {
  const char *name;
  if (!PyArg_ParseTuple(args, "s", &name) || changeable(c)) return NULL;
  int32_t id;
  dlx_status e = dlx_color(c->m, name, &id);
  if (e) return bad_name("color", name, e);
  return PyLong_FromLong(id);
}

/* The ints of a sequence into a new array of n; NULL with an exception set. */
static int32_t *int32_array(PyObject *seq, Py_ssize_t *n) {
  PyObject *fast = PySequence_Fast(seq, "expected a sequence of ints");
  if (!fast) return NULL;
  *n = PySequence_Fast_GET_SIZE(fast);
  int32_t *a = PyMem_Malloc((size_t)(*n ? *n : 1) * sizeof *a);
  if (!a) {
    Py_DECREF(fast);
    return (int32_t *)PyErr_NoMemory();
  }
  for (Py_ssize_t i = 0; i < *n; i++) {
    long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
    if ((v == -1 && PyErr_Occurred()) || v < INT32_MIN || v > INT32_MAX) {
      if (!PyErr_Occurred()) PyErr_SetString(PyExc_OverflowError, "id out of range");
      PyMem_Free(a);
      Py_DECREF(fast);
      return NULL;
    }
    a[i] = (int32_t)v;
  }
  Py_DECREF(fast);
  return a;
}

/* _add_option(items, colors or None) -> id */
static PyObject *core_add_option(dance_core *c, PyObject *args) {
  PyObject *items, *colors;
  if (!PyArg_ParseTuple(args, "OO", &items, &colors) || changeable(c)) return NULL;
  Py_ssize_t n, nc = 0;
  int32_t *ids = int32_array(items, &n), *cols = NULL;
  if (!ids) return NULL;
  if (colors != Py_None && !(cols = int32_array(colors, &nc))) {
    PyMem_Free(ids);
    return NULL;
  }
  PyObject *result = NULL;
  int32_t id;
  if (cols && nc != n) {
    PyErr_SetString(PyExc_ValueError, "as many colors as items are needed");
  } else {
    dlx_status e = dlx_add_option(c->m, (size_t)n, ids, cols, &id);
    result = e ? dance_raise_status(e, "option") : PyLong_FromLong(id);
  }
  PyMem_Free(ids);
  PyMem_Free(cols);
  return result;
}

static PyObject *core_set_bounds(dance_core *c, PyObject *args) {
  int item, lo, hi;
  if (!PyArg_ParseTuple(args, "iii", &item, &lo, &hi) || changeable(c)) return NULL;
  dlx_status e = dlx_set_bounds(c->m, item, lo, hi);
  if (e) return dance_raise_status(e, "bounds");
  Py_RETURN_NONE;
}

static PyObject *core_set_cost(dance_core *c, PyObject *args) {
  int option;
  unsigned long long cost;
  if (!PyArg_ParseTuple(args, "iK", &option, &cost) || changeable(c)) return NULL;
  dlx_status e = dlx_set_option_cost(c->m, option, cost);
  if (e) return dance_raise_status(e, "cost");
  Py_RETURN_NONE;
}

static PyObject *core_freeze(dance_core *c, PyObject *unused) {
  (void)unused;
  c->frozen = 1;
  Py_RETURN_NONE;
}

/* ---- reading Knuth's format */

/* The warnings of one read, kept while the GIL is released. */
typedef struct {
  dlx_parse_error w[16];
  int n, more;
} warnings;

static void keep_warning(void *ctx, const dlx_parse_error *w) {
  warnings *ws = ctx;
  if (ws->n < (int)(sizeof ws->w / sizeof ws->w[0]))
    ws->w[ws->n++] = *w;
  else
    ws->more++;
}

/* The warnings as a list of (line, column, message). */
static PyObject *warning_list(const warnings *ws) {
  PyObject *list = PyList_New(0);
  for (int i = 0; list && i < ws->n; i++) {
    PyObject *t = Py_BuildValue("(lls)", ws->w[i].line, ws->w[i].column, ws->w[i].message);
    if (!t || PyList_Append(list, t) < 0) Py_CLEAR(list);
    Py_XDECREF(t);
  }
  if (list && ws->more) {
    PyObject *t = Py_BuildValue("(iiN)", 0, 0,
                                PyUnicode_FromFormat("%d more warnings like these", ws->more));
    if (!t || PyList_Append(list, t) < 0) Py_CLEAR(list);
    Py_XDECREF(t);
  }
  return list;
}

/* _parse(data: bytes, name: str) -> (core, [(line, column, message), ...]), a classmethod;
 * ParseError(message, name, line, column) for malformed text. */
static PyObject *core_parse(PyObject *type, PyObject *args) {
  Py_buffer data;
  PyObject *name;
  if (!PyArg_ParseTuple(args, "y*U", &data, &name)) return NULL;
  const char *cname = PyUnicode_AsUTF8(name);
  dance_core *c = cname ? core_alloc((PyTypeObject *)type) : NULL;
  if (!c) {
    PyBuffer_Release(&data);
    return NULL;
  }
  dlx_matrix *m = NULL;
  dlx_parse_error err;
  warnings ws;
  memset(&ws, 0, sizeof ws);
  dlx_status e;
  Py_BEGIN_ALLOW_THREADS
  e = dlx_read_buffer(data.buf, (size_t)data.len, cname, &m, &err, keep_warning, &ws);
  Py_END_ALLOW_THREADS
  PyBuffer_Release(&data);
  if (e) {
    Py_DECREF(c);
    if (e == DLX_ENOMEM) return PyErr_NoMemory();
    return dance_raise_parse_error(err.message, cname, err.line, err.column);
  }
  dlx_matrix_free(c->m);
  c->m = m;
  c->frozen = 1;
  return Py_BuildValue("(NN)", c, warning_list(&ws));
}

/* ---- reading back */

/* _sizes() -> (items, primary, options, colors, nodes, has_bounds, has_costs) */
static PyObject *core_sizes(dance_core *c, PyObject *unused) {
  (void)unused;
  const dlx_matrix *m = c->m;
  return Py_BuildValue("(iiiiLOO)", (int)dlx_item_count(m), (int)dlx_primary_count(m),
                       (int)dlx_option_count(m), (int)dlx_color_count(m),
                       (long long)dlx_node_count(m), dlx_has_bounds(m) ? Py_True : Py_False,
                       dlx_has_costs(m) ? Py_True : Py_False);
}

/* _item(i) -> (name, secondary, lo, hi); an unnamed item is named "#i". */
static PyObject *core_item(dance_core *c, PyObject *args) {
  int i;
  if (!PyArg_ParseTuple(args, "i", &i)) return NULL;
  if (i < 0 || i >= dlx_item_count(c->m)) {
    PyErr_SetString(PyExc_IndexError, "item index out of range");
    return NULL;
  }
  const char *name = dlx_item_name(c->m, i);
  int32_t lo, hi;
  dlx_item_bounds(c->m, i, &lo, &hi);
  PyObject *n = name ? PyUnicode_FromString(name) : PyUnicode_FromFormat("#%d", i);
  return Py_BuildValue("(NOii)", n, dlx_item_kind_of(c->m, i) == DLX_SECONDARY ? Py_True : Py_False,
                       (int)lo, (int)hi);
}

/* _option(i) -> [name or "name:color", ...] */
static PyObject *core_option(dance_core *c, PyObject *args) {
  int i;
  if (!PyArg_ParseTuple(args, "i", &i)) return NULL;
  size_t n;
  const int32_t *items = dlx_option_items(c->m, i, &n);
  if (!items) {
    PyErr_SetString(PyExc_IndexError, "option index out of range");
    return NULL;
  }
  const int32_t *colors = dlx_option_colors(c->m, i);
  PyObject *list = PyList_New((Py_ssize_t)n);
  for (size_t k = 0; list && k < n; k++) {
    const char *name = dlx_item_name(c->m, items[k]);
    PyObject *s = name ? PyUnicode_FromString(name) : PyUnicode_FromFormat("#%d", (int)items[k]);
    if (s && colors && colors[k])
      Py_SETREF(s, PyUnicode_FromFormat("%U:%s", s, dlx_color_name(c->m, colors[k])));
    if (!s) Py_CLEAR(list);
    else PyList_SET_ITEM(list, (Py_ssize_t)k, s);
  }
  return list;
}

/* _format(i) -> the option as Knuth's text ("a b x:red |7") */
static PyObject *core_format(dance_core *c, PyObject *args) {
  int i;
  if (!PyArg_ParseTuple(args, "i", &i)) return NULL;
  if (i < 0 || i >= dlx_option_count(c->m)) {
    PyErr_SetString(PyExc_IndexError, "option index out of range");
    return NULL;
  }
  size_t need = dlx_format_option(c->m, i, NULL, 0);
  char *buf = PyMem_Malloc(need + 1);
  if (!buf) return PyErr_NoMemory();
  dlx_format_option(c->m, i, buf, need + 1);
  PyObject *s = PyUnicode_FromStringAndSize(buf, (Py_ssize_t)need);
  PyMem_Free(buf);
  return s;
}

static PyObject *core_cost(dance_core *c, PyObject *args) {
  int i;
  if (!PyArg_ParseTuple(args, "i", &i)) return NULL;
  return PyLong_FromUnsignedLongLong(dlx_option_cost(c->m, i));
}

static PyObject *core_find_item(dance_core *c, PyObject *args) {
  const char *name;
  if (!PyArg_ParseTuple(args, "s", &name)) return NULL;
  return PyLong_FromLong(dlx_find_item(c->m, name));
}

PyObject *dance_core_ints(dance_core *c) {
  if (c->ints) return c->ints;
  Py_ssize_t n = dlx_option_count(c->m);
  PyObject *t = PyTuple_New(n);
  for (Py_ssize_t i = 0; t && i < n; i++) {
    PyObject *v = PyLong_FromSsize_t(i);
    if (!v) Py_CLEAR(t);
    else PyTuple_SET_ITEM(t, i, v);
  }
  c->ints = t;
  return t;
}

/* the runs, in run.c */
PyObject *dance_core_count(dance_core *c, PyObject *args);
PyObject *dance_core_count_memo(dance_core *c, PyObject *args);
PyObject *dance_core_estimate(dance_core *c, PyObject *args);
PyObject *dance_core_best(dance_core *c, PyObject *args);
PyObject *dance_core_solutions(dance_core *c, PyObject *args);

#define M(name, fn, flags, doc) {name, (PyCFunction)(void (*)(void))fn, flags, doc}
static PyMethodDef core_methods[] = {
    M("_add_item", core_add_item, METH_VARARGS, "_add_item(name, secondary) -> id"),
    M("_color", core_color, METH_VARARGS, "_color(name) -> id"),
    M("_add_option", core_add_option, METH_VARARGS, "_add_option(items, colors) -> id"),
    M("_set_bounds", core_set_bounds, METH_VARARGS, "_set_bounds(item, lo, hi)"),
    M("_set_cost", core_set_cost, METH_VARARGS, "_set_cost(option, cost)"),
    M("_freeze", core_freeze, METH_NOARGS, "_freeze(): the matrix changes no more"),
    M("_parse", core_parse, METH_VARARGS | METH_CLASS, "_parse(data, name) -> (core, warnings)"),
    M("_sizes", core_sizes, METH_NOARGS, "_sizes() -> (items, primary, options, colors, nodes, "
                                         "has_bounds, has_costs)"),
    M("_item", core_item, METH_VARARGS, "_item(i) -> (name, secondary, lo, hi)"),
    M("_option", core_option, METH_VARARGS, "_option(i) -> list of item names"),
    M("_format", core_format, METH_VARARGS, "_format(i) -> the option in Knuth's format"),
    M("_cost", core_cost, METH_VARARGS, "_cost(i) -> the option's cost"),
    M("_find_item", core_find_item, METH_VARARGS, "_find_item(name) -> id or -1"),
    M("_count", dance_core_count, METH_VARARGS, "_count(settings...) -> int"),
    M("_count_memo", dance_core_count_memo, METH_VARARGS,
      "_count_memo(settings..., max_memory, first)"),
    M("_estimate", dance_core_estimate, METH_VARARGS, "_estimate(settings..., probes, seed)"),
    M("_best", dance_core_best, METH_VARARGS, "_best(settings..., k) -> [(cost, options)]"),
    M("_solutions", dance_core_solutions, METH_VARARGS, "_solutions(settings...) -> iterator"),
    {NULL, NULL, 0, NULL},
};
#undef M

static PyObject *core_get_last(dance_core *c, void *closure) {
  (void)closure;
  PyObject *r = c->last ? c->last : Py_None;
  Py_INCREF(r);
  return r;
}

static PyGetSetDef core_getset[] = {
    {"_last", (getter)core_get_last, NULL, "the last run's result (a dict) or None", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject dance_core_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dance._dance.Core",
    .tp_basicsize = sizeof(dance_core),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The C core of dance.Problem: one exact-cover matrix.",
    .tp_new = core_new,
    .tp_dealloc = (destructor)core_dealloc,
    .tp_traverse = (traverseproc)core_traverse,
    .tp_clear = (inquiry)core_clear,
    .tp_methods = core_methods,
    .tp_getset = core_getset,
};

int dance_problem_register(PyObject *module) {
  if (PyType_Ready(&dance_core_type) < 0) return -1;
  Py_INCREF(&dance_core_type);
  if (PyModule_AddObject(module, "Core", (PyObject *)&dance_core_type) < 0) {
    Py_DECREF(&dance_core_type);
    return -1;
  }
  return 0;
}
