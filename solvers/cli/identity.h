/* identity.h -- a problem's identity: a hash of its compiled matrix and of the options that
 * change what is counted, printed in every result of `dance xc` and `dance cube` so that
 * the parts of a split run (--shard), a checkpoint and its resumption can be checked to
 * belong to one problem (dance merge, --resume). */
#ifndef DANCE_CLI_IDENTITY_H
#define DANCE_CLI_IDENTITY_H

#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "dlx.h"

/* The identity of the search of m by `command`, which names the subcommand and every option
 * that changes the count or the split but not the matrix (e.g. "cube reflections=1
 * prune=1"). It also covers the library's version: a new version may split the tree
 * otherwise, and parts of different splits must never be added up. */
uint64_t cli_identity(const dlx_matrix *m, const char *command);

/* The identity as 16 lowercase hexadecimal digits. */
typedef struct {
  char s[17];
} cli_identity_text;
cli_identity_text cli_identity_hex(uint64_t id);

/* The plan of a split run (dlx_plan), as the "plan" member of a result that can be merged or
 * resumed (`recorded`: a part of a split, or a run with a checkpoint); no member otherwise.
 * null when the run stopped before its split was made. */
void cli_json_plan(cli_json *j, const dlx_plan *plan, int recorded);

/* The end of a catalog, to f. First, for part K of N of a split (shard.count > 0: the runs
 * whose result has a plan), its plan line: '# plan: part K of N, {"hash": ..., "units": ...,
 * "part_units": ..., "part_sum": ...}', the plan in the notation of cli_json_plan (none for a
 * run that was not split, or that stopped before its split was made), which `dance merge
 * --catalog` checks against the part's result. Then the last line, which says whether the
 * catalog is the whole list: '# complete: N solutions', or '# incomplete: ' and `stopped`
 * (what stopped the search; NULL: nothing did). The plan line comes before it, so that a
 * catalog cut short anywhere lacks its last line and is seen to be incomplete. */
void cli_catalog_end(FILE *f, const dlx_plan *plan, cli_shard shard, uint64_t solutions,
                     const char *stopped);

#endif
