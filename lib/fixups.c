/* fixups.c -- make gcc 12's BTF kernel-valid using what only the linker
   knows: which functions and variables exist in the output, their binding,
   section and address.

   - FUNC: dropped when anonymous, when only declared (gcc gives a
     declaration's parameters no names), or when no defined symbol has its
     name; otherwise linkage from the symbol's binding.  A C23 definition
     with an unnamed parameter (gcc >= 15) loses its FUNC, with a
     warning: the kernel refuses a FUNC whose parameter has no name.
   - VAR: dropped unless a defined symbol of non-zero size has its name
     (extern and optimized-out variables, section markers such as
     __per_cpu_end); linkage from the binding.
   - DATASEC: rebuilt per output section from the kept VARs: size of the
     section, offsets from the symbol values, sorted by offset.
   - INT: gcc's SIGNED|CHAR for 'char' (rejected by the kernel) becomes
     SIGNED, a lone CHAR becomes unsigned, as pahole encodes them.
   - ENUM of size 8: gcc 12 keeps only the enumerators that fit in 32
     bits (sign-extended they are exact) and drops the others; it
     becomes the ENUM64 it is, with a warning.
   - VARs per policy: all, only the kernel's per-CPU ones (what pahole
     emits for vmlinux), or none.  With the kernel's, anonymous types
     stay even when nothing kept refers to them, as with pahole; only
     the prototypes of dropped FUNCs go.
   - FWD of kind struct whose name only an ENUM has, or that gcc marked
     as an enum: gcc 12's forward enum; it becomes what BTF uses for
     one, an ENUM without values.  gcc 12 leaves its CTF kind of the
     forward in a FWD's type field, which the kernel wants 0.
   - ARRAY of unknown size: gcc 12 gives it no index type, which the
     kernel rejects; it gets the INT other arrays use.
   - Multi-dimensional ARRAY: gcc 12 and 13 nest the dimensions innermost
     first (int a[2][3] as ARRAY 3 of ARRAY 2); in an object that shows
     such a compiler (BTFLD_TRAIT_ARRAYS_REVERSED) each chain of nested
     ARRAYs gets its element counts back in source order.
   Anonymous types that only dropped types referenced go too.  */

#include "btfld-int.h"
#include "compiler-traits.h"
#include "elf-btf.h"

#include <errno.h>
#include <elf.h>
#include <stdlib.h>
#include <string.h>

struct fix
{
  const struct btfld_btf *btf;
  const struct btfld_symtab *syms;
  enum btfld_vars vars;
  uint32_t cnt, start;
  bool *keep;
  uint8_t *linkage;		/* new FUNC/VAR linkage; for a FWD that is
				   a forward enum, the enum's size */
  const struct btfld_sym **var_sym;	/* chosen symbol per VAR */
  uint32_t *var_sec;		/* name of the DATASEC listing each VAR */
  uint32_t *claim;		/* per symbol: the VAR that describes it */
  bool nomem;			/* an allocation failed */
  uint32_t index_type;		/* for arrays of unknown size */
  struct btfld_traits tr;	/* what each blob's compiler got wrong */
};

static bool
is_func_sym (const struct btfld_sym *s)
{
  return s->type == STT_FUNC || s->type == STT_GNU_IFUNC;
}

static bool
is_data_sym (const struct btfld_sym *s)
{
  return s->type == STT_OBJECT || s->type == STT_TLS
	 || s->type == STT_NOTYPE;
}

/* A prototype with an unnamed parameter: from a declaration with gcc 12;
   with any compiler, one the kernel refuses for a FUNC.  */
static bool
proto_is_declaration (const struct btfld_btf *btf, uint32_t proto)
{
  const struct btf_type *p = btfld_type_by_id (btf, proto);
  const struct btf_param *a = (const void *) (p + 1);
  for (unsigned i = 0; i < btfld_vlen (p); i++)
    if (!a[i].name_off && a[i].type)
      return true;
  return false;
}

/* A compiler that writes real linkage (gcc >= 13): an extern FUNC is a
   declaration, a static one describes a local symbol, a global one a
   global symbol (or one made local: hidden, version scripts); the
   linkage is the compiler's.  A static FUNC with only a global symbol
   of its name comes from a gcc 12 object in the same link.  */
