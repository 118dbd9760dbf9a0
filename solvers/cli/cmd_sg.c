/* cmd_sg.c -- the command-line side of state-graph searches, shared by slide and barflip. */
#include "cmd_sg.h"

#include <ctype.h>
#include <inttypes.h>
#include <string.h>
#include <unistd.h>

int cmd_sg_parse_size(const char *s, uint64_t *bytes) {
  char digits[32];
  size_t n = strlen(s);
  int shift = 0;
  if (n == 0 || n >= sizeof digits) return 0;
  const char *units = "KMGT", *u = strchr(units, toupper((unsigned char)s[n - 1]));
  if (u && *u) {
    shift = 10 * (int)(u - units + 1);
    n--;
  }
  memcpy(digits, s, n);
  digits[n] = '\0';
  uint64_t v;
  if (!cli_parse_uint(digits, &v) || v == 0 || v > UINT64_MAX >> shift) return 0;
  *bytes = v << shift;
  return 1;
}

static uint64_t half_the_ram(void) {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || size <= 0) return (uint64_t)4 << 30; /* unknown: 4 GiB */
  return (uint64_t)pages * (uint64_t)size / 2;
}

static void on_progress(void *ctx, const sg_progress *p) {
  cmd_sg_run *r = ctx;
  double rate = p->seconds > 0 ? (double)p->states / p->seconds : 0;
  cli_progress_line(&r->line, "dance %s: %s states, depth %" PRIu32 ", %s states/s, %s, %s",
                    r->cmd->name, cli_si((double)p->states).s, p->depth, cli_si(rate).s,
                    cli_bytes(p->bytes).s, cli_duration(p->seconds).s);
}

int cmd_sg_setup(cmd_sg_run *r, const cli_command *cmd, const char *max_memory, int progress,
                 double interval) {
  memset(r, 0, sizeof *r);
  r->cmd = cmd;
  r->max_bytes = half_the_ram();
  if (max_memory && !cmd_sg_parse_size(max_memory, &r->max_bytes))
    return cli_usage_error(cmd, "--max-memory needs a size such as 512M, 4G or 1e9 (bytes)");
  if (max_memory)
    snprintf(r->max_memory, sizeof r->max_memory, "--max-memory %s", max_memory);
  else
    snprintf(r->max_memory, sizeof r->max_memory, "the memory cap (%s, half the RAM)",
             cli_bytes(r->max_bytes).s);
  r->limits.max_bytes = r->max_bytes;
  r->limits.threads = (unsigned)dlx_online_cores(); /* --threads may say fewer */
  r->progress = progress;
  if (progress) {
    cli_progress_init(&r->line, stderr);
    r->limits.on_progress = on_progress;
    r->limits.progress_ctx = r;
    r->limits.progress_seconds = interval;
  }
  return 0;
}

void cmd_sg_begin(cmd_sg_run *r) { r->limits.stop = cli_interrupt_begin(); }

int cmd_sg_end(cmd_sg_run *r) {
  int interrupted = cli_interrupt_end();
  r->limits.stop = NULL;
  if (r->progress) cli_progress_end(&r->line);
  return interrupted;
}

const char *cmd_sg_stopped_by(sg_end end) {
  switch (end) {
  case SG_MEMORY: return "max-memory";
  case SG_STOPPED: return "interrupt";
  default: return NULL;
  }
}

cmd_sg_text cmd_sg_why(const cmd_sg_run *r, sg_end end) {
  cmd_sg_text n;
  if (end == SG_MEMORY)
    snprintf(n.s, sizeof n.s, "stopped by %s", r->max_memory);
  else
    snprintf(n.s, sizeof n.s, "%s", end == SG_STOPPED ? "interrupted" : "stopped early");
  return n;
}

void cmd_sg_print_stats(const sg_stats *st) {
  double per_state = st->states ? (double)st->table_bytes / (double)st->states : 0;
  double rate = st->seconds > 0 ? (double)st->states / st->seconds : 0;
  double degree = st->expanded ? (double)st->generated / (double)st->expanded : 0;
  printf("states:      %" PRIu64 " (%s), depth %" PRIu32 "\n", st->states,
         cli_si((double)st->states).s, st->depth);
  printf("neighbours:  %" PRIu64 " (%s), %.2f per state expanded\n", st->generated,
         cli_si((double)st->generated).s, degree);
  printf("states/s:    %s\n", cli_si(rate).s);
  printf("stored:      %" PRIu64 " bytes (%s), %.2f per state\n", st->table_bytes,
         cli_bytes(st->table_bytes).s, per_state);
  printf("peak memory: %" PRIu64 " bytes (%s)\n", st->peak_bytes, cli_bytes(st->peak_bytes).s);
  printf("seconds:     %.3f\n", st->seconds);
}

void cmd_sg_json_stats(cli_json *j, const sg_stats *st) {
  cli_json_uint(j, "states", st->states);
  cli_json_uint(j, "depth", st->depth);
  cli_json_bool(j, "complete", st->end == SG_DONE || st->end == SG_GOAL);
  cli_json_string(j, "stopped_by", cmd_sg_stopped_by(st->end));
  cli_json_uint(j, "expanded", st->expanded);
  cli_json_uint(j, "generated", st->generated);
  cli_json_uint(j, "table_bytes", st->table_bytes);
  cli_json_real(j, "bytes_per_state", st->states ? (double)st->table_bytes / (double)st->states : 0,
                2);
  cli_json_uint(j, "peak_bytes", st->peak_bytes);
  cli_json_real(j, "seconds", st->seconds, 6);
}
