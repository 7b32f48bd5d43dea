/* dedup-engine.c -- btfld's own deduplication: the coarsest partition of
   the whole type graph into structurally equivalent classes, then one
   type per class.

   Equivalence is computed by partition refinement (Moore's algorithm):
   start from the partition by each type's own fields (kind, name, size,
   members' names and offsets, ...), then split classes by the classes of
   the types they refer to, until nothing splits.  Cycles need no special
   case, and the result does not depend on the order types are met, unlike
   a greedy pairwise walk.

   Forward declarations: after a refinement, a FWD whose name has exactly
   one class of definitions (STRUCT or UNION by the FWD's kind flag; an
   ENUM when gcc emitted a forward enum as a struct FWD and no struct has
   the name) becomes that definition; with several conflicting
   definitions, the one from the FWD's own object, if any.  A forward
   enum (an ENUM or ENUM64 without values) likewise becomes the enum of
   its name with values, preferring one of the same size.  References to
   resolved FWDs then change, so refinement runs again until no FWD
   resolves.

   Types of a base are never dropped; own types equivalent to a base type
   become references to it.  VARs and DATASECs are never merged.  */

#include "btfld-int.h"
#include "partition.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct engine
{
  const struct btfld_btf *btf;
  const uint32_t *blob_of;	/* object of each own type, or NULL */
  uint32_t cnt, start;
  uint32_t *cls, *ncls;		/* class of each id (void: 0) */
  uint32_t *fwd;		/* resolved definition of a FWD, or 0 */
  uint32_t nclasses;
  uint32_t *slots;		/* hash table of type ids + 1 */
  uint64_t *hashes;
  size_t nslots;
  uint32_t *ka, *kb;		/* key scratch buffers */
  size_t kcap;
};

static inline uint32_t
target (const struct engine *e, uint32_t id)
{
  return e->fwd[id] ? e->fwd[id] : id;
}

struct key_ctx { const struct engine *e; };

static int
key_ref (uint32_t *id, void *p)
{
  const struct engine *e = ((struct key_ctx *) p)->e;
  *id = e->cls[target (e, *id)];
  return 0;
}

static bool
never_merged (const struct btf_type *t)
{
  return btfld_kind (t) == BTF_KIND_VAR || btfld_kind (t) == BTF_KIND_DATASEC;
}

/* The key of ID: its record with every referenced id replaced by the
   referenced type's class, then its current class (so a pass only ever
   splits classes), and its id for types that are never merged.  Returns
   the key length in words.  */
static size_t
make_key (struct engine *e, uint32_t id, uint32_t *buf)
{
  const struct btf_type *t = btfld_type_by_id (e->btf, id);
  size_t words = btfld_type_rec_size (t) / 4;
  struct key_ctx c = { e };
  memcpy (buf, t, words * 4);
  btfld_visit_ids ((struct btf_type *) buf, key_ref, &c);
  buf[words++] = e->cls[id];
  if (never_merged (t))
    buf[words++] = id;
  return words;
}

static uint64_t
hash_words (const uint32_t *w, size_t n)
{
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++)
    h = (h ^ w[i]) * 0x100000001b3ull;
  return h ^ (h >> 29);
}

static int
alloc_engine (struct engine *e)
{
  size_t maxrec = 0;
  for (uint32_t id = 1; id < e->cnt; id++)
    {
      size_t s = btfld_type_rec_size (btfld_type_by_id (e->btf, id));
      if (s > maxrec)
	maxrec = s;
    }
  e->kcap = maxrec / 4 + 2;
  e->nslots = 16;
  while (e->nslots < 2 * (size_t) e->cnt)
    e->nslots *= 2;
  e->cls = calloc (e->cnt, sizeof *e->cls);
  e->ncls = calloc (e->cnt, sizeof *e->ncls);
  e->fwd = calloc (e->cnt, sizeof *e->fwd);
  e->slots = malloc (e->nslots * sizeof *e->slots);
  e->hashes = malloc (e->nslots * sizeof *e->hashes);
  e->ka = malloc (e->kcap * 4);
  e->kb = malloc (e->kcap * 4);
  if (!e->cls || !e->ncls || !e->fwd || !e->slots || !e->hashes || !e->ka
      || !e->kb)
    return btfld_error (-ENOMEM, "out of memory");
  return 0;
}