static bool
fix_func_real (struct fix *f, uint32_t id, const struct btf_type *t)
{
  const char *name = btfld_str (f->btf, t->name_off);
  unsigned linkage = btfld_vlen (t);
  size_t n;
  bool local = false, global = false;
  const struct btfld_sym *s = btfld_symtab_lookup (f->syms, name, &n);
  for (size_t i = 0; i < n; i++)
    if (btfld_sym_defined (&s[i]) && is_func_sym (&s[i]))
      {
	if (s[i].bind == STB_LOCAL)
	  local = true;
	else
	  global = true;
      }
  f->keep[id] = false;
  if (!*name || linkage == BTF_FUNC_EXTERN)
    return true;
  if (linkage == BTF_FUNC_STATIC && !local && global)
    return false;
  f->keep[id] = linkage == BTF_FUNC_GLOBAL ? local || global : local;
  f->linkage[id] = linkage;
  /* A C23 definition may leave a parameter unnamed; the kernel refuses
     a FUNC whose prototype has a typed parameter without a name.  */
  if (f->keep[id] && proto_is_declaration (f->btf, t->type))
    {
      btfld_warn ("type [%u] FUNC '%s': a parameter has no name, which "
		  "the kernel refuses; no FUNC for it", id, name);
      f->keep[id] = false;
    }
  return true;
}

static void
fix_func (struct fix *f, uint32_t id, const struct btf_type *t)
{
  const char *name = btfld_str (f->btf, t->name_off);
  size_t n;
  if ((btfld_traits_of (&f->tr, id) & BTFLD_TRAIT_REAL_LINKAGE)
      && fix_func_real (f, id, t))
    return;
  if (!*name || proto_is_declaration (f->btf, t->type))
    {
      f->keep[id] = false;
      return;
    }
  const struct btfld_sym *s = btfld_symtab_lookup (f->syms, name, &n);
  bool local = false, global = false;
  for (size_t i = 0; i < n; i++)
    if (btfld_sym_defined (&s[i]) && is_func_sym (&s[i]))
      {
	if (s[i].bind == STB_LOCAL)
	  local = true;
	else
	  global = true;
      }
  f->keep[id] = local || global;
  f->linkage[id] = global ? BTF_FUNC_GLOBAL : BTF_FUNC_STATIC;
}

/* Names seen so far, with a count (once-per-name warnings): an
   open-addressing table of *N names whose size is a function of *N
   (the smallest power of two >= 2 * max (*N, 8)), so that a kernel's tens
   of thousands of static variables cost a lookup each, not a scan.  */
struct seen { const char *name; size_t count; };

static size_t
seen_cap (size_t n)
{
  size_t cap = 16;
  while (cap < 2 * n)
    cap *= 2;
  return cap;
}

static size_t
seen_slot (const struct seen *v, size_t cap, const char *name)
{
  uint32_t h = 2166136261u;	/* FNV-1a */
  for (const char *p = name; *p; p++)
    h = (h ^ (unsigned char) *p) * 16777619u;
  size_t j = h & (cap - 1);
  while (v[j].name && v[j].name != name && strcmp (v[j].name, name) != 0)
    j = (j + 1) & (cap - 1);
  return j;
}

static size_t
seen_next (struct seen **v, size_t *n, const char *name)
{
  size_t cap = seen_cap (*n), j;
  if (*v && (*v)[j = seen_slot (*v, cap, name)].name)
    return (*v)[j].count++;
  size_t ncap = seen_cap (*n + 1);
  if (!*v || ncap != cap)
    {
      struct seen *nv = calloc (ncap, sizeof *nv);
      if (!nv)
	return 0;
      for (size_t i = 0; *v && i < cap; i++)
	if ((*v)[i].name)
	  nv[seen_slot (nv, ncap, (*v)[i].name)] = (*v)[i];
      free (*v);
      *v = nv;
    }
  j = seen_slot (*v, ncap, name);
  (*v)[j].name = name;
  (*v)[j].count = 1;
  (*n)++;
  return 0;
}

static bool
var_wanted (const struct fix *f, const struct btfld_sym *s)
{
  if (f->vars == BTFLD_VARS_NONE)
    return false;
  if (f->vars == BTFLD_VARS_ALL)
    return true;
  return s->shndx < f->syms->nsecs
	 && strcmp (f->syms->secs[s->shndx].name, ".data..percpu") == 0;
}

