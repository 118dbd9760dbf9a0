/*
 * xxhash_inline.h -- the one place dance includes xxHash (Debian's libxxhash-dev).
 *
 * XXH_INLINE_ALL makes every xxHash function static inline in the including file, so no
 * library is linked, the hash of a short fixed-width key compiles down to a few multiplies,
 * and no XXH_ symbol leaks out of our libraries. Include this header, never <xxhash.h>.
 */
#ifndef DANCE_XXHASH_INLINE_H
#define DANCE_XXHASH_INLINE_H

#define XXH_INLINE_ALL
#include <xxhash.h>

#endif
