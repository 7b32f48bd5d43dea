/* split-cases.c -- the hand-made cases: libbpf's btf_distill selftests
   ported (same types, same expected dumps), then our own.  */

#include "split-test.h"
#include "elf-btf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- libbpf selftests ---- */

static int
distilled_base (void)
{
  struct btf *b1 = btf__new_empty ();
  btf__add_int (b1, "int", 4, BTF_INT_SIGNED);		/* [1] */
  btf__add_ptr (b1, 1);					/* [2] int * */
  btf__add_struct (b1, "s1", 8);			/* [3] */
  btf__add_field (b1, "f1", 2, 0, 0);
  btf__add_struct (b1, "", 12);				/* [4] */
  btf__add_field (b1, "f1", 1, 0, 0);
  btf__add_field (b1, "f2", 3, 32, 0);
  btf__add_int (b1, "unsigned int", 4, 0);		/* [5] */
  btf__add_union (b1, "u1", 12);			/* [6] */
  btf__add_field (b1, "f1", 1, 0, 0);
  btf__add_field (b1, "f2", 2, 0, 0);
  btf__add_union (b1, "", 4);				/* [7] */
  btf__add_field (b1, "f1", 1, 0, 0);
  btf__add_enum (b1, "e1", 4);				/* [8] */
  btf__add_enum_value (b1, "v1", 1);
  btf__add_enum (b1, "", 4);				/* [9] */
  btf__add_enum_value (b1, "av1", 2);
  btf__add_enum64 (b1, "e641", 8, true);		/* [10] */
  btf__add_enum64_value (b1, "v1", 1024);
  btf__add_enum64 (b1, "", 8, true);			/* [11] */
  btf__add_enum64_value (b1, "v1", 1025);
  btf__add_struct (b1, "unneeded", 4);			/* [12] */
  btf__add_field (b1, "f1", 1, 0, 0);
  btf__add_struct (b1, "embedded", 4);			/* [13] */
  btf__add_field (b1, "f1", 1, 0, 0);
  btf__add_func_proto (b1, 1);				/* [14] */
  btf__add_func_param (b1, "p1", 1);
  btf__add_array (b1, 1, 1, 3);				/* [15] */
  btf__add_struct (b1, "from_proto", 4);		/* [16] */
  btf__add_field (b1, "f1", 1, 0, 0);
  btf__add_union (b1, "u1", 4);				/* [17] */
  btf__add_field (b1, "f1", 1, 0, 0);

  struct btf *b2 = btf__new_empty_split (b1);
  btf__add_ptr (b2, 3);					/* [18] */
  btf__add_ptr (b2, 4);					/* [19] */
  btf__add_const (b2, 6);				/* [20] */
  btf__add_restrict (b2, 7);				/* [21] */
  btf__add_volatile (b2, 8);				/* [22] */
  btf__add_typedef (b2, "et", 9);			/* [23] */
  btf__add_const (b2, 10);				/* [24] */
  btf__add_ptr (b2, 11);				/* [25] */
  btf__add_struct (b2, "with_embedded", 4);		/* [26] */
  btf__add_field (b2, "f1", 13, 0, 0);
  btf__add_func (b2, "fn", BTF_FUNC_STATIC, 14);	/* [27] */
  btf__add_typedef (b2, "arraytype", 15);		/* [28] */
  btf__add_func_proto (b2, 1);				/* [29] */
  btf__add_func_param (b2, "p1", 16);
  return run_flow (b1, b2, NULL);
}

/* Base with two ints; a split referring to both.  */
static struct btf *
two_ints (size_t size2)
{
  struct btf *b1 = btf__new_empty ();
  btf__add_int (b1, "int", 4, BTF_INT_SIGNED);
  btf__add_int (b1, "int", size2, BTF_INT_SIGNED);
  return b1;
}

static struct btf *
ptr_const_split (struct btf *b1)
{
  struct btf *b2 = btf__new_empty_split (b1);
  btf__add_ptr (b2, 1);
  btf__add_const (b2, 2);
  return b2;
}

static int
distilled_base_multi (void)
{
  struct btf *b1 = two_ints (8);
  return run_flow (b1, ptr_const_split (b1), NULL);
}

static int
distilled_base_missing_err (void)
{
  struct btf *b1 = two_ints (8), *b5 = btf__new_empty ();
  btf__add_int (b5, "int", 4, BTF_INT_SIGNED);
  return run_flow (b1, ptr_const_split (b1), b5);
}

