/* session.c -- one BTF link (btfld-session.h): compilers' inputs merged
   as they come, or an existing .BTF read as it is; then the stages in
   their one order, and the result read back before it is handed out.  */

#include "btfld-int.h"
#include "btfld-session.h"
#include "btfld-split.h"
#include "compiler-traits.h"
#include "elf-btf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

struct btfld_session
{
  struct btfld_session_opts opts;
  struct btfld_btf *merged;	/* the inputs so far */
  uint32_t *blob_of;		/* blob index per merged type */
  size_t blob_of_cap;
  unsigned nblobs;
  const struct btfld_object **objs;	/* per-object facts */
  size_t nobjs;
  int *blob_obj;		/* object of each blob, -1: none */
  bool any_obj;			/* some blob is of a known object */
  /* A linked file's .btfld.clones (btfld_session_unit_clones), or NULL.  */
  char *unit_clones;
  size_t unit_clones_size;
  struct btfld_symtab *own_syms;	/* from btfld_session_symbols_from_elf */
  const struct btfld_symtab *syms;
  struct btfld_kfuncs *kfuncs;	/* from btfld_session_kfuncs_from_elf */
  /* An existing .BTF's distilled base (btfld_session_add_existing),
     until the run relocates the .BTF off it or hands it on as DIST.  */
  struct btfld_btf *dist_in;
  /* The result, and the distilled base it is split on (or NULL).  */
  struct btfld_btf *out, *dist;
  struct btfld_stats stats;
  bool ran;
  bool existing;		/* the input is an existing .BTF */
  /* The blobs' compilers, noted as they are merged (the fixups need
     them; the merge has each blob's types at hand).  */
  struct btfld_traits traits;
  bool traits_noted, classified;
  /* Once btfld_session_prepare ran: the content fixups are done on
     MERGED (MADE_FWD, btfld_fixup_content's, is not NULL), and SEED is
     what the engine found there, or NULL.  */
  uint64_t *made_fwd;
  struct btfld_dedup_seed *seed;
};

/* The object index of each type of AFTER, from BLOB_OF (indexed like
   the own types, START .. N - 1, of the object AFTER was made from)
   through the fixups' id MAP; types the fixups added (DATASECs) belong
   to no object.  Returns a new array.  */
