/* test_api_null.c -- every function of dlx.h that takes a pointer, called with NULL in each
 * pointer it may be handed: no crash, and the documented result. A getter of a NULL matrix
 * answers as for an empty one (0 items, no names, -1 for an item not found, an empty
 * option), a builder or a search is refused with DLX_EARG, and an optional pointer (an
 * out-parameter marked "may be NULL") is simply not written. */
#include <stdio.h>

#include "solve.h"
#include "test.h"

/* Items a, b (primary) and x (secondary); options {a x:red} and {b}, the first costing 7. */
static dlx_matrix *small(void) {
  dlx_matrix *m = dlx_matrix_new();
  int32_t a, b, x, red, o;
  ASSERT_EQ(dlx_add_item(m, "a", DLX_PRIMARY, &a), DLX_OK);
  ASSERT_EQ(dlx_add_item(m, "b", DLX_PRIMARY, &b), DLX_OK);
  ASSERT_EQ(dlx_add_item(m, "x", DLX_SECONDARY, &x), DLX_OK);
  ASSERT_EQ(dlx_color(m, "red", &red), DLX_OK);
  int32_t items[2] = {a, x}, colors[2] = {0, red};
  ASSERT_EQ(dlx_add_option(m, 2, items, colors, &o), DLX_OK);
  ASSERT_EQ(dlx_set_option_cost(m, o, 7), DLX_OK);
  ASSERT_EQ(dlx_add_option(m, 1, &b, NULL, NULL), DLX_OK); /* id may be NULL */
  return m;
}

static void test_building(void) {
  dlx_matrix_free(NULL);
  int32_t id = -5, items[1] = {0};
  ASSERT_EQ(dlx_add_item(NULL, "a", DLX_PRIMARY, &id), DLX_EARG);
  ASSERT_EQ(id, -5);
  ASSERT_EQ(dlx_color(NULL, "red", &id), DLX_EARG);
  dlx_matrix *m = dlx_matrix_new();
  ASSERT_EQ(dlx_add_item(m, NULL, DLX_PRIMARY, NULL), DLX_OK); /* unnamed, id not asked */
  ASSERT_EQ(dlx_color(m, NULL, &id), DLX_EARG);
  ASSERT_EQ(dlx_color(m, "red", NULL), DLX_EARG);
  ASSERT_EQ(dlx_add_option(NULL, 1, items, NULL, &id), DLX_EARG);
  ASSERT_EQ(dlx_add_option(m, 1, NULL, NULL, &id), DLX_EARG);
  ASSERT_EQ(dlx_add_option(m, 0, NULL, NULL, NULL), DLX_ENOPRIMARY);
  ASSERT_EQ(dlx_set_bounds(NULL, 0, 1, 1), DLX_EARG);
  ASSERT_EQ(dlx_set_option_cost(NULL, 0, 1), DLX_EARG);
  ASSERT_EQ(id, -5);
  dlx_matrix_free(m);
}

/* A NULL matrix reads as an empty one. */
static void test_getters_of_null(void) {
  ASSERT_EQ(dlx_item_count(NULL), 0);
  ASSERT_EQ(dlx_primary_count(NULL), 0);
  ASSERT_EQ(dlx_option_count(NULL), 0);
  ASSERT_EQ(dlx_node_count(NULL), 0);
  ASSERT_EQ(dlx_color_count(NULL), 0);
  ASSERT(dlx_item_name(NULL, 0) == NULL);
  ASSERT_EQ(dlx_item_kind_of(NULL, 0), DLX_PRIMARY);
  ASSERT(dlx_color_name(NULL, 1) == NULL);
  ASSERT_EQ(dlx_find_item(NULL, "a"), -1);
  int32_t lo = 5, hi = 5;
  dlx_item_bounds(NULL, 0, &lo, &hi);
  ASSERT_EQ(lo, 0);
  ASSERT_EQ(hi, 0);
  ASSERT_EQ(dlx_has_bounds(NULL), 0);
  ASSERT_EQ_U64(dlx_option_cost(NULL, 0), 0);
  ASSERT_EQ(dlx_has_costs(NULL), 0);
  size_t n = 5;
  ASSERT(dlx_option_items(NULL, 0, &n) == NULL);
  ASSERT_EQ(n, 0);
  ASSERT(dlx_option_colors(NULL, 0) == NULL);
  char buf[8] = "junk";
  ASSERT_EQ(dlx_format_option(NULL, 0, buf, sizeof buf), 0);
  ASSERT_STREQ(buf, "");
  ASSERT_EQ(dlx_format_option(NULL, 0, NULL, 0), 0);
  ASSERT_EQ(dlx_engine_for(NULL, NULL), DLX_ENGINE_LINKS);
}

