/* func-consistency.c -- one FUNC per function name, or none, as pahole
   >= 1.25 encodes the kernel's functions (consistent_func).

   A function name can have several FUNCs before dedup: one per
   compilation unit that defines it (a static inline function of a
   header, static functions that happen to share a name, a weak
   definition and the strong one), and after dedup still one per
   distinct prototype.  BPF attaches to a function by name (fentry,
   kfuncs), so pahole gives such a name one FUNC when every definition's
   prototype matches the first's, and none when one does not.  Its
   comparison (types__match and funcs__match in pahole's btf_encoder.c)
   is loose, and so is ours, on purpose the same:

   - same number of parameters (a trailing "..." counts as one), the
     return types and each parameter's type match; parameter names are
     not compared;
   - a CONST on either side is skipped (const and non-const match);
   - INT: size, encoding and name; FLOAT: size and name; STRUCT, UNION,
     ENUM, ENUM64, TYPEDEF: the name only (a FWD matches the STRUCT or
     UNION of its kflag); PTR, VOLATILE, RESTRICT, TYPE_TAG: their
     targets; ARRAY: element count, then element type; FUNC_PROTO: the
     parameter count and the return type (pahole compares the return
     type once per parameter, not the parameters' types: kept as is);
   - void only matches void; any other kind does not match.

   The FUNC kept is the first (the first compilation unit in link order
   that defines it, as pahole keeps the first it encodes).  The FUNCs
   dropped take with them their FUNC_PROTOs when nothing else refers to
   those.

   With SYMS (BTFLD_FUNCS_ADDR), as pahole >= 1.31 also does: a name
   that several defined function symbols have at different addresses
   (static functions of one name in several files, or a function and
   its gcc clone NAME.constprop.0) gets no FUNC, even when the
   prototypes agree, since attaching by name could reach either.

   pahole's other reasons to skip a function need DWARF's parameter
   locations (an optimized-out parameter, an unexpected register,
   reordered parameters): not done here.  */

#include "btfld-int.h"
#include "elf-btf.h"

#include <elf.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct fn { const char *name; uint32_t id; };

static int
fn_cmp (const void *a, const void *b)
{
  const struct fn *x = a, *y = b;
  int c = strcmp (x->name, y->name);
  return c ? c : (x->id > y->id) - (x->id < y->id);
}

static unsigned
fwd_kind (const struct btf_type *t)
{
  if (btfld_kind (t) == BTF_KIND_FWD)
    return btfld_kflag (t) ? BTF_KIND_UNION : BTF_KIND_STRUCT;
  return btfld_kind (t);
}

static bool
names_match (const struct btfld_btf *btf, const struct btf_type *a,
	     const struct btf_type *b)
{
  return a->name_off == b->name_off
	 || strcmp (btfld_str (btf, a->name_off),
		    btfld_str (btf, b->name_off)) == 0;
}

static bool
types_match (const struct btfld_btf *btf, uint32_t a, uint32_t b)
{
  for (;;)
    {
      if (a == b)
	return true;
      if (!a || !b)
	return false;
      const struct btf_type *ta = btfld_type_by_id (btf, a);
      const struct btf_type *tb = btfld_type_by_id (btf, b);
      if (!ta || !tb)
	return false;
      unsigned ka = fwd_kind (ta), kb = fwd_kind (tb);
      if (ka != kb)
	{
	  if (ka == BTF_KIND_CONST)
	    {
	      a = ta->type;
	      continue;
	    }
	  if (kb == BTF_KIND_CONST)
	    {
	      b = tb->type;
	      continue;
	    }
	  return false;
	}
      switch (ka)
	{
	case BTF_KIND_INT:
	  if (ta->size != tb->size
	      || memcmp (ta + 1, tb + 1, sizeof (uint32_t)) != 0)
	    return false;
	  return names_match (btf, ta, tb);
	case BTF_KIND_FLOAT:
	  return ta->size == tb->size && names_match (btf, ta, tb);
	case BTF_KIND_TYPEDEF: case BTF_KIND_STRUCT: case BTF_KIND_UNION:
	case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
	  return names_match (btf, ta, tb);
	case BTF_KIND_PTR: case BTF_KIND_VOLATILE: case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG:
	  a = ta->type;
	  b = tb->type;
	  break;
	case BTF_KIND_ARRAY:
	  {
	    const struct btf_array *aa = (const void *) (ta + 1);
	    const struct btf_array *ab = (const void *) (tb + 1);
	    if (aa->nelems != ab->nelems)
	      return false;
	    a = aa->type;
	    b = ab->type;
	    break;
	  }
	case BTF_KIND_FUNC_PROTO:
	  /* As pahole: the count, then the return type (once per
	     parameter there, which is the same).  */
	  if (btfld_vlen (ta) != btfld_vlen (tb))
	    return false;
	  a = ta->type;
	  b = tb->type;
	  break;
	default:
	  return false;
	}
    }
}

