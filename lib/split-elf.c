/* split-elf.c -- read the .BTF of an ELF file, honouring .BTF.base.  */

#include "btfld-split.h"
#include "elf-btf.h"

#include <errno.h>

/* Parse section NAME of E (split on BASE); *ABSENT tells a missing one.  */
static struct btfld_btf *
parse_section (struct btfld_elf *e, const char *name,
	       const struct btfld_btf *base, bool *absent)
{
  size_t size;
  const void *data = btfld_elf_section (e, name, &size);
  *absent = !data && size == 0;
  if (!data)
    return NULL;
  struct btfld_btf *btf = btfld_btf_parse (data, size, base);
  if (!btf)
    btfld_error_prefix (name);
  return btf;
}

static struct btfld_btf *
read_split (struct btfld_elf *e, const struct btfld_btf *caller_base,
	    struct btfld_btf **base_out)
{
  bool absent;
  struct btfld_btf *dist = parse_section (e, ".BTF.base", NULL, &absent);
  if (!dist && !absent)
    return NULL;
  if (dist && btfld_check_distilled_base (dist))
    {
      btfld_error_prefix (".BTF.base");
      goto fail;
    }
  if (dist && !caller_base && !base_out)
    {
      btfld_error (-EINVAL, "has .BTF.base: a base or a place to return "
		   "it is needed");
      goto fail;
    }
  struct btfld_btf *btf = parse_section (e, ".BTF", dist ? dist : caller_base,
					 &absent);
  if (!btf)
    {
      if (absent)
	btfld_error (-ENODATA, "no .BTF section");
      goto fail;
    }
  if (!dist)
    return btf;
  if (!caller_base)
    {
      *base_out = dist;
      return btf;
    }
  if (btfld_relocate (btf, caller_base, NULL))
    {
      btfld_error_prefix ("relocating .BTF");
      btfld_btf_free (btf);
      goto fail;
    }
  btfld_btf_free (dist);
  return btf;
fail:
  btfld_btf_free (dist);
  return NULL;
}

struct btfld_btf *
btfld_read_elf_btf (const char *path, const struct btfld_btf *caller_base,
		    struct btfld_btf **base_out)
{
  struct btfld_elf e;
  struct btfld_btf *btf = NULL;
  if (base_out)
    *base_out = NULL;
  if (!btfld_elf_open (&e, path, -1, 0, 0))
    {
      btf = read_split (&e, caller_base, base_out);
      btfld_elf_close (&e);
    }
  if (!btf)
    btfld_error_prefix (path);
  return btf;
}