static int
distilled_base_multi_err (void)
{
  struct btf *b1 = two_ints (4);
  return run_flow (b1, ptr_const_split (b1), NULL);
}

static int
distilled_base_multi_err2 (void)
{
  struct btf *b1 = btf__new_empty (), *b5 = two_ints (4);
  btf__add_int (b1, "int", 4, BTF_INT_SIGNED);
  struct btf *b2 = btf__new_empty_split (b1);
  btf__add_ptr (b2, 1);
  return run_flow (b1, b2, b5);
}

/* A base shaped like a small vmlinux: scalars, typedefs, records
   referring to each other, functions, variables and a section.  */
static struct btf *
vmlinux_like (void)
{
  static const struct { const char *name; int size, enc; } ints[] = {
    { "char", 1, BTF_INT_SIGNED | BTF_INT_CHAR }, { "short", 2, 1 },
    { "long long unsigned int", 8, 0 }, { "unsigned char", 1, 0 },
    { "_Bool", 1, BTF_INT_BOOL }, { "long int", 8, 1 },
    { "int", 4, BTF_INT_SIGNED }, { "unsigned int", 4, 0 },
  };
  struct btf *b = btf__new_empty ();
  for (size_t i = 0; i < sizeof ints / sizeof *ints; i++)
    btf__add_int (b, ints[i].name, ints[i].size, ints[i].enc);
  int u32 = btf__add_typedef (b, "u32", 8), u64 = btf__add_typedef (b, "u64", 3);
  int lh = btf__add_struct (b, "list_head", 16), vars[40];
  int lhp = btf__add_ptr (b, lh);
  btf__add_field (b, "next", lhp, 0, 0);
  btf__add_field (b, "prev", lhp, 64, 0);
  for (int i = 0; i < 40; i++)
    {
      char name[32];
      snprintf (name, sizeof name, "kobj_%d", i);
      int s = btf__add_struct (b, name, 32);
      btf__add_field (b, "node", lh, 0, 0);
      btf__add_field (b, "id", u32, 128, 0);
      btf__add_field (b, "stamp", u64, 192, 0);
      int p = btf__add_ptr (b, s);
      int fp = btf__add_func_proto (b, 7);
      btf__add_func_param (b, "obj", p);
      snprintf (name, sizeof name, "kobj_%d_init", i);
      btf__add_func (b, name, BTF_FUNC_GLOBAL, fp);
      snprintf (name, sizeof name, "kobj_%d_count", i);
      vars[i] = btf__add_var (b, name, BTF_VAR_GLOBAL_ALLOCATED, 8);
    }
  btf__add_datasec (b, ".data", 160);
  for (int i = 0; i < 40; i++)
    btf__add_datasec_var_info (b, vars[i], 4 * i, 4);
  return b;
}

static int
distilled_base_vmlinux (void)
{
  struct btf *vm = vmlinux_like ();
  int int_id = btf__find_by_name_kind (vm, "int", BTF_KIND_INT);
  struct btf *sp = btf__new_empty_split (vm);
  int myint = btf__add_typedef (sp, "myint", int_id);
  btf__add_ptr (sp, myint);
  struct btfld_btf *base = conv (vm, NULL), *split = conv (sp, base);
  struct btfld_btf *nb, *ns;
  int err = btfld_distill_base (split, &nb, &ns);
  if (err)
    report ("distill", err);
  else
    {
      dump ("distilled", ns, 1);
      if ((err = btfld_relocate (ns, base, NULL)))
	report ("relocate", err);
      else
	dump ("relocated (split types)", ns, btfld_start_id (ns));
      btfld_btf_free (ns);
      btfld_btf_free (nb);
    }
  btfld_btf_free (split);
  btfld_btf_free (base);
  btf__free (sp);
  btf__free (vm);
  return err != 0;
}

/* ---- relocation onto a base that differs from the original ---- */

/* Distill SPLIT_OF (libbpf's split B2 on B1) and relocate onto B5,
   showing only the distilled base and the relocated split types.  */
