/* metropolis.c -- the Metropolis engine for any chain (mh_run), its generator and checks. */
#include "metropolis.h"

#include <math.h>
#include <time.h>

#include "metropolis_loop.h"

const char *mh_strerror(mh_status s) {
  switch (s) {
  case MH_OK: return "success";
  case MH_EPARAM: return "a parameter is out of range";
  case MH_ENOSTATE: return "the chain has no state or no neighbour to move to";
  case MH_EENERGY: return "the running energy differs from the recomputed one";
  }
  return "unknown error";
}

const char *mh_end_name(mh_end e) {
  switch (e) {
  case MH_SOLVED: return "solved";
  case MH_MAX_STEPS: return "max-steps";
  case MH_MAX_SECONDS: return "max-seconds";
  case MH_INTERRUPTED: return "interrupt";
  }
  return "unknown";
}

mh_params mh_params_default(void) {
  return (mh_params){.temp = 1.0, .restarts = 1, .seed = 1, .progress_seconds = 1.0};
}

const char *mh_check_params(const mh_params *p) {
  if (!(p->temp > 0) || isinf(p->temp)) return "the temperature must be a number greater than 0";
  if (p->anneal_from != 0) {
    if (!(p->anneal_from > 0) || isinf(p->anneal_from))
      return "the annealing start temperature must be a number greater than 0";
    if (p->max_steps == 0) return "annealing needs a step limit per chain to cool over";
  }
  if (!(p->max_seconds >= 0)) return "the time limit must not be negative";
  if (p->on_progress && !(p->progress_seconds >= 0))
    return "the progress interval must not be negative";
  return NULL;
}

double mh_clock_(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

uint64_t mh_threshold_(int64_t de, double temp) {
  double x = ldexp(exp(-(double)de / temp), 64);
  return x >= 0x1p64 ? UINT64_MAX : (uint64_t)x;
}

mh_status mh_run(const mh_ops *ops, void *chain, const mh_params *p, mh_result *r) {
  return mh_loop_(ops, chain, p, r);
}
