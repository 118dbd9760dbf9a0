/* dance_py.h -- what the C sources of the extension dance._dance share: each type's
 * registration function (called by the module's init in module.c), the exception classes
 * and the helpers that turn the library's statuses into Python exceptions.
 *
 * The extension uses only the public header of the library, dlx.h. */
#ifndef DANCE_PY_H
#define DANCE_PY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "dlx.h"

/* ---- registration: each adds its type(s) to the module; 0 on success, -1 with an
 * exception set */
int dance_problem_register(PyObject *module); /* problem.c: _dance.Core */
int dance_iter_register(PyObject *module);    /* iter.c: _dance.Solutions */

/* ---- classes of the Python layer (module.c)
 *
 * dance.Error, dance.ParseError and dance.Stats are defined in Python (dance/__init__.py),
 * which hands them to the extension with _dance._register on import; until then
 * RuntimeError and ValueError stand in for the exceptions, and results stay dicts. */
PyObject *dance_error_class(void);
PyObject *dance_parse_error_class(void);
/* A new dance.Stats of a result dict (dance_result_dict); NULL with an exception set. */
PyObject *dance_stats(PyObject *result);

/* Raises the exception a library status calls for: MemoryError for DLX_ENOMEM, ValueError
 * for a bad argument or name, dance.Error for the rest; `what` (may be NULL) says what
 * failed and comes before the library's description. Returns NULL. */
PyObject *dance_raise_status(dlx_status s, const char *what);

/* ---- the problem's core (problem.c), which the iterator borrows */
typedef struct {
  PyObject_HEAD
  dlx_matrix *m;
  int frozen;      /* 1 once built: the matrix no longer changes */
  PyObject *last;  /* the last run's result, a dict (NULL before any run) */
  PyObject *ints;  /* a tuple of the option ids 0..options-1 as ints (made when needed) */
} dance_core;

extern PyTypeObject dance_core_type;

/* The core's tuple of option ids as Python ints, made on first use; NULL with an
 * exception set. Borrowed. */
PyObject *dance_core_ints(dance_core *c);

/* The settings every run takes, as the Python layer passes them (already checked there):
 * threads (0: the default), max solutions and max nodes (0: none), shard index and count
 * (count 0: none), engine (a dlx_engine_kind). */
typedef struct {
  int threads;
  unsigned long long max, max_nodes;
  unsigned long shard_index, shard_count;
  int engine;
} dance_settings;

/* A new solver of c's matrix with settings s applied; NULL with an exception set. */
dlx_solver *dance_solver_new(dance_core *c, const dance_settings *s);

/* Parses the settings from the first six positional arguments of args (threads, max,
 * max_nodes, shard_index, shard_count, engine) and any further ones by the format `more`
 * (PyArg_ParseTuple's, for the arguments after them, may be ""); 0 on success. */
int dance_parse_settings(PyObject *args, dance_settings *s, const char *more, ...);

/* The solver's last result as a dict (the fields of dlx_result, the count as one exact
 * int) with "kind" set to kind; NULL with an exception set. */
PyObject *dance_result_dict(const dlx_solver *s, const char *kind);

/* The option ids of a solution as a new list of ints; NULL with an exception set. */
PyObject *dance_solution_list(dance_core *c, const int32_t *options, size_t n);

/* iter.c: a new iterator over the solutions of c with settings s. */
PyObject *dance_iter_new(dance_core *c, const dance_settings *s);

#endif
