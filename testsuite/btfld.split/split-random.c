/* split-random.c -- differential tests: random well-formed base and
   split BTF (libbpf's btf__add_*), distilled, relocated back onto the
   base and onto a renumbered copy of it, then compared type for type
   with the input.  */

#include "split-test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- generator ---- */

static uint64_t rng_state;

static uint32_t
rnd (uint32_t n)
{
  rng_state ^= rng_state << 13;		/* xorshift64 */
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint32_t) (rng_state >> 32) % n;
}

/* Kinds in the mix, weighted.  */
static const struct { int kind, weight; } mix[] = {
  { BTF_KIND_INT, 10 }, { BTF_KIND_FLOAT, 3 }, { BTF_KIND_PTR, 12 },
  { BTF_KIND_ARRAY, 5 }, { BTF_KIND_STRUCT, 12 }, { BTF_KIND_UNION, 5 },
  { BTF_KIND_ENUM, 5 }, { BTF_KIND_ENUM64, 3 }, { BTF_KIND_FWD, 4 },
  { BTF_KIND_TYPEDEF, 8 }, { BTF_KIND_CONST, 4 }, { BTF_KIND_VOLATILE, 3 },
  { BTF_KIND_RESTRICT, 2 }, { BTF_KIND_FUNC_PROTO, 5 },
  { BTF_KIND_TYPE_TAG, 2 }, { BTF_KIND_FUNC, 3 }, { BTF_KIND_VAR, 3 },
  { BTF_KIND_DECL_TAG, 2 }, { BTF_KIND_DATASEC, 1 },
};

static int
pick_kind (void)
{
  int total = 0;
  for (size_t i = 0; i < sizeof mix / sizeof *mix; i++)
    total += mix[i].weight;
  int r = rnd (total);
  for (size_t i = 0;; i++)
    if ((r -= mix[i].weight) < 0)
      return mix[i].kind;
}

/* Kinds another type may refer to (and split BTF may take from its
   base).  */
static bool
referable (int kind)
{
  return kind != BTF_KIND_FUNC && kind != BTF_KIND_VAR
	 && kind != BTF_KIND_DATASEC && kind != BTF_KIND_DECL_TAG
	 && kind != 0;
}

struct gen
{
  struct btf *b;
  int *plan;			/* kind by id, all ids of base and split */
  int first, end;		/* own ids being generated */
  int cur;			/* the id being generated */
  int an_int;			/* an INT id, for array indexes */
  /* Names of matchable base types are kept unique per what relocation
     compares, so that relocating back is never ambiguous.  */
  char (*keys)[48];
  int nkeys;
};

static bool
key_taken (struct gen *g, const char *key)
{
  for (int i = 0; i < g->nkeys; i++)
    if (!strcmp (g->keys[i], key))
      return true;
  strcpy (g->keys[g->nkeys++], key);
  return false;
}

/* A name for a type of KIND and SIZE: from a small pool (so names
   repeat), unique where relocation needs it.  */
static const char *
gen_name (struct gen *g, int id, int kind, unsigned size)
{
  static const char *const pool[] = { "a", "node", "int", "ops", "ctx" };
  static char buf[32];
  char key[48];
  if (kind == BTF_KIND_FWD)
    {
      snprintf (buf, sizeof buf, "fwd%d", id);
      return buf;
    }
  snprintf (buf, sizeof buf, "%s", pool[rnd (5)]);
  int cls = kind == BTF_KIND_ENUM64 ? BTF_KIND_ENUM : kind;
  snprintf (key, sizeof key, "%d:%s:%u", cls, buf, size);
  if (g->first == 1 && key_taken (g, key))
    snprintf (buf, sizeof buf, "t%d", id);
  return buf;
}

/* A random earlier id (or any planned one when FORWARD) that may be
   referred to; 0 when there is none.  */
static int
pick_ref (struct gen *g, bool forward)
{
  int hi = forward ? g->end : g->cur;
  for (int tries = 0; tries < 50; tries++)
    {
      int id = 1 + rnd (hi - 1);
      if (referable (g->plan[id]))
	return id;
    }
  return g->an_int;
}

