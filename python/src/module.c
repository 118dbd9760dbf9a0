/* module.c -- the module dance._dance: its init, which calls each type's registration
 * (dance_py.h), the classes handed over by the Python layer (exceptions, Stats), and the library's
 * version. */
#include "dance_py.h"

static PyObject *error_class;       /* dance.Error, once set */
static PyObject *parse_error_class; /* dance.ParseError, once set */
static PyObject *stats_class;       /* dance.Stats, once set */

PyObject *dance_error_class(void) { return error_class ? error_class : PyExc_RuntimeError; }

PyObject *dance_parse_error_class(void) {
  return parse_error_class ? parse_error_class : PyExc_ValueError;
}

PyObject *dance_stats(PyObject *result) {
  if (!stats_class) {
    Py_INCREF(result);
    return result;
  }
  PyObject *args = PyTuple_New(0);
  PyObject *stats = args ? PyObject_Call(stats_class, args, result) : NULL;
  Py_XDECREF(args);
  return stats;
}

PyObject *dance_raise_status(dlx_status s, const char *what) {
  PyObject *type;
  switch (s) {
  case DLX_ENOMEM:
    return PyErr_NoMemory();
  case DLX_EARG:
  case DLX_EDUPNAME:
  case DLX_ENAME:
  case DLX_EDUPITEM:
  case DLX_ECOLORPRIMARY:
  case DLX_ENOPRIMARY:
    type = PyExc_ValueError;
    break;
  default:
    type = dance_error_class();
  }
  if (what)
    PyErr_Format(type, "%s: %s", what, dlx_strerror(s));
  else
    PyErr_SetString(type, dlx_strerror(s));
  return NULL;
}

PyObject *dance_raise_parse_error(const char *message, const char *file, long line, long column) {
  PyObject *x =
      PyObject_CallFunction(dance_parse_error_class(), "ssll", message, file, line, column);
  if (x) {
    PyErr_SetObject((PyObject *)Py_TYPE(x), x);
    Py_DECREF(x);
  }
  return NULL;
}

static PyObject *register_classes(PyObject *module, PyObject *args) {
  (void)module;
  PyObject *error, *parse_error, *stats;
  if (!PyArg_ParseTuple(args, "O!O!O!", &PyType_Type, &error, &PyType_Type, &parse_error,
                        &PyType_Type, &stats))
    return NULL;
  if (!PyObject_IsSubclass(error, PyExc_Exception) || !PyObject_IsSubclass(parse_error, error)) {
    PyErr_SetString(PyExc_TypeError, "expected Error(Exception), ParseError(Error), Stats");
    return NULL;
  }
  Py_INCREF(error);
  Py_INCREF(parse_error);
  Py_INCREF(stats);
  Py_XSETREF(error_class, error);
  Py_XSETREF(parse_error_class, parse_error);
  Py_XSETREF(stats_class, stats);
  Py_RETURN_NONE;
}

static PyObject *library_version(PyObject *module, PyObject *unused) {
  (void)module;
  (void)unused;
  return PyUnicode_FromString(dlx_version());
}

static PyMethodDef module_methods[] = {
    {"_register", register_classes, METH_VARARGS,
     "_register(Error, ParseError, Stats): the classes the extension raises and returns."},
    {"library_version", library_version, METH_NOARGS,
     "library_version() -> str: the version of the dance library linked in (dlx_version())."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "dance._dance",
    "The C core of the dance package: exact cover with dancing links.", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__dance(void) {
  PyObject *m = PyModule_Create(&module_def);
  if (!m) return NULL;
  if (PyModule_AddStringConstant(m, "HEADER_VERSION", DLX_VERSION_STRING) < 0 ||
      PyModule_AddObject(m, "COST_MAX", PyLong_FromUnsignedLongLong(DLX_COST_MAX)) < 0 ||
      PyModule_AddIntConstant(m, "NAME_MAX", DLX_NAME_MAX) < 0 || dance_problem_register(m) < 0 ||
      dance_iter_register(m) < 0 || dance_packing_register(m) < 0) {
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
