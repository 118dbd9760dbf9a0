/* test_matrix.c -- building a matrix: names, kinds, colors and the refusals. */
#include "dlx.h"
#include "test.h"

static void test_items_and_names(void) {
  dlx_matrix *m = dlx_matrix_new();
  int32_t a, b, x, anon;
  ASSERT_EQ(dlx_add_item(m, "a", DLX_PRIMARY, &a), DLX_OK);
  ASSERT_EQ(dlx_add_item(m, "x", DLX_SECONDARY, &x), DLX_OK);
  ASSERT_EQ(dlx_add_item(m, "b", DLX_PRIMARY, &b), DLX_OK);
  ASSERT_EQ(dlx_add_item(m, NULL, DLX_PRIMARY, &anon), DLX_OK);
  ASSERT_EQ(a, 0);
  ASSERT_EQ(x, 1);
  ASSERT_EQ(b, 2);
  ASSERT_EQ(anon, 3);
  ASSERT_EQ(dlx_item_count(m), 4);
  ASSERT_EQ(dlx_primary_count(m), 3);
  ASSERT_STREQ(dlx_item_name(m, x), "x");
  ASSERT(dlx_item_name(m, anon) == NULL);
  ASSERT_EQ(dlx_item_kind_of(m, x), DLX_SECONDARY);
  ASSERT_EQ(dlx_find_item(m, "b"), 2);
  ASSERT_EQ(dlx_find_item(m, "nope"), -1);
  int32_t id = -7;
  ASSERT_EQ(dlx_add_item(m, "a", DLX_SECONDARY, &id), DLX_EDUPNAME);
  ASSERT_EQ(id, -7);
  ASSERT_EQ(dlx_add_item(m, "", DLX_PRIMARY, NULL), DLX_ENAME);
  ASSERT_EQ(dlx_add_item(m, "a b", DLX_PRIMARY, NULL), DLX_ENAME);
  ASSERT_EQ(dlx_add_item(m, "a:b", DLX_PRIMARY, NULL), DLX_ENAME);
  ASSERT_EQ(dlx_add_item(m, "a|b", DLX_PRIMARY, NULL), DLX_ENAME);
  ASSERT_EQ(dlx_add_item(m, "123456789012345678901234567890123", DLX_PRIMARY, NULL), DLX_ENAME);
  ASSERT_EQ(dlx_add_item(m, "12345678901234567890123456789012", DLX_PRIMARY, NULL), DLX_OK);
  ASSERT_EQ(dlx_add_item(m, "q", (dlx_item_kind)7, NULL), DLX_EARG);
  ASSERT_EQ(dlx_item_count(m), 5);
  dlx_matrix_free(m);
  dlx_matrix_free(NULL);
}

static void test_many_items_hash(void) {
  dlx_matrix *m = dlx_matrix_new();
  char name[16];
  for (int i = 0; i < 20000; i++) {
    snprintf(name, sizeof name, "i%d", i);
    ASSERT_EQ(dlx_add_item(m, name, i % 3 ? DLX_PRIMARY : DLX_SECONDARY, NULL), DLX_OK);
  }
  for (int i = 0; i < 20000; i += 997) {
    snprintf(name, sizeof name, "i%d", i);
    ASSERT_EQ(dlx_find_item(m, name), i);
  }
  ASSERT_EQ(dlx_add_item(m, "i19999", DLX_PRIMARY, NULL), DLX_EDUPNAME);
  dlx_matrix_free(m);
}

static void test_options_and_refusals(void) {
  dlx_matrix *m = dlx_matrix_new();
  int32_t a, b, x, y, red, blue, again, id;
  dlx_add_item(m, "a", DLX_PRIMARY, &a);
  dlx_add_item(m, "b", DLX_PRIMARY, &b);
  dlx_add_item(m, "x", DLX_SECONDARY, &x);
  dlx_add_item(m, "y", DLX_SECONDARY, &y);
  ASSERT_EQ(dlx_color(m, "red", &red), DLX_OK);
  ASSERT_EQ(dlx_color(m, "blue", &blue), DLX_OK);
  ASSERT_EQ(dlx_color(m, "red", &again), DLX_OK);
  ASSERT_EQ(red, 1);
  ASSERT_EQ(blue, 2);
  ASSERT_EQ(again, red);
  ASSERT_EQ(dlx_color_count(m), 2);
  ASSERT_STREQ(dlx_color_name(m, blue), "blue");
  ASSERT_EQ(dlx_color(m, "bad color", &again), DLX_ENAME);

  int32_t o1[3] = {a, x, y}, c1[3] = {0, red, 0};
  ASSERT_EQ(dlx_add_option(m, 3, o1, c1, &id), DLX_OK);
  ASSERT_EQ(id, 0);
  int32_t o2[2] = {b, a};
  ASSERT_EQ(dlx_add_option(m, 2, o2, NULL, &id), DLX_OK);
  ASSERT_EQ(id, 1);
  int32_t dup[3] = {a, x, a};
  ASSERT_EQ(dlx_add_option(m, 3, dup, NULL, NULL), DLX_EDUPITEM);
  int32_t cp[2] = {a, x}, cpc[2] = {blue, 0};
  ASSERT_EQ(dlx_add_option(m, 2, cp, cpc, NULL), DLX_ECOLORPRIMARY);
  int32_t sec[2] = {x, y};
  ASSERT_EQ(dlx_add_option(m, 2, sec, NULL, NULL), DLX_ENOPRIMARY);
  int32_t bad[1] = {99};
  ASSERT_EQ(dlx_add_option(m, 1, bad, NULL, NULL), DLX_EARG);
  int32_t badc[1] = {5};
  int32_t one[1] = {x};
  ASSERT_EQ(dlx_add_option(m, 1, one, badc, NULL), DLX_EARG);
  ASSERT_EQ(dlx_option_count(m), 2);
  ASSERT_EQ(dlx_node_count(m), 5);

  size_t n;
  const int32_t *it = dlx_option_items(m, 1, &n);
  ASSERT_EQ(n, 2);
  ASSERT_EQ(it[0], b);
  ASSERT_EQ(it[1], a);
  const int32_t *co = dlx_option_colors(m, 0);
  ASSERT(co != NULL);
  ASSERT_EQ(co[1], red);
  ASSERT(dlx_option_items(m, 2, &n) == NULL);
  ASSERT_EQ(n, 0);

  char buf[64];
  ASSERT_EQ(dlx_format_option(m, 0, buf, sizeof buf), 9);
  ASSERT_STREQ(buf, "a x:red y");
  char tiny[5];
  ASSERT_EQ(dlx_format_option(m, 0, tiny, sizeof tiny), 9); /* truncated, terminated */
  ASSERT_STREQ(tiny, "a x:");
  dlx_matrix_free(m);
}

static void test_strerror_covers_every_status(void) {
  for (int s = DLX_OK; s <= DLX_EAGAIN; s++) {
    const char *msg = dlx_strerror((dlx_status)s);
    ASSERT(msg != NULL && msg[0] != '\0');
    ASSERT(strcmp(msg, "unknown status") != 0);
  }
  ASSERT_STREQ(dlx_strerror((dlx_status)999), "unknown status");
}

int main(void) {
  RUN(test_items_and_names);
  RUN(test_many_items_hash);
  RUN(test_options_and_refusals);
  RUN(test_strerror_covers_every_status);
  return test_report();
}
