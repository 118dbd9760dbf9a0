/*
 * replay.c -- runs a fuzz target without libFuzzer: each argument is a file, or a folder
 * whose files are read (not recursively), and each file is handed to the target once, as
 * libFuzzer would. So the corpus, regression files included, is tested in every build,
 * under the sanitizers when the build has them. Prints "N passed, 0 failed"; a failing
 * input aborts, as under libFuzzer.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    return -1;
  }
  size_t cap = 1 << 16, len = 0;
  uint8_t *buf = malloc(cap);
  if (!buf) {
    fclose(f);
    return -1;
  }
  len = fread(buf, 1, cap, f);
  int bad = ferror(f);
  fclose(f);
  if (bad) {
    fprintf(stderr, "%s: read error\n", path);
    free(buf);
    return -1;
  }
  /* An exact-size copy, so that a read past the input is caught as under libFuzzer. */
  uint8_t *data = malloc(len ? len : 1);
  if (!data) {
    free(buf);
    return -1;
  }
  memcpy(data, buf, len);
  free(buf);
  LLVMFuzzerTestOneInput(data, len);
  free(data);
  return 0;
}

static int compare(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv) {
  long passed = 0, failed = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0) {
      perror(argv[i]);
      failed++;
      continue;
    }
    if (!S_ISDIR(st.st_mode)) {
      run_file(argv[i]) == 0 ? passed++ : failed++;
      continue;
    }
    DIR *d = opendir(argv[i]);
    if (!d) {
      perror(argv[i]);
      failed++;
      continue;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
      if (e->d_name[0] == '.') continue;
      if (n == cap) {
        cap = cap ? 2 * cap : 64;
        char **more = realloc(names, cap * sizeof *names);
        if (!more) abort();
        names = more;
      }
      size_t size = strlen(argv[i]) + strlen(e->d_name) + 2;
      names[n] = malloc(size);
      if (!names[n]) abort();
      snprintf(names[n++], size, "%s/%s", argv[i], e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, compare); /* the same order every run */
    for (size_t k = 0; k < n; k++) {
      run_file(names[k]) == 0 ? passed++ : failed++;
      free(names[k]);
    }
    free(names);
  }
  if (passed + failed == 0) {
    fprintf(stderr, "replay: no input\n");
    return 1;
  }
  printf("%ld passed, %ld failed\n", passed, failed);
  return failed ? 1 : 0;
}