static int
onto (struct btf *b1, struct btf *b2, struct btf *b5)
{
  struct btfld_btf *base = conv (b1, NULL), *split = conv (b2, base);
  struct btfld_btf *other = conv (b5, NULL), *nb, *ns;
  int r = 1, err = btfld_distill_base (split, &nb, &ns);
  if (err)
    report ("distill", err);
  else
    {
      dump ("distilled base", nb, 1);
      if ((err = btfld_relocate (ns, other, NULL)))
	report ("relocate", err);
      else
	{
	  dump ("relocated (split types)", ns, btfld_start_id (ns));
	  r = 0;
	}
      btfld_btf_free (ns);
      btfld_btf_free (nb);
    }
  btfld_btf_free (other);
  btfld_btf_free (split);
  btfld_btf_free (base);
  btf__free (b5);
  btf__free (b2);
  btf__free (b1);
  return r;
}

/* struct foo of SIZE with one int member, after N unrelated ints.  */
static struct btf *
base_foo (int n, unsigned size, unsigned size2)
{
  struct btf *b = btf__new_empty ();
  int i = btf__add_int (b, "int", 4, BTF_INT_SIGNED);
  for (int k = 0; k < n; k++)
    btf__add_int (b, "pad", 1 << (k % 4), 0);
  btf__add_struct (b, "foo", size);
  btf__add_field (b, "a", i, 0, 0);
  if (size2)
    {
      btf__add_struct (b, "foo", size2);
      btf__add_field (b, "b", i, 0, 0);
    }
  return b;
}

/* Split: struct bar { struct foo f; } when EMBED, else { struct foo *f; },
   FOO being the id of foo in B1.  */
static struct btf *
split_bar (struct btf *b1, int foo, bool embed)
{
  struct btf *b2 = btf__new_empty_split (b1);
  int ref = embed ? foo : btf__add_ptr (b2, foo);
  btf__add_struct (b2, "bar", 64);
  btf__add_field (b2, "f", ref, 0, 0);
  return b2;
}

static int
reloc_shuffled (void)
{
  struct btf *b1 = base_foo (0, 8, 0), *b5 = base_foo (5, 8, 0);
  return onto (b1, split_bar (b1, 2, true), b5);
}

static int
reloc_embedded_size (void)
{
  struct btf *b1 = base_foo (0, 8, 0), *b5 = base_foo (2, 12, 0);
  return onto (b1, split_bar (b1, 2, true), b5);
}

static int
reloc_pointer_size (void)
{
  struct btf *b1 = base_foo (0, 8, 0), *b5 = base_foo (2, 12, 0);
  return onto (b1, split_bar (b1, 2, false), b5);
}

static int
reloc_dup_struct_size (void)
{
  struct btf *b1 = base_foo (0, 16, 0), *b5 = base_foo (1, 8, 16);
  return onto (b1, split_bar (b1, 2, false), b5);
}

static int
reloc_dup_struct_ambig (void)
{
  struct btf *b1 = base_foo (0, 16, 0), *b5 = base_foo (1, 16, 16);
  return onto (b1, split_bar (b1, 2, false), b5);
}

static int
reloc_dup_struct_nosize (void)
{
  struct btf *b1 = base_foo (0, 24, 0), *b5 = base_foo (1, 8, 16);
  return onto (b1, split_bar (b1, 2, false), b5);
}

/* A union forward declaration matches the union, not the struct.  */
static int
reloc_fwd (void)
{
  struct btf *b1 = btf__new_empty (), *b5 = btf__new_empty ();
  btf__add_fwd (b1, "u", BTF_FWD_UNION);
  btf__add_fwd (b1, "s", BTF_FWD_STRUCT);
  int i = btf__add_int (b5, "int", 4, BTF_INT_SIGNED);
  btf__add_struct (b5, "u", 4);
  btf__add_field (b5, "a", i, 0, 0);
  btf__add_union (b5, "u", 4);
  btf__add_field (b5, "a", i, 0, 0);
  btf__add_struct (b5, "s", 4);
  btf__add_field (b5, "a", i, 0, 0);
  struct btf *b2 = btf__new_empty_split (b1);
  btf__add_ptr (b2, 1);
  btf__add_ptr (b2, 2);
  return onto (b1, b2, b5);
}

/* Enums match ENUM or ENUM64 of their size, whatever the values.  */
static int
reloc_enum (bool size_ok)
{
  struct btf *b1 = btf__new_empty (), *b5 = btf__new_empty ();
  btf__add_enum64 (b1, "e", 8, false);
  btf__add_enum64_value (b1, "A", 1);
  btf__add_enum (b1, "f", 4);
  btf__add_enum_value (b1, "B", -1);
  btf__add_enum (b5, "e", 8);
  btf__add_enum_value (b5, "X", 7);
  btf__add_enum64 (b5, "f", size_ok ? 4 : 8, true);
  btf__add_enum64_value (b5, "Y", 2);
  struct btf *b2 = btf__new_empty_split (b1);
  btf__add_const (b2, 1);
  btf__add_const (b2, 2);
  return onto (b1, b2, b5);
}

