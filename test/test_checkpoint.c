/* test_checkpoint.c -- the text of a checkpoint (solvers/cli/checkpoint_file.h): written and
 * read back the same; every number strict (no sign, no overflow, no junk, no missing word);
 * sums of counts past 2^128 - 1 refused; the checksum checked before anything else; and the
 * line and reason of each refusal. The texts are given checksums of their own, so that what
 * is tested is the reading of the lines, not only the checksum. */
#include <string.h>

#include "../solvers/cli/checkpoint_file.h"
#include "test.h"

static const char HEAD[] = "dance-checkpoint 3\n"
                           "identity 0123456789abcdef\n"
                           "shard 0 1\n"
                           "split 2048\n"
                           "seconds 1.5\n"
                           "cpu 2.5\n";

/* body with its 'end' line and checksum, in a buffer of its own (freed by the caller). */
static char *sealed(const char *body, size_t *len) {
  size_t n = strlen(body);
  char *t = malloc(n + 32);
  memcpy(t, body, n);
  *len = n + (size_t)sprintf(t + n, "end %016" PRIx64 "\n", cli_ckpt_checksum(body, n));
  return t;
}

/* HEAD, then more, sealed: refused at line with message. */
static void refused_text(const char *text, size_t len, cli_ckpt_status want, long line,
                         const char *message) {
  cli_ckpt_data d;
  cli_ckpt_error e;
  cli_ckpt_status s = cli_ckpt_parse(text, len, &d, &e);
  ASSERT_EQ(s, want);
  ASSERT_EQ(e.line, line);
  ASSERT_STREQ(e.message, message);
  ASSERT(d.piece == NULL && d.count == 0);
  if (s != want || e.line != line || strcmp(e.message, message))
    fprintf(stderr, "  the text:\n%.*s", (int)len, text);
}

static void refused(const char *more, long line, const char *message) {
  char body[4096];
  snprintf(body, sizeof body, "%s%s", HEAD, more);
  size_t len;
  char *t = sealed(body, &len);
  refused_text(t, len, CLI_CKPT_BAD, line, message);
  free(t);
}

static void test_round_trip(void) {
  cli_ckpt_piece p[3] = {
      {0, 10, {1, 24, 0}},
      {7, 123456789012345678u, {(dlx_count)1 << 100, 2, 1}},
      {4095, 1, {0, 0, 0}},
  };
  cli_ckpt_data d = {.identity = 0xfedcba9876543210u,
                     .shard_index = 3,
                     .shard_count = 16,
                     .split = 0,
                     .plan = 0x0123456789abcdefu,
                     .seconds = 12.25,
                     .cpu = 20.5,
                     .pieces = 4096,
                     .piece = p,
                     .count = 3};
  size_t len;
  char *text = cli_ckpt_format(&d, "dance xc a\nb.dlx", &len);
  ASSERT(text != NULL);
  if (!text) return;
  ASSERT(strstr(text, "\n# dance xc a?b.dlx\ndance-checkpoint 3\n") != NULL);
  ASSERT(strstr(text, "\nseconds 12.250\ncpu 20.500\n") != NULL);
  ASSERT(strstr(text, "\npiece 7 123456789012345678 1267650600228229401496703205376 2 1\n"));
  cli_ckpt_data r;
  cli_ckpt_error e;
  ASSERT_EQ(cli_ckpt_parse(text, len, &r, &e), CLI_CKPT_OK);
  ASSERT_EQ_U64(r.identity, d.identity);
  ASSERT_EQ(r.shard_index, 3);
  ASSERT_EQ(r.shard_count, 16);
  ASSERT_EQ(r.split, 0);
  ASSERT_EQ_U64(r.plan, d.plan);
  ASSERT(r.seconds == 12.25 && r.cpu == 20.5);
  ASSERT_EQ_U64(r.pieces, 4096);
  ASSERT_EQ((int)r.count, 3);
  ASSERT(r.count == 3 && r.piece[1].index == 7 && r.piece[1].counts[0] == (dlx_count)1 << 100);
  ASSERT(r.nodes == 123456789012345678u + 11);
  ASSERT(r.counts[0] == ((dlx_count)1 << 100) + 1 && r.counts[1] == 26 && r.counts[2] == 1);
  cli_ckpt_data_free(&r);
  free(text);

  /* No piece finished yet: no 'plan', 'pieces' or 'piece' lines. */
  cli_ckpt_data empty = {.identity = 1, .shard_count = 1, .split = 2048};
  text = cli_ckpt_format(&empty, "", &len);
  ASSERT(text && !strstr(text, "\nplan ") && !strstr(text, "\npiece"));
  ASSERT_EQ(cli_ckpt_parse(text, len, &r, &e), CLI_CKPT_OK);
  ASSERT(r.pieces == 0 && r.count == 0 && r.plan == 0 && r.identity == 1);
  cli_ckpt_data_free(&r);
  free(text);
}