static void
free_engine (struct engine *e)
{
  free (e->cls);
  free (e->ncls);
  free (e->fwd);
  free (e->slots);
  free (e->hashes);
  free (e->ka);
  free (e->kb);
}

/* One refinement pass; returns the number of classes after it.  */
static uint32_t
refine_pass (struct engine *e)
{
  uint32_t next = 1;
  memset (e->slots, 0, e->nslots * sizeof *e->slots);
  for (uint32_t id = 1; id < e->cnt; id++)
    {
      size_t n = make_key (e, id, e->ka);
      uint64_t h = hash_words (e->ka, n);
      size_t j = h & (e->nslots - 1);
      for (;; j = (j + 1) & (e->nslots - 1))
	{
	  uint32_t other = e->slots[j];
	  if (!other)
	    {
	      e->slots[j] = id + 1;
	      e->hashes[j] = h;
	      e->ncls[id] = next++;
	      break;
	    }
	  if (e->hashes[j] == h && make_key (e, other - 1, e->kb) == n
	      && memcmp (e->ka, e->kb, n * 4) == 0)
	    {
	      e->ncls[id] = e->ncls[other - 1];
	      break;
	    }
	}
    }
  uint32_t *tmp = e->cls;
  e->cls = e->ncls;
  e->ncls = tmp;
  return next;
}

struct edge_ctx
{
  const struct engine *e;
  struct btfld_graph *g;
  uint32_t p, j;
  bool count;
};

static int
add_edge (uint32_t *id, void *arg)
{
  struct edge_ctx *c = arg;
  uint32_t to = target (c->e, *id);
  uint32_t j = c->j++;
  if (!to)
    return 0;
  if (c->count)
    c->g->rev_off[to + 1]++;
  else
    c->g->rev[c->g->rev_off[to]++] = (struct btfld_edge) { c->p, j };
  return 0;
}

/* Reverse edges of the graph with resolved FWDs redirected.  */
static int
build_graph (struct engine *e, struct btfld_graph *g)
{
  g->n = e->cnt;
  g->rev_off = calloc ((size_t) e->cnt + 1, sizeof *g->rev_off);
  if (!g->rev_off)
    return btfld_error (-ENOMEM, "out of memory");
  struct edge_ctx c = { e, g, 0, 0, true };
  for (int pass = 0; pass < 2; pass++)
    {
      if (pass == 1)
	{
	  for (uint32_t i = 1; i <= e->cnt; i++)
	    g->rev_off[i] += g->rev_off[i - 1];
	  g->rev = malloc ((g->rev_off[e->cnt] + 1) * sizeof *g->rev);
	  if (!g->rev)
	    return btfld_error (-ENOMEM, "out of memory");
	  c.count = false;
	}
      for (uint32_t id = 1; id < e->cnt; id++)
	{
	  c.p = id;
	  c.j = 0;
	  btfld_visit_ids ((struct btf_type *) btfld_type_by_id (e->btf, id),
			   add_edge, &c);
	}
    }
  /* The fill pass advanced each start to the next one's: shift back.  */
  for (uint32_t i = e->cnt; i > 0; i--)
    g->rev_off[i] = g->rev_off[i - 1];
  g->rev_off[0] = 0;
  return 0;
}

/* Initial classes from the types' own fields (a reference only says
   whether it is void), then refinement by the references.  */