/* How well VAR ID's type fits symbol S: 2 when its size is the symbol's,
   1 when smaller (an initialized flexible array member), 0 when it cannot
   describe it (larger, or no size: the kernel says "Invalid size").  */
static int
var_fit (const struct fix *f, uint32_t id, const struct btfld_sym *s)
{
  const struct btf_type *t = btfld_type_by_id (f->btf, id);
  uint64_t size = btfld_type_size (f->btf, t->type);
  return !size || size > s->size ? 0 : size == s->size ? 2 : 1;
}

/* A defined variable is described by one VAR.  gcc also emits VARs for
   extern declarations, listed in whatever DATASEC it guessed: prefer the
   VAR whose DATASEC names the symbol's own section, else the first.  */
static void
claim_symbol (struct fix *f, uint32_t id)
{
  const struct btfld_sym *s = f->var_sym[id];
  uint32_t *c = &f->claim[s - f->syms->syms];
  const char *sec = s->shndx < f->syms->nsecs ? f->syms->secs[s->shndx].name
		    : "";
  if (*c)
    {
      /* A definition's type (its size is the symbol's) wins over a
	 declaration's (extern char x[]).  */
      int mine_fit = var_fit (f, id, s), their_fit = var_fit (f, *c, s);
      const char *mine = btfld_str (f->btf, f->var_sec[id]);
      const char *theirs = btfld_str (f->btf, f->var_sec[*c]);
      if (mine_fit < their_fit
	  || (mine_fit == their_fit
	      && (strcmp (theirs, sec) == 0 || strcmp (mine, sec) != 0)))
	{
	  f->var_sym[id] = NULL;
	  return;
	}
      f->keep[*c] = false;
      f->var_sym[*c] = NULL;
    }
  *c = id;
}

static void
fix_var (struct fix *f, uint32_t id, const struct btf_type *t)
{
  const char *name = btfld_str (f->btf, t->name_off);
  const struct btf_var *v = (const void *) (t + 1);
  size_t n;
  const struct btfld_sym *s = btfld_symtab_lookup (f->syms, name, &n);
  const struct btfld_sym *global = NULL, **locals;
  size_t nlocal = 0;
  bool real = btfld_traits_of (&f->tr, id) & BTFLD_TRAIT_REAL_LINKAGE;
  f->keep[id] = false;
  /* A compiler with real linkage says which VARs are declarations.  */
  if (real && v->linkage == BTF_VAR_GLOBAL_EXTERN)
    return;
  if (!(locals = malloc ((n ? n : 1) * sizeof *locals)))
    {
      f->nomem = true;
      return;
    }
  /* A symbol of size 0 (a linker script's section marker such as
     __per_cpu_end, an empty array) describes no storage: the kernel
     refuses a DATASEC entry of size 0, and pahole skips them too.  */
  for (size_t i = 0; i < n; i++)
    if (btfld_sym_defined (&s[i]) && is_data_sym (&s[i]) && s[i].size)
      {
	if (s[i].bind != STB_LOCAL)
	  global = &s[i];
	else
	  locals[nlocal++] = &s[i];
      }
  if (v->linkage == BTF_VAR_GLOBAL_EXTERN && !global)
    {
      free (locals);
      return;
    }
  if (v->linkage != BTF_VAR_STATIC && global)
    f->var_sym[id] = global;
  else if (v->linkage == BTF_VAR_STATIC && nlocal)
    {
      /* The K-th static VAR of a name is the K-th local symbol of it
	 only when the compiler kept every such variable and ld wrote
	 the objects' locals in input order; neither holds (gcc emits
	 VARs for statics it optimized away, ld writes an object's
	 locals when it first copies one of its sections).  So: the
	 first local of the name not yet described whose size is the
	 type's, else one the type fits in; none when no local of the
	 name can be this variable (it was optimized away).  */
      const struct btfld_sym *pick = NULL, *loose = NULL;
      for (size_t i = 0; i < nlocal && !pick; i++)
	if (!f->claim[locals[i] - f->syms->syms])
	  {
	    int fit = var_fit (f, id, locals[i]);
	    if (fit == 2)
	      pick = locals[i];
	    else if (fit == 1 && !loose)
	      loose = locals[i];
	  }
      f->var_sym[id] = pick ? pick : loose;
    }
  else
    f->var_sym[id] = global ? global : nlocal ? locals[0] : NULL;
  free (locals);
  if (f->var_sym[id] && !var_fit (f, id, f->var_sym[id]))
    f->var_sym[id] = NULL;	/* the kernel: "Invalid size" */
  if (!f->var_sym[id] || !var_wanted (f, f->var_sym[id]))
    {
      f->var_sym[id] = NULL;
      return;
    }
  claim_symbol (f, id);
  if (!f->var_sym[id])
    return;
  f->keep[id] = true;
  if (real)
    f->linkage[id] = v->linkage;
  else
    f->linkage[id] = f->var_sym[id]->bind == STB_LOCAL
		     ? BTF_VAR_STATIC : BTF_VAR_GLOBAL_ALLOCATED;
}

