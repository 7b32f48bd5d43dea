/* link.c -- the pipeline on a linked file's .BTF: blobs, merge, gcc
   fixups, dedup.  */

#include "btfld-int.h"
#include "compiler-traits.h"
#include "elf-btf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

/* With BTFLD_DEBUG set, the time each phase took, on stderr.  */
static void
debug_phase (const char *what, struct timespec *last)
{
  struct timespec now;
  if (!getenv ("BTFLD_DEBUG"))
    return;
  clock_gettime (CLOCK_MONOTONIC, &now);
  fprintf (stderr, "btfld: %s: %.1f ms\n", what,
	   (now.tv_sec - last->tv_sec) * 1e3
	   + (now.tv_nsec - last->tv_nsec) / 1e6);
  *last = now;
}

/* The object index of each type of AFTER, from BLOB_OF (indexed like
   BEFORE's own types) through the fixups' id MAP; types the fixups
   added (DATASECs) belong to no object.  Returns a new array.  */
uint32_t *
btfld_remap_blob_of (const struct btfld_btf *before,
		     const struct btfld_btf *after, const uint32_t *map,
		     const uint32_t *blob_of)
{
  uint32_t start = btfld_start_id (before), n = btfld_type_cnt (before);
  uint32_t nafter = btfld_type_cnt (after) - start;
  uint32_t *out = malloc ((nafter ? nafter : 1) * sizeof *out);
  if (!out)
    {
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  for (uint32_t i = 0; i < nafter; i++)
    out[i] = UINT32_MAX;
  for (uint32_t id = start; id < n; id++)
    if (map[id])
      out[map[id] - start] = blob_of[id - start];
  return out;
}

/* Apply the fixups to *MERGED (freed: the engine needs only the fixed
   copy) and carry *BLOB_OF over to the new ids.  */
struct btfld_btf *
btfld_fixup_merged (struct btfld_btf **merged,
		    const struct btfld_symtab *syms, enum btfld_vars vars,
		    uint32_t **blob_of)
{
  uint32_t *map = NULL;
  struct btfld_btf *fixed = btfld_fixup_blobs (*merged, syms, vars,
						*blob_of, &map);
  if (!fixed)
    return NULL;
  if (btfld_empty_enums (&fixed, map, btfld_type_cnt (*merged)))
    {
      free (map);
      btfld_btf_free (fixed);
      return NULL;
    }
  uint32_t *nb = btfld_remap_blob_of (*merged, fixed, map, *blob_of);
  free (map);
  if (!nb)
    {
      btfld_btf_free (fixed);
      return NULL;
    }
  free (*blob_of);
  *blob_of = nb;
  btfld_btf_free (*merged);
  *merged = NULL;
  return fixed;
}

struct btfld_btf *
btfld_link_btf (const void *data, size_t size,
		const struct btfld_symtab *syms,
		const struct btfld_link_opts *opts, struct btfld_stats *stats)
{
  struct btfld_btf *merged = NULL, *fixed = NULL, *out = NULL;
  uint32_t *blob_of = NULL;
  unsigned nblobs = 0;
  struct timespec t0;
  clock_gettime (CLOCK_MONOTONIC, &t0);

  /* Compilers' blobs are standalone; the merge puts them on the base.  */
  if (!(merged = btfld_merge_section (data, size, opts->base, &blob_of,
				      &nblobs)))
    goto out;
  debug_phase ("parse and merge", &t0);
  stats->blobs += nblobs;
  stats->bytes_in += size;
  stats->types_in += btfld_type_cnt (merged) - btfld_start_id (merged);
  if (opts->fixups && syms)
    {
      if (!(fixed = btfld_fixup_merged (&merged, syms, opts->vars,
					&blob_of)))
	goto out;
      debug_phase ("fixups", &t0);
    }
  out = btfld_dedup (fixed ? fixed : merged, blob_of, opts->engine);
  debug_phase ("dedup", &t0);
  if (out)
    {
      size_t raw;
      void *p = btfld_btf_raw (out, &raw);
      free (p);
      stats->bytes_out = raw;
      stats->types_out = btfld_type_cnt (out) - btfld_start_id (out);
    }
out:
  free (blob_of);
  btfld_btf_free (merged);
  btfld_btf_free (fixed);
  return out;
}