/* Ints match on their whole encoding.  */
static int
reloc_int_encoding (void)
{
  struct btf *b1 = btf__new_empty (), *b5 = btf__new_empty ();
  btf__add_int (b1, "char", 1, BTF_INT_SIGNED);
  btf__add_int (b5, "char", 1, 0);
  btf__add_int (b5, "char", 2, BTF_INT_SIGNED);
  struct btf *b2 = btf__new_empty_split (b1);
  btf__add_ptr (b2, 1);
  return onto (b1, b2, b5);
}

/* Base types a split BTF may not refer to.  */
static int
distill_bad_ref (void)
{
  struct btf *b1 = btf__new_empty ();
  btf__add_int (b1, "int", 4, BTF_INT_SIGNED);
  btf__add_var (b1, "v", BTF_VAR_GLOBAL_ALLOCATED, 1);
  struct btf *b2 = btf__new_empty_split (b1);
  btf__add_ptr (b2, 1);
  btf__add_decl_tag (b2, "tag", 2, -1);
  return run_flow (b1, b2, NULL);
}

/* A split DECL_TAG on member 0 of a base struct without members: the
   parser lets it through (a distilled base's structs have no members),
   distillation refuses it, whether the struct moves into the split BTF
   (anonymous) or stays in the base (named), since the result could not
   be relocated even onto this base (found by fuzz-split).  */
static int
distill_tag_index (const char *name)
{
  struct btf *b1 = btf__new_empty ();
  btf__add_int (b1, "int", 4, BTF_INT_SIGNED);
  btf__add_struct (b1, name, 4);
  struct btf *b2 = btf__new_empty_split (b1);
  btf__add_ptr (b2, 2);
  btf__add_decl_tag (b2, "tag", 2, 0);
  return run_flow (b1, b2, NULL);
}

static int
distill_no_base (void)
{
  struct btf *b1 = btf__new_empty ();
  btf__add_int (b1, "int", 4, BTF_INT_SIGNED);
  struct btfld_btf *base = conv (b1, NULL), *nb, *ns;
  int err = btfld_distill_base (base, &nb, &ns);
  btfld_btf_free (base);
  btf__free (b1);
  return err ? report ("distill", err) : 0;
}

/* ---- split BTF on a hand-written base, relocated ---- */

/* DIST (libbpf, used as a distilled base) with a split holding a
   pointer to its type 1; relocated onto a base with an int.  */
static int
relocate_onto_int (struct btf *dist, const char *split_name)
{
  struct btf *b5 = btf__new_empty (), *b2 = btf__new_empty_split (dist);
  btf__add_int (b5, "int", 4, BTF_INT_SIGNED);
  if (split_name)
    btf__add_typedef (b2, split_name, 1);
  else
    btf__add_ptr (b2, 1);
  struct btfld_btf *d = conv (dist, NULL), *s = conv (b2, d);
  struct btfld_btf *base = conv (b5, NULL);
  int err = btfld_relocate (s, base, NULL);
  if (!err)
    dump ("relocated", s, 1);
  btfld_btf_free (s);
  btfld_btf_free (d);
  btfld_btf_free (base);
  btf__free (b2);
  btf__free (b5);
  btf__free (dist);
  return err ? report ("relocate", err) : 0;
}

/* A DECL_TAG on member 1 of a base struct foo { int a, b; }: the
   distilled foo has no members, so the index is checked on relocation,
   onto a foo with both members (RENAMED: the second one renamed) or with
   one only (GONE, refused, and the split BTF is left as it was).  */