struct named { uint32_t name; unsigned kind, size; };

static int
by_name (const void *a, const void *b)
{
  const struct named *x = a, *y = b;
  return x->name < y->name ? -1 : x->name > y->name;
}

/* gcc 12 describes `enum e;` as a struct FWD.  It is one when the link
   has an enum of that name and no struct: note the enum's size.  */
/* The CTF kind gcc 12 writes into an enum FWD's type field.  */
#define GCC_CTF_K_ENUM 8

/* gcc >= 14 writes `enum e;' as an ENUM of size 0 without values, which
   the kernel rejects: it gets the size of an enum of its name that has
   one, else int's.  */
static unsigned
enum_fwd_size (const struct named *v, size_t n, uint32_t name)
{
  struct named key = { name, 0, 0 };
  const struct named *m = name ? bsearch (&key, v, n, sizeof *v, by_name)
			  : NULL;
  if (!m)
    return 4;
  while (m > v && m[-1].name == name)
    m--;
  for (; m < v + n && m->name == name; m++)
    if (m->kind != BTF_KIND_STRUCT && m->size)
      return m->size;
  return 4;
}

static int
find_enum_fwds (struct fix *f)
{
  struct named *v = malloc ((f->cnt ? f->cnt : 1) * sizeof *v);
  size_t n = 0;
  if (!v)
    return btfld_error (-ENOMEM, "out of memory");
  for (uint32_t id = 1; id < f->cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      unsigned k = btfld_kind (t);
      if (t->name_off && (k == BTF_KIND_STRUCT || k == BTF_KIND_ENUM
			  || k == BTF_KIND_ENUM64))
	v[n++] = (struct named) { t->name_off, k, t->size };
    }
  qsort (v, n, sizeof *v, by_name);
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      if (btfld_kind (t) == BTF_KIND_ENUM && !t->size)
	{
	  f->linkage[id] = enum_fwd_size (v, n, t->name_off);
	  continue;
	}
      if (btfld_kind (t) != BTF_KIND_FWD || btfld_kflag (t) || !t->name_off)
	continue;
      struct named key = { t->name_off, 0, 0 };
      struct named *m = bsearch (&key, v, n, sizeof *v, by_name);
      /* gcc 12 leaves its CTF kind of the forward in the type field, and
	 CTF_K_ENUM says enum: a forward enum of the default size even
	 when no object defines it.  */
      if (!m && t->type == GCC_CTF_K_ENUM)
	f->linkage[id] = 4;
      if (!m)
	continue;
      while (m > v && m[-1].name == t->name_off)
	m--;
      unsigned size = 0;
      for (; m < v + n && m->name == t->name_off; m++)
	if (m->kind == BTF_KIND_STRUCT)
	  {
	    size = 0;
	    break;
	  }
	else if (!size)
	  size = m->size;
      f->linkage[id] = size;
    }
  free (v);
  return 0;
}

static void
note_datasecs (struct fix *f)
{
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      const struct btf_var_secinfo *v = (const void *) (t + 1);
      if (btfld_kind (t) != BTF_KIND_DATASEC)
	continue;
      for (unsigned i = 0; i < btfld_vlen (t); i++)
	if (v[i].type >= f->start)
	  f->var_sec[v[i].type] = t->name_off;
    }
}

/* What names an enum in the warnings: its name, or its first
   enumerator's.  */
static const char *
enum_key (const struct btfld_btf *btf, const struct btf_type *t)
{
  const struct btf_enum *e = (const void *) (t + 1);
  if (t->name_off || !btfld_vlen (t))
    return btfld_str (btf, t->name_off);
  return btfld_str (btf, e->name_off);
}

