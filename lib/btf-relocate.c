/* btf-relocate.c -- relocation of split BTF in this library: the shim
   functions the shared core needs, and the public entry points.  */

#include "btf-relocate-shim.h"
#include "btf-relocate.h"
#include "str-index.h"
#include "btfld-split.h"

uint32_t
btfld_reloc_strs_end (const struct btfld_btf *btf)
{
  return btf->str_start + btf->strs_len;
}

void
btfld_reloc_set_base (struct btfld_btf *btf, const struct btfld_btf *base)
{
  btf->base = base;
  btf->start_id = btfld_type_cnt (base);
  btf->str_start = btfld_reloc_strs_end (base);
  /* The string index holds offsets of the old base.  */
  btfld_str_index_free (&btf->str_idx);
  btf->str_idx_built = false;
  /* Own strings may now repeat the new base's.  */
  btf->strs_unique = false;
}

int
btfld_check_distilled_base (const struct btfld_btf *base)
{
  return btf_reloc_check_base (base);
}

/* A copy of BTF's types in a fresh object on the same base (strings the
   base also has shared, unused ones dropped), or NULL.  */
static struct btfld_btf *
copy_types (const struct btfld_btf *btf)
{
  struct btfld_btf *fresh = btfld_btf_new (btf->base);
  if (!fresh)
    return NULL;
  for (uint32_t id = btf->start_id; id < btfld_type_cnt (btf); id++)
    if (btfld_copy_type (fresh, btf, id, NULL) < 0)
      {
	btfld_btf_free (fresh);
	return NULL;
      }
  return fresh;
}

/* Put FRESH's contents into BTF and free BTF's old ones.  */
static void
take_over (struct btfld_btf *btf, struct btfld_btf *fresh)
{
  struct btfld_btf tmp = *btf;
  *btf = *fresh;
  *fresh = tmp;
  btfld_btf_free (fresh);
}

/* The first DECL_TAG of SPLIT from FIRST on with a component index past
   the members of its STRUCT or UNION, or 0.  The parser lets those into
   a member-less (distilled) base STRUCT or UNION through.  */
static uint32_t
bad_tag_index (const struct btfld_btf *split, uint32_t first)
{
  for (uint32_t id = first; id < btfld_type_cnt (split); id++)
    {
      const struct btf_type *t = btfld_type_by_id (split, id);
      if (btfld_kind (t) != BTF_KIND_DECL_TAG)
	continue;
      int32_t idx = ((const struct btf_decl_tag *) (t + 1))->component_idx;
      const struct btf_type *p = btfld_type_by_id (split, t->type);
      unsigned pk = btfld_kind (p);
      if (idx >= 0 && (pk == BTF_KIND_STRUCT || pk == BTF_KIND_UNION)
	  && (uint32_t) idx >= btfld_vlen (p))
	return id;
    }
  return 0;
}

int
btfld_relocate (struct btfld_btf *split, const struct btfld_btf *new_base,
		uint32_t **id_map)
{
  if (!split || !new_base)
    return btfld_error (-EINVAL, "relocate: missing argument");
  if ((uint64_t) btfld_type_cnt (new_base) + split->nr > BTFLD_MAX_TYPE_ID
      || ((uint64_t) btfld_reloc_strs_end (new_base) + split->strs_len
	  > BTFLD_MAX_STR_OFF))
    return btfld_error (-E2BIG, "relocated BTF would be too large");
  /* A tag's index into a distilled STRUCT or UNION is checked against
     the base type it relocates to; so that SPLIT is unchanged when that
     fails, such a SPLIT is relocated in a copy.  */
  bool deferred = split->base && bad_tag_index (split, split->start_id);
  struct btfld_btf *work = deferred ? copy_types (split) : split;
  if (!work)
    return btfld_error (-ENOMEM, "out of memory");
  int err = btf_reloc_core (work, new_base, id_map);
  uint32_t bad = !err && deferred ? bad_tag_index (work, work->start_id) : 0;
  if (bad)
    {
      const struct btf_type *t = btfld_type_by_id (work, bad);
      const struct btf_type *p = btfld_type_by_id (work, t->type);
      long idx = ((const struct btf_decl_tag *) (t + 1))->component_idx;
      err = btfld_error (-EINVAL, "type [%lu] DECL_TAG '%s': component "
			 "index %ld, but [%lu] '%s' of the base has no "
			 "member %ld", (unsigned long) (bad - work->start_id
							+ split->start_id),
			 btfld_str (work, t->name_off), idx,
			 (unsigned long) t->type,
			 btfld_str (work, p->name_off), idx);
      if (id_map)
	{
	  free (*id_map);
	  *id_map = NULL;
	}
    }
  if (err)
    {
      if (work != split)
	btfld_btf_free (work);
      return err;
    }
  if (work != split)
    take_over (split, work);
  /* Best effort: without the copy SPLIT is valid too.  */
  struct btfld_btf *fresh = copy_types (split);
  if (fresh)
    take_over (split, fresh);
  return 0;
}
