/* btf-relocate-core.c -- relocate split BTF from its distilled base onto
   a full base.  Shared with the kernel: everything outside this file is
   reached through the shim (see btf-relocate.h).

   Each distilled type is matched to exactly one base type of the same
   name: INT by size and bit layout, FLOAT by size, ENUM to an ENUM or
   ENUM64 of its size, FWD to a FWD of its flavour or to the STRUCT or
   UNION it declares, STRUCT/UNION by kind, with the size deciding when
   the type is embedded by value in a split type or when several base
   types share the name.  Distilled types are indexed by name, and the
   base is scanned once against that index.  */

#ifdef __KERNEL__
#include "btf-relocate-kshim.h"
#else
#include "btf-relocate-shim.h"
#endif
#include "btf-relocate.h"

struct name_ent
{
  const char *name;
  uint32_t id;
};

/* Base types found for one distilled type: FIRST and LAST of those of
   its name and kind (ANY) and of those whose size matches too (SIZED).  */
struct cand
{
  uint32_t n_any, any_first, any_last;
  uint32_t n_sized, sized_first, sized_last;
  bool embedded;
};

struct reloc
{
  struct brel_btf *split;
  const struct brel_btf *dist, *base;
  uint32_t n_dist, n_base, n_all;	/* type counts, void included */
  uint32_t dist_end, base_end;		/* string offset ends */
  struct name_ent *idx;			/* distilled types by name */
  struct cand *cand;			/* by distilled id */
  uint32_t *map;			/* old id -> new id */
  uint32_t cur;				/* split type being rewritten */
};

static unsigned
kind_of (const struct btf_type *t)
{
  return BTF_INFO_KIND (t->info);
}

static bool
is_composite (const struct btf_type *t)
{
  return kind_of (t) == BTF_KIND_STRUCT || kind_of (t) == BTF_KIND_UNION;
}

static const char *
name_of (const struct brel_btf *btf, const struct btf_type *t)
{
  return t->name_off ? brel_str (btf, t->name_off) : "(anon)";
}