static void
decide (struct fix *f)
{
  struct seen *enums = NULL;
  size_t nenums = 0;
  note_datasecs (f);
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      f->keep[id] = true;
      switch (btfld_kind (t))
	{
	case BTF_KIND_FUNC:
	  fix_func (f, id, t);
	  break;
	case BTF_KIND_VAR:
	  fix_var (f, id, t);
	  break;
	case BTF_KIND_DATASEC:
	  f->keep[id] = false;
	  break;
	case BTF_KIND_ENUM:
	  /* Once per name (an anonymous one: per first enumerator), not
	     per object that includes the header.  */
	  if (t->size == 8
	      && (btfld_traits_of (&f->tr, id) & BTFLD_TRAIT_ENUM32)
	      && seen_next (&enums, &nenums, enum_key (f->btf, t)) == 0)
	    btfld_warn ("type [%u] ENUM '%s': the compiler dropped its "
			"enumerators that need 64 bits; made ENUM64 with the "
			"%u it kept", id, t->name_off
			? btfld_str (f->btf, t->name_off) : "(anon)",
			btfld_vlen (t));
	  break;
	default:
	  break;
	}
    }
  free (enums);
}

struct mark_ctx { bool *mark; uint32_t *stack; size_t sp; uint32_t start; };

static int
push_ref (uint32_t *id, void *p)
{
  struct mark_ctx *m = p;
  if (*id >= m->start && !m->mark[*id])
    {
      m->mark[*id] = true;
      m->stack[m->sp++] = *id;
    }
  return 0;
}

/* Keep what is named (or a kept FUNC/VAR), every anonymous type but a
   FUNC_PROTO, and everything they reach: as pahole, whatever the VAR
   policy, keep every type the compiler described (anonymous enums of
   constants such as BPF_ANY, the types of variables and of declared
   functions' parameters) except the prototypes of functions no FUNC is
   emitted for (and what only they reach).  */
static int
sweep (struct fix *f)
{
  bool *mark = calloc (f->cnt, sizeof *mark);
  uint32_t *stack = malloc (f->cnt * sizeof *stack);
  if (!mark || !stack)
    {
      free (mark);
      free (stack);
      return btfld_error (-ENOMEM, "out of memory");
    }
  struct mark_ctx m = { mark, stack, 0, f->start };
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      unsigned k = btfld_kind (t);
      if (f->keep[id] && k != BTF_KIND_DECL_TAG
	  && (t->name_off || k != BTF_KIND_FUNC_PROTO))
	{
	  uint32_t x = id;
	  push_ref (&x, &m);
	}
    }
  while (m.sp)
    {
      uint32_t id = stack[--m.sp];
      btfld_visit_ids ((struct btf_type *) btfld_type_by_id (f->btf, id),
		       push_ref, &m);
    }
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      if (btfld_kind (t) == BTF_KIND_DECL_TAG)
	f->keep[id] = f->keep[id] && (t->type < f->start || mark[t->type]);
      else
	f->keep[id] = mark[id];
    }
  free (mark);
  free (stack);
  return 0;
}

static void
fix_int (struct btf_type *t)
{
  uint32_t *v = (uint32_t *) (t + 1);
  unsigned enc = BTF_INT_ENCODING (*v);
  if (enc == (BTF_INT_SIGNED | BTF_INT_CHAR))
    enc = BTF_INT_SIGNED;
  else if (enc == BTF_INT_CHAR)
    enc = 0;
  *v = (*v & ~0x0f000000u) | (enc << 24);
}

struct sec_entry { uint32_t sec; uint64_t off; struct btf_var_secinfo vsi; };

static int
by_sec_off (const void *a, const void *b)
{
  const struct sec_entry *x = a, *y = b;
  if (x->sec != y->sec)
    return x->sec < y->sec ? -1 : 1;
  if (x->off != y->off)
    return x->off < y->off ? -1 : 1;
  return x->vsi.type < y->vsi.type ? -1 : x->vsi.type > y->vsi.type;
}

/* The kept variables by output section and offset (the order gcc lists
   them in varies from one compilation to the next).  A variable that
   overlaps its predecessor (an alias) is dropped.  */
