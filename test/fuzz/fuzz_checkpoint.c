/*
 * fuzz_checkpoint.c -- the reader of the checkpoints of dance xc and dance cube
 * (cli_ckpt_parse, solvers/cli/checkpoint_file.h). Each input is read twice: as it is, and
 * sealed, its 'end' line (if any) replaced by one with the right checksum, so that the
 * fuzzer reaches the reading of the lines and not only the checksum's refusal. Text it
 * refuses must say where (a line of the text) and why; text it reads must hold what the
 * reader promises (pieces in range and ascending, sums that are the pieces' sums), and be
 * written back by cli_ckpt_format as a text that reads the same and is written again
 * byte for byte alike.
 */
#include "fuzz.h"

#include "checkpoint_file.h"

static void check_refusal(const char *text, size_t len, const cli_ckpt_error *e) {
  long lines = 1;
  for (size_t i = 0; i < len; i++)
    lines += text[i] == '\n';
  FUZZ_CHECK(e->message[0] != '\0');
  FUZZ_CHECK(e->line >= 0 && e->line <= lines);
}

static void check_read(const cli_ckpt_data *d) {
  dlx_count nodes = 0, counts[CLI_COUNTS] = {0};
  FUZZ_CHECK(d->shard_index < d->shard_count);
  FUZZ_CHECK(d->pieces <= CLI_CKPT_MAX_PIECES);
  FUZZ_CHECK(d->count <= d->pieces);
  for (size_t i = 0; i < d->count; i++) {
    FUZZ_CHECK(d->piece[i].index < d->pieces);
    FUZZ_CHECK(i == 0 || d->piece[i].index > d->piece[i - 1].index);
    FUZZ_CHECK(dlx_count_add(&nodes, d->piece[i].nodes));
    for (int q = 0; q < CLI_COUNTS; q++)
      FUZZ_CHECK(dlx_count_add(&counts[q], d->piece[i].counts[q]));
  }
  FUZZ_CHECK(nodes == d->nodes);
  for (int q = 0; q < CLI_COUNTS; q++)
    FUZZ_CHECK(counts[q] == d->counts[q]);
}

/* Written back, read again, written again: the same. */
static void check_round_trip(const cli_ckpt_data *d) {
  size_t len, len2;
  char *text = cli_ckpt_format(d, "fuzz", &len);
  if (!text) return;
  cli_ckpt_data r;
  cli_ckpt_error e;
  FUZZ_CHECK(cli_ckpt_parse(text, len, &r, &e) == CLI_CKPT_OK);
  FUZZ_CHECK(r.identity == d->identity && r.plan == d->plan && r.pieces == d->pieces);
  FUZZ_CHECK(r.count == d->count && r.nodes == d->nodes);
  char *again = cli_ckpt_format(&r, "fuzz", &len2);
  FUZZ_CHECK(!again || (len2 == len && !memcmp(again, text, len)));
  free(again);
  free(text);
  cli_ckpt_data_free(&r);
}

static void read_one(const char *text, size_t len) {
  cli_ckpt_data d;
  cli_ckpt_error e;
  if (cli_ckpt_parse(text, len, &d, &e) != CLI_CKPT_OK) {
    FUZZ_CHECK(d.piece == NULL && d.count == 0);
    check_refusal(text, len, &e);
    return;
  }
  check_read(&d);
  check_round_trip(&d);
  cli_ckpt_data_free(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t len;
  char *text = fuzz_string(data, size, &len);
  if (!text) return 0;
  read_one(text, len);
  /* Sealed: up to the last line that starts "end" (or all of it), then the right 'end'. */
  size_t body = len;
  for (size_t i = 0; i + 3 <= len; i++)
    if ((i == 0 || text[i - 1] == '\n') && !memcmp(text + i, "end", 3)) body = i;
  if (body && text[body - 1] != '\n') body = len; /* no line of its own */
  char *sealed = malloc(body + 32);
  if (sealed) {
    memcpy(sealed, text, body);
    size_t n = body;
    if (n && sealed[n - 1] != '\n') sealed[n++] = '\n';
    n += (size_t)snprintf(sealed + n, 32, "end %016llx\n",
                          (unsigned long long)cli_ckpt_checksum(sealed, n));
    read_one(sealed, n);
    free(sealed);
  }
  free(text);
  return 0;
}
