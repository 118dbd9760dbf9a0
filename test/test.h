/* test.h -- the assertion macros of dance's test programs.
 *
 * A test program defines functions `static void test_xxx(void)` and lists them in main:
 *   int main(void) { RUN(test_xxx); RUN(test_yyy); return test_report(); }
 * A failed check prints file:line and what differed, marks the current test failed and
 * goes on, so one run shows every failure. test_report prints "N passed, N failed".
 * With DANCE_TEST_TIMES set, RUN also prints each test function's wall time on stderr: the
 * way to find what makes a test program slow.
 */
#ifndef DANCE_TEST_H
#define DANCE_TEST_H

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int test_failed_checks_;
static int test_passed_, test_failed_;
static const char *test_current_ = "";

#define TEST_FAIL_(...)                                                                            \
  do {                                                                                             \
    test_failed_checks_++;                                                                         \
    fprintf(stderr, "%s:%d: in %s: ", __FILE__, __LINE__, test_current_);                          \
    fprintf(stderr, __VA_ARGS__);                                                                  \
    fputc('\n', stderr);                                                                           \
  } while (0)

#define ASSERT(cond)                                                                               \
  do {                                                                                             \
    if (!(cond)) TEST_FAIL_("assertion failed: %s", #cond);                                        \
  } while (0)

#define ASSERT_EQ(a, b)                                                                            \
  do {                                                                                             \
    long long a_ = (long long)(a), b_ = (long long)(b);                                            \
    if (a_ != b_) TEST_FAIL_("%s == %lld, expected %s == %lld", #a, a_, #b, b_);                   \
  } while (0)

#define ASSERT_EQ_U64(a, b)                                                                        \
  do {                                                                                             \
    uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);                                               \
    if (a_ != b_) TEST_FAIL_("%s == %" PRIu64 ", expected %s == %" PRIu64, #a, a_, #b, b_);        \
  } while (0)

#define ASSERT_STREQ(a, b)                                                                         \
  do {                                                                                             \
    const char *a_ = (a), *b_ = (b);                                                               \
    if (!a_ || !b_ || strcmp(a_, b_) != 0)                                                         \
      TEST_FAIL_("%s == \"%s\", expected \"%s\"", #a, a_ ? a_ : "(null)", b_ ? b_ : "(null)");     \
  } while (0)

static inline double test_now_(void) {
  struct timespec t;
  timespec_get(&t, TIME_UTC);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#define RUN(fn)                                                                                    \
  do {                                                                                             \
    int before_ = test_failed_checks_;                                                             \
    double start_ = test_now_();                                                                   \
    test_current_ = #fn;                                                                           \
    fn();                                                                                          \
    if (getenv("DANCE_TEST_TIMES")) fprintf(stderr, "%8.3f s  %s\n", test_now_() - start_, #fn);   \
    if (test_failed_checks_ == before_) {                                                          \
      test_passed_++;                                                                              \
    } else {                                                                                       \
      test_failed_++;                                                                              \
      fprintf(stderr, "FAILED: %s\n", #fn);                                                        \
    }                                                                                              \
  } while (0)

/* Marsaglia's xorshift64, with a fixed seed so that every run (and every failure) sees
 * the same "random" data; a test may reseed by assigning test_rng_. */
static uint64_t test_rng_ = 0x9E3779B97F4A7C15ull;

static inline uint64_t test_random(void) {
  test_rng_ ^= test_rng_ << 13;
  test_rng_ ^= test_rng_ >> 7;
  test_rng_ ^= test_rng_ << 17;
  return test_rng_;
}

/* A number in 0..n-1 (n > 0). */
static inline uint32_t test_below(uint32_t n) { return (uint32_t)(test_random() % n); }

/* perm[0..n-1]: the numbers 0..n-1 in a random order (Fisher-Yates). */
static inline void test_permutation(int32_t *perm, int n) {
  for (int i = 0; i < n; i++)
    perm[i] = i;
  for (int i = n - 1; i > 0; i--) {
    int j = (int)test_below((uint32_t)i + 1);
    int32_t t = perm[i];
    perm[i] = perm[j], perm[j] = t;
  }
}

static inline int test_report(void) {
  (void)test_current_;
  (void)test_rng_;
  (void)test_failed_checks_;
  printf("%d passed, %d failed\n", test_passed_, test_failed_);
  return test_failed_ ? 1 : 0;
}

/* The rest of a stream from its start, NUL-terminated, malloc'ed (NULL when out of
 * memory): for checking what a writer put into a tmpfile(). */
static inline char *test_read_stream(FILE *f) {
  long size = (fseek(f, 0, SEEK_END), ftell(f));
  char *text = size >= 0 ? (char *)calloc(1, (size_t)size + 1) : NULL;
  rewind(f);
  if (text && fread(text, 1, (size_t)size, f) != (size_t)size) text[0] = '\0';
  return text;
}

/* The repository's data/ and cube_pieces/ folders. CMake gives their paths relative to the
 * test program's own folder (DANCE_DATA_REL, DANCE_PIECES_REL), which are the same in every
 * checkout, so that no object holds the checkout's path and ccache can share the objects
 * between checkouts; the program's folder is read from /proc/self/exe. Without them (a test
 * compiled by hand), the folders relative to the current one. */
static inline const char *test_repo_dir_(const char *rel) {
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  char *slash = n > 0 ? (exe[n] = '\0', strrchr(exe, '/')) : NULL;
  if (!slash) return rel;
  slash[1] = '\0'; /* the program's folder, with its slash */
  size_t size = strlen(exe) + strlen(rel) + 1;
  char *dir = (char *)malloc(size);
  if (!dir) return rel;
  snprintf(dir, size, "%s%s", exe, rel);
  return dir;
}
#ifdef DANCE_DATA_REL
static inline const char *test_data_dir_(void) {
  static const char *dir;
  return dir ? dir : (dir = test_repo_dir_(DANCE_DATA_REL));
}
static inline const char *test_pieces_dir_(void) {
  static const char *dir;
  return dir ? dir : (dir = test_repo_dir_(DANCE_PIECES_REL));
}
#define DANCE_DATA_DIR test_data_dir_()
#define DANCE_PIECES_DIR test_pieces_dir_()
#else
#define DANCE_DATA_DIR "data"
#define DANCE_PIECES_DIR "cube_pieces"
#endif

/* DIR/NAME, in one of 8 buffers used in turn: for a path passed straight to a call. */
static inline const char *test_path(const char *dir, const char *name) {
  static char paths[8][PATH_MAX];
  static unsigned next;
  char *path = paths[next++ % 8];
  snprintf(path, sizeof paths[0], "%s/%s", dir, name);
  return path;
}

/* Reads DANCE_DATA_DIR/xc/NAME; a failure is a failed check (and NULL). Needs dlx.h
 * included before this header. */
#ifdef DLX_H
static inline dlx_matrix *test_read_xc(const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/xc/%s", DANCE_DATA_DIR, name);
  dlx_matrix *m = NULL;
  dlx_parse_error err;
  if (dlx_read_file(path, &m, &err, NULL, NULL) != DLX_OK)
    TEST_FAIL_("cannot read %s: %s", path, err.message);
  return m;
}
#endif

#endif