/* A random earlier id for a member or an array element: not of a
   forward-declared or a function type (through typedefs and
   modifiers), which C does not have there and the kernel and our parser
   refuse.  */
static int
pick_complete (struct gen *g)
{
  for (int tries = 0; tries < 50; tries++)
    {
      int id = pick_ref (g, false);
      const struct btf_type *t = btf__type_by_id (g->b, id);
      while (t && (btf_is_typedef (t) || btf_is_mod (t)
		   || btf_is_type_tag (t)))
	t = btf__type_by_id (g->b, t->type);
      if (t && !btf_is_fwd (t) && !btf_is_func_proto (t))
	return id;
    }
  return g->an_int;
}

/* An own earlier id of one of the kinds in KINDS (0-terminated).  */
static int
pick_own (struct gen *g, const int *kinds)
{
  int n = g->cur;
  for (int tries = 0; tries < 50 && n > g->first; tries++)
    {
      int id = g->first + rnd (n - g->first);
      for (const int *k = kinds; *k; k++)
	if (g->plan[id] == *k)
	  return id;
    }
  return 0;
}

static void
gen_record (struct gen *g, int id, int kind)
{
  struct btf *b = g->b;
  bool named = rnd (3) != 0;
  unsigned size = 4u << rnd (3);
  int n = 1 + rnd (3);
  if (kind == BTF_KIND_STRUCT || kind == BTF_KIND_UNION)
    {
      const char *name = named ? gen_name (g, id, kind, size * 4) : "";
      if (kind == BTF_KIND_STRUCT)
	btf__add_struct (b, name, size * 4);
      else
	btf__add_union (b, name, size * 4);
      for (int i = 0; i < n; i++)
	btf__add_field (b, i ? "m" : "first", pick_complete (g),
			kind == BTF_KIND_STRUCT ? 32 * i : 0, 0);
    }
  else if (kind == BTF_KIND_ENUM)
    {
      size = 1u << rnd (4);
      btf__add_enum (b, named ? gen_name (g, id, kind, size) : "", size);
      for (int i = 0; i < n; i++)
	btf__add_enum_value (b, "V", (int) rnd (100) - 50);
    }
  else
    {
      btf__add_enum64 (b, named ? gen_name (g, id, kind, 8) : "", 8,
		       rnd (2));
      for (int i = 0; i < n; i++)
	btf__add_enum64_value (b, "W", (uint64_t) rnd (1000) << 33);
    }
}

static void
gen_func_proto (struct gen *g)
{
  btf__add_func_proto (g->b, rnd (4) ? pick_ref (g, false) : 0);
  for (int i = rnd (3); i > 0; i--)
    btf__add_func_param (g->b, i & 1 ? "p" : "", pick_ref (g, false));
}

/* Add type ID of kind PLAN[ID]; kinds that need what is not there yet
   become ints (and the plan says so).  */