uint32_t *
btfld_remap_blob_of (uint32_t start, uint32_t n,
		     const struct btfld_btf *after, const uint32_t *map,
		     const uint32_t *blob_of)
{
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

/* Apply the fixups to *MERGED (rewritten in place, or freed as soon as
   the fixed copy exists: the engine needs only that) and carry *BLOB_OF
   over to the new ids.  MADE_FWD: from
   btfld_fixup_content, when it ran on *MERGED.  *MAPP (when not NULL)
   receives the map of *MERGED's ids to the result's, *MADE_INT whether
   an empty enum became an integer.  */
struct btfld_btf *
btfld_fixup_merged (struct btfld_btf **merged,
		    const struct btfld_symtab *syms, enum btfld_vars vars,
		    const struct btfld_objfacts *of,
		    const struct btfld_traits *tr, const uint64_t *made_fwd,
		    uint32_t **blob_of, uint32_t **mapp, bool *made_int)
{
  uint32_t *map = NULL;
  uint32_t start = btfld_start_id (*merged), n = btfld_type_cnt (*merged);
  struct btfld_btf *fixed = btfld_fixup_objects_consume (*merged, syms,
							  vars, *blob_of, of,
							  tr, made_fwd, &map,
							  made_int);
  *merged = NULL;
  if (!fixed)
    return NULL;
  fixed->strs_from = NULL;	/* it may have been *MERGED */
  uint32_t *nb = btfld_remap_blob_of (start, n, fixed, map, *blob_of);
  if (!nb)
    {
      free (map);
      btfld_btf_free (fixed);
      return NULL;
    }
  free (*blob_of);
  *blob_of = nb;
  if (mapp)
    *mapp = map;
  else
    free (map);
  return fixed;
}

int
btfld_clone_feature (const char *name, unsigned *flags)
{
  if (!strcmp (name, "optimized_func") || !strcmp (name, "optimized-func"))
    *flags |= BTFLD_CLONES_OPTIMIZED_FUNC;
  else if (!strcmp (name, "true_signature")
	   || !strcmp (name, "true-signature"))
    *flags |= BTFLD_CLONES_TRUE_SIGNATURE;
  else
    return -1;
  return 0;
}

int
btfld_clone_features (const char *list, unsigned *flags)
{
  char name[32];
  for (const char *p = list; ; )
    {
      size_t n = strcspn (p, ",");
      if (!n || n >= sizeof name)
	return -1;
      memcpy (name, p, n);
      name[n] = 0;
      if (btfld_clone_feature (name, flags))
	return -1;
      if (!p[n])
	return 0;
      p += n + 1;
    }
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
  s->traits_noted = o->fixups;
  if (o->distill && (!o->base || o->relocate))
    {
      free (s);
      btfld_error (-EINVAL, o->relocate ? "relocating does not combine "
		   "with distilling" : "distilling needs a base");
      return NULL;
    }
  if (!(s->merged = btfld_btf_new (o->base)))
    {
      free (s);
      return NULL;
    }
  btfld_debug_step ("session");
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
  btfld_btf_free (s->dist_in);
  btfld_symtab_free (s->own_syms);
  btfld_kfuncs_free (s->kfuncs);
  free (s->blob_of);
  free (s->objs);
  free (s->blob_obj);
  free (s->unit_clones);
  btfld_traits_free (&s->traits);
  free (s->made_fwd);
  btfld_dedup_seed_free (s->seed);
  free (s);
}

int
btfld_session_add_object (struct btfld_session *s,
			  const struct btfld_object *o)
{
  if (s->ran)
    return btfld_error (-EINVAL, "object added after the session ran");
  const struct btfld_object **n = realloc (s->objs,
					   (s->nobjs + 1) * sizeof *n);
  if (!n)
    return btfld_error (-ENOMEM, "out of memory");
  s->objs = n;
  s->objs[s->nobjs] = o;
  return (int) s->nobjs++;
}

int
btfld_session_unit_clones (struct btfld_session *s, const void *data,
			   size_t size)
{
  if (s->ran)
    return btfld_error (-EINVAL, "clone records added after the session ran");
  char *copy = malloc (size ? size : 1);
  if (!copy)
    return btfld_error (-ENOMEM, "out of memory");
  memcpy (copy, data, size);
  free (s->unit_clones);
  s->unit_clones = copy;
  s->unit_clones_size = size;
  return 0;
}

int
btfld_session_add_input (struct btfld_session *s, const void *data,
			 size_t size)
{
  return btfld_session_add_object_input (s, data, size, -1);
}

static int
add_input (struct btfld_session *s, const void *data, size_t size, int obj,
	   bool checked)
{
  if (s->ran || s->existing || s->made_fwd)
    return btfld_error (-EINVAL, "input added after the session ran");
  unsigned before = s->nblobs;
  uint32_t types = btfld_type_cnt (s->merged);
  unsigned flags = checked ? BTFLD_MERGE_CHECKED : 0;
  btfld_error_clear ();
  const char *was = btfld_phase ("merging the inputs");
  int err = btfld_merge_section_into (s->merged, data, size, flags,
				      &s->blob_of, &s->blob_of_cap,
				      &s->nblobs);
  if (err)
    err = btfld_error_if_unset (err);
  btfld_phase (was);
  if (err)
    return err;
  if (s->traits_noted
      && btfld_traits_note (&s->traits, s->merged, s->blob_of, types))
    s->traits_noted = false;	/* the fixups find them again */
  if (obj >= (int) s->nobjs)
    return btfld_error (-EINVAL, "no object %d in the session", obj);
  int *bo = realloc (s->blob_obj, (s->nblobs ? s->nblobs : 1) * sizeof *bo);
  if (!bo)
    return btfld_error (-ENOMEM, "out of memory");
  s->blob_obj = bo;
  for (unsigned b = before; b < s->nblobs; b++)
    bo[b] = obj < 0 ? -1 : obj;
  s->any_obj |= obj >= 0 && s->nblobs > before;
  s->stats.inputs++;
  s->stats.blobs += s->nblobs - before;
  s->stats.bytes_in += size;
  s->stats.types_in += btfld_type_cnt (s->merged) - types;
  return 0;
}

int
btfld_session_add_object_input (struct btfld_session *s, const void *data,
				size_t size, int obj)
{
  return add_input (s, data, size, obj, false);
}

int
btfld_session_add_checked_input (struct btfld_session *s, const void *data,
				 size_t size, int obj)
{
  return add_input (s, data, size, obj, true);
}

/* Read section NAME, DATA (SIZE bytes), split on BASE: several blobs
   (a link without btfld) as their merge.  */
static struct btfld_btf *
read_section (const void *data, size_t size, const struct btfld_btf *base,
	      const char *name)
{
  struct btfld_btf *b;
  long first = btfld_blob_size (data, size);
  unsigned n;
  if (first >= 0 && (size_t) first < size)
    b = btfld_merge_section (data, size, base, NULL, &n);
  else
    b = btfld_btf_parse (data, size, base);
  if (!b)
    btfld_error_prefix (name);
  return b;
}

static int
add_existing (struct btfld_session *s, const void *data, size_t size,
	      const void *base_section, size_t base_size)
{
  struct btfld_btf *dist = NULL, *btf;
  if (s->ran || s->stats.inputs || s->existing)
    return btfld_error (-EINVAL, "an existing .BTF is the session's only "
			"input");
  if (!data)
    return btfld_error (-ENODATA, "no .BTF section");
  if (!base_section && s->opts.relocate)
    return btfld_error (-EINVAL, "no .BTF.base: nothing to relocate");
  if (base_section && s->opts.distill)
    return btfld_error (-EINVAL, "already has .BTF.base");
  if (base_section)
    {
      if (!(dist = read_section (base_section, base_size, NULL,
				 ".BTF.base")))
	return btfld_errcode ();
      if (btfld_check_distilled_base (dist))
	{
	  btfld_error_prefix (".BTF.base");
	  btfld_btf_free (dist);
	  return btfld_errcode ();
	}
    }
  btf = dist ? read_section (data, size, dist, ".BTF")
	: read_section (data, size, s->opts.base, ".BTF");
  if (!btf)
    {
      btfld_btf_free (dist);
      return btfld_errcode ();
    }
  btfld_btf_free (s->merged);
  s->merged = btf;
  s->dist_in = dist;
  s->existing = true;
  s->traits_noted = false;
  s->nblobs = s->stats.blobs = 1;
  s->stats.inputs = 1;
  s->stats.bytes_in = size;
  s->stats.types_in = btfld_type_cnt (btf) - btfld_start_id (btf);
  return 0;
}

int
btfld_session_add_existing (struct btfld_session *s, const void *data,
			    size_t size, const void *base_section,
			    size_t base_size)
{
  btfld_error_clear ();
  const char *was = btfld_phase ("reading the .BTF");
  int err = add_existing (s, data, size, base_section, base_size);
  if (err)
    err = btfld_error_if_unset (err);
  btfld_phase (was);
  return err;
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
    return btfld_errcode ();
  btfld_symtab_free (s->own_syms);
  s->own_syms = st;
  s->syms = st;
  return 0;
}

int
btfld_session_kfuncs_from_elf (struct btfld_session *s, struct Elf *elf,
			       enum btfld_kfunc_sets which)
{
  struct btfld_kfuncs *k = btfld_kfuncs_from_elf (elf, which);
  if (!k)
    return btfld_errcode ();
  btfld_kfuncs_free (s->kfuncs);
  s->kfuncs = k;
  return 0;
}

/* One FUNC per name (s->opts.funcs) on the deduplicated *OUT.  After
   dedup, not before: each name has one FUNC per distinct prototype
   left to compare rather than one per compilation unit, and the work
   that needs no symbol (btfld_session_prepare) stays valid.  The FUNC
   kept is still the one of the first unit in link order, since dedup
   keeps the first occurrence's place.  */
static int
consistent_funcs (struct btfld_session *s, struct btfld_btf **out)
{
  unsigned dropped;
  const struct btfld_symtab *syms = NULL;
  if (s->opts.funcs == BTFLD_FUNCS_ADDR)
    {
      if (!s->syms)
	return btfld_error (-EINVAL, "FUNCs by address need the output's "
			    "symbols");
      syms = s->syms;
    }
  struct btfld_btf *one = btfld_consistent_funcs (*out, syms, &dropped);
  if (!one)
    return btfld_errcode ();
  btfld_btf_free (*out);
  *out = one;
  return 0;
}

void
btfld_session_set_symtab (struct btfld_session *s,
			  const struct btfld_symtab *syms)
{
  s->syms = syms;
}

int
btfld_session_prepare (struct btfld_session *s)
{
  if (s->ran || s->made_fwd)
    return btfld_error (-EINVAL, "the session ran already");
  if (s->existing || !s->opts.fixups || !s->traits_noted
      || s->opts.engine != BTFLD_ENGINE_BTFLD)
    return 0;
  btfld_traits_classify (&s->traits);
  s->classified = true;
  int err = btfld_fixup_content (s->merged, s->blob_of, &s->traits,
				 &s->made_fwd);
  if (err)
    return err;			/* nothing changed */
  btfld_debug_step ("content fixups");
  /* Without a seed (out of memory) the engine starts from scratch.  On
     a base the engine's work is the own types' (dedup-engine.c), and a
     seed would refine the base's.  */
  if (btfld_start_id (s->merged) == 1)
    s->seed = btfld_dedup_seed_new (s->merged, s->blob_of);
  return 0;
}

/* For btfld_dedup_engine_seeded: the source of each own id of FIXED in
   the merged BTF, from MAP (merged id -> FIXED's id, N entries).  */
static uint32_t *
inverse_map (const struct btfld_btf *fixed, const uint32_t *map, uint32_t n)
{
  uint32_t start = btfld_start_id (fixed);
  uint32_t own = btfld_type_cnt (fixed) - start;
  uint32_t *inv = btfld_huge_calloc (own ? own : 1, sizeof *inv);
  if (!inv)
    {
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  for (uint32_t id = start; id < n; id++)
    if (map[id] >= start)
      inv[map[id] - start] = id;
  return inv;
}

/* The fixups and dedup of the merged compilers' inputs: *OUT receives
   the deduplicated object.  */
static int
fix_and_dedup (struct btfld_session *s, struct btfld_btf **out)
{
  uint32_t *inv = NULL;
  struct btfld_btf *fixed = NULL;
  if (s->opts.fixups && s->syms)
    {
      struct btfld_objfacts of = { .objs = s->objs, .nobjs = s->nobjs,
				   .blob_obj = s->blob_obj,
				   .nblobs = s->nblobs,
				   .clones = s->opts.clones,
				   .unit_clones = s->unit_clones,
				   .unit_clones_size = s->unit_clones_size };
      uint32_t *map = NULL, n = btfld_type_cnt (s->merged);
      bool made_int = false;
      if (s->traits_noted && !s->classified)
	btfld_traits_classify (&s->traits);
      btfld_phase ("applying the fixups");
      if (!(fixed = btfld_fixup_merged (&s->merged, s->syms, s->opts.vars,
					s->any_obj || s->unit_clones
					? &of : NULL,
					s->traits_noted ? &s->traits : NULL,
					s->made_fwd, &s->blob_of,
					s->seed ? &map : NULL, &made_int)))
	return btfld_errcode ();
      /* An empty enum made an integer may now equal another type: the
	 seed would keep them apart.  */
      if (map && !made_int && !(inv = inverse_map (fixed, map, n)))
	{
	  free (map);
	  btfld_btf_free (fixed);
	  return -ENOMEM;
	}
      free (map);
      btfld_debug_step ("fixups");
    }
  else if (s->made_fwd)
    return btfld_error (-EINVAL, "a prepared session needs the symbols");
  btfld_phase ("deduplicating");
  *out = inv ? btfld_dedup_engine_seeded (fixed, s->blob_of, s->seed, inv)
	 : btfld_dedup (fixed ? fixed : s->merged, s->blob_of,
			s->opts.engine);
  free (inv);
  btfld_btf_free (fixed);
  btfld_debug_step ("dedup");
  if (!*out)
    return btfld_errcode ();
  if (s->opts.funcs != BTFLD_FUNCS_ALL)
    {
      int err = consistent_funcs (s, out);
      if (err)
	return err;
      btfld_debug_step ("consistent FUNCs");
    }
  return 0;
}

/* An existing .BTF as the result: relocated off its distilled base
   onto a full one when a full base is given, else as it was read.  */
static int
relocate_existing (struct btfld_session *s, struct btfld_btf **out)
{
  const struct btfld_btf *onto = s->opts.relocate ? s->opts.relocate
				 : s->opts.base;
  *out = s->merged;
  s->merged = NULL;
  if (!s->dist_in)
    return 0;
  if (!onto)
    {
      s->dist = s->dist_in;	/* the result stays on it */
      s->dist_in = NULL;
      return 0;
    }
  btfld_phase ("relocating");
  if (btfld_relocate (*out, onto, NULL))
    {
      btfld_error_prefix ("relocating .BTF");
      return btfld_errcode ();
    }
  btfld_btf_free (s->dist_in);
  s->dist_in = NULL;
  if (!s->opts.relocate)
    return 0;			/* read as a kernel reads it */
  /* Rewritten as relocated: distilling moved some base types into the
     split BTF; on the full base they fold back into the base's own, as
     a direct split would have them.  */
  struct btfld_btf *folded = btfld_dedup (*out, NULL, s->opts.engine);
  if (!folded)
    return btfld_errcode ();
  btfld_btf_free (*out);
  *out = folded;
  btfld_debug_step ("relocate");
  return 0;
}

static int
run_steps (struct btfld_session *s)
{
  struct btfld_btf *out = NULL;
  int err;
  if (s->ran)
    return btfld_error (-EINVAL, "the session ran already");
  s->ran = true;
  btfld_debug_step ("parse and merge");
  err = s->existing ? relocate_existing (s, &out) : fix_and_dedup (s, &out);
  if (!err && s->kfuncs)
    {
      btfld_phase ("tagging kfuncs");
      err = btfld_kfuncs_tag (out, s->kfuncs);
    }
  if (!err && s->opts.distill)
    {
      struct btfld_btf *dist, *split;
      btfld_phase ("distilling the base");
      if (!(err = btfld_distill_base (out, &dist, &split)))
	{
	  btfld_btf_free (out);
	  out = split;
	  s->dist = dist;
	  btfld_debug_step ("distill");
	}
    }
  if (err)
    {
      btfld_btf_free (out);
      return err;
    }
  s->out = out;
  s->stats.types_out = btfld_type_cnt (out) - btfld_start_id (out);
  return 0;
}

int
btfld_session_run (struct btfld_session *s)
{
  btfld_error_clear ();
  const char *was = btfld_phase ("deduplicating");
  int err = run_steps (s);
  if (err)
    err = btfld_error_if_unset (err);
  btfld_phase (was);
  return err;
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
btfld_session_take_btf (struct btfld_session *s, struct btfld_btf **dist)
{
  struct btfld_btf *out = s->out;
  if (!out)
    {
      btfld_error (-EINVAL, "the session has no result");
      return NULL;
    }
  if (s->dist && !dist)
    {
      btfld_error (-EINVAL, "BTF split on a distilled base stays with it");
      return NULL;
    }
  if (dist)
    *dist = s->dist;
  s->out = s->dist = NULL;
  return out;
}

#ifdef BTFLD_TEST_HOOKS
/* For the testsuite only (the sanitizer build): with BTFLD_TEST_BREAK_OUTPUT
   set, the result's first DATASEC lists type 0 (a DATASEC that still
   lists a dropped VAR), which the re-read below must refuse.  */
static void
test_break_output (const struct btfld_session *s)
{
  if (!getenv ("BTFLD_TEST_BREAK_OUTPUT"))
    return;
  for (uint32_t id = btfld_start_id (s->out); id < btfld_type_cnt (s->out);
       id++)
    {
      struct btf_type *t = btfld_type_mut (s->out, id);
      if (btfld_kind (t) == BTF_KIND_DATASEC && btfld_vlen (t))
	{
	  ((struct btf_var_secinfo *) (t + 1))->type = 0;
	  return;
	}
    }
}
#endif

/* Read the raw result back as a reader of the file will (the split BTF
   on the base it is written with: the distilled one when there is one):
   a result our own parser refuses is an error, never written.  */
static int
check_raw (const struct btfld_session *s, const void *btf, size_t size,
	   const void *base, size_t base_size)
{
  struct btfld_btf *b = NULL, *r;
  if (base && !(b = btfld_btf_parse (base, base_size, NULL)))
    {
      btfld_error_prefix ("the .BTF.base written does not read back");
      return btfld_errcode ();
    }
  r = btfld_btf_parse (btf, size, b ? b : btfld_base (s->out));
  btfld_btf_free (r);
  btfld_btf_free (b);
  if (!r)
    {
      btfld_error_prefix ("the .BTF written does not read back");
      return btfld_errcode ();
    }
  return 0;
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
#ifdef BTFLD_TEST_HOOKS
  test_break_output (s);
#endif
  void *braw = NULL;
  size_t bsize = 0;
  if (!(*btf = raw_of (s->out, size)))
    return btfld_error (-ENOMEM, "out of memory (the output's .BTF)");
  if (s->dist && !(braw = raw_of (s->dist, &bsize)))
    {
      free (*btf);
      *btf = NULL;
      return btfld_error (-ENOMEM, "out of memory (the output's "
			  ".BTF.base)");
    }
  int err = check_raw (s, *btf, *size, braw, bsize);
  if (err)
    {
      free (braw);
      free (*btf);
      *btf = NULL;
      *size = 0;
      return err;
    }
  if (base)
    *base = braw, *base_size = bsize;
  else
    free (braw);
  ((struct btfld_session *) s)->stats.bytes_out = *size;
  return 0;
}

const struct btfld_stats *
btfld_session_stats (const struct btfld_session *s)
{
  return &s->stats;
}
