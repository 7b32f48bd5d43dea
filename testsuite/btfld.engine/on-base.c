/* The engine on a base (dedup-engine.c, fixed_point_on_base) against
   its general path, on random BTF.  Each case makes a random standalone
   BTF, deduplicated by the engine into a base B (so that B is its own
   coarsest partition, as vmlinux's is), then own types split on B:

     - copies of what some base types reach, their references sometimes
       left pointing into B, sometimes copied twice, sometimes with one
       member moved (a near miss: it and what reaches it must stay);
     - forward declarations of the base's struct names, and pointers to
       them (resolved onto B's definitions, or kept when B has several);
     - random own types referring to own and base types.

   Cycles go through pointers to named structs and unions only, as C
   writes them.  The split BTF is deduplicated on B (the path on a
   base); the same types as one standalone BTF, B's then the own ones,
   by the general path.  The standalone result must be B, unchanged,
   followed by the split result, type for type in bpftool's raw dump.

   Usage: on-base FIRST-SEED COUNT.  Prints one line: the cases, the
   own types, how many of them the base took; exits 1 on a difference,
   printing the case's seed and both dumps.  */

#include "btfld-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng;

static uint32_t
rnd (uint32_t n)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t) (rng >> 32) % n;
}

static void
fail (const char *what)
{
  fprintf (stderr, "on-base: %s: %s\n", what, btfld_errmsg ());
  exit (2);
}

static uint32_t
str (struct btfld_btf *b, const char *s)
{
  long off = btfld_add_str (b, s);
  if (off < 0)
    fail ("add_str");
  return (uint32_t) off;
}

/* A record being built: header, then up to 16 words.  */
struct rec { struct btf_type t; uint32_t w[3 * 16]; };

static void
put (struct btfld_btf *b, struct rec *r, size_t words)
{
  if (btfld_add_type (b, &r->t, sizeof r->t + words * 4) < 0)
    fail ("add_type");
}

static const char *const names[] = { "node", "ops", "ctx", "list", "dev" };

/* Kinds planned for ids [FIRST, END) of B (kind 0: not planned yet).  */
struct gen
{
  struct btfld_btf *b;
  unsigned *plan;
  uint32_t first, end;
  bool *named;			/* named struct or union */
};

/* An id < LIMIT (>= 1) whose planned kind passes OK, or an INT.  */
static uint32_t
pick (struct gen *g, uint32_t limit, bool (*ok) (struct gen *, uint32_t))
{
  for (int tries = 0; tries < 40 && limit > 1; tries++)
    {
      uint32_t id = 1 + rnd (limit - 1);
      if (ok (g, id))
	return id;
    }
  return 1;			/* every case starts with an INT */
}

/* What a member, an array's element or a typedef may be: complete, not
   a function, a VAR or a FUNC_PROTO.  */
static bool
ok_value (struct gen *g, uint32_t id)
{
  unsigned k = g->plan[id];
  return k && k != BTF_KIND_FUNC && k != BTF_KIND_VAR
	 && k != BTF_KIND_FUNC_PROTO && k != BTF_KIND_FWD;
}

/* What a pointer may point to, anywhere: a named struct or union.  */
static bool
ok_ptr_any (struct gen *g, uint32_t id)
{
  unsigned k = g->plan[id];
  return (k == BTF_KIND_STRUCT || k == BTF_KIND_UNION || k == BTF_KIND_FWD)
	 && g->named[id];
}

static bool
ok_ptr (struct gen *g, uint32_t id)
{
  return g->plan[id] == BTF_KIND_PTR;
}

/* ... and earlier: scalars and prototypes too.  */
static bool
ok_ptr_back (struct gen *g, uint32_t id)
{
  unsigned k = g->plan[id];
  return k == BTF_KIND_INT || k == BTF_KIND_ENUM
	 || k == BTF_KIND_FUNC_PROTO || ok_ptr_any (g, id);
}