/* Whether the prototypes of FUNCs A and B match (funcs__match).  */
static bool
protos_match (const struct btfld_btf *btf, uint32_t fa, uint32_t fb)
{
  const struct btf_type *a = btfld_type_by_id (btf, fa);
  const struct btf_type *b = btfld_type_by_id (btf, fb);
  const struct btf_type *pa = btfld_type_by_id (btf, a->type);
  const struct btf_type *pb = btfld_type_by_id (btf, b->type);
  if (!pa || !pb || btfld_kind (pa) != BTF_KIND_FUNC_PROTO
      || btfld_kind (pb) != BTF_KIND_FUNC_PROTO)
    return a->type == b->type;
  unsigned n = btfld_vlen (pa);
  if (n != btfld_vlen (pb) || !types_match (btf, pa->type, pb->type))
    return false;
  const struct btf_param *xa = (const void *) (pa + 1);
  const struct btf_param *xb = (const void *) (pb + 1);
  for (unsigned i = 0; i < n; i++)
    if (!types_match (btf, xa[i].type, xb[i].type))
      return false;
  return true;
}

static bool
is_func_def (const struct btfld_sym *s)
{
  return btfld_sym_defined (s)
	 && (s->type == STT_FUNC || s->type == STT_GNU_IFUNC);
}

/* Whether NAME's defined function symbols, with those of its gcc
   clones (NAME.isra.0, NAME.constprop.0 ...: which pahole counts as
   NAME), lie at more than one address (section and value).  */
static bool
ambiguous (const struct btfld_symtab *syms, const char *name)
{
  size_t n, len = strlen (name);
  const struct btfld_sym *s = btfld_symtab_lookup (syms, name, &n);
  const struct btfld_sym *first = NULL;
  for (size_t i = 0; i < n; i++)
    if (is_func_def (&s[i]))
      {
	if (!first)
	  first = &s[i];
	else if (s[i].shndx != first->shndx || s[i].value != first->value)
	  return true;
      }
  /* The clones: from the first name >= "NAME.", while "NAME." starts
     it (sorted by name).  */
  size_t lo = 0, hi = syms->nsyms;
  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;
      const char *m = syms->syms[mid].name;
      int c = strncmp (m, name, len);
      if (c < 0 || (c == 0 && (unsigned char) m[len] < '.'))
	lo = mid + 1;
      else
	hi = mid;
    }
  for (size_t i = lo; i < syms->nsyms; i++)
    {
      const struct btfld_sym *c = &syms->syms[i];
      if (strncmp (c->name, name, len) != 0 || c->name[len] != '.')
	break;
      /* A split-off part (NAME.part.0, NAME.cold, and a clone's:
	 NAME.isra.0.cold) is not another entry point: pahole 1.32 does
	 not count it, nor do we.  */
      if (!is_func_def (c) || strstr (c->name + len, ".part.")
	  || strstr (c->name + len, ".cold"))
	continue;
      if (!first)
	first = c;
      else if (c->shndx != first->shndx || c->value != first->value)
	return true;
    }
  return false;
}

struct refs { uint32_t *cnt; uint32_t start, end; };

static int
count_ref (uint32_t *id, void *p)
{
  struct refs *r = p;
  if (*id >= r->start && *id < r->end)
    r->cnt[*id - r->start]++;
  return 0;
}

struct btfld_btf *
btfld_consistent_funcs (const struct btfld_btf *btf,
			const struct btfld_symtab *syms, unsigned *dropped_names)
{
  uint32_t start = btfld_start_id (btf), end = btfld_type_cnt (btf);
  uint32_t n = end - start;
  struct fn *fns = malloc ((n ? n : 1) * sizeof *fns);
  bool *keep = malloc (end * sizeof *keep);
  uint32_t *cnt = calloc (n ? n : 1, sizeof *cnt);
  size_t nf = 0;
  struct btfld_btf *out = NULL;
  *dropped_names = 0;
  if (!fns || !keep || !cnt)
    {
      btfld_error (-ENOMEM, "out of memory");
      goto done;
    }
  for (uint32_t id = 0; id < end; id++)
    keep[id] = true;
  for (uint32_t id = start; id < end; id++)
    {
      const struct btf_type *t = btfld_type_by_id (btf, id);
      if (btfld_kind (t) == BTF_KIND_FUNC && t->name_off)
	fns[nf++] = (struct fn) { btfld_str (btf, t->name_off), id };
    }
  qsort (fns, nf, sizeof *fns, fn_cmp);
  bool any = false;
  for (size_t i = 0, j; i < nf; i = j)
    {
      bool same = true;
      for (j = i + 1; j < nf && strcmp (fns[j].name, fns[i].name) == 0; j++)
	if (same && !protos_match (btf, fns[i].id, fns[j].id))
	  same = false;
      if (same && syms && ambiguous (syms, fns[i].name))
	same = false;
      else if (j - i < 2)
	continue;
      for (size_t m = same ? i + 1 : i; m < j; m++)
	keep[fns[m].id] = false;
      if (!same)
	++*dropped_names;
      any = true;
    }
  if (!any)
    {
      /* Nothing to change: an identical copy keeps the caller simple.  */
      out = btfld_filter_strs (btf, keep, NULL);
      goto done;
    }
  /* The prototypes only dropped FUNCs use go too.  */
  struct refs r = { cnt, start, end };
  for (uint32_t id = start; id < end; id++)
    if (keep[id])
      btfld_visit_ids (btfld_type_mut ((struct btfld_btf *) btf, id),
		       count_ref, &r);
  for (uint32_t id = start; id < end; id++)
    if (!keep[id])
      {
	uint32_t p = btfld_type_by_id (btf, id)->type;
	if (p >= start && !cnt[p - start])
	  keep[p] = false;
      }
  out = btfld_filter_strs (btf, keep, NULL);
done:
  free (fns);
  free (keep);
  free (cnt);
  return out;
}