static void
gen_type (struct gen *g, int id)
{
  static const int protos[] = { BTF_KIND_FUNC_PROTO, 0 };
  static const int vars[] = { BTF_KIND_VAR, 0 };
  static const int tagged[] = { BTF_KIND_STRUCT, BTF_KIND_UNION,
				BTF_KIND_TYPEDEF, BTF_KIND_FUNC, 0 };
  struct btf *b = g->b;
  int kind = g->plan[id], ref = 0;
  g->cur = id;
  if ((kind == BTF_KIND_FUNC && !(ref = pick_own (g, protos)))
      || (kind == BTF_KIND_DATASEC && !(ref = pick_own (g, vars)))
      || (kind == BTF_KIND_DECL_TAG && !(ref = pick_own (g, tagged)))
      || (kind != BTF_KIND_INT && !g->an_int))
    kind = g->plan[id] = BTF_KIND_INT;
  switch (kind)
    {
    case BTF_KIND_INT:
      {
	unsigned size = 1u << rnd (4);
	int enc = rnd (2) ? BTF_INT_SIGNED : 0;
	btf__add_int (b, gen_name (g, id, kind, size * 2 + enc), size, enc);
	if (!g->an_int)
	  g->an_int = id;
	break;
      }
    case BTF_KIND_FLOAT:
      {
	unsigned size = 4u << rnd (2);
	btf__add_float (b, gen_name (g, id, kind, size), size);
	break;
      }
    case BTF_KIND_PTR: btf__add_ptr (b, pick_ref (g, true)); break;
    case BTF_KIND_ARRAY:
      btf__add_array (b, g->an_int, pick_complete (g), rnd (8));
      break;
    case BTF_KIND_STRUCT: case BTF_KIND_UNION: case BTF_KIND_ENUM:
    case BTF_KIND_ENUM64:
      gen_record (g, id, kind);
      break;
    case BTF_KIND_FWD:
      btf__add_fwd (b, gen_name (g, id, kind, 0), rnd (2));
      break;
    case BTF_KIND_TYPEDEF:
      btf__add_typedef (b, "td", pick_ref (g, false));
      break;
    case BTF_KIND_CONST: btf__add_const (b, pick_ref (g, false)); break;
    case BTF_KIND_VOLATILE: btf__add_volatile (b, pick_ref (g, false)); break;
    case BTF_KIND_RESTRICT: btf__add_restrict (b, pick_ref (g, false)); break;
    case BTF_KIND_TYPE_TAG:
      btf__add_type_tag (b, "user", pick_ref (g, false));
      break;
    case BTF_KIND_FUNC_PROTO: gen_func_proto (g); break;
    case BTF_KIND_FUNC: btf__add_func (b, "f", BTF_FUNC_GLOBAL, ref); break;
    case BTF_KIND_VAR:
      btf__add_var (b, "v", BTF_VAR_GLOBAL_ALLOCATED, pick_ref (g, false));
      break;
    case BTF_KIND_DATASEC:
      btf__add_datasec (b, ".data", 64);
      btf__add_datasec_var_info (b, ref, 0, 4);
      break;
    case BTF_KIND_DECL_TAG:
      btf__add_decl_tag (b, "tag", ref, -1);
      break;
    }
}

static void
gen_range (struct gen *g)
{
  for (int id = g->first; id < g->end; id++)
    g->plan[id] = id == g->first && !g->an_int ? BTF_KIND_INT : pick_kind ();
  for (int id = g->first; id < g->end; id++)
    {
      gen_type (g, id);
      if (btf__type_cnt (g->b) != (unsigned) id + 1)
	{
	  fprintf (stderr, "split-test: generating type [%d] of kind %d "
		   "failed\n", id, g->plan[id]);
	  exit (2);
	}
    }
}

/* ---- type-for-type comparison ---- */

struct eq
{
  const struct btfld_btf *s, *r;
  const uint32_t *bmap;		/* base id of S -> base id of R */
  uint32_t *moved;		/* base id of S -> its copy in R */
};

static bool eq_ids (struct eq *e, uint32_t a, uint32_t b);

struct fields { uint32_t *v[512]; int n; };

static int
collect (uint32_t *f, void *p)
{
  struct fields *fs = p;
  if (fs->n == 512)
    return 1;
  fs->v[fs->n++] = f;
  return 0;
}

/* Records A of S and B of R are equal up to their ids and strings,
   which must be equal as text and equivalent as types.  */