/* The numbers: digits alone, in range, every word there and none more. */
static void test_numbers(void) {
  const char *piece = "expected 'piece' and five numbers: index, nodes and three counts";
  refused("pieces 10\npiece 1 1 -1 0 0\n", 8, piece);
  refused("pieces 10\npiece 1 1 +1 0 0\n", 8, piece);
  refused("pieces 10\npiece 1 1 1x 0 0\n", 8, piece);
  refused("pieces 10\npiece 1 1 1 0\n", 8, piece);
  refused("pieces 10\npiece 1 1 1 0 0 0\n", 8, piece);
  refused("pieces 10\npiece 1 1 1  0 0\n", 8, piece);
  refused("pieces 10\npiece 1 1 1 0 0 \n", 8, piece);
  refused("pieces 10\npiece 1 1 1 0 0\r\n", 8, piece);
  refused("pieces 10\npiece 1 1 340282366920938463463374607431768211456 0 0\n", 8, piece);
  refused("pieces 10\npiece 99999999999999999999 1 0 0 0\n", 8,
          "piece 99999999999999999999 of a split of 10 pieces");
  refused("pieces 18446744073709551616\n", 7,
          "expected 'pieces' and a number from 1 to 1099511627776");
  refused("pieces 0\n", 7, "expected 'pieces' and a number from 1 to 1099511627776");
  refused("pieces -1\n", 7, "expected 'pieces' and a number from 1 to 1099511627776");
  refused("plan 0000000000000000\n", 7, "expected 'plan' and 16 hexadecimal digits, not all zero");
  refused("plan 0123456789ABCDEF\n", 7, "expected 'plan' and 16 hexadecimal digits, not all zero");
  const char *seconds = "expected 'seconds' and a time (digits, a point and digits)";
  char body[512];
  const char *bad_seconds[] = {
      "-1", "1e3", "1.", ".5", "nan", "inf", "1.5.2", "", "1000000000000.001"};
  for (size_t i = 0; i < sizeof bad_seconds / sizeof *bad_seconds; i++) {
    snprintf(body, sizeof body,
             "dance-checkpoint 3\nidentity 0123456789abcdef\nshard 0 1\nsplit 2048\nseconds %s\n",
             bad_seconds[i]);
    size_t len;
    char *t = sealed(body, &len);
    refused_text(t, len, CLI_CKPT_BAD, 5, seconds);
    free(t);
  }
  size_t len;
  char *t = sealed("dance-checkpoint 3\nidentity 0123456789abcdef\nshard 4294967296 4294967297\n"
                   "split 2048\nseconds 1\n",
                   &len);
  refused_text(t, len, CLI_CKPT_BAD, 3, "expected 'shard K N' with 0 <= K < N");
  free(t);
  t = sealed("dance-checkpoint 3\nidentity 0123456789abcdef\nshard 3 3\nsplit 2048\nseconds 1\n",
             &len);
  refused_text(t, len, CLI_CKPT_BAD, 3, "expected 'shard K N' with 0 <= K < N");
  free(t);
  t = sealed("dance-checkpoint 3\nidentity 0123456789abcdef\nshard 0 1\nsplit 4294967296\n"
             "seconds 1\n",
             &len);
  refused_text(t, len, CLI_CKPT_BAD, 4, "expected 'split' and a number of pieces");
  free(t);
  t = sealed("dance-checkpoint 3\nidentity 0123456789abcdeg\n", &len);
  refused_text(t, len, CLI_CKPT_BAD, 2, "expected 'identity' and 16 hexadecimal digits");
  free(t);
}