static int
reloc_tag_member (bool gone)
{
  struct btf *b1 = btf__new_empty (), *b5 = btf__new_empty ();
  for (int k = 0; k < 2; k++)
    {
      struct btf *b = k ? b5 : b1;
      int i = btf__add_int (b, "int", 4, BTF_INT_SIGNED);
      btf__add_struct (b, "foo", 8);
      btf__add_field (b, "a", i, 0, 0);
      if (!k || !gone)
	btf__add_field (b, "b", i, 32, 0);
    }
  struct btf *b2 = btf__new_empty_split (b1);
  btf__add_ptr (b2, 2);						/* [3] */
  btf__add_decl_tag (b2, "tag", 2, 1);				/* [4] */
  struct btfld_btf *base = conv (b1, NULL), *split = conv (b2, base);
  struct btfld_btf *other = conv (b5, NULL), *nb, *ns;
  int err = btfld_distill_base (split, &nb, &ns);
  if (err)
    report ("distill", err);
  else
    {
      size_t n;
      void *raw = btfld_btf_raw (ns, &n);
      struct btfld_btf *again = raw ? btfld_btf_parse (raw, n, nb) : NULL;
      if (!again)
	err = report ("distilled split re-parsed", -EINVAL);
      else if ((err = btfld_relocate (ns, other, NULL)))
	{
	  report ("relocate", err);
	  dump ("split types after the failed relocation", ns,
		btfld_start_id (ns));
	}
      else
	dump ("relocated (split types)", ns, btfld_start_id (ns));
      btfld_btf_free (again);
      free (raw);
      btfld_btf_free (ns);
      btfld_btf_free (nb);
    }
  btfld_btf_free (other);
  btfld_btf_free (split);
  btfld_btf_free (base);
  btf__free (b5);
  btf__free (b2);
  btf__free (b1);
  return err != 0;
}

static int
bad_base (const char *what)
{
  struct btf *d = btf__new_empty ();
  btf__add_int (d, "int", 4, BTF_INT_SIGNED);
  if (!strcmp (what, "kind"))
    btf__add_ptr (d, 1);
  else if (!strcmp (what, "anon"))
    btf__add_struct (d, "", 4);
  else if (!strcmp (what, "members"))
    {
      btf__add_struct (d, "s", 4);
      btf__add_field (d, "a", 1, 0, 0);
    }
  else if (!strcmp (what, "enum64"))
    btf__add_enum64 (d, "e", 8, false);
  return relocate_onto_int (d, NULL);
}

/* A split string pointing into the distilled base must be a type name
   there; "int" is, "stray" is not.  */
static int
bad_string (const char *name)
{
  struct btf *d = btf__new_empty ();
  btf__add_int (d, "int", 4, BTF_INT_SIGNED);
  btf__add_str (d, "stray");
  return relocate_onto_int (d, name);
}

