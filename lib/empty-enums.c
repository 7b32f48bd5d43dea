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

   The fixups apply these rules (fixups.c: their sweep counts each
   enum's uses by the types kept, and their rebuild drops the enums or
   writes the integers), before dedup: one object per compilation unit,
   so a header's enum comes many times.  Each warning is printed once
   per run of identical text.  */

#include "btfld-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
warn_once (struct btfld_said *s, const char *msg)
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

void
btfld_said_free (struct btfld_said *s)
{
  for (size_t i = 0; i < s->n; i++)
    free (s->v[i]);
  free (s->v);
  s->v = NULL;
  s->n = 0;
}

enum btfld_empty_fate
btfld_empty_fate (struct btfld_said *said, const struct btfld_empty *e)
{
  char msg[768];
  if (e->named && !e->by_value)
    return BTFLD_EMPTY_KEEP;
  if (!e->named && !e->by_value && !e->incomplete)
    {
      snprintf (msg, sizeof msg, "%s size %u: the compiler left it without "
		"enumerators (gcc 12 drops those that need more than 32 "
		"bits); dropped, nothing refers to it", e->what, e->size);
      warn_once (said, msg);
      return BTFLD_EMPTY_DROP;
    }
  const char *as = int_name (e->size, e->is_signed);
  if (!as)
    return BTFLD_EMPTY_KEEP;
  snprintf (msg, sizeof msg, "%s size %u: the compiler left it without "
	    "enumerators (gcc 12 drops those that need more than 32 bits), "
	    "and %s %s: made INT '%s'", e->what, e->size, e->who,
	    e->by_value ? "uses it by value" : "refers to it", as);
  warn_once (said, msg);
  return BTFLD_EMPTY_INT;
}

long
btfld_empty_int (struct btfld_btf *dst, uint32_t size, bool is_signed)
{
  long name = btfld_add_str (dst, int_name (size, is_signed));
  if (name < 0)
    return name;
  struct { struct btf_type t; uint32_t enc; } rec;
  memset (&rec, 0, sizeof rec);
  rec.t.name_off = name;
  rec.t.info = BTF_INFO_ENC (BTF_KIND_INT, 0, 0);
  rec.t.size = size;
  rec.enc = (uint32_t) (is_signed ? BTF_INT_SIGNED : 0) << 24 | size * 8;
  return btfld_add_type (dst, &rec.t, sizeof rec);
}
