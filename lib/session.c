/* session.c -- one BTF link (btfld-session.h): inputs merged as they
   come, then fixups, dedup and distill in that order, for every front
   end.  */

#include "btfld-int.h"
#include "btfld-session.h"
#include "compiler-traits.h"
#include "elf-btf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

struct btfld_session
{
  struct btfld_session_opts opts;
  struct btfld_btf *merged;	/* the inputs so far */
  uint32_t *blob_of;		/* blob index per merged type */
  size_t blob_of_cap;
  unsigned nblobs;
  struct btfld_symtab *own_syms;	/* from btfld_session_symbols_from_elf */
  const struct btfld_symtab *syms;
  struct btfld_btf *out, *dist;
  struct btfld_stats stats;
  struct timespec t0;
  bool ran, adopted;
};

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

struct btfld_session *
btfld_session_new (const struct btfld_session_opts *o)
{
  struct btfld_session *s = calloc (1, sizeof *s);
  if (!s)
    {
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  s->opts = *o;
  if (s->opts.distill && !s->opts.base)
    {
      free (s);
      btfld_error (-EINVAL, "distilling needs a base");
      return NULL;
    }
  if (!(s->merged = btfld_btf_new (o->base)))
    {
      free (s);
      return NULL;
    }
  clock_gettime (CLOCK_MONOTONIC, &s->t0);
  return s;
}

void
btfld_session_free (struct btfld_session *s)
{
  if (!s)
    return;
  btfld_btf_free (s->merged);
  btfld_btf_free (s->out);
  btfld_btf_free (s->dist);
  btfld_symtab_free (s->own_syms);
  free (s->blob_of);
  free (s);
}

int
btfld_session_add_input (struct btfld_session *s, const void *data,
			 size_t size)
{
  if (s->ran || s->adopted)
    return btfld_error (-EINVAL, "input added after the session ran");
  unsigned before = s->nblobs;
  uint32_t types = btfld_type_cnt (s->merged);
  int err = btfld_merge_section_into (s->merged, data, size, &s->blob_of,
				      &s->blob_of_cap, &s->nblobs);
  if (err)
    return err;
  s->stats.inputs++;
  s->stats.blobs += s->nblobs - before;
  s->stats.bytes_in += size;
  s->stats.types_in += btfld_type_cnt (s->merged) - types;
  return 0;
}

int
btfld_session_adopt (struct btfld_session *s, struct btfld_btf *btf)
{
  if (s->ran || s->stats.inputs || s->adopted)
    {
      btfld_btf_free (btf);
      return btfld_error (-EINVAL, "BTF adopted after inputs");
    }
  uint32_t n = btfld_type_cnt (btf) - btfld_start_id (btf);
  uint32_t *bo = calloc (n ? n : 1, sizeof *bo);	/* one blob */
  if (!bo)
    {
      btfld_btf_free (btf);
      return btfld_error (-ENOMEM, "out of memory");
    }
  free (s->blob_of);
  s->blob_of = bo;
  s->blob_of_cap = n;
  btfld_btf_free (s->merged);
  s->merged = btf;
  s->adopted = true;
  s->nblobs = s->stats.blobs = 1;
  s->stats.inputs = 1;
  s->stats.types_in = btfld_type_cnt (btf) - btfld_start_id (btf);
  return 0;
}

unsigned
btfld_session_inputs (const struct btfld_session *s)
{
  return s->stats.inputs;
}

int
btfld_session_symbols_from_elf (struct btfld_session *s, struct Elf *elf)
{
  struct btfld_symtab *st = btfld_symtab_from_elf (elf);
  if (!st)
    return -EINVAL;
  btfld_symtab_free (s->own_syms);
  s->own_syms = st;
  s->syms = st;
  return 0;
}

void
btfld_session_set_symtab (struct btfld_session *s,
			  const struct btfld_symtab *syms)
{
  s->syms = syms;
}

int
btfld_session_run (struct btfld_session *s)
{
  struct btfld_btf *fixed = NULL, *out;
  if (s->ran)
    return btfld_error (-EINVAL, "the session ran already");
  s->ran = true;
  debug_phase ("parse and merge", &s->t0);
  if (!s->opts.dedup)
    {
      out = s->merged;
      s->merged = NULL;
    }
  else
    {
      if (s->opts.fixups && s->syms)
	{
	  if (!(fixed = btfld_fixup_merged (&s->merged, s->syms,
					    s->opts.vars, &s->blob_of)))
	    return -EINVAL;
	  debug_phase ("fixups", &s->t0);
	}
      out = btfld_dedup (fixed ? fixed : s->merged, s->blob_of,
			 s->opts.engine);
      btfld_btf_free (fixed);
      debug_phase ("dedup", &s->t0);
      if (!out)
	return -EINVAL;
    }
  if (s->opts.distill)
    {
      struct btfld_btf *dist, *split;
      if (btfld_distill_base (out, &dist, &split))
	{
	  btfld_btf_free (out);
	  return -EINVAL;
	}
      btfld_btf_free (out);
      out = split;
      s->dist = dist;
      debug_phase ("distill", &s->t0);
    }
  s->out = out;
  s->stats.types_out = btfld_type_cnt (out) - btfld_start_id (out);
  return 0;
}

const struct btfld_btf *
btfld_session_btf (const struct btfld_session *s)
{
  return s->out;
}

const struct btfld_btf *
btfld_session_dist_base (const struct btfld_session *s)
{
  return s->dist;
}

struct btfld_btf *
btfld_session_take_btf (struct btfld_session *s)
{
  struct btfld_btf *out = s->out;
  if (s->dist)
    {
      btfld_error (-EINVAL, "a distilled split BTF stays with its base");
      return NULL;
    }
  s->out = NULL;
  return out;
}

int
btfld_session_raw (const struct btfld_session *s, bool layout, void **btf,
		   size_t *size, void **base, size_t *base_size)
{
  void *(*raw_of) (const struct btfld_btf *, size_t *)
    = layout ? btfld_btf_raw_layout : btfld_btf_raw;
  *btf = NULL;
  *size = 0;
  if (base)
    {
      *base = NULL;
      *base_size = 0;
    }
  if (!s->out)
    return btfld_error (-EINVAL, "the session has no result");
  if (!(*btf = raw_of (s->out, size)))
    return -ENOMEM;
  if (s->dist && base && !(*base = raw_of (s->dist, base_size)))
    {
      free (*btf);
      *btf = NULL;
      return -ENOMEM;
    }
  ((struct btfld_session *) s)->stats.bytes_out = *size;
  return 0;
}

const struct btfld_stats *
btfld_session_stats (const struct btfld_session *s)
{
  return &s->stats;
}