static int
refine (struct engine *e)
{
  struct btfld_graph g = { 0 };
  e->cls[0] = 0;
  for (uint32_t id = 1; id < e->cnt; id++)
    e->cls[id] = 1;
  e->nclasses = refine_pass (e);
  int err = build_graph (e, &g);
  if (!err)
    err = btfld_refine_partition (&g, e->cls, &e->nclasses);
  free (g.rev_off);
  free (g.rev);
  /* Verify exactly (and finish, should a set-hash collision have left
     a class too coarse): a stable partition survives a pass unchanged.  */
  while (!err)
    {
      uint32_t n = refine_pass (e);
      if (n == e->nclasses)
	break;
      e->nclasses = n;
    }
  return err;
}

/* Definitions by name: (name_off, id) pairs of named STRUCT, UNION, ENUM
   and ENUM64 types, sorted.  */
struct def { uint32_t name, id; };

static int
by_name_id (const void *a, const void *b)
{
  const struct def *x = a, *y = b;
  if (x->name != y->name)
    return x->name < y->name ? -1 : 1;
  return x->id < y->id ? -1 : x->id > y->id;
}

static bool
is_enum (const struct btf_type *t)
{
  return btfld_kind (t) == BTF_KIND_ENUM || btfld_kind (t) == BTF_KIND_ENUM64;
}

/* A definition: a struct or union, or an enum with values.  */
static bool
is_def (const struct btf_type *t)
{
  unsigned k = btfld_kind (t);
  return k == BTF_KIND_STRUCT || k == BTF_KIND_UNION
	 || (is_enum (t) && btfld_vlen (t));
}

static bool
is_decl (const struct btf_type *t)
{
  return btfld_kind (t) == BTF_KIND_FWD || (is_enum (t) && !btfld_vlen (t));
}

static struct def *
collect_defs (const struct engine *e, size_t *np)
{
  struct def *d = malloc ((e->cnt ? e->cnt : 1) * sizeof *d);
  size_t n = 0;
  if (!d)
    return NULL;
  for (uint32_t id = 1; id < e->cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (e->btf, id);
      if (t->name_off && is_def (t))
	d[n++] = (struct def) { t->name_off, id };
    }
  qsort (d, n, sizeof *d, by_name_id);
  *np = n;
  return d;
}

static bool
kind_fits (unsigned fwd_kflag, unsigned kind, bool enums)
{
  if (enums)
    return !fwd_kflag && (kind == BTF_KIND_ENUM || kind == BTF_KIND_ENUM64);
  return kind == (fwd_kflag ? BTF_KIND_UNION : BTF_KIND_STRUCT);
}

/* The definition forward enum F resolves to, or 0.  */
static uint32_t
pick_enum (const struct engine *e, uint32_t f, const struct def *d,
	   size_t lo, size_t hi)
{
  const struct btf_type *t = btfld_type_by_id (e->btf, f);
  uint32_t first = 0, sized = 0;
  bool several = false, several_sized = false;
  for (size_t i = lo; i < hi; i++)
    {
      const struct btf_type *c = btfld_type_by_id (e->btf, d[i].id);
      if (!is_enum (c))
	continue;
      if (first && e->cls[d[i].id] != e->cls[first])
	several = true;
      if (!first)
	first = d[i].id;
      if (c->size == t->size)
	{
	  if (sized && e->cls[d[i].id] != e->cls[sized])
	    several_sized = true;
	  if (!sized)
	    sized = d[i].id;
	}
    }
  if (!several)
    return first;
  return several_sized ? 0 : sized;
}

/* The definition FWD F resolves to among D[LO..HI) (same name), or 0.  */
static uint32_t
pick_def (const struct engine *e, uint32_t f, const struct def *d, size_t lo,
	  size_t hi)
{
  unsigned kflag = btfld_kflag (btfld_type_by_id (e->btf, f));
  if (btfld_kind (btfld_type_by_id (e->btf, f)) != BTF_KIND_FWD)
    return pick_enum (e, f, d, lo, hi);
  for (int enums = 0; enums < 2; enums++)
    {
      uint32_t first = 0, same_obj = 0;
      bool several = false;
      for (size_t i = lo; i < hi; i++)
	{
	  uint32_t id = d[i].id;
	  if (!kind_fits (kflag, btfld_kind (btfld_type_by_id (e->btf, id)),
			  enums))
	    continue;
	  if (!first)
	    first = id;
	  else if (e->cls[id] != e->cls[first])
	    several = true;
	  if (!same_obj && e->blob_of && id >= e->start
	      && e->blob_of[id - e->start] == e->blob_of[f - e->start])
	    same_obj = id;
	}
      if (first)
	return several ? same_obj : first;
    }
  return 0;
}