static bool
ok_proto (struct gen *g, uint32_t id)
{
  return g->plan[id] == BTF_KIND_FUNC_PROTO;
}

static bool
ok_param (struct gen *g, uint32_t id)
{
  return ok_value (g, id) || g->plan[id] == BTF_KIND_PTR;
}

static void
gen_type (struct gen *g, uint32_t id, bool fwds)
{
  struct btfld_btf *b = g->b;
  struct rec r = { { 0 }, { 0 } };
  unsigned kind = g->plan[id], n = 1 + rnd (3);
  switch (kind)
    {
    case BTF_KIND_INT:
      r.t.name_off = str (b, rnd (2) ? "int" : "long");
      r.t.info = BTF_INFO_ENC (kind, 0, 0);
      r.t.size = 4 << rnd (2);
      r.w[0] = (r.t.size * 8) | (rnd (2) ? BTF_INT_SIGNED << 24 : 0);
      put (b, &r, 1);
      break;
    case BTF_KIND_PTR:
      r.t.info = BTF_INFO_ENC (kind, 0, 0);
      r.t.type = rnd (3) ? pick (g, g->end, ok_ptr_any)
		 : pick (g, id, ok_ptr_back);
      put (b, &r, 0);
      break;
    case BTF_KIND_STRUCT: case BTF_KIND_UNION:
      r.t.name_off = g->named[id] ? str (b, names[rnd (5)]) : 0;
      r.t.info = BTF_INFO_ENC (kind, 0, n);
      r.t.size = 8 * n;
      for (unsigned i = 0; i < n; i++)
	{
	  r.w[3 * i] = str (b, i ? "m" : "first");
	  /* By value earlier, or a pointer anywhere (a cycle).  */
	  r.w[3 * i + 1] = rnd (2) ? pick (g, id, ok_value)
			   : pick (g, g->end, ok_ptr);
	  r.w[3 * i + 2] = kind == BTF_KIND_STRUCT ? 64 * i : 0;
	}
      put (b, &r, 3 * n);
      break;
    case BTF_KIND_ENUM:
      r.t.name_off = rnd (2) ? str (b, names[rnd (5)]) : 0;
      r.t.info = BTF_INFO_ENC (kind, 0, n);
      r.t.size = 4;
      for (unsigned i = 0; i < n; i++)
	{
	  r.w[2 * i] = str (b, "V");
	  r.w[2 * i + 1] = rnd (4);
	}
      put (b, &r, 2 * n);
      break;
    case BTF_KIND_FWD:
      r.t.name_off = str (b, names[rnd (5)]);
      r.t.info = BTF_INFO_ENC (kind, 0, 0);
      put (b, &r, 0);
      break;
    case BTF_KIND_TYPEDEF: case BTF_KIND_CONST:
      r.t.name_off = kind == BTF_KIND_TYPEDEF ? str (b, "td") : 0;
      r.t.info = BTF_INFO_ENC (kind, 0, 0);
      r.t.type = pick (g, id, ok_value);
      put (b, &r, 0);
      break;
    case BTF_KIND_ARRAY:
      r.t.info = BTF_INFO_ENC (kind, 0, 0);
      r.w[0] = pick (g, id, ok_value);
      r.w[1] = 1;
      r.w[2] = rnd (4);
      put (b, &r, 3);
      break;
    case BTF_KIND_FUNC_PROTO:
      n = rnd (3);
      r.t.info = BTF_INFO_ENC (kind, 0, n);
      r.t.type = rnd (3) ? pick (g, id, ok_param) : 0;
      for (unsigned i = 0; i < n; i++)
	{
	  r.w[2 * i] = str (b, i ? "q" : "p");
	  r.w[2 * i + 1] = pick (g, id, ok_param);
	}
      put (b, &r, 2 * n);
      break;
    case BTF_KIND_FUNC:
      r.t.name_off = str (b, rnd (2) ? "f" : "g");
      r.t.info = BTF_INFO_ENC (kind, 0, BTF_FUNC_GLOBAL);
      r.t.type = pick (g, id, ok_proto);
      if (g->plan[r.t.type] != BTF_KIND_FUNC_PROTO)
	{
	  /* No prototype yet: an INT instead (the plan says so).  */
	  g->plan[id] = BTF_KIND_INT;
	  gen_type (g, id, fwds);
	  return;
	}
      put (b, &r, 0);
      break;
    case BTF_KIND_VAR:
      r.t.name_off = str (b, "v");
      r.t.info = BTF_INFO_ENC (kind, 0, 0);
      r.t.type = pick (g, id, ok_value);
      r.w[0] = BTF_VAR_GLOBAL_ALLOCATED;
      put (b, &r, 1);
      break;
    }
}

