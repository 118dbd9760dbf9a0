/* cmd_mh.c -- the Metropolis sampler on the puzzle commands' command lines (cmd_mh.h). */
#include "cmd_mh.h"

#include <inttypes.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

uint64_t cmd_mh_clock_seed(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  uint64_t z = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
  z ^= (uint64_t)getpid() << 32;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return (z ^ (z >> 31)) % 1000000000u; /* short enough to type again */
}

/* A temperature: a decimal number greater than 0 (and finite). */
static int parse_temp(const char *s, double *t) {
  return cli_parse_real(s, t) && *t > 0 && *t < 1e300;
}

const char *cmd_mh_sampler_option(const cmd_mh_values *v) {
  return v->temp          ? "--temp"
         : v->max_steps   ? "--max-steps"
         : v->max_seconds ? "--max-seconds"
         : v->restarts    ? "--restarts"
         : v->anneal      ? "--anneal"
                          : NULL;
}

int cmd_mh_setup(cmd_mh_run *r, const cli_command *cmd, const cmd_mh_values *v, double default_temp,
                 const char *dlx_only, int quiet) {
  memset(r, 0, sizeof *r);
  r->cmd = cmd;
  r->params = mh_params_default();
  r->on = v->method && !strcmp(v->method, "metropolis");
  const char *given = v->seed ? "--seed" : cmd_mh_sampler_option(v);
  if (!given)
    given = v->progress ? "--progress" : v->progress_interval ? "--progress-interval" : NULL;
  if (!r->on && given) return cli_usage_error(cmd, "%s needs --method metropolis", given);
  if (r->on && dlx_only)
    return cli_usage_error(cmd, "%s needs exact search: not with --method metropolis", dlx_only);
  if (!r->on) return 0;

  mh_params *p = &r->params;
  p->temp = default_temp;
  if (v->temp && !parse_temp(v->temp, &p->temp))
    return cli_usage_error(cmd, "--temp needs a temperature greater than 0, not '%s'", v->temp);
  if (v->anneal && !parse_temp(v->anneal, &p->anneal_from))
    return cli_usage_error(cmd, "--anneal needs a start temperature greater than 0, not '%s'",
                           v->anneal);
  if (v->seed && !cli_parse_uint(v->seed, &p->seed))
    return cli_usage_error(cmd, "--seed needs a whole number from 0 to 2^64-1, not '%s'", v->seed);
  if (!v->seed) p->seed = cmd_mh_clock_seed();
  p->max_steps = v->max_steps ? v->max_steps : 1000000000u;
  p->max_seconds = v->max_seconds;
  p->restarts = 1 + (uint32_t)v->restarts;
  r->progress = v->progress && !quiet;
  r->progress_seconds = v->progress_interval > 0 ? v->progress_interval : 1.0;
  const char *why = mh_check_params(p);
  if (why) return cli_usage_error(cmd, "%s", why);
  return 0;
}

static void on_progress(void *ctx, const mh_progress *p) {
  cmd_mh_run *r = ctx;
  cli_progress_line(&r->line,
                    "dance %s: chain %" PRIu32 ", %s steps, energy %" PRId64 " (lowest %" PRId64
                    "), %.1f%% accepted, T %.3g, %s steps/s, %s",
                    r->cmd->name, p->chain, cli_si((double)p->steps).s, p->energy, p->best_energy,
                    p->steps ? 100.0 * (double)p->accepted / (double)p->steps : 0, p->temperature,
                    cli_si(p->seconds > 0 ? (double)p->steps / p->seconds : 0).s,
                    cli_duration(p->seconds).s);
}

void cmd_mh_begin(cmd_mh_run *r, const volatile int *stop) {
  r->params.stop = stop;
  if (r->progress) {
    cli_progress_init(&r->line, stderr);
    r->params.on_progress = on_progress;
    r->params.progress_ctx = r;
    r->params.progress_seconds = r->progress_seconds;
  }
}

void cmd_mh_end(cmd_mh_run *r) {
  if (r->progress) cli_progress_end(&r->line);
}

const char *cmd_mh_stopped_by(const mh_result *res) {
  return res->end == MH_SOLVED ? NULL : mh_end_name(res->end);
}

static void print_settings(const cmd_mh_run *r) {
  const mh_params *p = &r->params;
  printf("(seed %" PRIu64 ", T = %g", p->seed, p->temp);
  if (p->anneal_from > 0) printf(" annealed from %g", p->anneal_from);
  printf(")");
}

void cmd_mh_print_outcome(const cmd_mh_run *r, const mh_result *res) {
  const mh_params *p = &r->params;
  if (res->end == MH_SOLVED) {
    printf("solved by the Metropolis sampler in %" PRIu64 " steps ", res->steps);
    print_settings(r);
    printf("\n");
    return;
  }
  printf("no solution found: ");
  switch (res->end) {
  case MH_MAX_STEPS:
    printf("stopped by --max-steps %" PRIu64 " after %s ", p->max_steps,
           cli_plural(res->chains, "chain", "chains").s);
    break;
  case MH_MAX_SECONDS: printf("stopped by --max-seconds %g ", p->max_seconds); break;
  default: printf("interrupted "); break;
  }
  print_settings(r);
  printf(";\nthe lowest energy reached was %" PRId64
         ". A sampler cannot show that there is no solution.\n",
         res->best_energy);
}

void cmd_mh_print_stats(const mh_result *res) {
  printf("sampler: %" PRIu64 " steps in %s, %.1f%% accepted, %.3f s, %s steps/s\n", res->steps,
         cli_plural(res->chains, "chain", "chains").s,
         res->steps ? 100.0 * (double)res->accepted / (double)res->steps : 0.0, res->seconds,
         cli_si(res->seconds > 0 ? (double)res->steps / res->seconds : 0).s);
}

void cmd_mh_json(cli_json *j, const cmd_mh_run *r, const mh_result *res) {
  const mh_params *p = &r->params;
  cli_json_string(j, "method", "metropolis");
  cli_json_bool(j, "solved", res->end == MH_SOLVED);
  cli_json_bool(j, "complete", res->end == MH_SOLVED);
  cli_json_string(j, "stopped_by", cmd_mh_stopped_by(res));
  cli_json_uint(j, "steps", res->steps);
  cli_json_uint(j, "accepted", res->accepted);
  cli_json_real(j, "acceptance", res->steps ? (double)res->accepted / (double)res->steps : 0, 6);
  cli_json_uint(j, "chains", res->chains);
  cli_json_uint(j, "chain_steps", res->chain_steps);
  cli_json_int(j, "energy", res->energy);
  cli_json_int(j, "best_energy", res->best_energy);
  cli_json_uint(j, "seed", p->seed);
  cli_json_real(j, "temperature", p->temp, -1);
  if (p->anneal_from > 0)
    cli_json_real(j, "anneal_from", p->anneal_from, -1);
  else
    cli_json_null(j, "anneal_from");
  cli_json_uint(j, "max_steps", p->max_steps);
  cli_json_real(j, "seconds", res->seconds, 6);
  cli_json_real(j, "steps_per_second", res->seconds > 0 ? (double)res->steps / res->seconds : 0, 0);
}
