/* empty-enums.c -- enums the compiler left without enumerators.

   gcc 12 drops every enumerator whose value needs more than 32 bits
   (signed): an enum all of whose values are such (BPF_F_INDEX_MASK,
   BPF_F_CURRENT_CPU, ...) reaches us as an ENUM or ENUM64 with vlen 0.
   BTF has nothing wrong with that, but C has: bpftool prints an
   anonymous one as `enum;' or `enum f;' inside a struct, and a named one
   as a forward declaration, an incomplete type that a struct member or a
   variable cannot have, so vmlinux.h stops compiling.  Each such enum:

   - named, and used (if at all) only where C allows an incomplete type
     (a pointer's target, a prototype's return or parameter): kept, it is
     a forward declaration (as pahole gives `enum x86_intercept_stage');
   - anonymous, and nothing refers to it: dropped;
   - otherwise (anonymous and referred to, or named and used by value):
     it becomes the integer type of its size and signedness ("unsigned
     int", "long unsigned int", ...), so that every user keeps its layout.

   The pass runs where the gcc fixups run, before dedup: one object per
   compilation unit, so a header's enum comes many times.  Each warning
   is printed once per run of identical text.  */

#include "btfld-int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum empty_fate { EMPTY_NONE = 0, EMPTY_KEEP, EMPTY_DROP, EMPTY_INT };

struct empty_ref
{
  uint32_t by_value, incomplete;	/* reference counts */
  uint32_t first;			/* first referrer using it by value
					   (else any referrer) */
};

struct empty_ctx
{
  const struct btfld_btf *btf;
  struct empty_ref *ref;	/* indexed by id - start */
  uint8_t *fate;		/* indexed by id - start */
  uint32_t start, cnt, from;
  bool from_ok;			/* the referrer's kind allows incomplete */
};

static bool
is_empty_enum (const struct btf_type *t)
{
  unsigned k = btfld_kind (t);
  return (k == BTF_KIND_ENUM || k == BTF_KIND_ENUM64) && btfld_vlen (t) == 0;
}

static int
note_ref (uint32_t *field, void *p)
{
  struct empty_ctx *c = p;
  uint32_t id = *field;
  if (id < c->start || id >= c->cnt || !c->fate[id - c->start])
    return 0;
  struct empty_ref *r = &c->ref[id - c->start];
  if (c->from_ok)
    {
      if (!r->by_value && !r->incomplete)
	r->first = c->from;
      r->incomplete++;
    }
  else
    {
      if (!r->by_value)
	r->first = c->from;
      r->by_value++;
    }
  return 0;
}

/* Warnings already printed (their text), so that the per-object copies
   of a header's enum warn once.  */
struct said
{
  char **v;
  size_t n;
};

static void
warn_once (struct said *s, const char *msg)
{
  for (size_t i = 0; i < s->n; i++)
    if (strcmp (s->v[i], msg) == 0)
      return;
  char **nv = realloc (s->v, (s->n + 1) * sizeof *nv);
  char *copy = strdup (msg);
  if (!nv || !copy)
    {
      free (copy);
      if (nv)
	s->v = nv;
      btfld_warn ("%s", msg);
      return;
    }
  s->v = nv;
  s->v[s->n++] = copy;
  btfld_warn ("%s", msg);
}

static const char *
int_name (uint32_t size, bool is_signed)
{
  switch (size)
    {
    case 1: return is_signed ? "signed char" : "unsigned char";
    case 2: return is_signed ? "short int" : "short unsigned int";
    case 4: return is_signed ? "int" : "unsigned int";
    case 8: return is_signed ? "long int" : "long unsigned int";
    default: return NULL;
    }
}

static void
describe (const struct btfld_btf *btf, uint32_t id, char *buf, size_t len)
{
  const struct btf_type *t = btfld_type_by_id (btf, id);
  const char *name = btfld_name (btf, id);
  snprintf (buf, len, "%s '%s'", btfld_kind_str (btfld_kind (t)),
	    *name ? name : "(anon)");
}

/* The replacement of enum T: an INT record of its size.  */
static long
copy_empty (void *p, struct btfld_btf *dst, const struct btfld_btf *src,
	    uint32_t id, const uint32_t *map)
{
  struct empty_ctx *c = p;
  if (c->fate[id - c->start] != EMPTY_INT)
    return btfld_copy_type (dst, src, id, map);
  const struct btf_type *t = btfld_type_by_id (src, id);
  bool sgn = btfld_kflag (t);
  long name = btfld_add_str (dst, int_name (t->size, sgn));
  if (name < 0)
    return name;
  struct { struct btf_type t; uint32_t enc; } rec;
  memset (&rec, 0, sizeof rec);
  rec.t.name_off = name;
  rec.t.info = BTF_INFO_ENC (BTF_KIND_INT, 0, 0);
  rec.t.size = t->size;
  rec.enc = (uint32_t) (sgn ? BTF_INT_SIGNED : 0) << 24 | t->size * 8;
  return btfld_add_type (dst, &rec.t, sizeof rec);
}