/* Plan and make ids [FIRST, END) of G->b; FWDS: forward declarations
   may be among them (own types only).  */
static void
gen_range (struct gen *g, bool fwds)
{
  static const unsigned mix[] = {
    BTF_KIND_INT, BTF_KIND_PTR, BTF_KIND_PTR, BTF_KIND_PTR,
    BTF_KIND_STRUCT, BTF_KIND_STRUCT, BTF_KIND_STRUCT, BTF_KIND_UNION,
    BTF_KIND_ENUM, BTF_KIND_TYPEDEF, BTF_KIND_CONST, BTF_KIND_ARRAY,
    BTF_KIND_FUNC_PROTO, BTF_KIND_FUNC, BTF_KIND_VAR, BTF_KIND_FWD,
  };
  size_t nmix = sizeof mix / sizeof *mix - (fwds ? 0 : 1);
  for (uint32_t id = g->first; id < g->end; id++)
    {
      g->plan[id] = id == 1 ? BTF_KIND_INT : mix[rnd (nmix)];
      g->named[id] = g->plan[id] == BTF_KIND_FWD || rnd (4) != 0;
    }
  for (uint32_t id = g->first; id < g->end; id++)
    gen_type (g, id, fwds);
}

/* Copies of what base type ROOT reaches, appended to S (split on B):
   MAP[base id] is the copy's id, 0 where the reference stays in B
   (one in KEEP of them, and always for FUNCs, VARs); one copied struct
   has its last member moved when MOVE.  */