static struct sec_entry *
collect_vars (struct fix *f, size_t *np)
{
  struct sec_entry *e = malloc ((f->cnt ? f->cnt : 1) * sizeof *e);
  size_t n = 0, k = 0;
  if (!e)
    return NULL;
  /* A linked TLS symbol's value is its offset in the TLS segment, which
     starts at the lowest TLS section.  */
  uint64_t tls_start = UINT64_MAX;
  for (size_t i = 0; i < f->syms->nsecs; i++)
    if ((f->syms->secs[i].flags & SHF_TLS)
	&& (f->syms->secs[i].flags & SHF_ALLOC)
	&& f->syms->secs[i].addr < tls_start)
      tls_start = f->syms->secs[i].addr;
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      const struct btfld_sym *s = f->var_sym[id];
      if (!f->keep[id] || btfld_kind (btfld_type_by_id (f->btf, id))
			  != BTF_KIND_VAR)
	continue;
      if (!s || s->shndx >= f->syms->nsecs)
	{
	  f->keep[id] = false;
	  continue;
	}
      const struct btfld_sec *sec = &f->syms->secs[s->shndx];
      e[n].sec = s->shndx;
      if (f->syms->e_type == ET_REL)
	e[n].off = s->value;
      else if (s->type == STT_TLS && (sec->flags & SHF_TLS))
	e[n].off = s->value - (sec->addr - tls_start);
      else
	e[n].off = s->value - sec->addr;
      e[n].vsi.type = id;
      e[n].vsi.offset = (uint32_t) e[n].off;
      e[n].vsi.size = (uint32_t) s->size;
      n++;
    }
  qsort (e, n, sizeof *e, by_sec_off);
  for (size_t i = 0; i < n; i++)
    {
      if (k && e[k - 1].sec == e[i].sec
	  && e[i].off < e[k - 1].off + e[k - 1].vsi.size)
	{
	  f->keep[e[i].vsi.type] = false;
	  continue;
	}
      e[k++] = e[i];
    }
  *np = k;
  return e;
}

static int
add_datasec (struct btfld_btf *out, const struct btfld_symtab *syms,
	     const struct sec_entry *e, size_t n, const uint32_t *map)
{
  size_t size = sizeof (struct btf_type) + n * sizeof (struct btf_var_secinfo);
  struct btf_type *t = calloc (1, size);
  long name = btfld_add_str (out, syms->secs[e[0].sec].name);
  if (!t || name < 0)
    {
      free (t);
      return btfld_error (-ENOMEM, "out of memory");
    }
  struct btf_var_secinfo *v = (void *) (t + 1);
  for (size_t i = 0; i < n; i++)
    {
      v[i] = e[i].vsi;
      v[i].type = map[e[i].vsi.type];
    }
  t->name_off = name;
  t->info = BTF_INFO_ENC (BTF_KIND_DATASEC, 0, n);
  t->size = syms->secs[e[0].sec].size;
  long id = btfld_add_type (out, t, size);
  free (t);
  return id < 0 ? (int) id : 0;
}

/* One DATASEC per output section holding kept variables.  */
static int
add_datasecs (struct fix *f, struct btfld_btf *out, const uint32_t *map,
	      const struct sec_entry *e, size_t n)
{
  int err = 0;
  for (size_t i = 0, j; i < n && !err; i = j)
    {
      for (j = i; j < n && e[j].sec == e[i].sec; j++)
	;
      err = add_datasec (out, f->syms, e + i, j - i, map);
    }
  return err;
}

/* gcc 12's 64-bit enum (an ENUM of size 8) as the ENUM64 it is.  */
static long
copy_as_enum64 (struct btfld_btf *out, const struct btfld_btf *btf,
		const struct btf_type *t, const uint32_t *map)
{
  unsigned vlen = btfld_vlen (t);
  size_t size = sizeof *t + vlen * sizeof (struct btf_enum64);
  struct btf_type *n = malloc (size);
  if (!n)
    return btfld_error (-ENOMEM, "out of memory");
  const struct btf_enum *e = (const void *) (t + 1);
  struct btf_enum64 *e64 = (void *) (n + 1);
  *n = *t;
  n->info = BTF_INFO_ENC (BTF_KIND_ENUM64, btfld_kflag (t), vlen);
  for (unsigned i = 0; i < vlen; i++)
    {
      uint64_t v = (uint64_t) (int64_t) e[i].val;
      e64[i] = (struct btf_enum64) { e[i].name_off, (uint32_t) v,
				     (uint32_t) (v >> 32) };
    }
  long id = btfld_copy_record (out, btf, n, size, map);
  free (n);
  return id;
}