static bool
eq_records (struct eq *e, uint32_t a, uint32_t b)
{
  const struct btf_type *ta = btfld_type_by_id (e->s, a);
  const struct btf_type *tb = btfld_type_by_id (e->r, b);
  size_t size = btfld_type_rec_size (ta);
  if (ta->info != tb->info || size != btfld_type_rec_size (tb) || size > 4096)
    return false;
  char ca[4096], cb[4096];
  memcpy (ca, ta, size);
  memcpy (cb, tb, size);
  struct fields sa = { .n = 0 }, sb = { .n = 0 }, ia = { .n = 0 },
		ib = { .n = 0 };
  btfld_visit_strs ((void *) ca, collect, &sa);
  btfld_visit_strs ((void *) cb, collect, &sb);
  btfld_visit_ids ((void *) ca, collect, &ia);
  btfld_visit_ids ((void *) cb, collect, &ib);
  for (int i = 0; i < sa.n; i++)
    {
      if (strcmp (btfld_str (e->s, *sa.v[i]), btfld_str (e->r, *sb.v[i])))
	return false;
      *sa.v[i] = *sb.v[i] = 0;
    }
  uint32_t ida[512], idb[512];
  for (int i = 0; i < ia.n; i++)
    {
      ida[i] = *ia.v[i];
      idb[i] = *ib.v[i];
      *ia.v[i] = *ib.v[i] = 0;
    }
  if (memcmp (ca, cb, size))
    return false;
  for (int i = 0; i < ia.n; i++)
    if (!eq_ids (e, ida[i], idb[i]))
      return false;
  return true;
}

/* Base types a distilled base keeps.  */
static bool
kept (const struct btf_type *t)
{
  switch (btfld_kind (t))
    {
    case BTF_KIND_INT: case BTF_KIND_FLOAT: case BTF_KIND_FWD:
      return true;
    case BTF_KIND_STRUCT: case BTF_KIND_UNION: case BTF_KIND_ENUM:
    case BTF_KIND_ENUM64:
      return t->name_off != 0;
    default:
      return false;
    }
}

/* Reference A in S and B in R denote the same type: split ids keep
   their value, kept base types map through BMAP, moved base types map
   to one copy each, equal record for record.  */
static bool
eq_ids (struct eq *e, uint32_t a, uint32_t b)
{
  uint32_t start = btfld_start_id (e->s);
  if (a == 0 || a >= start)
    return a == b;
  if (b < btfld_start_id (e->r) || kept (btfld_type_by_id (e->s, a)))
    return b == e->bmap[a];
  if (e->moved[a])
    return e->moved[a] == b;
  if (b < btfld_type_cnt (e->s))
    return false;
  e->moved[a] = b;
  return eq_records (e, a, b);
}

int
check_equiv (const struct btfld_btf *s, const struct btfld_btf *r,
	     const uint32_t *bmap)
{
  struct eq e = { s, r, bmap, calloc (btfld_type_cnt (s), sizeof (uint32_t)) };
  int bad = 0;
  if (btfld_start_id (s) != btfld_start_id (r))
    bad = btfld_start_id (s);
  for (uint32_t id = btfld_start_id (s); id < btfld_type_cnt (s) && !bad;
       id++)
    if (!eq_records (&e, id, id))
      bad = id;
  free (e.moved);
  return bad;
}

/* ---- the test ---- */

/* A copy of standalone BASE with its types in a random order.  */
static struct btfld_btf *
shuffled (const struct btfld_btf *base, uint32_t **map)
{
  uint32_t n = btfld_type_cnt (base) - 1;
  uint32_t *order = malloc ((n + 1) * sizeof *order);
  for (uint32_t i = 0; i < n; i++)
    order[i] = i + 1;
  for (uint32_t i = n; i > 1; i--)
    {
      uint32_t j = rnd (i), t = order[i - 1];
      order[i - 1] = order[j];
      order[j] = t;
    }
  struct btfld_btf *r = btfld_reorder (base, order, n, map);
  free (order);
  if (!r)
    die ("reorder");
  return r;
}

/* Relocate a distillation of S onto BASE and compare with S.  */
static int
round_trip (const char *label, const struct btfld_btf *s,
	    const struct btfld_btf *base, const uint32_t *bmap,
	    const char *want_dump, uint32_t *moved)
{
  struct btfld_btf *nb, *ns;
  int err = btfld_distill_base (s, &nb, &ns), bad = 0;
  if (err)
    return report (label, err);
  char *d = dump_str (ns, 1);
  if (want_dump && strcmp (d, want_dump))
    bad = fprintf (stderr, "%s: distilling twice differs\n", label);
  *moved = btfld_type_cnt (ns) - btfld_type_cnt (nb)
	   - (btfld_type_cnt (s) - btfld_start_id (s));
  uint32_t *map = NULL;
  if (!bad && (err = btfld_relocate (ns, base, &map)))
    bad = report (label, err);
  else if (!bad && map[btfld_type_cnt (nb)] != btfld_type_cnt (base))
    bad = fprintf (stderr, "%s: bad id map\n", label);
  else if (!bad && (err = check_equiv (s, ns, bmap)))
    bad = fprintf (stderr, "%s: type [%d] differs after relocation\n",
		   label, err);
  free (map);
  free (d);
  btfld_btf_free (ns);
  btfld_btf_free (nb);
  return bad != 0;
}

