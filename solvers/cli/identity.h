/* identity.h -- a problem's identity: a hash of its compiled matrix and of the options that
 * change what is counted, printed in every result of `dance xc` and `dance cube` so that
 * the parts of a split run (--shard), a checkpoint and its resumption can be checked to
 * belong to one problem (dance merge, --resume). */
#ifndef DANCE_CLI_IDENTITY_H
#define DANCE_CLI_IDENTITY_H

#include <stdint.h>

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

#endif
