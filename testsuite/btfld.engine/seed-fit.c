/* The seeded engine (btfld_dedup_engine_seeded) against the plain one
   when the BTF after the fixups differs from the seed's in ways that
   split a seed class: each case's seed is found on BEFORE, AFTER is
   deduplicated from it, and the result must have the plain engine's
   bytes on AFTER.  The seeded engine may skip its check that the
   partition is stable only when nothing can split; each case here is
   one where something does, and where the skip would merge what must
   stay apart.

     mixed-kinds  two anonymous 8-byte ENUMs {A = 1}, each under a PTR;
		  after, one is an ENUM64 (gcc 12's enum made one), the
		  other not (as a forward enum stays): four types, not two.
     ptr-to-func  two PTRs to two FUNCs 'f' of one prototype (malformed,
		  but it parses): after, the FUNCs' linkage differs.
     func-to-var  two FUNCs 'g' whose "prototype" is a VAR (malformed),
		  two VARs 'v' that differ after in linkage only.

   Prints, per case, "NAME: N types, same bytes as the plain engine" or
   what differs; exits 1 on any difference.  */

#include "btfld-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec { struct btf_type t; uint32_t w[3]; };

static struct btfld_btf *btf;

static void
add (uint32_t name, unsigned kind, unsigned kflag, unsigned vlen,
     uint32_t size_type, const uint32_t *w, size_t nw)
{
  struct rec r = { { name, BTF_INFO_ENC (kind, kflag, vlen), { size_type } },
		   { 0 } };
  memcpy (r.w, w, nw * 4);
  if (btfld_add_type (btf, &r.t, sizeof r.t + nw * 4) < 0)
    exit (2);
}

static uint32_t
str (const char *s)
{
  long off = btfld_add_str (btf, s);
  if (off < 0)
    exit (2);
  return (uint32_t) off;
}

/* The two versions of case NAME; AFTER: the fixups' result.  */
static struct btfld_btf *
make (const char *name, int after)
{
  btf = btfld_btf_new (NULL);
  if (!btf)
    exit (2);
  uint32_t a = str ("A"), i = str ("int");
  uint32_t int32[1] = { 32 };
  add (i, BTF_KIND_INT, 0, 0, 4, int32, 1);		/* [1] */
  if (!strcmp (name, "mixed-kinds"))
    {
      uint32_t e32[2] = { a, 1 }, e64[3] = { a, 1, 0 };
      if (after)
	add (0, BTF_KIND_ENUM64, 0, 1, 8, e64, 3);	/* [2] */
      else
	add (0, BTF_KIND_ENUM, 0, 1, 8, e32, 2);
      add (0, BTF_KIND_ENUM, 0, 1, 8, e32, 2);		/* [3] */
      add (0, BTF_KIND_PTR, 0, 0, 2, NULL, 0);		/* [4] */
      add (0, BTF_KIND_PTR, 0, 0, 3, NULL, 0);		/* [5] */
    }
  else if (!strcmp (name, "ptr-to-func"))
    {
      uint32_t f = str ("f");
      add (0, BTF_KIND_FUNC_PROTO, 0, 0, 1, NULL, 0);	/* [2] */
      add (f, BTF_KIND_FUNC, 0, 0, 2, NULL, 0);		/* [3] */
      add (f, BTF_KIND_FUNC, 0, after ? BTF_FUNC_GLOBAL : 0, 2, NULL, 0);
      add (0, BTF_KIND_PTR, 0, 0, 3, NULL, 0);		/* [5] */
      add (0, BTF_KIND_PTR, 0, 0, 4, NULL, 0);		/* [6] */
    }
  else
    {
      uint32_t g = str ("g"), v = str ("v");
      uint32_t st[1] = { BTF_VAR_STATIC }, gl[1] = { BTF_VAR_GLOBAL_ALLOCATED };
      add (v, BTF_KIND_VAR, 0, 0, 1, st, 1);		/* [2] */
      add (v, BTF_KIND_VAR, 0, 0, 1, after ? gl : st, 1);
      add (g, BTF_KIND_FUNC, 0, 0, 2, NULL, 0);		/* [4] */
      add (g, BTF_KIND_FUNC, 0, 0, 3, NULL, 0);		/* [5] */
    }
  return btf;
}

static void *
raw_of (const struct btfld_btf *b, size_t *size)
{
  void *raw = b ? btfld_btf_raw (b, size) : NULL;
  if (!raw)
    {
      fprintf (stderr, "%s\n", btfld_errmsg ());
      exit (2);
    }
  return raw;
}

static int
one (const char *name)
{
  struct btfld_btf *before = make (name, 0), *after = make (name, 1);
  struct btfld_dedup_seed *sd = btfld_dedup_seed_new (before, NULL);
  uint32_t n = btfld_type_cnt (after) - 1, *inv = malloc (n * sizeof *inv);
  if (!sd || !inv)
    exit (2);
  for (uint32_t k = 0; k < n; k++)
    inv[k] = k + 1;
  struct btfld_btf *plain = btfld_dedup_engine (after, NULL);
  struct btfld_btf *seeded = btfld_dedup_engine_seeded (after, NULL, sd,
							 inv);
  size_t np, ns;
  void *rp = raw_of (plain, &np), *rs = raw_of (seeded, &ns);
  int same = np == ns && !memcmp (rp, rs, np);
  printf ("%s: %u types, %s\n", name, btfld_type_cnt (seeded) - 1,
	  same ? "same bytes as the plain engine"
	  : "not the plain engine's bytes");
  if (!same)
    {
      btfld_dump_raw (stdout, plain, 1, btfld_type_cnt (plain) - 1);
      btfld_dump_raw (stdout, seeded, 1, btfld_type_cnt (seeded) - 1);
    }
  free (rp);
  free (rs);
  free (inv);
  btfld_dedup_seed_free (sd);
  btfld_btf_free (plain);
  btfld_btf_free (seeded);
  btfld_btf_free (before);
  btfld_btf_free (after);
  return !same;
}

int
main (void)
{
  int bad = one ("mixed-kinds");
  bad |= one ("ptr-to-func");
  bad |= one ("func-to-var");
  return bad;
}