/* A matrix, and NULL in the other pointers. */
static void test_getters_with_null_arguments(void) {
  dlx_matrix *m = small();
  ASSERT_EQ(dlx_find_item(m, NULL), -1);
  dlx_item_bounds(m, 0, NULL, NULL); /* neither asked */
  int32_t lo = 5;
  dlx_item_bounds(m, 0, &lo, NULL);
  ASSERT_EQ(lo, 1);
  const int32_t *items = dlx_option_items(m, 0, NULL); /* the size not asked */
  ASSERT(items != NULL && items[0] == 0 && items[1] == 2);
  /* like snprintf: with no room (NULL, or cap 0) only the length it needs */
  ASSERT_EQ(dlx_format_option(m, 0, NULL, 0), 10); /* "a x:red |7" */
  ASSERT_EQ(dlx_format_option(m, 0, NULL, 64), 10);
  char buf[64];
  ASSERT_EQ(dlx_format_option(m, 0, buf, sizeof buf), 10);
  ASSERT_STREQ(buf, "a x:red |7");
  dlx_matrix_free(m);
}

static void test_text_format(void) {
  /* out starts as a matrix of its own, to see the readers set it to NULL (kept to be freed) */
  dlx_matrix *m = small(), *out = small(), *before = out;
  dlx_parse_error err;
  ASSERT_EQ(dlx_read_file(NULL, &out, &err, NULL, NULL), DLX_EARG);
  ASSERT(out == NULL);
  ASSERT_STREQ(err.message, "no path or no place for the result");
  ASSERT_EQ(dlx_read_file("x.dlx", NULL, NULL, NULL, NULL), DLX_EARG);
  ASSERT_EQ(dlx_read_buffer(NULL, 4, "b", &out, &err, NULL, NULL), DLX_EARG);
  ASSERT(out == NULL);
  ASSERT_STREQ(err.message, "no buffer");
  ASSERT_EQ(dlx_read_buffer("a\na\n", 4, "b", NULL, NULL, NULL, NULL), DLX_EARG);
  /* no name: messages name no file; no error record, no warning callback */
  ASSERT_EQ(dlx_read_buffer("a\na\n", 4, NULL, &out, NULL, NULL, NULL), DLX_OK);
  ASSERT_EQ(dlx_option_count(out), 1);
  dlx_matrix_free(out);
  ASSERT_EQ(dlx_read_buffer("a\nb\n", 4, NULL, &out, &err, NULL, NULL), DLX_ESYNTAX);
  ASSERT_STREQ(err.file, "");
  ASSERT_EQ(dlx_write(NULL, stdout, NULL), DLX_EARG);
  ASSERT_EQ(dlx_write(m, NULL, NULL), DLX_EARG);
  dlx_matrix_free(m);
  dlx_matrix_free(before);
}

static void test_solving(void) {
  dlx_matrix *m = small();
  dlx_stats st;
  ASSERT_EQ(dlx_solve(NULL, NULL, &st), DLX_EARG);
  ASSERT_EQ(dlx_solve(m, NULL, NULL), DLX_EARG);
  ASSERT_EQ(dlx_solve(m, NULL, &st), DLX_OK); /* opt NULL: the defaults */
  ASSERT_EQ_U64(st.solutions, 1);
  dlx_estimate_result r;
  ASSERT_EQ(dlx_estimate(NULL, NULL, 8, 1, &r), DLX_EARG);
  ASSERT_EQ(dlx_estimate(m, NULL, 8, 1, NULL), DLX_EARG);
  ASSERT_EQ(dlx_estimate_subset(NULL, NULL, NULL, 8, 1, &r), DLX_EARG);
  uint64_t keep = 3;
  ASSERT_EQ(dlx_estimate_subset(NULL, NULL, &keep, 8, 1, &r), DLX_EARG);
  ASSERT_EQ(dlx_estimate_subset(m, NULL, &keep, 8, 1, NULL), DLX_EARG);
  ASSERT_EQ(dlx_estimate_subset(m, NULL, NULL, 8, 1, &r), DLX_OK); /* keep NULL: all */
  dlx_best_result b;
  ASSERT_EQ(dlx_best(NULL, NULL, 1, &b), DLX_EARG);
  ASSERT_EQ(dlx_best(m, NULL, 1, NULL), DLX_EARG);
  dlx_best_free(NULL);
  ASSERT_EQ(dlx_best(m, NULL, 1, &b), DLX_OK);
  ASSERT_EQ(b.count, 1);
  dlx_best_free(&b);
  dlx_memo_stats ms;
  ASSERT_EQ(dlx_count_memo(NULL, NULL, 0, &ms), DLX_EARG);
  ASSERT_EQ(dlx_count_memo(m, NULL, 0, NULL), DLX_EARG);
  dlx_matrix_free(m);
}

