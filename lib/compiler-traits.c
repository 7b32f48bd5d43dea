/* compiler-traits.c -- classify each blob by what its BTF shows of the
   compiler that wrote it (see compiler-traits.h).  */

#include "compiler-traits.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The CTF kinds gcc 12 and 13 leave in a FWD's type field (struct,
   union, enum); gcc 14 writes 0.  */
#define GCC_CTF_K_STRUCT 6
#define GCC_CTF_K_ENUM 8

enum
{
  SEEN_REAL_LINKAGE = 1 << 0,
  SEEN_INT_CHAR = 1 << 1,
  SEEN_LE13 = 1 << 2,		/* only gcc <= 13 writes this */
  SEEN_GE14 = 1 << 3,		/* only gcc >= 14 writes this */
  SEEN_ENUM8 = 1 << 4,		/* an ENUM of size 8 (gcc 12) */
};

static bool
is_char_name (const char *n)
{
  return strcmp (n, "char") == 0 || strcmp (n, "signed char") == 0
	 || strcmp (n, "unsigned char") == 0;
}

int
btfld_traits_note (struct btfld_traits *tr, const struct btfld_btf *btf,
		   const uint32_t *blob_of, uint32_t from)
{
  uint32_t start = btfld_start_id (btf), cnt = btfld_type_cnt (btf);
  uint32_t nblobs = tr->nblobs ? tr->nblobs : 1;
  if (from < start)
    from = start;
  if (blob_of)
    for (uint32_t id = from; id < cnt; id++)
      if (blob_of[id - start] + 1 > nblobs)
	nblobs = blob_of[id - start] + 1;
  if (nblobs > tr->nblobs || !tr->of_blob)
    {
      uint8_t *n = realloc (tr->of_blob, nblobs);
      if (!n)
	return btfld_error (-ENOMEM, "out of memory");
      memset (n + tr->nblobs, 0, nblobs - tr->nblobs);
      tr->of_blob = n;
      tr->nblobs = nblobs;
    }
  tr->start = start;
  tr->blob_of = blob_of;
  uint8_t *seen = tr->of_blob;
  /* VARs some DATASEC lists (own ids; a blob's DATASECs list its own
     VARs, and every blob is noted whole).  */
  bool *listed = calloc (cnt - from + 1, sizeof *listed);
  if (!listed)
    return btfld_error (-ENOMEM, "out of memory");
  for (uint32_t id = from; id < cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (btf, id);
      if (btfld_kind (t) != BTF_KIND_DATASEC)
	continue;
      const struct btf_var_secinfo *v = (const void *) (t + 1);
      for (unsigned i = 0; i < btfld_vlen (t); i++)
	if (v[i].type >= from && v[i].type < cnt)
	  listed[v[i].type - from] = true;
    }
  for (uint32_t id = from; id < cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (btf, id);
      uint8_t *s = &seen[blob_of ? blob_of[id - start] : 0];
      switch (btfld_kind (t))
	{
	case BTF_KIND_FUNC:
	  if (btfld_vlen (t) != BTF_FUNC_STATIC)
	    *s |= SEEN_REAL_LINKAGE;
	  break;
	case BTF_KIND_VAR:
	  if (((const struct btf_var *) (t + 1))->linkage
	      == BTF_VAR_GLOBAL_EXTERN)
	    *s |= SEEN_REAL_LINKAGE
		  | (listed[id - from] ? SEEN_LE13 : SEEN_GE14);
	  break;
	case BTF_KIND_INT:
	  if ((BTF_INT_ENCODING (*(const uint32_t *) (t + 1)) & BTF_INT_CHAR)
	      && is_char_name (btfld_name (btf, id)))
	    *s |= SEEN_INT_CHAR | SEEN_LE13;
	  break;
	case BTF_KIND_FWD:
	  if (t->type >= GCC_CTF_K_STRUCT && t->type <= GCC_CTF_K_ENUM)
	    *s |= SEEN_LE13;
	  break;
	case BTF_KIND_ENUM:
	  if (t->size == 0 && btfld_vlen (t) == 0)
	    *s |= SEEN_GE14;
	  else if (t->size == 8)
	    *s |= SEEN_ENUM8 | SEEN_LE13;
	  break;
	case BTF_KIND_DECL_TAG: case BTF_KIND_TYPE_TAG:
	  *s |= SEEN_GE14;
	  break;
	default:
	  break;
	}
    }
  free (listed);
  return 0;
}

void
btfld_traits_classify (struct btfld_traits *tr)
{
  for (uint32_t b = 0; b < tr->nblobs; b++)
    {
      unsigned s = tr->of_blob[b], t = 0;
      if (s & SEEN_REAL_LINKAGE)
	t |= BTFLD_TRAIT_REAL_LINKAGE;
      else
	t |= BTFLD_TRAIT_ENUM32;
      if (s & SEEN_INT_CHAR)
	t |= BTFLD_TRAIT_INT_CHAR;
      if ((s & SEEN_LE13) && !(s & SEEN_GE14))
	t |= BTFLD_TRAIT_ARRAYS_REVERSED;
      tr->of_blob[b] = t;
    }
}

int
btfld_traits_detect (const struct btfld_btf *btf, const uint32_t *blob_of,
		     struct btfld_traits *tr)
{
  memset (tr, 0, sizeof *tr);
  int err = btfld_traits_note (tr, btf, blob_of, 0);
  if (err)
    {
      btfld_traits_free (tr);
      return err;
    }
  btfld_traits_classify (tr);
  return 0;
}

void
btfld_traits_free (struct btfld_traits *tr)
{
  free (tr->of_blob);
  tr->of_blob = NULL;
  tr->nblobs = 0;
}
