/* btfld_reorder_in_place (lib/merge.c) against btfld_reorder_with on
   the same order: the same bytes when it can rewrite in place, the
   object untouched when it cannot (a record that would grow past the
   next one kept, an order that goes back), and tail ids numbered after
   the rest.  Types:
     [1] INT 'int'  [2] PTR -> 1 (dropped)  [3] ENUM 'e' size 4, no values
     [4] PTR -> 3   [5] TYPEDEF 't' -> 4
   The copy makes ENUM 'e' an INT 'e' (12 -> 16 bytes), as the empty
   enums' pass does.  */

#include "btfld-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long
copy_grow (void *ctx, struct btfld_btf *dst, const struct btfld_btf *src,
	   uint32_t id, const uint32_t *map)
{
  const struct btf_type *t = btfld_type_by_id (src, id);
  (void) ctx;
  if (btfld_kind (t) != BTF_KIND_ENUM)
    return btfld_copy_type (dst, src, id, map);
  struct { struct btf_type t; uint32_t enc; } rec = { *t, 32 };
  rec.t.info = BTF_INFO_ENC (BTF_KIND_INT, 0, 0);
  return btfld_add_type (dst, &rec.t, sizeof rec);
}

static size_t
size_grow (void *ctx, const struct btfld_btf *src, uint32_t id)
{
  const struct btf_type *t = btfld_type_by_id (src, id);
  (void) ctx;
  return btfld_kind (t) == BTF_KIND_ENUM ? 16 : btfld_type_rec_size (t);
}

static struct btfld_btf *
make (void)
{
  struct btfld_btf *b = btfld_btf_new (NULL);
  long in = btfld_add_str (b, "int"), e = btfld_add_str (b, "e");
  long tn = btfld_add_str (b, "t");
  struct { struct btf_type t; uint32_t enc; } i
    = { { in, BTF_INFO_ENC (BTF_KIND_INT, 0, 0), { 4 } }, 32 };
  struct btf_type p2 = { 0, BTF_INFO_ENC (BTF_KIND_PTR, 0, 0), { 1 } };
  struct btf_type en = { e, BTF_INFO_ENC (BTF_KIND_ENUM, 0, 0), { 4 } };
  struct btf_type p4 = { 0, BTF_INFO_ENC (BTF_KIND_PTR, 0, 0), { 3 } };
  struct btf_type td = { tn, BTF_INFO_ENC (BTF_KIND_TYPEDEF, 0, 0), { 4 } };
  if (btfld_add_type (b, &i.t, sizeof i) != 1
      || btfld_add_type (b, &p2, sizeof p2) != 2
      || btfld_add_type (b, &en, sizeof en) != 3
      || btfld_add_type (b, &p4, sizeof p4) != 4
      || btfld_add_type (b, &td, sizeof td) != 5)
    exit (2);
  return b;
}

/* 1 when A and B have the same raw bytes.  */
static int
same (const struct btfld_btf *a, const struct btfld_btf *b)
{
  size_t na, nb;
  void *ra = btfld_btf_raw (a, &na), *rb = btfld_btf_raw (b, &nb);
  int eq = ra && rb && na == nb && memcmp (ra, rb, na) == 0;
  free (ra);
  free (rb);
  return eq;
}

static void
one (const char *what, const uint32_t *order, size_t n, size_t ntail)
{
  struct btfld_btf *b = make (), *orig = make (), *ref;
  uint32_t *map = NULL, *refmap = NULL;
  struct btf_type saved[1];
  for (size_t i = 0; i < ntail; i++)	/* PTRs only */
    saved[i] = *btfld_type_by_id (b, order[n + i]);
  int r = btfld_reorder_in_place (b, order, n, ntail, &map, copy_grow,
				  size_grow, NULL);
  printf ("%s: %d", what, r);
  if (r == 1)
    {
      /* The caller appends the tail.  */
      for (size_t i = 0; i < ntail; i++)
	{
	  saved[i].type = map[saved[i].type];
	  if (btfld_add_type (b, &saved[i], sizeof saved[i]) < 0)
	    exit (2);
	}
      ref = btfld_reorder_with (orig, order, n + ntail, &refmap, copy_grow,
				NULL);
      printf (", %u types, %s copy, map", btfld_type_cnt (b) - 1,
	      ref && same (b, ref) ? "same bytes as the" : "differs from the");
      for (uint32_t id = 1; id < 6; id++)
	printf (" %u", map[id]);
      btfld_btf_free (ref);
    }
  else
    printf (", %s", same (b, orig) ? "untouched" : "changed");
  printf ("\n");
  free (map);
  free (refmap);
  btfld_btf_free (b);
  btfld_btf_free (orig);
}

int
main (void)
{
  static const uint32_t dropped[] = { 1, 3, 4, 5 };
  static const uint32_t all[] = { 1, 2, 3, 4, 5 };
  static const uint32_t back[] = { 1, 4, 3, 5 };
  static const uint32_t tail[] = { 1, 3, 5, 4 };
  one ("[2] dropped, [3] grows into its room", dropped, 4, 0);
  one ("nothing dropped, [3] cannot grow", all, 5, 0);
  one ("order goes back", back, 4, 0);
  one ("[4] in the tail", tail, 3, 1);
  return 0;
}