int
differential (const char *label, const struct btfld_btf *s, unsigned seed,
	      bool counts)
{
  const struct btfld_btf *base = btfld_base (s);
  uint32_t n = btfld_type_cnt (base), *ident = malloc (n * sizeof *ident);
  uint32_t *smap, moved;
  for (uint32_t i = 0; i < n; i++)
    ident[i] = i;
  rng_state = seed * 0x9e3779b97f4a7c15ull + 1;
  struct btfld_btf *sh = shuffled (base, &smap), *nb, *ns;
  if (btfld_distill_base (s, &nb, &ns))
    die ("distill");
  char *first = dump_str (ns, 1);
  int bad = round_trip (label, s, base, ident, first, &moved)
	    || round_trip (label, s, sh, smap, NULL, &moved);
  if (!bad && counts)
    printf ("%s: base %u, split %u, distilled base %u, moved %u: ok\n",
	    label, n - 1, btfld_type_cnt (s) - n, btfld_type_cnt (nb) - 1,
	    moved);
  else if (!bad)
    printf ("%s: ok\n", label);
  free (first);
  btfld_btf_free (ns);
  btfld_btf_free (nb);
  btfld_btf_free (sh);
  free (smap);
  free (ident);
  return bad;
}

static int
one_seed (unsigned seed)
{
  int nbase = 40 + seed % 7 * 30, nsplit = 20 + seed % 5 * 15;
  struct gen g = { .plan = calloc (nbase + nsplit + 1, sizeof (int)),
		   .keys = malloc ((nbase + 1) * sizeof *g.keys) };
  char label[32];
  rng_state = seed * 0x2545f4914f6cdd1dull + 7;
  g.b = btf__new_empty ();
  g.first = 1;
  g.end = nbase + 1;
  gen_range (&g);
  struct btf *base_b = g.b;
  g.b = btf__new_empty_split (base_b);
  g.first = g.end;
  g.end = nbase + nsplit + 1;
  gen_range (&g);
  struct btfld_btf *base = conv (base_b, NULL), *s = conv (g.b, base);
  snprintf (label, sizeof label, "seed %u", seed);
  int bad = differential (label, s, seed, true);
  btfld_btf_free (s);
  btfld_btf_free (base);
  btf__free (g.b);
  btf__free (base_b);
  free (g.plan);
  free (g.keys);
  return bad;
}

int
run_random (int argc, char **argv)
{
  int bad = 0;
  for (int i = 0; i < argc; i++)
    bad |= one_seed (strtoul (argv[i], NULL, 10));
  return bad;
}

/* The base is the BTF of PATH (a compiled object); the split BTF
   refers to every type of it that split BTF may refer to.  */
int
run_gcc_base (const char *path)
{
  struct btfld_btf *dist, *base = btfld_read_elf_btf (path, NULL, &dist);
  if (!base)
    die (path);
  struct btfld_btf *s = btfld_btf_new (base);
  for (uint32_t id = 1; id < btfld_type_cnt (base); id++)
    {
      const struct btf_type *t = btfld_type_by_id (base, id);
      if (!referable (btfld_kind (t)))
	continue;
      struct btf_type ptr = { .info = BTF_KIND_PTR << 24, .type = id };
      if (btfld_add_type (s, &ptr, sizeof ptr) < 0)
	die ("add");
    }
  int bad = differential (path, s, 1, false);
  btfld_btf_free (s);
  btfld_btf_free (base);
  return bad;
}