/* The size of the record copy_empty makes.  */
static size_t
empty_size (void *p, const struct btfld_btf *src, uint32_t id)
{
  struct empty_ctx *c = p;
  if (c->fate[id - c->start] == EMPTY_INT)
    return sizeof (struct btf_type) + sizeof (uint32_t);
  return btfld_type_rec_size (btfld_type_by_id (src, id));
}

/* Apply the rules above to *BTF, replacing it when anything changes;
   MAP (N entries, ids of the object *BTF was made from, as the fixups
   return it) is rewritten to the new ids.  */
int
btfld_empty_enums (struct btfld_btf **btf, uint32_t *map, uint32_t n,
		   bool *made_int)
{
  const struct btfld_btf *b = *btf;
  struct empty_ctx c = { b, NULL, NULL, btfld_start_id (b),
			 btfld_type_cnt (b), 0, false };
  uint32_t own = c.cnt - c.start, nempty = 0;
  struct said said = { NULL, 0 };
  uint32_t *order = NULL, *map2 = NULL;
  int err = 0;

  if (!(c.fate = calloc (own ? own : 1, 1)))
    return btfld_error (-ENOMEM, "out of memory");
  for (uint32_t id = c.start; id < c.cnt; id++)
    if (is_empty_enum (btfld_type_by_id (b, id)))
      c.fate[id - c.start] = EMPTY_KEEP, nempty++;
  if (!nempty)
    goto out;

  if (!(c.ref = calloc (own, sizeof *c.ref)))
    {
      err = btfld_error (-ENOMEM, "out of memory");
      goto out;
    }
  for (uint32_t id = c.start; id < c.cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (b, id);
      unsigned k = btfld_kind (t);
      c.from = id;
      c.from_ok = k == BTF_KIND_PTR || k == BTF_KIND_FUNC_PROTO;
      /* The visitor only reads the fields it is given.  */
      btfld_visit_ids ((struct btf_type *) t, note_ref, &c);
    }

  size_t nkeep = 0;
  if (!(order = malloc (own * sizeof *order)))
    {
      err = btfld_error (-ENOMEM, "out of memory");
      goto out;
    }
  bool changed = false;
  for (uint32_t id = c.start; id < c.cnt; id++)
    {
      uint8_t *f = &c.fate[id - c.start];
      if (*f != EMPTY_NONE)
	{
	  const struct btf_type *t = btfld_type_by_id (b, id);
	  const struct empty_ref *r = &c.ref[id - c.start];
	  bool named = t->name_off && *btfld_str (b, t->name_off);
	  char what[256], who[256], msg[768];
	  describe (b, id, what, sizeof what);
	  if (named && !r->by_value)
	    *f = EMPTY_KEEP;
	  else if (!named && !r->by_value && !r->incomplete)
	    {
	      *f = EMPTY_DROP;
	      snprintf (msg, sizeof msg, "%s size %u: the compiler left it "
			"without enumerators (gcc 12 drops those that need "
			"more than 32 bits); dropped, nothing refers to it",
			what, t->size);
	      warn_once (&said, msg);
	      changed = true;
	      continue;
	    }
	  else if (int_name (t->size, btfld_kflag (t)))
	    {
	      *f = EMPTY_INT;
	      if (made_int)
		*made_int = true;
	      describe (b, r->first, who, sizeof who);
	      snprintf (msg, sizeof msg, "%s size %u: the compiler left it "
			"without enumerators (gcc 12 drops those that need "
			"more than 32 bits), and %s %s: made INT '%s'",
			what, t->size, who,
			r->by_value ? "uses it by value" : "refers to it",
			int_name (t->size, btfld_kflag (t)));
	      warn_once (&said, msg);
	      changed = true;
	    }
	  else
	    *f = EMPTY_KEEP;
	}
      order[nkeep++] = id;
    }
  if (!changed)
    goto out;

  /* In place when it fits (the enums dropped make room for those made
     INTs, which are longer): no second copy of everything.  */
  struct btfld_btf *nb = *btf;
  int r = btfld_reorder_in_place (nb, order, nkeep, 0, &map2, copy_empty,
				  empty_size, &c);
  if (r == 0)
    nb = btfld_reorder_with (b, order, nkeep, &map2, copy_empty, &c);
  if (r < 0 || !nb)
    {
      err = r < 0 ? r : -EINVAL;
      goto out;
    }
  for (uint32_t i = 0; map && i < n; i++)
    if (map[i] >= c.start)
      map[i] = map2[map[i]];
  if (nb != *btf)
    btfld_btf_free (*btf);
  *btf = nb;

out:
  for (size_t i = 0; i < said.n; i++)
    free (said.v[i]);
  free (said.v);
  free (map2);
  free (order);
  free (c.ref);
  free (c.fate);
  return err;
}