static void
copy_reach (struct btfld_btf *s, const struct btfld_btf *b, uint32_t root,
	    unsigned keep, bool move)
{
  uint32_t n = btfld_type_cnt (b), *map = calloc (n, sizeof *map);
  uint32_t *stack = malloc (n * sizeof *stack), sp = 0;
  uint8_t *seen = calloc (n, 1), *via_fwd = calloc (n, 1);
  uint32_t next = btfld_type_cnt (s);
  bool moved = !move;
  if (!map || !stack || !seen || !via_fwd)
    fail ("memory");
  stack[sp++] = root;
  seen[root] = 1;
  /* Which types are copied, in id order of discovery.  */
  uint32_t *order = malloc (n * sizeof *order), no = 0;
  while (sp)
    {
      uint32_t id = stack[--sp];
      const struct btf_type *t = btfld_type_by_id (b, id);
      unsigned k = btfld_kind (t);
      if (id != root && (k == BTF_KIND_FUNC || k == BTF_KIND_VAR
			 || (keep && rnd (keep) == 0)))
	continue;
      order[no++] = id;
      map[id] = next++;
      /* Each reference of T.  */
      uint32_t ids[64];
      int ni = 0;
      const uint32_t *w = (const uint32_t *) t;
      switch (k)
	{
	case BTF_KIND_PTR: case BTF_KIND_TYPEDEF: case BTF_KIND_CONST:
	case BTF_KIND_FUNC: case BTF_KIND_VAR:
	  ids[ni++] = w[2];
	  break;
	case BTF_KIND_ARRAY:
	  ids[ni++] = w[3];
	  ids[ni++] = w[4];
	  break;
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
	  for (unsigned i = 0; i < btfld_vlen (t); i++)
	    ids[ni++] = w[4 + 3 * i];
	  break;
	case BTF_KIND_FUNC_PROTO:
	  ids[ni++] = w[2];
	  for (unsigned i = 0; i < btfld_vlen (t); i++)
	    ids[ni++] = w[4 + 2 * i];
	  break;
	}
      /* A pointer to a named struct or union sometimes goes to a
	 declaration of its name instead, as in a unit that only
	 declares it.  */
      if (k == BTF_KIND_PTR && ids[0]
	  && btfld_type_by_id (b, ids[0])->name_off
	  && (btfld_kind (btfld_type_by_id (b, ids[0])) == BTF_KIND_STRUCT
	      || btfld_kind (btfld_type_by_id (b, ids[0])) == BTF_KIND_UNION)
	  && rnd (3) == 0)
	{
	  via_fwd[id] = 1;
	  continue;
	}
      for (int i = 0; i < ni; i++)
	if (ids[i] && !seen[ids[i]])
	  {
	    seen[ids[i]] = 1;
	    stack[sp++] = ids[i];
	  }
    }
  /* References to what was not copied stay in B.  */
  for (uint32_t id = 1; id < n; id++)
    if (!map[id])
      map[id] = id;
  uint32_t nfwd = 0, *fwd_of = malloc (no * sizeof *fwd_of);
  for (uint32_t i = 0; i < no; i++)
    {
      const struct btf_type *t = btfld_type_by_id (b, order[i]);
      size_t size = btfld_type_rec_size (t);
      struct rec r;
      memcpy (&r, t, size);
      if (via_fwd[order[i]])
	{
	  /* The declaration's id: after the copies.  */
	  fwd_of[nfwd++] = r.t.type;
	  r.t.type = next + nfwd - 1;
	  if (btfld_copy_record (s, b, &r.t, size, NULL) < 0)
	    fail ("copy_record");
	  continue;
	}
      if (!moved && btfld_kind (t) == BTF_KIND_STRUCT && btfld_vlen (t))
	{
	  r.w[3 * (btfld_vlen (t) - 1) + 2] += 8;
	  r.t.size += 8;
	  moved = true;
	}
      if (btfld_copy_record (s, b, &r.t, size, map) < 0)
	fail ("copy_record");
    }
  for (uint32_t i = 0; i < nfwd; i++)
    {
      const struct btf_type *t = btfld_type_by_id (b, fwd_of[i]);
      struct rec r = { { t->name_off, BTF_INFO_ENC (BTF_KIND_FWD,
		       btfld_kind (t) == BTF_KIND_UNION, 0), { 0 } },
		       { 0 } };
      if (btfld_copy_record (s, b, &r.t, sizeof r.t, NULL) < 0)
	fail ("copy_record");
    }
  free (fwd_of);
  free (via_fwd);
  free (order);
  free (map);
  free (stack);
  free (seen);
}

/* Types FIRST.. of BTF, dumped.  */
static char *
dump (const struct btfld_btf *btf, uint32_t first)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&buf, &len);
  if (!f)
    fail ("memstream");
  if (first < btfld_type_cnt (btf))
    btfld_dump_raw (f, btf, first, btfld_type_cnt (btf) - 1);
  fclose (f);
  return buf;
}