/* The sums of the pieces' counts and nodes: up to 2^128 - 1 exactly, never past. */
static void test_sums(void) {
  char body[1024];
  const char *max = "340282366920938463463374607431768211455"; /* 2^128 - 1 */
  snprintf(body, sizeof body, "%spieces 4\npiece 0 1 %s 0 0\npiece 2 1 0 0 0\n", HEAD, max);
  size_t len;
  char *t = sealed(body, &len);
  cli_ckpt_data d;
  cli_ckpt_error e;
  ASSERT_EQ(cli_ckpt_parse(t, len, &d, &e), CLI_CKPT_OK);
  ASSERT(d.counts[0] == DLX_COUNT_MAX && d.nodes == 2 && d.count == 2);
  cli_ckpt_data_free(&d);
  free(t);
  char more[512];
  snprintf(more, sizeof more, "pieces 4\npiece 0 1 %s 0 0\npiece 2 1 1 0 0\n", max);
  refused(more, 9, "the nodes or counts of the pieces add up past 2^128 - 1");
  snprintf(more, sizeof more, "pieces 4\npiece 0 %s 0 0 0\npiece 3 1 0 0 0\n", max);
  refused(more, 9, "the nodes or counts of the pieces add up past 2^128 - 1");
}

/* The lines: each once, pieces after 'pieces' and in order, nothing unknown or missing. */
static void test_lines(void) {
  refused("pieces 10\npiece 10 1 0 0 0\n", 8, "piece 10 of a split of 10 pieces");
  refused("piece 1 1 0 0 0\n", 7, "a 'piece' line before the 'pieces' line");
  refused("pieces 10\npiece 3 1 0 0 0\npiece 3 1 0 0 0\n", 9,
          "piece 3 after piece 3: each piece comes once, by ascending number");
  refused("pieces 10\npiece 3 1 0 0 0\npiece 2 1 0 0 0\n", 9,
          "piece 2 after piece 3: each piece comes once, by ascending number");
  refused("pieces 10\npieces 10\n", 8, "a second 'pieces' line");
  refused("identity 0123456789abcdef\n", 7, "a second 'identity' line");
  refused("dance-checkpoint 3\n", 7, "a second 'dance-checkpoint' line");
  refused("soltuions 5\n", 7, "unknown line 'soltuions 5'");
  refused(" pieces 10\n", 7, "unknown line ' pieces 10'");
  size_t len;
  char *t = sealed("dance-checkpoint 3\nshard 0 1\nsplit 2048\nseconds 1\n", &len);
  refused_text(t, len, CLI_CKPT_BAD, 0, "incomplete: no 'identity' line");
  free(t);
  /* --shard 0/1 writes split 0 with shard 0 1: a part's split of the whole problem. */
  t = sealed("dance-checkpoint 3\nidentity 0123456789abcdef\nshard 0 1\nsplit 0\nseconds 1\n"
             "cpu 1\n",
             &len);
  cli_ckpt_data d;
  cli_ckpt_error e;
  ASSERT_EQ(cli_ckpt_parse(t, len, &d, &e), CLI_CKPT_OK);
  ASSERT(d.split == 0 && d.shard_index == 0 && d.shard_count == 1);
  cli_ckpt_data_free(&d);
  free(t);
}