/* Report a failure to match distilled type D (of id ID).  */
#define match_error(r, id, d, fmt, ...)					\
  brel_error (-EINVAL, "type [%u] %s '%s': " fmt, id,			\
	      brel_kind_str (kind_of (d)), name_of ((r)->dist, d),	\
	      ##__VA_ARGS__)

/* ---- the distilled base ---- */

int
btfld_reloc_check_base (const struct brel_btf *dist)
{
  if (brel_base (dist))
    return brel_error (-EINVAL, "distilled base BTF must not be split BTF");
  for (uint32_t id = 1; id < brel_type_cnt (dist); id++)
    {
      const struct btf_type *t = brel_type_by_id (dist, id);
      unsigned kind = kind_of (t);
      const char *bad = NULL;
      if (kind != BTF_KIND_INT && kind != BTF_KIND_FLOAT
	  && kind != BTF_KIND_FWD && kind != BTF_KIND_ENUM && !is_composite (t))
	bad = "kind not allowed in a distilled base";
      else if (!t->name_off)
	bad = "anonymous type in a distilled base";
      else if (kind != BTF_KIND_INT && BTF_INFO_VLEN (t->info))
	bad = "distilled type with members or values";
      if (bad)
	return brel_error (-EINVAL, "type [%u] %s '%s': %s", id,
			   brel_kind_str (kind), name_of (dist, t), bad);
    }
  return 0;
}

static int
cmp_name (const void *a, const void *b)
{
  const struct name_ent *x = a, *y = b;
  int d = brel_strcmp (x->name, y->name);
  return d ? d : (x->id > y->id) - (x->id < y->id);
}

/* Index of the first entry named NAME or after it.  */
static uint32_t
find_name (const struct reloc *r, const char *name)
{
  uint32_t lo = 0, hi = r->n_dist - 1;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (brel_strcmp (r->idx[mid].name, name) < 0)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo;
}

static void
index_dist (struct reloc *r)
{
  for (uint32_t id = 1; id < r->n_dist; id++)
    {
      r->idx[id - 1].name = brel_str (r->dist,
				      brel_type_by_id (r->dist, id)->name_off);
      r->idx[id - 1].id = id;
    }
  brel_sort (r->idx, r->n_dist - 1, sizeof *r->idx, cmp_name);
}

/* ---- distilled composites that split types embed by value ---- */

static void
mark_embedded (struct reloc *r, const struct btf_type *t)
{
  const struct btf_member *m = (const struct btf_member *) (t + 1);
  for (unsigned i = 0; i < BTF_INFO_VLEN (t->info); i++)
    {
      uint32_t id = m[i].type;
      /* Qualifiers, typedefs and arrays keep the value embedded.  The
	 bound only guards against malformed input.  */
      for (uint32_t steps = 0; id && steps < r->n_all; steps++)
	{
	  const struct btf_type *u = brel_type_by_id (r->split, id);
	  unsigned kind = kind_of (u);
	  if (is_composite (u) && id < r->n_dist)
	    r->cand[id].embedded = true;
	  if (kind == BTF_KIND_ARRAY)
	    id = ((const struct btf_array *) (u + 1))->type;
	  else if (kind == BTF_KIND_CONST || kind == BTF_KIND_VOLATILE
		   || kind == BTF_KIND_RESTRICT || kind == BTF_KIND_TYPEDEF
		   || kind == BTF_KIND_TYPE_TAG)
	    id = u->type;
	  else
	    id = 0;
	}
    }
}

/* ---- matching ---- */

enum fit { NO_FIT, FITS, FITS_BUT_SIZE };

static enum fit
fit (const struct btf_type *d, const struct btf_type *b)
{
  unsigned dk = kind_of (d), bk = kind_of (b);
  switch (dk)
    {
    case BTF_KIND_INT:
      if (bk != dk || b->size != d->size
	  || *(const uint32_t *) (b + 1) != *(const uint32_t *) (d + 1))
	return NO_FIT;
      return FITS;
    case BTF_KIND_FLOAT:
      return bk == dk && b->size == d->size ? FITS : NO_FIT;
    case BTF_KIND_ENUM:
      if ((bk != BTF_KIND_ENUM && bk != BTF_KIND_ENUM64) || b->size != d->size)
	return NO_FIT;
      return FITS;
    case BTF_KIND_FWD:
      if (bk == BTF_KIND_FWD)
	return BTF_INFO_KFLAG (b->info) == BTF_INFO_KFLAG (d->info)
	       ? FITS : NO_FIT;
      if (bk == (BTF_INFO_KFLAG (d->info) ? BTF_KIND_UNION : BTF_KIND_STRUCT))
	return FITS;
      return NO_FIT;
    default:
      if (bk != dk)
	return NO_FIT;
      return b->size == d->size ? FITS : FITS_BUT_SIZE;
    }
}

static void
add_cand (struct cand *c, enum fit f, uint32_t id)
{
  if (f == NO_FIT)
    return;
  if (!c->n_any++)
    c->any_first = id;
  c->any_last = id;
  if (f != FITS)
    return;
  if (!c->n_sized++)
    c->sized_first = id;
  c->sized_last = id;
}

static bool
may_match (const struct btf_type *t)
{
  switch (kind_of (t))
    {
    case BTF_KIND_INT: case BTF_KIND_FLOAT: case BTF_KIND_ENUM:
    case BTF_KIND_ENUM64: case BTF_KIND_FWD: case BTF_KIND_STRUCT:
    case BTF_KIND_UNION:
      return t->name_off != 0;
    default:
      return false;
    }
}

/* Offer every base type to the distilled types of its name.  */
static void
scan_base (struct reloc *r)
{
  for (uint32_t id = 1; id < r->n_base; id++)
    {
      const struct btf_type *b = brel_type_by_id (r->base, id);
      if (!may_match (b))
	continue;
      const char *name = brel_str (r->base, b->name_off);
      for (uint32_t i = find_name (r, name);
	   i < r->n_dist - 1 && !brel_strcmp (r->idx[i].name, name); i++)
	{
	  uint32_t did = r->idx[i].id;
	  add_cand (&r->cand[did], fit (brel_type_by_id (r->dist, did), b), id);
	}
    }
}

/* Choose the base type of distilled type ID.  */
static int
resolve (struct reloc *r, uint32_t id)
{
  const struct btf_type *d = brel_type_by_id (r->dist, id);
  const struct cand *c = &r->cand[id];
  bool sized = !is_composite (d) || c->embedded || c->n_any > 1;
  uint32_t n = sized ? c->n_sized : c->n_any;
  if (n == 1)
    {
      r->map[id] = sized ? c->sized_first : c->any_first;
      return 0;
    }
  if (n > 1)
    return match_error (r, id, d, "ambiguous: base types [%u] and [%u] "
			"match", sized ? c->sized_first : c->any_first,
			sized ? c->sized_last : c->any_last);
  if (c->embedded && c->n_any)
    return match_error (r, id, d, "embedded by value but no match of "
			"size %u in base", d->size);
  if (c->n_any)
    return match_error (r, id, d, "ambiguous: base types [%u] and [%u] "
			"match, none of size %u", c->any_first, c->any_last,
			d->size);
  return match_error (r, id, d, "no match in base");
}

static int
map_ids (struct reloc *r)
{
  int err;
  for (uint32_t id = r->n_dist; id < r->n_all; id++)
    {
      const struct btf_type *t = brel_type_by_id (r->split, id);
      if (is_composite (t))
	mark_embedded (r, t);
    }
  index_dist (r);
  scan_base (r);
  for (uint32_t id = 1; id < r->n_dist; id++)
    if ((err = resolve (r, id)))
      return err;
  for (uint32_t id = r->n_dist; id < r->n_all; id++)
    r->map[id] = id - r->n_dist + r->n_base;
  return 0;
}

/* ---- rewriting the split types ---- */

/* New offset of string OFF of the split, 0 when it cannot be mapped.
   Strings of the distilled base are names of distilled types; they map
   to the names of the matching base types.  */
static uint32_t
new_str (const struct reloc *r, uint32_t off)
{
  if (off >= r->dist_end)
    return off - r->dist_end + r->base_end;
  const char *s = brel_str (r->dist, off);
  uint32_t i = find_name (r, s);
  if (i >= r->n_dist - 1 || brel_strcmp (r->idx[i].name, s))
    return 0;
  return brel_type_by_id (r->base, r->map[r->idx[i].id])->name_off;
}

static int
check_str (uint32_t *off, void *p)
{
  const struct reloc *r = p;
  if (!*off || new_str (r, *off))
    return 0;
  const struct btf_type *t = brel_type_by_id (r->split, r->cur);
  return brel_error (-EINVAL, "type [%u] %s: string '%s' of the distilled "
		     "base is not the name of a distilled type", r->cur,
		     brel_kind_str (kind_of (t)), brel_str (r->dist, *off));
}

static int
rewrite_str (uint32_t *off, void *p)
{
  if (*off)
    *off = new_str (p, *off);
  return 0;
}

static int
rewrite_id (uint32_t *id, void *p)
{
  const struct reloc *r = p;
  *id = r->map[*id];
  return 0;
}

/* Check every string first so that a failure changes nothing.  */
static int
rewrite_split (struct reloc *r)
{
  int err;
  for (r->cur = r->n_dist; r->cur < r->n_all; r->cur++)
    if ((err = brel_visit_strs (brel_type_mut (r->split, r->cur),
				check_str, r)))
      return err;
  for (uint32_t id = r->n_dist; id < r->n_all; id++)
    {
      struct btf_type *t = brel_type_mut (r->split, id);
      brel_visit_strs (t, rewrite_str, r);
      brel_visit_ids (t, rewrite_id, r);
    }
  brel_set_base (r->split, r->base);
  return 0;
}

int
btfld_reloc_core (struct brel_btf *split, const struct brel_btf *base,
		  uint32_t **id_map)
{
  struct reloc r = { .split = split, .dist = brel_base (split),
		     .base = base };
  int err;
  if (!r.dist || !base || r.dist == base)
    return brel_error (-EINVAL, "relocation needs split BTF on a distilled "
		       "base and a different base");
  if ((err = btfld_reloc_check_base (r.dist)))
    return err;
  r.n_dist = brel_type_cnt (r.dist);
  r.n_base = brel_type_cnt (base);
  r.n_all = brel_type_cnt (split);
  r.dist_end = brel_strs_end (r.dist);
  r.base_end = brel_strs_end (base);
  r.idx = brel_calloc (r.n_dist, sizeof *r.idx);
  r.cand = brel_calloc (r.n_dist, sizeof *r.cand);
  r.map = brel_calloc (r.n_all, sizeof *r.map);
  if (!r.idx || !r.cand || !r.map)
    err = brel_error (-ENOMEM, "out of memory");
  else if (!(err = map_ids (&r)) && !(err = rewrite_split (&r)) && id_map)
    {
      *id_map = r.map;
      r.map = NULL;
    }
  brel_free (r.idx);
  brel_free (r.cand);
  brel_free (r.map);
  return err;
}