/* Resolve the own FWDs that now can be; returns how many did.  */
static long
resolve_fwds (struct engine *e)
{
  size_t n;
  long resolved = 0;
  struct def *d = collect_defs (e, &n);
  if (!d)
    return btfld_error (-ENOMEM, "out of memory");
  for (uint32_t f = e->start; f < e->cnt; f++)
    {
      const struct btf_type *t = btfld_type_by_id (e->btf, f);
      if (!is_decl (t) || e->fwd[f] || !t->name_off)
	continue;
      struct def key = { t->name_off, 0 };
      size_t lo = 0, hi = n;
      while (lo < hi)
	{
	  size_t mid = (lo + hi) / 2;
	  if (by_name_id (&d[mid], &key) < 0)
	    lo = mid + 1;
	  else
	    hi = mid;
	}
      size_t end = lo;
      while (end < n && d[end].name == t->name_off)
	end++;
      uint32_t def = pick_def (e, f, d, lo, end);
      if (def)
	{
	  e->fwd[f] = def;
	  resolved++;
	}
    }
  free (d);
  return resolved;
}

/* One type per class, in the order of each class's first member.  */
static struct btfld_btf *
emit (struct engine *e)
{
  uint32_t *rep = malloc ((size_t) e->nclasses * sizeof *rep);
  uint32_t *map = calloc (e->cnt, sizeof *map);
  struct btfld_btf *out = NULL;
  if (!rep || !map)
    {
      btfld_error (-ENOMEM, "out of memory");
      goto done;
    }
  memset (rep, 0, (size_t) e->nclasses * sizeof *rep);
  for (uint32_t id = 1; id < e->cnt; id++)
    if (!e->fwd[id] && !rep[e->cls[id]])
      rep[e->cls[id]] = id;
  uint32_t next = e->start;
  for (uint32_t id = 0; id < e->cnt; id++)
    if (id < e->start)
      map[id] = id;
    else if (!e->fwd[id] && rep[e->cls[id]] == id)
      map[id] = next++;
  for (uint32_t id = e->start; id < e->cnt; id++)
    if (!e->fwd[id] && rep[e->cls[id]] != id)
      map[id] = map[rep[e->cls[id]]];
  for (uint32_t id = e->start; id < e->cnt; id++)
    if (e->fwd[id])
      map[id] = map[rep[e->cls[e->fwd[id]]]];
  out = btfld_btf_new (btfld_base (e->btf));
  for (uint32_t id = e->start; out && id < e->cnt; id++)
    if (!e->fwd[id] && rep[e->cls[id]] == id
	&& btfld_copy_type (out, e->btf, id, map) < 0)
      {
	btfld_btf_free (out);
	out = NULL;
      }
done:
  free (rep);
  free (map);
  return out;
}

struct btfld_btf *
btfld_dedup_engine (const struct btfld_btf *btf, const uint32_t *blob_of)
{
  struct engine e = { 0 };
  struct btfld_btf *out = NULL;
  e.btf = btf;
  e.blob_of = blob_of;
  e.cnt = btfld_type_cnt (btf);
  e.start = btfld_start_id (btf);
  if (alloc_engine (&e) == 0)
    for (;;)
      {
	if (refine (&e))
	  break;
	long r = resolve_fwds (&e);
	if (r < 0)
	  break;
	if (r == 0)
	  {
	    out = emit (&e);
	    break;
	  }
      }
  free_engine (&e);
  return out;
}