/* Copy one type, gcc's 64-bit ENUM as the ENUM64 it is.  */
static long
copy_fixed (void *ctx, struct btfld_btf *out, const struct btfld_btf *btf,
	    uint32_t id, const uint32_t *map)
{
  const struct btf_type *t = btfld_type_by_id (btf, id);
  (void) ctx;
  if (btfld_kind (t) == BTF_KIND_ENUM && t->size == 8)
    return copy_as_enum64 (out, btf, t, map);
  return btfld_copy_type (out, btf, id, map);
}

/* Kept types in id order, then the variables in section order.  */
static struct btfld_btf *
rebuild (struct fix *f, const struct sec_entry *e, size_t n, uint32_t **mapp)
{
  uint32_t *order = malloc ((f->cnt ? f->cnt : 1) * sizeof *order);
  size_t k = 0;
  if (!order)
    {
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  for (uint32_t id = f->start; id < f->cnt; id++)
    if (f->keep[id]
	&& btfld_kind (btfld_type_by_id (f->btf, id)) != BTF_KIND_VAR)
      order[k++] = id;
  for (size_t i = 0; i < n; i++)
    order[k++] = e[i].vsi.type;
  struct btfld_btf *out = btfld_reorder_with (f->btf, order, k, mapp,
						copy_fixed, NULL);
  free (order);
  return out;
}

/* gcc 12 gives an array of unknown size (extern char _text[]) no index
   type, which the kernel rejects: it gets the named INT gcc uses as
   index type elsewhere, or any named INT.  */
static void
find_index_type (struct fix *f)
{
  uint32_t any = 0;
  for (uint32_t id = 1; id < f->cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      if (btfld_kind (t) == BTF_KIND_INT && t->name_off && !any)
	any = id;
      if (btfld_kind (t) != BTF_KIND_ARRAY)
	continue;
      uint32_t it = ((const struct btf_array *) (t + 1))->index_type;
      const struct btf_type *i = it ? btfld_type_by_id (f->btf, it) : NULL;
      if (i && btfld_kind (i) == BTF_KIND_INT && i->name_off)
	{
	  f->index_type = it;
	  return;
	}
    }
  f->index_type = any;
}

static void
apply_linkage (struct fix *f, struct btfld_btf *out, const uint32_t *map)
{
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      if (!f->keep[id])
	continue;
      struct btf_type *t = btfld_type_mut (out, map[id]);
      switch (btfld_kind (t))
	{
	case BTF_KIND_FUNC:
	  t->info = BTF_INFO_ENC (BTF_KIND_FUNC, 0, f->linkage[id]);
	  break;
	case BTF_KIND_VAR:
	  ((struct btf_var *) (t + 1))->linkage = f->linkage[id];
	  break;
	case BTF_KIND_INT:
	  if (btfld_traits_of (&f->tr, id) & BTFLD_TRAIT_INT_CHAR)
	    fix_int (t);
	  break;
	case BTF_KIND_ENUM:
	  if (!t->size)
	    t->size = f->linkage[id];
	  break;
	case BTF_KIND_ARRAY:
	  {
	    struct btf_array *a = (struct btf_array *) (t + 1);
	    uint32_t it = f->index_type < f->start ? f->index_type
			  : map[f->index_type];
	    if (!a->index_type && it)
	      a->index_type = it;
	  }
	  break;
	case BTF_KIND_FWD:
	  if (f->linkage[id])
	    {
	      t->info = BTF_INFO_ENC (BTF_KIND_ENUM, 0, 0);
	      t->size = f->linkage[id];
	    }
	  else
	    t->type = 0;	/* gcc 12's CTF kind; the kernel wants 0 */
	  break;
	default:
	  break;
	}
    }
}

/* The longest chain of nested ARRAYs rewritten (C has no limit; gcc
   none either, but a deeper chain is left alone).  */
#define MAX_ARRAY_DIMS 64

/* gcc 12 and 13 write int a[2][3][4] as ARRAY 4 of ARRAY 3 of ARRAY 2 of
   int: reverse the element counts along each chain whose top no other
   ARRAY contains.  A chain whose inner ARRAY another ARRAY shares (gcc
   does not write one) is left as it is.  */