int
run_case (const char *name)
{
  static const struct { const char *name; int (*fn) (void); } cases[] = {
    { "distilled_base", distilled_base },
    { "distilled_base_multi", distilled_base_multi },
    { "distilled_base_missing_err", distilled_base_missing_err },
    { "distilled_base_multi_err", distilled_base_multi_err },
    { "distilled_base_multi_err2", distilled_base_multi_err2 },
    { "distilled_base_vmlinux", distilled_base_vmlinux },
    { "reloc_shuffled", reloc_shuffled },
    { "reloc_embedded_size", reloc_embedded_size },
    { "reloc_pointer_size", reloc_pointer_size },
    { "reloc_dup_struct_size", reloc_dup_struct_size },
    { "reloc_dup_struct_ambig", reloc_dup_struct_ambig },
    { "reloc_dup_struct_nosize", reloc_dup_struct_nosize },
    { "reloc_fwd", reloc_fwd },
    { "reloc_int_encoding", reloc_int_encoding },
    { "distill_bad_ref", distill_bad_ref },
    { "distill_no_base", distill_no_base },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    if (!strcmp (name, cases[i].name))
      return cases[i].fn ();
  if (!strcmp (name, "distill_tag_index"))
    return distill_tag_index (NULL);
  if (!strcmp (name, "distill_tag_index_named"))
    return distill_tag_index ("s");
  if (!strcmp (name, "reloc_enum"))
    return reloc_enum (true);
  if (!strcmp (name, "reloc_enum_size"))
    return reloc_enum (false);
  if (!strcmp (name, "reloc_tag_member"))
    return reloc_tag_member (false);
  if (!strcmp (name, "reloc_tag_member_gone"))
    return reloc_tag_member (true);
  if (!strncmp (name, "bad_base_", 9))
    return bad_base (name + 9);
  if (!strcmp (name, "string_name"))
    return bad_string ("int");
  if (!strcmp (name, "string_stray"))
    return bad_string ("stray");
  fprintf (stderr, "split-test: unknown case %s\n", name);
  return 2;
}

/* ---- reading ELF files ---- */

/* Write OUT from IN with .BTF (of SPLIT) and .BTF.base (of DIST, or
   none when NULL).  */
static void
write_elf (const char *in, const char *out, const struct btfld_btf *dist,
	   const struct btfld_btf *split)
{
  struct btfld_elf e;
  struct btfld_sec_update up[2] = { { ".BTF", NULL, 0 },
				    { ".BTF.base", NULL, 0 } };
  if (btfld_elf_open (&e, in, -1, 0, 0))
    die (in);
  up[0].data = btfld_btf_raw (split, &up[0].size);
  if (dist)
    up[1].data = btfld_btf_raw (dist, &up[1].size);
  if (!up[0].data || (dist && !up[1].data)
      || btfld_elf_write (&e, out, up, dist ? 2 : 1))
    die (out);
  free ((void *) up[0].data);
  free ((void *) up[1].data);
  btfld_elf_close (&e);
}

/* Read OUT without a base (when ALONE), then with CALLER_BASE.  */
static int
read_back (const char *out, bool alone, const struct btfld_btf *caller_base)
{
  struct btfld_btf *dist, *btf = NULL;
  int r = 0;
  if (alone && !(btf = btfld_read_elf_btf (out, NULL, &dist)))
    r = report ("read", 0);
  else if (alone)
    {
      dump (dist ? ".BTF on .BTF.base" : ".BTF", btf, 1);
      btfld_btf_free (btf);
      btfld_btf_free (dist);
    }
  btf = btfld_read_elf_btf (out, caller_base, &dist);
  if (!btf)
    return report ("read with base", 0);
  dump (".BTF read with a base", btf, 1);
  printf ("distilled base handed back: %s\n", dist ? "yes" : "no");
  btfld_btf_free (btf);
  return r;
}

/* A malformed distilled base of kind WHAT, with a split on it.  */
static struct btf *
bad_dist (const char *what)
{
  struct btf *d = btf__new_empty ();
  if (!strcmp (what, "bad_range"))
    btf__add_typedef (d, "t", 9);
  else if (!strcmp (what, "bad_loop"))
    {
      btf__add_typedef (d, "a", 2);
      btf__add_typedef (d, "b", 1);
    }
  else
    btf__add_int (d, "int", 4, BTF_INT_SIGNED);
  if (!strcmp (what, "bad_kind"))
    btf__add_ptr (d, 1);
  return d;
}

int
run_elf (const char *name, const char *in, const char *out)
{
  /* The original base, and one with more types so that ids move.  */
  struct btf *b1 = two_ints (8), *full = btf__new_empty ();
  btf__add_int (full, "char", 1, BTF_INT_SIGNED);
  btf__add_int (full, "int", 8, BTF_INT_SIGNED);
  btf__add_int (full, "int", 4, BTF_INT_SIGNED);
  struct btfld_btf *base = conv (b1, NULL), *fb = conv (full, NULL);
  struct btfld_btf *dist = NULL, *split;
  int r;
  if (!strcmp (name, "distilled") || !strcmp (name, "plain"))
    {
      struct btf *b2 = ptr_const_split (b1);
      struct btfld_btf *s = conv (b2, base);
      btf__free (b2);
      if (name[0] == 'p')
	split = s;
      else if (btfld_distill_base (s, &dist, &split))
	die ("distill");
      else
	btfld_btf_free (s);
      write_elf (in, out, dist, split);
      r = read_back (out, dist != NULL, dist ? fb : base);
    }
  else
    {
      struct btf *d = bad_dist (name), *b2 = btf__new_empty_split (d);
      btf__add_ptr (b2, 1);
      if (!strcmp (name, "bad_split_range"))
	btf__add_ptr (b2, 7);
      /* Through raw data: the parser would reject most of these.  */
      uint32_t ds, ss;
      const void *draw = btf__raw_data (d, &ds);
      const void *sraw = btf__raw_data (b2, &ss);
      struct btfld_sec_update up[2] = { { ".BTF", sraw, ss },
					{ ".BTF.base", draw, ds } };
      struct btfld_elf e;
      if (btfld_elf_open (&e, in, -1, 0, 0)
	  || btfld_elf_write (&e, out, up, 2))
	die (out);
      btfld_elf_close (&e);
      btf__free (b2);
      btf__free (d);
      split = NULL;
      r = read_back (out, true, base);
    }
  btfld_btf_free (split);
  btfld_btf_free (dist);
  btfld_btf_free (fb);
  btfld_btf_free (base);
  btf__free (full);
  btf__free (b1);
  return r;
}
