/*
 * queens.c -- count the ways to place N queens on an N x N board, none attacking another,
 * through dance's library: an example of building an exact-cover matrix in code.
 *
 *   cc queens.c $(pkg-config --cflags --libs dance) -o queens && ./queens 8
 *
 * Each row and each column must hold exactly one queen: those are primary items. Each
 * diagonal may hold at most one: secondary items. Every square is an option covering its
 * row, its column and its two diagonals.
 */
#include <dance/dlx.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8;
  if (n < 1 || n > 32) {
    fprintf(stderr, "usage: queens [N]   (N from 1 to 32, default 8)\n");
    return 2;
  }
  dlx_matrix *m = dlx_matrix_new();
  if (!m) return 2;
  /* Items are numbered in the order they are added: rows 0..n-1, columns n..2n-1, then the
   * 2n-1 diagonals of each direction. Names are optional (NULL): only used in output. */
  int32_t id;
  for (int i = 0; i < 2 * n; i++)
    dlx_add_item(m, NULL, DLX_PRIMARY, &id);
  for (int i = 0; i < 2 * (2 * n - 1); i++)
    dlx_add_item(m, NULL, DLX_SECONDARY, &id);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int32_t items[4] = {r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + (r - c + n - 1)};
      dlx_status st = dlx_add_option(m, 4, items, NULL, NULL);
      if (st != DLX_OK) {
        fprintf(stderr, "queens: %s\n", dlx_strerror(st));
        return 2;
      }
    }

  /* A solver of the matrix: every core by default (dlx_solver_set_threads sets another
   * number; 1 searches in this thread only). */
  dlx_solver *s = dlx_solver_new(m);
  dlx_status st = s ? dlx_solver_count(s) : DLX_ENOMEM;
  if (st != DLX_OK) {
    fprintf(stderr, "queens: %s\n", dlx_strerror(st));
    return 2;
  }
  dlx_result r;
  dlx_solver_result(s, &r, sizeof r);
  printf("%d queens: %llu solutions (%llu search nodes, threads: %d; dance %s)\n", n,
         (unsigned long long)r.solutions, (unsigned long long)r.nodes, r.threads, dlx_version());
  dlx_solver_free(s);
  dlx_matrix_free(m);
  return r.solutions ? 0 : 1;
}