static int
fix_arrays (struct fix *f, struct btfld_btf *out, const uint32_t *map)
{
  uint8_t *parents = calloc (f->cnt, 1);
  if (!parents)
    return btfld_error (-ENOMEM, "out of memory");
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      if (btfld_kind (t) != BTF_KIND_ARRAY)
	continue;
      uint32_t e = ((const struct btf_array *) (t + 1))->type;
      if (e >= f->start && e < f->cnt
	  && btfld_kind (btfld_type_by_id (f->btf, e)) == BTF_KIND_ARRAY
	  && parents[e] < 2)
	parents[e]++;
    }
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      if (!f->keep[id] || btfld_kind (t) != BTF_KIND_ARRAY || parents[id]
	  || !(btfld_traits_of (&f->tr, id) & BTFLD_TRAIT_ARRAYS_REVERSED))
	continue;
      uint32_t chain[MAX_ARRAY_DIMS], n = 0, cur = id;
      bool ok = true;
      while (true)
	{
	  if (n == MAX_ARRAY_DIMS || !f->keep[cur])
	    {
	      ok = false;
	      break;
	    }
	  chain[n++] = cur;
	  uint32_t e = ((const struct btf_array *)
			(btfld_type_by_id (f->btf, cur) + 1))->type;
	  if (e < f->start || e >= f->cnt
	      || btfld_kind (btfld_type_by_id (f->btf, e)) != BTF_KIND_ARRAY)
	    break;
	  if (parents[e] != 1)
	    {
	      ok = false;
	      break;
	    }
	  cur = e;
	}
      if (!ok || n < 2)
	continue;
      for (uint32_t i = 0, j = n - 1; i < j; i++, j--)
	{
	  struct btf_array *a = (struct btf_array *)
	    (btfld_type_mut (out, map[chain[i]]) + 1);
	  struct btf_array *b = (struct btf_array *)
	    (btfld_type_mut (out, map[chain[j]]) + 1);
	  uint32_t tmp = a->nelems;
	  a->nelems = b->nelems;
	  b->nelems = tmp;
	}
    }
  free (parents);
  return 0;
}

struct btfld_btf *
btfld_fixup (const struct btfld_btf *btf, const struct btfld_symtab *syms,
	     enum btfld_vars var_policy, uint32_t **mapp)
{
  return btfld_fixup_blobs (btf, syms, var_policy, NULL, mapp);
}

/* The same, the compiler of each blob (BLOB_OF as from
   btfld_merge_blobs, or NULL) judged apart.  */
struct btfld_btf *
btfld_fixup_blobs (const struct btfld_btf *btf,
		   const struct btfld_symtab *syms,
		   enum btfld_vars var_policy, const uint32_t *blob_of,
		   uint32_t **mapp)
{
  struct fix f = { btf, syms, var_policy, btfld_type_cnt (btf),
		   btfld_start_id (btf), NULL, NULL, NULL, NULL, NULL, false,
		   0, { NULL, NULL, 0, 0 } };
  struct btfld_btf *out = NULL;
  uint32_t *map = NULL;
  struct sec_entry *vars = NULL;
  size_t nvars = 0;
  f.keep = calloc (f.cnt, sizeof *f.keep);
  f.linkage = calloc (f.cnt, 1);
  f.var_sym = calloc (f.cnt, sizeof *f.var_sym);
  f.var_sec = calloc (f.cnt, sizeof *f.var_sec);
  f.claim = calloc (syms->nsyms + 1, sizeof *f.claim);
  if (!f.keep || !f.linkage || !f.var_sym || !f.var_sec || !f.claim
      || btfld_traits_detect (btf, blob_of, &f.tr))
    {
      btfld_error (-ENOMEM, "out of memory");
      goto out;
    }
  decide (&f);
  if (f.nomem)
    {
      btfld_error (-ENOMEM, "out of memory");
      goto out;
    }
  find_index_type (&f);
  if (find_enum_fwds (&f))
    goto out;
  if (sweep (&f) || !(vars = collect_vars (&f, &nvars))
      || !(out = rebuild (&f, vars, nvars, &map)))
    goto out;
  apply_linkage (&f, out, map);
  if (fix_arrays (&f, out, map) || add_datasecs (&f, out, map, vars, nvars))
    {
      btfld_btf_free (out);
      out = NULL;
    }
out:
  free (vars);
  if (mapp && out)
    *mapp = map, map = NULL;
  free (map);
  free (f.keep);
  free (f.linkage);
  free (f.var_sym);
  free (f.var_sec);
  free (f.claim);
  btfld_traits_free (&f.tr);
  return out;
}