/* What a checkpoint is, and the checksum: before any line is believed. */
static void test_checksum(void) {
  size_t len;
  char *t = sealed(HEAD, &len);
  char *c = malloc(len + 16);
  memcpy(c, t, len);
  c[strlen(HEAD) - 3] = '6'; /* cpu 2.6: one byte */
  refused_text(c, len, CLI_CKPT_BAD, 7,
               "the checksum does not match: the file was changed or damaged after dance wrote it");
  memcpy(c, t, len);
  c[len - 2] ^= 1; /* the checksum's last digit */
  refused_text(c, len, CLI_CKPT_BAD, 7,
               "the checksum does not match: the file was changed or damaged after dance wrote it");
  refused_text(t, len - 1, CLI_CKPT_BAD, 7,
               "no newline after the 'end' line: the file was cut short");
  refused_text(t, len - 5, CLI_CKPT_BAD, 7, "expected 'end' and a checksum: 16 hexadecimal digits");
  refused_text(t, strlen(HEAD), CLI_CKPT_BAD, 0,
               "incomplete: no 'end' line (the file was cut short)");
  memcpy(c, t, len);
  memcpy(c + len, "# more\n", 7);
  refused_text(c, len + 7, CLI_CKPT_BAD, 8, "text after the 'end' line");
  refused_text("", 0, CLI_CKPT_NOT, 0, "empty: not a dance checkpoint");
  refused_text("# only\n\n", 8, CLI_CKPT_NOT, 0, "empty: not a dance checkpoint");
  refused_text("hello\n", 6, CLI_CKPT_NOT, 1,
               "not a dance checkpoint (expected 'dance-checkpoint 3')");
  const char *v1 = "#\ndance-checkpoint 1\nidentity 0123456789abcdef\nend\n";
  refused_text(v1, strlen(v1), CLI_CKPT_BAD, 2,
               "a checkpoint of format 1: this dance reads format 3 only");
  const char *v4 = "#\ndance-checkpoint 4\nidentity 0123456789abcdef\nend\n";
  refused_text(v4, strlen(v4), CLI_CKPT_BAD, 2,
               "a checkpoint of format 4: this dance reads format 3 only");
  refused_text("dance-checkpoint -2\n", 20, CLI_CKPT_BAD, 1,
               "expected 'dance-checkpoint' and a format number");
  /* A NUL byte is a byte like another: in a comment, covered by the checksum. */
  char nul[] = "# a\0b\ndance-checkpoint 3\nidentity 0123456789abcdef\nshard 0 1\nsplit 1\n"
               "seconds 0\ncpu 0\n";
  char *s = malloc(sizeof nul + 32);
  memcpy(s, nul, sizeof nul - 1);
  size_t n = sizeof nul - 1;
  n += (size_t)sprintf(s + n, "end %016" PRIx64 "\n", cli_ckpt_checksum(nul, sizeof nul - 1));
  cli_ckpt_data d;
  cli_ckpt_error e;
  ASSERT_EQ(cli_ckpt_parse(s, n, &d, &e), CLI_CKPT_OK);
  cli_ckpt_data_free(&d);
  free(s);
  free(c);
  free(t);
}

/* The CPU time: one 'cpu' line, a time like 'seconds'; format 2, which had none, refused. */
static void test_cpu(void) {
  static const char HEAD3[] = "dance-checkpoint 3\n"
                              "identity 0123456789abcdef\n"
                              "shard 0 1\n"
                              "split 2048\n"
                              "seconds 1.5\n";
  size_t len;
  char *t = sealed(HEAD3, &len);
  refused_text(t, len, CLI_CKPT_BAD, 0, "incomplete: no 'cpu' line");
  free(t);
  char body[512];
  const char *bad[] = {"cpu -1\n", "cpu 1e3\n", "cpu\n", "cpu 1 2\n", "cpu 1000000000000.5\n"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    snprintf(body, sizeof body, "%s%s", HEAD3, bad[i]);
    t = sealed(body, &len);
    refused_text(t, len, CLI_CKPT_BAD, 6, "expected 'cpu' and a time (digits, a point and digits)");
    free(t);
  }
  refused("cpu 2\n", 7, "a second 'cpu' line");
  t = sealed("# dance 1.4.0\ndance-checkpoint 2\nidentity 0123456789abcdef\nshard 0 1\n"
             "split 2048\nseconds 1.5\n",
             &len);
  refused_text(t, len, CLI_CKPT_BAD, 2, "a checkpoint of format 2: this dance reads format 3 only");
  free(t);
}

int main(void) {
  RUN(test_round_trip);
  RUN(test_numbers);
  RUN(test_sums);
  RUN(test_lines);
  RUN(test_checksum);
  RUN(test_cpu);
  return test_report();
}
