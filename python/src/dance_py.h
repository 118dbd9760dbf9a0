/* dance_py.h -- what the C sources of the extension dance._dance share: each type's
 * registration function (called by the module's init in module.c), the exception classes
 * and the helpers that turn the library's statuses into Python exceptions.
 *
 * dance.Problem uses only the public header of the library, dlx.h; dance.Packing
 * (packing.c) wraps the polycube model of models/, which is compiled in with it. */
#ifndef DANCE_PY_H
#define DANCE_PY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "dlx.h"

/* ---- registration: each adds its type(s) to the module; 0 on success, -1 with an
 * exception set */
int dance_problem_register(PyObject *module); /* problem.c: _dance.Core */
int dance_iter_register(PyObject *module);    /* iter.c: _dance.Solutions */
int dance_packing_register(PyObject *module); /* packing.c: _dance.PackingCore */

/* Seconds a caller waits for a search without the GIL before it runs Python's signal
 * handlers (Ctrl-C raises KeyboardInterrupt within about this long). */
#define DANCE_WAIT_SLICE 0.05

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

/* Raises dance.ParseError(message, file, line, column). Returns NULL. */
PyObject *dance_raise_parse_error(const char *message, const char *file, long line, long column);

/* ---- searches that wait for the caller's signal handlers (run.c, iter.c) */

/* Counts with s (dlx_solver_count) in a thread of its own while the caller waits without
 * the GIL, in slices of DANCE_WAIT_SLICE: 0 with *status the count's, or -1 with the
 * exception of a signal handler set (the search then stopped and joined). */
int dance_count_blocking(dlx_solver *s, dlx_status *status);
/* The next solution of s's iteration (dlx_solver_next_wait), waiting without the GIL in
 * slices and running the signal handlers between them; `started` 0 for the first call,
 * which starts the search without the GIL. DLX_OK, DLX_DONE or an error; DLX_EAGAIN with
 * the handler's exception set when one raised. */
dlx_status dance_next_blocking(dlx_solver *s, int started, const int32_t **options, size_t *n);

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
