/* str-index.h -- the library's one hash table of strings: an
   open-addressing index of uint32_t values (string offsets, array
   indexes), each naming a string the caller's KEY function gives.

   At most half full, linear probing, UINT32_MAX marks an empty slot.
   Inline, with KEY a constant at every call, so that interning (which
   looks up every name of every input) pays no indirect call.  */

#ifndef BTFLD_STR_INDEX_H
#define BTFLD_STR_INDEX_H

#include "btfld-int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* struct btfld_str_index is in btfld-int.h (struct btfld_btf has
   one).  */

/* The string value V names.  */
typedef const char *(*btfld_str_key_fn) (const void *ctx, uint32_t v);

/* The slot of S: the one holding the value that names S, or the empty
   one where such a value goes.  The index must have slots.  */
static inline size_t
btfld_str_index_slot (const struct btfld_str_index *ix, const char *s,
		      btfld_str_key_fn key, const void *ctx)
{
  size_t mask = ix->cap - 1;
  size_t j = btfld_str_hash (s) & mask;
  while (ix->slot[j] != BTFLD_STR_INDEX_EMPTY
	 && strcmp (key (ctx, ix->slot[j]), s) != 0)
    j = (j + 1) & mask;
  return j;
}

/* Room for one more value: doubled (from MIN slots) when it would be
   more than half full.  Slots found before a growth are stale.  0, or
   -ENOMEM (reported) with the index as it was.  */
static inline int
btfld_str_index_reserve (struct btfld_str_index *ix, size_t min,
			 btfld_str_key_fn key, const void *ctx)
{
  if ((ix->cnt + 1) * 2 <= ix->cap)
    return 0;
  size_t ncap = ix->cap ? ix->cap * 2 : min;
  uint32_t *n = btfld_huge_malloc (ncap, sizeof *n);
  if (!n)
    return btfld_error (-ENOMEM, "out of memory");
  memset (n, 0xff, ncap * sizeof *n);
  /* The values are distinct: each goes to the first empty slot.  */
  for (size_t i = 0; i < ix->cap; i++)
    if (ix->slot[i] != BTFLD_STR_INDEX_EMPTY)
      {
	size_t j = btfld_str_hash (key (ctx, ix->slot[i])) & (ncap - 1);
	while (n[j] != BTFLD_STR_INDEX_EMPTY)
	  j = (j + 1) & (ncap - 1);
	n[j] = ix->slot[i];
      }
  free (ix->slot);
  ix->slot = n;
  ix->cap = ncap;
  return 0;
}

/* Put V in slot J (from btfld_str_index_slot, after the reserve).  */
static inline void
btfld_str_index_put (struct btfld_str_index *ix, size_t j, uint32_t v)
{
  ix->slot[j] = v;
  ix->cnt++;
}

static inline void
btfld_str_index_free (struct btfld_str_index *ix)
{
  free (ix->slot);
  *ix = (struct btfld_str_index) { NULL, 0, 0 };
}

#endif /* BTFLD_STR_INDEX_H */