int
main (int argc, char **argv)
{
  if (argc != 3)
    {
      fprintf (stderr, "usage: on-base FIRST-SEED COUNT\n");
      return 2;
    }
  unsigned first = atoi (argv[1]), count = atoi (argv[2]);
  unsigned long own_total = 0, taken = 0;
  for (unsigned seed = first; seed < first + count; seed++)
    {
      rng = 0x9e3779b97f4a7c15ull * (seed + 1);
      /* The base: a random BTF, deduplicated.  */
      uint32_t nb = 20 + rnd (120), ns = 10 + rnd (60);
      struct btfld_btf *raw = btfld_btf_new (NULL);
      struct gen g = { raw, calloc (nb + ns + 1, sizeof (unsigned)), 1,
		       nb + 1, calloc (nb + ns + 1, 1) };
      gen_range (&g, false);
      struct btfld_btf *base = btfld_dedup_engine (raw, NULL);
      if (!base)
	fail ("dedup of the base");
      uint32_t bcnt = btfld_type_cnt (base);
      /* Own types on it.  */
      struct btfld_btf *s = btfld_btf_new (base);
      /* Each copy is an object of its own (a declaration binds to its
	 object's definition once the name's definitions conflict).  */
      /* At most 6 copies of the base, then NS types and their
	 declarations.  */
      uint32_t *blob = malloc ((8 * bcnt + 2 * ns) * sizeof *blob);
      uint32_t nblob = 1;
      for (uint32_t id = 0; id < bcnt; id++)
	blob[id] = 0;
      for (unsigned k = rnd (4); k > 0; k--)
	{
	  uint32_t root = 1 + rnd (bcnt - 1), from = btfld_type_cnt (s);
	  copy_reach (s, base, root, rnd (2) ? 0 : 4, rnd (3) == 0);
	  if (rnd (3) == 0)
	    copy_reach (s, base, root, 0, false);
	  for (uint32_t id = from; id < btfld_type_cnt (s); id++)
	    blob[id] = nblob;
	  nblob++;
	}
      /* Random own types: their plan over B's kinds and their own.  */
      struct gen og = { s, calloc (btfld_type_cnt (s) + ns + 1,
				   sizeof (unsigned)),
			btfld_type_cnt (s), btfld_type_cnt (s) + ns,
			calloc (btfld_type_cnt (s) + ns + 1, 1) };
      for (uint32_t id = 1; id < og.first; id++)
	{
	  const struct btf_type *t = btfld_type_by_id (s, id);
	  og.plan[id] = btfld_kind (t);
	  og.named[id] = t->name_off != 0;
	}
      gen_range (&og, true);
      for (uint32_t id = og.first; id < og.end; id++)
	blob[id] = nblob;
      /* The same as one standalone BTF.  */
      struct btfld_btf *whole = btfld_btf_new (NULL);
      uint32_t scnt = btfld_type_cnt (s);
      for (uint32_t id = 1; id < scnt; id++)
	if (btfld_copy_type (whole, s, id, NULL) < 0)
	  fail ("copy");
      struct btfld_btf *on_base = btfld_dedup_engine (s, blob + bcnt);
      struct btfld_btf *general = btfld_dedup_engine (whole, blob + 1);
      if (!on_base || !general)
	fail ("dedup");
      char *want = dump (general, 1), *b = dump (base, 1);
      char *got = dump (on_base, bcnt);
      size_t bl = strlen (b);
      if (strncmp (want, b, bl) != 0 || strcmp (want + bl, got) != 0)
	{
	  printf ("seed %u: the path on a base differs\n== general\n%s"
		  "== base\n%s== on the base\n%s", seed, want, b, got);
	  return 1;
	}
      own_total += scnt - bcnt;
      taken += scnt - btfld_type_cnt (on_base);
      free (want);
      free (b);
      free (got);
      btfld_btf_free (on_base);
      btfld_btf_free (general);
      btfld_btf_free (whole);
      btfld_btf_free (s);
      btfld_btf_free (base);
      btfld_btf_free (raw);
      free (g.plan);
      free (g.named);
      free (og.plan);
      free (og.named);
      free (blob);
    }
  printf ("%u cases: %lu own types, %lu of them equal to base types, "
	  "all as the general path\n", count, own_total, taken);
  return 0;
}