/* The public solver: every function with a NULL solver, and with each NULL out-parameter. */
static void test_solver(void) {
  ASSERT(dlx_solver_new(NULL) == NULL);
  dlx_solver_free(NULL);
  dlx_solver_stop(NULL);
  dlx_solver_rewind(NULL);
  ASSERT_EQ(dlx_solver_set_threads(NULL, 1), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_max_solutions(NULL, 1), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_max_nodes(NULL, 1), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_shard(NULL, 0, 2), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_engine(NULL, DLX_ENGINE_AUTO), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_any_order(NULL, 1), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_memo_order(NULL, DLX_MEMO_FIRST), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_recall(NULL, 1, 2), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_recall_table(NULL, 20), DLX_EARG);
  ASSERT_EQ(dlx_solver_on_solution(NULL, NULL, NULL), DLX_EARG);
  ASSERT_EQ(dlx_solver_on_progress(NULL, NULL, NULL, 1), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_admit(NULL, NULL, NULL, NULL), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_pieces(NULL, 0, NULL, NULL), DLX_EARG);
  ASSERT_EQ(dlx_solver_set_pieces_done(NULL, NULL, 0, 0), DLX_EARG);
  ASSERT_EQ(dlx_solver_count(NULL), DLX_EARG);
  ASSERT_EQ(dlx_solver_estimate(NULL, 8, 1), DLX_EARG);
  ASSERT_EQ(dlx_solver_best(NULL, 1), DLX_EARG);
  ASSERT_EQ(dlx_solver_count_memo(NULL, 0), DLX_EARG);
  ASSERT_EQ(dlx_solver_engine(NULL), DLX_ENGINE_AUTO);
  const int32_t *o;
  size_t n;
  uint64_t cost;
  ASSERT_EQ(dlx_solver_next(NULL, &o, &n), DLX_EARG);
  ASSERT_EQ(dlx_solver_next_wait(NULL, &o, &n, 1), DLX_EARG);
  ASSERT_EQ(dlx_solver_best_solution(NULL, 0, &o, &n, &cost), DLX_EARG);
  dlx_result r;
  ASSERT_EQ(dlx_solver_result(NULL, &r, sizeof r), DLX_EARG);

  dlx_matrix *m = small();
  dlx_solver *s = dlx_solver_new(m);
  ASSERT_EQ(dlx_solver_next(s, NULL, &n), DLX_EARG);
  ASSERT_EQ(dlx_solver_next(s, &o, NULL), DLX_EARG);
  ASSERT_EQ(dlx_solver_result(s, NULL, sizeof r), DLX_EARG);
  ASSERT_EQ(dlx_solver_best(s, 1), DLX_OK);
  ASSERT_EQ(dlx_solver_best_solution(s, 0, NULL, &n, NULL), DLX_EARG);
  ASSERT_EQ(dlx_solver_best_solution(s, 0, &o, NULL, NULL), DLX_EARG);
  ASSERT_EQ(dlx_solver_best_solution(s, 0, &o, &n, NULL), DLX_OK); /* cost may be NULL */
  ASSERT_EQ(n, 2);
  dlx_solver_free(s);
  dlx_matrix_free(m);
}

int main(void) {
  RUN(test_building);
  RUN(test_getters_of_null);
  RUN(test_getters_with_null_arguments);
  RUN(test_text_format);
  RUN(test_solving);
  RUN(test_solver);
  return test_report();
}
