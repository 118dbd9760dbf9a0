/*
 * metropolis_loop.h -- the body of mh_run, private to the Metropolis files.
 *
 * Each chain's file instantiates it with its own mh_ops (a static const object), so the
 * compiler sees through the function pointers and inlines propose and accept into the
 * loop: a step then costs what the chain's arithmetic costs, not two indirect calls.
 * metropolis.c instantiates it once more for any other chain (mh_run).
 */
#ifndef DANCE_METROPOLIS_LOOP_H
#define DANCE_METROPOLIS_LOOP_H

#include <math.h>
#include <time.h>

#include "metropolis.h"

#if defined(__GNUC__) || defined(__clang__)
#define MH_INLINE static inline __attribute__((always_inline))
#else
#define MH_INLINE static inline
#endif

enum {
  MH_BLOCK = 4096, /* steps between looks at the clock, the stop flag and the schedule */
  MH_TABLE = 64,   /* acceptance thresholds kept for dE = 1 .. MH_TABLE - 1 */
};

#ifdef NDEBUG
#define MH_DEBUG_CHECK 0
#else
#define MH_DEBUG_CHECK 1
#endif

double mh_clock_(void);
/* exp(-dE / T) as a 64-bit threshold: a uniform 64-bit number below it has that chance. */
uint64_t mh_threshold_(int64_t de, double temp);

MH_INLINE mh_status mh_loop_(const mh_ops *ops, void *chain, const mh_params *p, mh_result *r) {
  *r = (mh_result){.best_energy = INT64_MAX, .temperature = p->temp};
  if (mh_check_params(p)) return MH_EPARAM;
  const int check = p->check || MH_DEBUG_CHECK;
  const uint32_t restarts = p->restarts ? p->restarts : 1;
  const double t0 = mh_clock_();
  double next_report = p->progress_seconds;
  uint64_t thr[MH_TABLE];
  mh_rng rng;
  mh_rng_seed(&rng, p->seed);
  r->end = MH_MAX_STEPS;

  for (uint32_t c = 0; c < restarts; c++) {
    r->chains = c + 1;
    int64_t e = ops->start(chain, &rng);
    if (check && ops->energy(chain) != e) {
      r->check_step = r->steps;
      r->check_expected = ops->energy(chain);
      r->check_got = e;
      return MH_EENERGY;
    }
    if (e < r->best_energy) r->best_energy = e;
    uint64_t s = 0, accepted = 0;
    double temp = p->anneal_from > 0 ? p->anneal_from : p->temp;
    for (int d = 1; d < MH_TABLE; d++)
      thr[d] = mh_threshold_(d, temp);
    while (e != 0 && (p->max_steps == 0 || s < p->max_steps)) {
      uint64_t end = s + MH_BLOCK;
      if (p->max_steps && end > p->max_steps) end = p->max_steps;
      while (s < end) {
        int32_t de = ops->propose(chain, &rng);
        s++;
        if (de > 0) {
          uint64_t t = de < MH_TABLE ? thr[de] : mh_threshold_(de, temp);
          if (mh_rng_next(&rng) >= t) continue;
        }
        ops->accept(chain);
        accepted++;
        e += de;
        if (check) {
          int64_t truth = ops->energy(chain);
          if (truth != e) {
            r->steps += s;
            r->check_step = r->steps;
            r->check_expected = truth;
            r->check_got = e;
            return MH_EENERGY;
          }
        }
        if (e < r->best_energy) {
          r->best_energy = e;
          if (e == 0) break;
        }
      }
      if (e == 0) break;
      /* Between blocks: the stop flag, the clock, progress and the schedule. */
      double now = mh_clock_() - t0;
      if (p->stop && __atomic_load_n(p->stop, __ATOMIC_RELAXED)) { /* as dlx.h says */
        r->end = MH_INTERRUPTED;
        break;
      }
      if (p->max_seconds > 0 && now >= p->max_seconds) {
        r->end = MH_MAX_SECONDS;
        break;
      }
      if (p->on_progress && now >= next_report) {
        mh_progress pr = {r->steps + s, r->accepted + accepted, c + 1, e, r->best_energy, temp,
                          now};
        p->on_progress(p->progress_ctx, &pr);
        next_report = now + p->progress_seconds;
      }
      if (p->anneal_from > 0) {
        temp = p->anneal_from * pow(p->temp / p->anneal_from, (double)s / (double)p->max_steps);
        for (int d = 1; d < MH_TABLE; d++)
          thr[d] = mh_threshold_(d, temp);
      }
    }
    r->steps += s;
    r->accepted += accepted;
    r->chain_steps = s;
    r->energy = e;
    r->temperature = temp;
    if (e == 0) {
      r->end = MH_SOLVED;
      break;
    }
    if (r->end != MH_MAX_STEPS) break;
  }
  r->seconds = mh_clock_() - t0;
  return MH_OK;
}

/* Defines mh_NAME_ops from the chain file's static start, propose, accept and energy, and
 * mh_NAME_run, the loop compiled with them: the one line that makes a chain. */
#define MH_DEFINE_CHAIN(name, type)                                                                \
  const mh_ops mh_##name##_ops = {start, propose, accept, energy};                                 \
  mh_status mh_##name##_run(type *chain, const mh_params *p, mh_result *r) {                       \
    return mh_loop_(&mh_##name##_ops, chain, p, r);                                                \
  }

#endif
