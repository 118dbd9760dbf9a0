/* identity.c -- a problem's identity, hashed with xxHash (XXH3, 64 bits), and the plan of a
 * split as results and catalogs write it. */
#include "identity.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../stategraph/xxhash_inline.h"

static void put_u64(XXH3_state_t *h, uint64_t v) {
  unsigned char b[8];
  for (int i = 0; i < 8; i++)
    b[i] = (unsigned char)(v >> (8 * i)); /* little-endian on every machine */
  XXH3_64bits_update(h, b, sizeof b);
}

/* A string with its length first, so that no two lists of strings hash alike by shifting
 * bytes from one to the next. */
static void put_string(XXH3_state_t *h, const char *s) {
  size_t n = s ? strlen(s) : 0;
  put_u64(h, s ? n : UINT64_MAX);
  if (n) XXH3_64bits_update(h, s, n);
}

uint64_t cli_identity(const dlx_matrix *m, const char *command) {
  XXH3_state_t h;
  XXH3_INITSTATE(&h);
  XXH3_64bits_reset(&h);
  put_string(&h, "dance problem identity 1");
  put_string(&h, dlx_version());
  put_string(&h, command);
  int32_t items = dlx_item_count(m), colors = dlx_color_count(m), options = dlx_option_count(m);
  put_u64(&h, (uint64_t)items);
  for (int32_t i = 0; i < items; i++) {
    put_u64(&h, (uint64_t)dlx_item_kind_of(m, i));
    put_string(&h, dlx_item_name(m, i));
  }
  if (dlx_has_bounds(m)) { /* problems without bounds keep the identity they had */
    put_string(&h, "bounds");
    for (int32_t i = 0; i < items; i++) {
      int32_t lo, hi;
      dlx_item_bounds(m, i, &lo, &hi);
      put_u64(&h, (uint64_t)(uint32_t)lo | (uint64_t)(uint32_t)hi << 32);
    }
  }
  put_u64(&h, (uint64_t)colors);
  for (int32_t c = 1; c <= colors; c++)
    put_string(&h, dlx_color_name(m, c));
  put_u64(&h, (uint64_t)options);
  for (int32_t o = 0; o < options; o++) {
    size_t n;
    const int32_t *it = dlx_option_items(m, o, &n);
    const int32_t *co = dlx_option_colors(m, o);
    put_u64(&h, n);
    for (size_t k = 0; k < n; k++)
      put_u64(&h, (uint64_t)(uint32_t)it[k] | (uint64_t)(uint32_t)(co ? co[k] : 0) << 32);
  }
  if (dlx_has_costs(m)) { /* problems without costs keep the identity they had */
    put_string(&h, "costs");
    for (int32_t o = 0; o < options; o++)
      put_u64(&h, dlx_option_cost(m, o));
  }
  return XXH3_64bits_digest(&h);
}

cli_identity_text cli_identity_hex(uint64_t id) {
  cli_identity_text t;
  snprintf(t.s, sizeof t.s, "%016llx", (unsigned long long)id);
  return t;
}

void cli_json_plan(cli_json *j, const dlx_plan *plan, int recorded) {
  if (!recorded) return;
  if (!plan->hash) {
    cli_json_null(j, "plan");
    return;
  }
  cli_json_begin_object(j, "plan");
  cli_json_string(j, "hash", cli_identity_hex(plan->hash).s);
  cli_json_uint(j, "units", plan->units);
  cli_json_uint(j, "part_units", plan->part_units);
  cli_json_string(j, "part_sum", cli_identity_hex(plan->part_sum).s);
  cli_json_end_object(j);
}

void cli_catalog_end(FILE *f, const dlx_plan *plan, cli_shard shard, uint64_t solutions,
                     const char *stopped) {
  if (shard.count && plan->hash)
    fprintf(f,
            "# plan: part %" PRIu32 " of %" PRIu32 ", {\"hash\": \"%s\", \"units\": %" PRIu64
            ", \"part_units\": %" PRIu64 ", \"part_sum\": \"%s\"}\n",
            shard.index, shard.count, cli_identity_hex(plan->hash).s, plan->units, plan->part_units,
            cli_identity_hex(plan->part_sum).s);
  if (stopped)
    fprintf(f, "# incomplete: %s\n", stopped);
  else
    fprintf(f, "# complete: %s\n", cli_plural(solutions, "solution", "solutions").s);
}
