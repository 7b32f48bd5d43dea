/* link.c -- the pipeline on a linked file's .BTF: blobs, merge, gcc
   fixups, dedup.  */

#include "btfld-int.h"
#include "elf-btf.h"

#include <stdlib.h>

struct btfld_btf *
btfld_link_btf (const void *data, size_t size,
		const struct btfld_symtab *syms,
		const struct btfld_link_opts *opts, struct btfld_stats *stats)
{
  struct btfld_blobs blobs = { 0 };
  struct btfld_btf *merged = NULL, *fixed = NULL, *out = NULL;

  if (btfld_blobs_add (&blobs, data, size, opts->base))
    goto out;
  if (!(merged = btfld_merge (&blobs, opts->base)))
    goto out;
  stats->blobs += blobs.n;
  stats->bytes_in += size;
  stats->types_in += btfld_type_cnt (merged) - btfld_start_id (merged);
  btfld_blobs_free (&blobs);
  if (opts->fixups && syms && !(fixed = btfld_fixup (merged, syms)))
    goto out;
  out = btfld_dedup (fixed ? fixed : merged, opts->engine);
  if (out)
    {
      size_t raw;
      void *p = btfld_btf_raw (out, &raw);
      free (p);
      stats->bytes_out = raw;
      stats->types_out = btfld_type_cnt (out) - btfld_start_id (out);
    }
out:
  btfld_blobs_free (&blobs);
  btfld_btf_free (merged);
  btfld_btf_free (fixed);
  return out;
}
