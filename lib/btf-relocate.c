/* btf-relocate.c -- relocation of split BTF in this library: the shim
   functions the shared core needs, and the public entry points.  */

#include "btf-relocate-shim.h"
#include "btf-relocate.h"
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
  free (btf->str_idx);
  btf->str_idx = NULL;
  btf->str_idx_cap = btf->str_idx_cnt = 0;
  btf->str_idx_built = false;
}

int
btfld_check_distilled_base (const struct btfld_btf *base)
{
  return btf_reloc_check_base (base);
}

/* Copy BTF's types into a fresh object on the same base, so that strings
   the base also has are shared and unused ones dropped.  Best effort: on
   failure BTF stays as it is, which is valid too.  */
static void
reintern (struct btfld_btf *btf)
{
  struct btfld_btf *fresh = btfld_btf_new (btf->base);
  if (!fresh)
    return;
  for (uint32_t id = btf->start_id; id < btfld_type_cnt (btf); id++)
    if (btfld_copy_type (fresh, btf, id, NULL) < 0)
      {
	btfld_btf_free (fresh);
	return;
      }
  struct btfld_btf tmp = *btf;
  *btf = *fresh;
  *fresh = tmp;
  btfld_btf_free (fresh);
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
  int err = btf_reloc_core (split, new_base, id_map);
  if (!err)
    reintern (split);
  return err;
}
