/* fixups.c -- make gcc 12's BTF kernel-valid using what only the linker
   knows: which functions and variables exist in the output, their binding,
   section and address.

   With per-object facts (btfld-session.h) the FUNCs and VARs of an
   object's blobs describe that object's own symbols only: its local
   symbol for a static, its global one for a global, when the object
   defines it and the definition survived the link (its section was
   placed in the output; a global: the output's definition of the name
   is this one), placed where its section landed; the rules below by
   name then apply only to blobs of no known object (LTO's).
   - FUNC: dropped when anonymous, when only declared (gcc gives a
     declaration's parameters no names), or when no defined symbol has its
     name; otherwise linkage from the symbol's binding.  A C23 definition
     with an unnamed parameter (gcc >= 15) loses its FUNC, with a
     warning: the kernel refuses a FUNC whose parameter has no name.
   - FUNC of a declaration whose function the output defines and no
     definition in the BTF describes (an assembly function, or one of an
     object built without BTF): kept, one per name, the first
     declaration's, its prototype's parameters named arg0, arg1 ... (no
     compiler names a declaration's parameters in BTF; asm_funcs).
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
   Anonymous types that only dropped types referenced go too.
   - ENUM or ENUM64 left without enumerators: kept, dropped or made an
     INT by its uses, empty-enums.c's rules (the session's fixups only:
     the sweep counts the uses).

   The fixups of the types' own fields (INT, ENUM, ARRAY, FWD) need no
   symbol: the plugin does them while ld links (btfld_fixup_content), and
   the rest after the link skips them.  */

#define _GNU_SOURCE 1		/* qsort_r */
#include "btfld-int.h"
#include "str-index.h"
#include "btfld-session.h"
#include "compiler-traits.h"
#include "elf-btf.h"

#include <errno.h>
#include <elf.h>
#include <stdlib.h>
#include <string.h>

/* Where a VAR's variable is in the output: section, offset in it,
   size; the binding of its symbol there; KEY numbers the symbol (the
   output's symbols first, then each object's).  */
struct place
{
  uint32_t sec;
  uint64_t off, size;
  unsigned char bind;
  size_t key;
};

struct var_fix
{
  struct place pl;		/* a placed VAR: where it is */
  bool placed;
  bool hint;			/* a DATASEC that says where the VAR is
				   (one the fixups wrote, with a size) */
  uint32_t sec;			/* name of the DATASEC listing the VAR */
  uint32_t off;			/* its offset there, when HINT */
};

/* An enum the compiler left without enumerators, and its uses by the
   types kept (empty-enums.c's rules): the first user by value (a type
   other than a VAR: the least id; a VAR: first in section order, as
   VARs come after the other types) and the first by reference.  */
struct empty_use
{
  uint32_t id, by_value, incomplete;
  uint32_t first_value, first_var, first_ref;
};

/* One record of the GCC plugin's (.btfld.clones, doc/clones.md): a
   clone CLONE of the source function ORIGIN; IDX[I] the source
   parameter the clone's parameter I is, or -1.  */
enum { CLONE_RET_SAME, CLONE_RET_VOID, CLONE_RET_OTHER };
enum { CLONE_VA_NONE, CLONE_VA_YES, CLONE_VA_OTHER };
struct clone_rec
{
  const char *clone, *origin;
  bool split;			/* a part of the function (ipa-split) */
  unsigned char ret, va;
  uint32_t norig, n;
  int32_t *idx;
  bool twin;			/* another record of the object names the
				   same clone: which is which is unknown */
  uint32_t src;			/* the object's FUNC of ORIGIN (a
				   definition's), 0: none */
  uint32_t nsrc;		/* how many it has */
};

/* A FUNC to add for a clone (true_signature): the source FUNC's
   prototype's return type (RET, 0: void) and the types and names of
   the N parameters the clone takes (VA: then "...").  */
struct clone_add
{
  const char *name;
  unsigned char linkage;
  bool va;
  uint32_t ret, n;
  uint32_t *type;
  char **pname;
};

/* One object's facts as the fixups look them up; or, with O NULL, one
   compilation unit of a linked file (its blob and its records of
   .btfld.clones; the file's own symbols stand for the object's).  */
struct obj_index
{
  const struct btfld_object *o;
  uint32_t *by_name;		/* symbol indexes sorted by name */
  size_t n;
  uint32_t *outsec;		/* output section of each input section,
				   UINT32_MAX: not placed */
  size_t key_base;
  struct clone_rec *clones;	/* the object's .btfld.clones records */
  size_t nclones;
  char *clone_text;		/* their names point into this copy */
};

struct fix
{
  const struct btfld_btf *btf;
  const struct btfld_symtab *syms;
  enum btfld_vars vars;
  uint32_t cnt, start;
  bool *keep;
  uint8_t *linkage;		/* new FUNC/VAR linkage; for a FWD that is
				   a forward enum, the enum's size */
  /* The facts of each VAR (and of each id a DATASEC lists): VF[VIX[ID]
     - 1], VIX[ID] 0 while it has none.  Apart from the per-type arrays,
     so that the few, scattered VARs touch few pages.  */
  uint32_t *vix;
  struct var_fix *vf;
  size_t nvf, vf_cap;
  uint32_t *claim;		/* per symbol key: the VAR describing it */
  size_t nkeys;
  const struct btfld_objfacts *of;	/* per-object facts, or NULL */
  const uint32_t *blob_of;
  struct obj_index *ox;
  struct obj_index *ux;		/* per blob of no object: its unit's
				   records (index_units), or NULL */
  uint64_t tls_start;
  bool nomem;			/* an allocation failed */
  uint32_t index_type;		/* for arrays of unknown size */
  uint32_t base_index_type;	/* the one index type of the base's
				   arrays, or 0 */
  struct btfld_traits tr;	/* what each blob's compiler got wrong */
  /* When the fixups of the types' contents (INT, ENUM, ARRAY, FWD) were
     done already, in place (btfld_fixup_content): the bitmap of the ids
     they made forward enums; else NULL.  */
  const uint64_t *made_fwd;
  /* With EMPTY_RULES, the enums left without enumerators (EMPTY, a
     bitmap; USE, by id) are kept, dropped or made INTs (EMPTY_INT).  */
  bool empty_rules, made_int;
  uint64_t *empty, *empty_int;
  struct empty_use *use;
  size_t nuse, use_cap;
  /* The prototypes of the declarations' FUNCs that describe functions
     no definition in the BTF describes (asm_funcs): their parameters
     get names.  */
  uint32_t *asm_protos;
  size_t nasm;
  /* The FUNCs of the clones' own names to add after the rebuild
     (clone_funcs).  */
  struct clone_add *adds;
  size_t nadds, nadds_cap;
  /* Each own id's kind, KIND_NAMED added when it has a name: the passes
     over every id read these bytes instead of the records, which at a
     kernel's size are hundreds of MB (index_kinds).  */
  uint8_t *kinds;
};

#define KIND_NAMED 0x80

static inline unsigned
kind_of (const struct fix *f, uint32_t id)
{
  return f->kinds[id] & ~KIND_NAMED;
}

/* F's kind index: one pass over the records.  */
static int
index_kinds (struct fix *f)
{
  if (!(f->kinds = btfld_huge_malloc (f->cnt ? f->cnt : 1, 1)))
    return -ENOMEM;
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      f->kinds[id] = btfld_kind (t) | (t->name_off ? KIND_NAMED : 0);
    }
  return 0;
}

/* Whether ID is a forward enum the content fixups made (from a FWD, or
   an ENUM of size 0): not an enum whose 64-bit enumerators gcc
   dropped, whatever its size.  */
static bool
made_fwd (const struct fix *f, uint32_t id)
{
  return btfld_bit (f->made_fwd, id);
}

/* The facts of VAR ID, made empty when it has none (NULL: out of
   memory, noted in F).  */
static struct var_fix *
var_fix (struct fix *f, uint32_t id)
{
  if (!f->vix[id])
    {
      if (btfld_grow ((void **) &f->vf, &f->vf_cap, f->nvf + 1,
		      sizeof *f->vf))
	{
	  f->nomem = true;
	  return NULL;
	}
      memset (&f->vf[f->nvf], 0, sizeof *f->vf);
      f->vix[id] = ++f->nvf;
    }
  return &f->vf[f->vix[id] - 1];
}

/* The same without making any: NULL when ID has none.  */
static struct var_fix *
var_fix_of (struct fix *f, uint32_t id)
{
  return f->vix[id] ? &f->vf[f->vix[id] - 1] : NULL;
}

/* The value of the defined symbol NAME, or 0.  */
static uint64_t
sym_value (const struct fix *f, const char *name)
{
  size_t n;
  const struct btfld_sym *s = btfld_symtab_lookup (f->syms, name, &n);
  return n && btfld_sym_defined (s) ? s->value : 0;
}

/* Whether function symbol S is one of the kernel's static call
   trampolines: in a section .static_call.text, or between
   __static_call_text_start and __static_call_text_end of a linked
   kernel (whose linker script puts that section in .text).  C declares
   each (with the type of the function it calls) and the kernel rewrites
   it at run time; it is no function to trace, and pahole gives it no
   FUNC (its declarations name no parameter).  */
static bool
static_call_section (const char *name)
{
  return strcmp (name, ".static_call.text") == 0;
}

static bool
static_call_trampoline (const struct fix *f, const struct btfld_sym *s)
{
  if (s->shndx < f->syms->nsecs
      && static_call_section (f->syms->secs[s->shndx].name))
    return true;
  if (f->syms->e_type == ET_REL)
    return false;
  uint64_t start = sym_value (f, "__static_call_text_start");
  uint64_t end = sym_value (f, "__static_call_text_end");
  return start && start <= s->value && s->value < end;
}

/* A function's code: an STT_FUNC symbol, but a static call
   trampoline.  An IFUNC symbol (gcc's target_clones, glibc's ifunc
   attribute) is the resolver's code, whose prototype is not the FUNC's;
   the variants it chooses have symbols of their own (NAME.default,
   NAME.avx2), as pahole, which takes STT_FUNC symbols only.  */
static bool
is_func_sym (const struct fix *f, const struct btfld_sym *s)
{
  return s->type == STT_FUNC && !static_call_trampoline (f, s);
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
   global symbol, or a local one when the link made it local (hidden
   visibility, a version script's "local:", LTO's whole-program
   localization): then it becomes static, as its symbol is and as the
   gcc 12 path decides from the binding, so that every compiler gives a
   link the same linkage.  A static FUNC with only a global symbol of
   its name comes from a gcc 12 object in the same link.  */
static bool
fix_func_real (struct fix *f, uint32_t id, const struct btf_type *t)
{
  const char *name = btfld_str (f->btf, t->name_off);
  unsigned linkage = btfld_vlen (t);
  size_t n;
  bool local = false, global = false;
  const struct btfld_sym *s = btfld_symtab_lookup (f->syms, name, &n);
  for (size_t i = 0; i < n; i++)
    if (btfld_sym_defined (&s[i]) && is_func_sym (f, &s[i]))
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
  f->linkage[id] = linkage == BTF_FUNC_GLOBAL && !global
		   ? BTF_FUNC_STATIC : linkage;
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
    if (btfld_sym_defined (&s[i]) && is_func_sym (f, &s[i]))
      {
	if (s[i].bind == STB_LOCAL)
	  local = true;
	else
	  global = true;
      }
  f->keep[id] = local || global;
  f->linkage[id] = global ? BTF_FUNC_GLOBAL : BTF_FUNC_STATIC;
}

/* Names seen so far, with a count (once-per-name warnings), indexed
   by name.  */
struct seen_name { const char *name; size_t count; };
struct seen
{
  struct btfld_str_index ix;	/* indexes of V */
  struct seen_name *v;
  size_t n, cap;
};

static const char *
seen_key (const void *ctx, uint32_t i)
{
  return ((const struct seen *) ctx)->v[i].name;
}

/* How often NAME was seen before (SIZE_MAX: out of memory).  */
static size_t
seen_next (struct seen *s, const char *name)
{
  if (btfld_str_index_reserve (&s->ix, 16, seen_key, s))
    return SIZE_MAX;
  size_t j = btfld_str_index_slot (&s->ix, name, seen_key, s);
  if (s->ix.slot[j] != BTFLD_STR_INDEX_EMPTY)
    return s->v[s->ix.slot[j]].count++;
  if (btfld_grow ((void **) &s->v, &s->cap, s->n + 1, sizeof *s->v))
    return SIZE_MAX;
  s->v[s->n] = (struct seen_name) { name, 1 };
  btfld_str_index_put (&s->ix, j, (uint32_t) s->n++);
  return 0;
}

static void
seen_free (struct seen *s)
{
  btfld_str_index_free (&s->ix);
  free (s->v);
}

static bool
var_wanted (const struct fix *f, const struct place *p)
{
  if (f->vars == BTFLD_VARS_NONE)
    return false;
  if (f->vars == BTFLD_VARS_ALL)
    return true;
  return strcmp (f->syms->secs[p->sec].name, ".data..percpu") == 0;
}

/* How well VAR ID's type fits symbol S: 2 when its size is the symbol's,
   1 when smaller (an initialized flexible array member), 0 when it cannot
   describe it (larger, or no size: the kernel says "Invalid size").  */
static int
var_fit (const struct fix *f, uint32_t id, uint64_t sym_size)
{
  const struct btf_type *t = btfld_type_by_id (f->btf, id);
  uint64_t size = btfld_type_size (f->btf, t->type);
  return !size || size > sym_size ? 0 : size == sym_size ? 2 : 1;
}

/* The offset of output symbol S in its section (a linked TLS symbol's
   value is relative to the TLS segment, which starts at the lowest TLS
   section).  */
static uint64_t
out_offset (const struct fix *f, const struct btfld_sym *s)
{
  const struct btfld_sec *sec = &f->syms->secs[s->shndx];
  if (f->syms->e_type == ET_REL)
    return s->value;
  if (s->type == STT_TLS && (sec->flags & SHF_TLS))
    return s->value - (sec->addr - f->tls_start);
  return s->value - sec->addr;
}

/* Output symbol S as a place.  */
static bool
place_out_sym (const struct fix *f, const struct btfld_sym *s,
	       struct place *p)
{
  if (s->shndx >= f->syms->nsecs)
    return false;
  *p = (struct place) { s->shndx, out_offset (f, s), s->size, s->bind,
			(size_t) (s - f->syms->syms) };
  return true;
}

/* A defined variable is described by one VAR.  gcc also emits VARs for
   extern declarations, listed in whatever DATASEC it guessed: prefer the
   VAR whose DATASEC names the symbol's own section, else the first.
   V: the facts of VAR ID.  */
static void
claim_symbol (struct fix *f, uint32_t id, struct var_fix *v)
{
  const struct place *p = &v->pl;
  uint32_t *c = &f->claim[p->key];
  const char *sec = f->syms->secs[p->sec].name;
  if (*c)
    {
      /* A definition's type (its size is the symbol's) wins over a
	 declaration's (extern char x[]).  */
      struct var_fix *w = var_fix_of (f, *c);
      int mine_fit = var_fit (f, id, p->size);
      int their_fit = var_fit (f, *c, p->size);
      const char *mine = btfld_str (f->btf, v->sec);
      const char *theirs = btfld_str (f->btf, w->sec);
      if (mine_fit < their_fit
	  || (mine_fit == their_fit
	      && (strcmp (theirs, sec) == 0 || strcmp (mine, sec) != 0)))
	{
	  v->placed = false;
	  return;
	}
      f->keep[*c] = false;
      w->placed = false;
    }
  *c = id;
}

/* VAR ID describes the variable at P: keep it, when the policy wants it
   and no better VAR describes that variable; its linkage from the
   symbol's binding.  */
static void
take_var (struct fix *f, uint32_t id, const struct place *p)
{
  struct var_fix *v = var_fix (f, id);
  if (!v)
    return;
  v->pl = *p;
  v->placed = var_wanted (f, p);
  if (!v->placed)
    return;
  claim_symbol (f, id, v);
  if (!v->placed)
    return;
  f->keep[id] = true;
  /* From the binding with every compiler: a global variable the link
     made local (hidden, a version script) is static, as its symbol.  */
  f->linkage[id] = p->bind == STB_LOCAL ? BTF_VAR_STATIC
		   : BTF_VAR_GLOBAL_ALLOCATED;
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
  const struct btfld_sym *chosen = NULL;
  if (v->linkage != BTF_VAR_STATIC && global)
    chosen = global;
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
      const struct btfld_sym *pick = NULL, *loose = NULL, *taken = NULL;
      for (size_t i = 0; i < nlocal && !pick; i++)
	{
	  int fit = var_fit (f, id, locals[i]->size);
	  if (f->claim[locals[i] - f->syms->syms])
	    {
	      /* One that another VAR only fits loosely: claim_symbol
		 gives it to the better.  */
	      if (fit == 2 && !taken)
		taken = locals[i];
	    }
	  else if (fit == 2)
	    pick = locals[i];
	  else if (fit == 1 && !loose)
	    loose = locals[i];
	}
      chosen = pick ? pick : taken ? taken : loose;
    }
  else
    chosen = global ? global : nlocal ? locals[0] : NULL;
  free (locals);
  if (chosen && !var_fit (f, id, chosen->size))
    chosen = NULL;		/* the kernel: "Invalid size" */
  struct place p;
  if (chosen && place_out_sym (f, chosen, &p))
    take_var (f, id, &p);
}

static int
by_obj_name (const void *a, const void *b, void *ctx)
{
  const struct btfld_object *o = ctx;
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  int c = strcmp (o->syms[x].name, o->syms[y].name);
  return c ? c : x < y ? -1 : x > y;
}

/* Per-object facts.  The object whose blob type ID is from, or -1.  */
static int
obj_of (const struct fix *f, uint32_t id)
{
  if (!f->of || !f->blob_of || id < f->start)
    return -1;
  uint32_t b = f->blob_of[id - f->start];
  int o = b < f->of->nblobs ? f->of->blob_obj[b] : -1;
  return o >= 0 && (size_t) o < f->of->nobjs ? o : -1;
}

/* The symbols of object X named NAME: *N indexes into X's by_name.  */
static const uint32_t *
obj_lookup (const struct obj_index *x, const char *name, size_t *n)
{
  size_t lo = 0, hi = x->n;
  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;
      if (strcmp (x->o->syms[x->by_name[mid]].name, name) < 0)
	lo = mid + 1;
      else
	hi = mid;
    }
  size_t end = lo;
  while (end < x->n && strcmp (x->o->syms[x->by_name[end]].name, name) == 0)
    end++;
  *n = end - lo;
  return x->by_name + lo;
}

/* Where symbol K of object X is in the output, if it survived the link:
   its section landed there and the output has a symbol of its name
   there (for a global: the output's definition of the name is this
   one, not another object's strong definition overriding a weak one,
   or a duplicate ld discarded; for a local: ld wrote it).  A common
   symbol is wherever the output put the name.  */
static bool
place_obj_sym (const struct fix *f, const struct obj_index *x, uint32_t k,
	       struct place *p)
{
  const struct btfld_obj_sym *y = &x->o->syms[k];
  size_t n;
  const struct btfld_sym *s = btfld_symtab_lookup (f->syms, y->name, &n);
  if (y->sec == BTFLD_OBJ_COMMON)
    {
      for (size_t i = 0; i < n; i++)
	if (s[i].bind != STB_LOCAL && btfld_sym_defined (&s[i])
	    && is_data_sym (&s[i]))
	  return place_out_sym (f, &s[i], p);
      return false;
    }
  if (y->sec >= x->o->nsecs || x->outsec[y->sec] == UINT32_MAX)
    return false;
  *p = (struct place) { x->outsec[y->sec],
			x->o->secs[y->sec].out_offset + y->value, y->size,
			y->bind, f->syms->nsyms + x->key_base + k };
  /* The output has the symbol there: a local one too (ld -x, --discard-all
     writes none, though the section that placed them stays; a FUNC or
     VAR then would describe no symbol).  */
  for (size_t i = 0; i < n; i++)
    if (btfld_sym_defined (&s[i]) && s[i].shndx == p->sec
	&& out_offset (f, &s[i]) == p->off
	&& (y->bind != STB_LOCAL || s[i].bind == STB_LOCAL))
      {
	p->bind = s[i].bind;	/* made local: hidden, version script */
	return true;
      }
  return false;
}

/* A function of object X's own, as is_func_sym: Y an STT_FUNC symbol
   of one of its sections but .static_call.text.  */
static bool
obj_func_sym (const struct obj_index *x, const struct btfld_obj_sym *y)
{
  return y->type == STT_FUNC && y->sec < x->o->nsecs
	 && !static_call_section (x->o->secs[y->sec].name);
}

/* FUNC ID of object OX: the object's own function of its name, when it
   survived the link.  */
static void
fix_func_obj (struct fix *f, uint32_t id, const struct btf_type *t,
	      const struct obj_index *x)
{
  const char *name = btfld_str (f->btf, t->name_off);
  bool real = btfld_traits_of (&f->tr, id) & BTFLD_TRAIT_REAL_LINKAGE;
  unsigned linkage = btfld_vlen (t);
  size_t n;
  struct place p;
  f->keep[id] = false;
  if (!*name || (real && linkage == BTF_FUNC_EXTERN))
    return;
  /* gcc 12's FUNC of a declaration (most of its FUNCs: one per function
     a unit declares) goes whatever the symbols say: no lookup.  */
  if (!real && proto_is_declaration (f->btf, t->type))
    return;
  const uint32_t *k = obj_lookup (x, name, &n);
  /* As fix_func_real: a static FUNC whose object defines the name only
     globally is gcc 12's (every FUNC static, though its extern VARs
     look like real linkage): the binding decides.  */
  if (real && linkage == BTF_FUNC_STATIC)
    {
      bool local = false, global = false;
      for (size_t i = 0; i < n; i++)
	{
	  const struct btfld_obj_sym *y = &x->o->syms[k[i]];
	  if (!obj_func_sym (x, y))
	    continue;
	  if (y->bind == STB_LOCAL)
	    local = true;
	  else
	    global = true;
	}
      if (!local && global)
	real = false;
    }
  bool found = false;
  for (size_t i = 0; i < n && !found; i++)
    {
      const struct btfld_obj_sym *y = &x->o->syms[k[i]];
      if (!obj_func_sym (x, y)
	  || (real && (linkage == BTF_FUNC_STATIC) != (y->bind == STB_LOCAL)))
	continue;
      found = place_obj_sym (f, x, k[i], &p);
    }
  if (!found)
    return;
  if (proto_is_declaration (f->btf, t->type))
    {
      /* gcc 12 writes a FUNC for a declaration too (its parameters have
	 no names); with a C23 unnamed parameter, the definition's.  */
      if (real)
	btfld_warn ("type [%u] FUNC '%s': a parameter has no name, which "
		    "the kernel refuses; no FUNC for it", id, name);
      return;
    }
  f->keep[id] = true;
  /* With every compiler from the binding: a global function the link
     made local (hidden, a version script) is static, as its symbol.  */
  f->linkage[id] = real && linkage == BTF_FUNC_STATIC ? linkage
		   : p.bind == STB_LOCAL ? BTF_FUNC_STATIC : BTF_FUNC_GLOBAL;
}

/* VAR ID of object OX: the object's own definition of its name (a
   static VAR: a local symbol; a global: a global one) that survived the
   link.  Of several of one name (an object that ld -r made of several
   files), the one its DATASEC entry names (when a fixup wrote it), else
   the first not yet described whose size is the type's, else one the
   type fits in (an initialized flexible array).  */
static void
fix_var_obj (struct fix *f, uint32_t id, const struct btf_type *t,
	     const struct obj_index *x)
{
  const char *name = btfld_str (f->btf, t->name_off);
  const struct btf_var *v = (const void *) (t + 1);
  bool real = btfld_traits_of (&f->tr, id) & BTFLD_TRAIT_REAL_LINKAGE;
  bool want_local = v->linkage == BTF_VAR_STATIC;
  size_t n;
  struct place p, exact, tight, loose, taken;
  bool have_exact = false, have_tight = false, have_loose = false;
  bool have_taken = false;
  const struct var_fix *vf = var_fix_of (f, id);
  f->keep[id] = false;
  if (real && v->linkage == BTF_VAR_GLOBAL_EXTERN)
    return;
  const uint32_t *k = obj_lookup (x, name, &n);
  for (size_t i = 0; i < n && !have_exact; i++)
    {
      const struct btfld_obj_sym *y = &x->o->syms[k[i]];
      if ((y->type != STT_OBJECT && y->type != STT_TLS
	   && y->type != STT_NOTYPE)
	  || !y->size || y->sec == BTFLD_OBJ_UNDEF || y->sec == BTFLD_OBJ_ABS
	  || want_local != (y->bind == STB_LOCAL)
	  || !place_obj_sym (f, x, k[i], &p))
	continue;
      int fit = var_fit (f, id, p.size);
      if (!fit)
	continue;
      /* One another VAR describes already: claim_symbol keeps the
	 better (a definition's char[16] over a declaration's char[]).  */
      if (f->claim[p.key])
	{
	  if (!have_taken)
	    taken = p, have_taken = true;
	  continue;
	}
      if (vf && vf->hint && y->sec < x->o->nsecs && y->value == vf->off
	  && strcmp (x->o->secs[y->sec].name,
		     btfld_str (f->btf, vf->sec)) == 0)
	exact = p, have_exact = true;
      else if (fit == 2 && !have_tight)
	tight = p, have_tight = true;
      else if (fit == 1 && !have_loose)
	loose = p, have_loose = true;
    }
  if (!have_exact && !have_tight && !have_loose && !have_taken)
    return;
  take_var (f, id, have_exact ? &exact : have_tight ? &tight
		  : have_loose ? &loose : &taken);
}

static int
by_sec_name (const void *a, const void *b, void *ctx)
{
  const struct btfld_symtab *syms = ctx;
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  int c = strcmp (syms->secs[x].name, syms->secs[y].name);
  return c ? c : x < y ? -1 : x > y;
}

/* The first output section named NAME, from BY_NAME (the output's
   sections sorted by name, then index), or UINT32_MAX.  */
static uint32_t
out_section (const struct btfld_symtab *syms, const uint32_t *by_name,
	     const char *name)
{
  size_t lo = 0, hi = syms->nsecs;
  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;
      if (strcmp (syms->secs[by_name[mid]].name, name) < 0)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo < syms->nsecs && !strcmp (syms->secs[by_name[lo]].name, name)
	 ? by_name[lo] : UINT32_MAX;
}

/* A decimal number below LIMIT, all of TOK.  */
static bool
clone_num (const char *tok, uint32_t limit, uint32_t *v)
{
  char *end;
  if (*tok < '0' || *tok > '9')
    return false;
  errno = 0;
  unsigned long n = strtoul (tok, &end, 10);
  if (*end || errno || n >= limit)
    return false;
  *v = n;
  return true;
}

/* The most parameters a record may name (C's limit is far below).  */
#define CLONE_MAX_PARAMS 4096

/* One line of .btfld.clones, in place (its tokens cut by NULs): false
   when it is not a record of the version this reads (it then gives no
   FUNC).  */
static bool
parse_clone (char *line, struct clone_rec *r)
{
  char *tok[8], *save = NULL;
  size_t n = 0;
  for (char *t = strtok_r (line, " ", &save); t;
       t = strtok_r (NULL, " ", &save))
    {
      if (n == 8)
	return false;
      tok[n++] = t;
    }
  if (n != 8 || strcmp (tok[0], "v1") != 0
      || (strcmp (tok[3], "clone") && strcmp (tok[3], "split"))
      || !clone_num (tok[6], CLONE_MAX_PARAMS, &r->norig))
    return false;
  r->clone = tok[1];
  r->origin = tok[2];
  r->split = !strcmp (tok[3], "split");
  memmove (tok + 3, tok + 4, 4 * sizeof *tok);
  r->ret = !strcmp (tok[3], "same") ? CLONE_RET_SAME
	   : !strcmp (tok[3], "void") ? CLONE_RET_VOID : CLONE_RET_OTHER;
  r->va = !strcmp (tok[4], "n") ? CLONE_VA_NONE
	  : !strcmp (tok[4], "y") ? CLONE_VA_YES : CLONE_VA_OTHER;
  r->n = 0;
  r->idx = NULL;
  if (!strcmp (tok[6], "."))
    return true;
  size_t cap = 1;
  for (const char *c = tok[6]; *c; c++)
    cap += *c == ',';
  if (cap > CLONE_MAX_PARAMS || !(r->idx = malloc (cap * sizeof *r->idx)))
    return false;
  save = NULL;
  for (char *t = strtok_r (tok[6], ",", &save); t;
       t = strtok_r (NULL, ",", &save))
    {
      uint32_t v;
      if (!strcmp (t, "-"))
	r->idx[r->n++] = -1;
      else if (clone_num (t, CLONE_MAX_PARAMS, &v))
	r->idx[r->n++] = v;
      else
	{
	  free (r->idx);
	  r->idx = NULL;
	  return false;
	}
    }
  return r->n == cap;
}

/* X's records: the SIZE bytes of .btfld.clones at TEXT.  */
static int
index_clones (struct obj_index *x, const char *text, size_t size)
{
  if (!text || !size)
    return 0;
  if (!(x->clone_text = malloc (size + 1)))
    return -ENOMEM;
  memcpy (x->clone_text, text, size);
  x->clone_text[size] = 0;
  /* ld may pad between the objects' sections with NULs.  */
  for (size_t i = 0; i < size; i++)
    if (!x->clone_text[i])
      x->clone_text[i] = '\n';
  size_t lines = 1;
  for (size_t i = 0; i < size; i++)
    lines += x->clone_text[i] == '\n';
  if (!(x->clones = calloc (lines, sizeof *x->clones)))
    return -ENOMEM;
  char *save = NULL;
  for (char *l = strtok_r (x->clone_text, "\n", &save); l;
       l = strtok_r (NULL, "\n", &save))
    if (parse_clone (l, &x->clones[x->nclones]))
      x->nclones++;
  for (size_t i = 0; i < x->nclones; i++)
    for (size_t j = i + 1; j < x->nclones; j++)
      if (!strcmp (x->clones[i].clone, x->clones[j].clone))
	x->clones[i].twin = x->clones[j].twin = true;
  return 0;
}

/* Index each object's symbols by name and its sections by the output
   section they landed in (through the output's sections sorted by
   name: an ld -r output may have one section per function).  */
static int
index_objects (struct fix *f)
{
  size_t keys = f->syms->nsyms;
  if (!f->of || !f->of->nobjs)
    {
      f->nkeys = keys;
      return 0;
    }
  uint32_t *secs = malloc ((f->syms->nsecs ? f->syms->nsecs : 1)
			   * sizeof *secs);
  if (!secs || !(f->ox = calloc (f->of->nobjs, sizeof *f->ox)))
    {
      free (secs);
      return btfld_error (-ENOMEM, "out of memory");
    }
  for (size_t m = 0; m < f->syms->nsecs; m++)
    secs[m] = m;
  qsort_r (secs, f->syms->nsecs, sizeof *secs, by_sec_name,
	   (void *) f->syms);
  for (size_t j = 0; j < f->of->nobjs; j++)
    {
      struct obj_index *x = &f->ox[j];
      const struct btfld_object *o = f->of->objs[j];
      x->o = o;
      x->key_base = keys - f->syms->nsyms;
      keys += o->nsyms;
      x->by_name = malloc ((o->nsyms ? o->nsyms : 1) * sizeof *x->by_name);
      x->outsec = malloc ((o->nsecs ? o->nsecs : 1) * sizeof *x->outsec);
      if (!x->by_name || !x->outsec)
	{
	  free (secs);
	  return btfld_error (-ENOMEM, "out of memory");
	}
      for (size_t i = 0; i < o->nsyms; i++)
	if (o->syms[i].type != STT_FILE)
	  x->by_name[x->n++] = i;
      qsort_r (x->by_name, x->n, sizeof *x->by_name, by_obj_name,
	       (void *) o);
      for (size_t i = 0; i < o->nsecs; i++)
	x->outsec[i] = o->secs[i].out_name
		       ? out_section (f->syms, secs, o->secs[i].out_name)
		       : UINT32_MAX;
      if (f->of->clones && index_clones (x, o->clones, o->clones_size))
	{
	  free (secs);
	  return btfld_error (-ENOMEM, "out of memory");
	}
    }
  free (secs);
  f->nkeys = keys;
  return 0;
}

/* Whether the line at L (before END) starts a compilation unit's
   records: "v1 unit FILE".  */
static bool
unit_line (const char *l, const char *end)
{
  return end - l >= 8 && memcmp (l, "v1 unit ", 8) == 0;
}

/* L past newlines and the NULs ld pads between the objects' sections.  */
static const char *
skip_blank (const char *l, const char *end)
{
  while (l < end && (*l == '\n' || !*l))
    l++;
  return l;
}

/* The next line after L's end.  */
static const char *
next_line (const char *l, const char *end)
{
  while (l < end && *l != '\n' && *l)
    l++;
  return skip_blank (l, end);
}

/* The compilation units of a linked file whose objects are gone, from
   its .btfld.clones (OF's unit_clones).  The GCC plugin starts each
   object's records with a line "v1 unit FILE", and ld concatenates the
   objects' .btfld.clones in the order it concatenates their .BTF: when
   there are as many units as blobs, unit K's records are blob K's.
   Otherwise (an object compiled without the plugin, or by one that
   wrote no unit lines) which records go with which blob is unknown, and
   no clone gets a FUNC.  */
static int
index_units (struct fix *f)
{
  if (!f->of || !f->of->clones || !f->of->unit_clones)
    return 0;
  const char *text = f->of->unit_clones;
  const char *end = text + f->of->unit_clones_size;
  const char *l = skip_blank (text, end);
  size_t units = 0;
  bool orphans = false;
  for (const char *k = l; k < end; k = next_line (k, end))
    if (unit_line (k, end))
      units++;
    else if (!units)
      orphans = true;
  if (!units)
    return 0;
  if (orphans || units != f->of->nblobs)
    {
      btfld_warn (".btfld.clones: %zu compilation units%s for %u blobs of "
		  ".BTF: no FUNCs for gcc's clones", units,
		  orphans ? " and records of none" : "", f->of->nblobs);
      return 0;
    }
  if (!(f->ux = calloc (units, sizeof *f->ux)))
    return -ENOMEM;
  size_t k = 0;
  const char *from = l;
  for (const char *m = next_line (l, end);; m = next_line (m, end))
    if (m == end || unit_line (m, end))
      {
	if (index_clones (&f->ux[k++], from, m - from))
	  return -ENOMEM;
	if (m == end)
	  break;
	from = m;
      }
  return 0;
}

static void
free_index (struct obj_index *x, size_t n)
{
  for (size_t j = 0; x && j < n; j++)
    {
      free (x[j].by_name);
      free (x[j].outsec);
      for (size_t i = 0; i < x[j].nclones; i++)
	free (x[j].clones[i].idx);
      free (x[j].clones);
      free (x[j].clone_text);
    }
  free (x);
}

static void
free_objects (struct fix *f)
{
  if (f->ox)
    free_index (f->ox, f->of->nobjs);
  if (f->ux)
    free_index (f->ux, f->of->nblobs);
}

struct named { uint32_t name, id; unsigned kind, size; };

/* By name, then id: the first of a name is the first in id order.  */
static int
by_name (const void *a, const void *b)
{
  const struct named *x = a, *y = b;
  if (x->name != y->name)
    return x->name < y->name ? -1 : 1;
  return x->id < y->id ? -1 : x->id > y->id;
}

/* The first entry of V (N, by_name order) named NAME, or NULL.  */
static const struct named *
first_named (const struct named *v, size_t n, uint32_t name)
{
  size_t lo = 0, hi = n;
  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;
      if (v[mid].name < name)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo < n && v[lo].name == name ? &v[lo] : NULL;
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
  const struct named *m = name ? first_named (v, n, name) : NULL;
  for (; m && m < v + n && m->name == name; m++)
    if (m->kind != BTF_KIND_STRUCT && m->size)
      return m->size;
  return 4;
}

/* One pass over the types notes the named STRUCTs and ENUMs and the
   declarations to resolve; only the definitions of those declarations'
   names are sorted (a kernel has a million definitions, a few thousand
   such names).  */
static int
find_enum_fwds (struct fix *f)
{
  struct named *v = malloc ((f->cnt ? f->cnt : 1) * sizeof *v);
  uint32_t *decl = malloc ((f->cnt ? f->cnt : 1) * sizeof *decl);
  uint32_t *names = NULL;
  size_t n = 0, nd = 0, k = 0;
  if (!v || !decl)
    goto nomem;
  for (uint32_t id = 1; id < f->cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      unsigned kind = btfld_kind (t);
      if (t->name_off && (kind == BTF_KIND_STRUCT || kind == BTF_KIND_ENUM
			  || kind == BTF_KIND_ENUM64))
	v[n++] = (struct named) { t->name_off, id, kind, t->size };
      if (id >= f->start
	  && ((kind == BTF_KIND_ENUM && !t->size)
	      || (kind == BTF_KIND_FWD && !btfld_kflag (t) && t->name_off)))
	decl[nd++] = id;
    }
  if (!(names = malloc ((nd ? nd : 1) * sizeof *names)))
    goto nomem;
  for (size_t i = 0; i < nd; i++)
    names[i] = btfld_type_by_id (f->btf, decl[i])->name_off;
  qsort (names, nd, sizeof *names, btfld_cmp_u32);
  for (size_t i = 0; i < n; i++)
    if (bsearch (&v[i].name, names, nd, sizeof *names, btfld_cmp_u32))
      v[k++] = v[i];
  n = k;
  qsort (v, n, sizeof *v, by_name);
  for (size_t i = 0; i < nd; i++)
    {
      uint32_t id = decl[i];
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      if (btfld_kind (t) == BTF_KIND_ENUM)
	{
	  f->linkage[id] = enum_fwd_size (v, n, t->name_off);
	  continue;
	}
      const struct named *m = first_named (v, n, t->name_off);
      /* gcc 12 leaves its CTF kind of the forward in the type field, and
	 CTF_K_ENUM says enum: a forward enum of the default size even
	 when no object defines it.  */
      if (!m && t->type == GCC_CTF_K_ENUM)
	f->linkage[id] = 4;
      if (!m)
	continue;
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
  free (decl);
  free (names);
  return 0;
nomem:
  free (v);
  free (decl);
  return btfld_error (-ENOMEM, "out of memory");
}

static void
note_datasecs (struct fix *f)
{
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      if (kind_of (f, id) != BTF_KIND_DATASEC)
	continue;
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      const struct btf_var_secinfo *v = (const void *) (t + 1);
      for (unsigned i = 0; i < btfld_vlen (t); i++)
	{
	  struct var_fix *x;
	  if (v[i].type < f->start || v[i].type >= f->cnt
	      || !(x = var_fix (f, v[i].type)))
	    continue;
	  x->sec = t->name_off;
	  x->off = v[i].offset;
	  /* gcc leaves a DATASEC's size 0 and its offsets 0 in an
	     object; one with a size says where its variables are.  */
	  x->hint = t->size != 0;
	}
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

/* A global name is one function: of the global FUNCs kept for a name,
   the first (in input order) stays.  Several arrive when the blobs of
   several definitions reach the fixups without an object that tells
   them apart: a weak definition and the strong one that overrode it
   (kernel/sys_ni.o's __x64_sys_*) in the blobs of a linked file
   (btf-objcopy), or in one ld -r object, where the weak symbol is gone
   and both blobs find the strong one; with differing parameter names
   their FUNCs do not deduplicate.  As pahole's consistent_func keeps
   the first of a name.  */
static void
one_global_func (struct fix *f)
{
  struct seen names = { 0 };
  for (uint32_t id = f->start; id < f->cnt && !f->nomem; id++)
    {
      if (kind_of (f, id) != BTF_KIND_FUNC || !f->keep[id]
	  || f->linkage[id] != BTF_FUNC_GLOBAL)
	continue;
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      size_t k = seen_next (&names, btfld_str (f->btf, t->name_off));
      if (k == SIZE_MAX)
	f->nomem = true;
      else if (k)
	f->keep[id] = false;
    }
  seen_free (&names);
}

/* Whether FUNC ID (T) is a declaration's: an extern one from a
   compiler that writes real linkage; with gcc 12 (every FUNC static),
   one whose prototype has an unnamed parameter or, with its object's
   facts, whose name the object only refers to (a declaration without
   parameters looks like a definition).  */
static bool
func_is_decl (const struct fix *f, uint32_t id, const struct btf_type *t)
{
  if (btfld_traits_of (&f->tr, id) & BTFLD_TRAIT_REAL_LINKAGE)
    return btfld_vlen (t) == BTF_FUNC_EXTERN;
  if (proto_is_declaration (f->btf, t->type))
    return true;
  int o = obj_of (f, id);
  if (o < 0)
    return false;
  size_t n;
  const struct obj_index *x = &f->ox[o];
  const uint32_t *k = obj_lookup (x, btfld_str (f->btf, t->name_off), &n);
  for (size_t i = 0; i < n; i++)
    if (x->o->syms[k[i]].sec != BTFLD_OBJ_UNDEF)
      return false;
  return n > 0;
}

/* Whether the output defines NAME as a function a declaration refers
   to: a global or weak function symbol.  A local one may be a static
   function of the name in another file; an assembly function the link
   made local (hidden visibility) is not told apart from one.  */
static bool
defined_for_decl (const struct fix *f, const char *name)
{
  size_t n;
  const struct btfld_sym *s = btfld_symtab_lookup (f->syms, name, &n);
  for (size_t i = 0; i < n; i++)
    if (btfld_sym_defined (&s[i]) && is_func_sym (f, &s[i])
	&& s[i].bind != STB_LOCAL)
      return true;
  return false;
}

/* Whether FUNC ID, NAME, is a weak definition of its object that the
   link overrode: the object defines NAME weak, and the output's
   definition is another object's.  */
static bool
overridden_weak (const struct fix *f, uint32_t id, const char *name)
{
  int o = obj_of (f, id);
  if (o < 0)
    return false;
  const struct obj_index *x = &f->ox[o];
  size_t n;
  const uint32_t *k = obj_lookup (x, name, &n);
  struct place p;
  for (size_t i = 0; i < n; i++)
    {
      const struct btfld_obj_sym *y = &x->o->syms[k[i]];
      if (y->bind == STB_WEAK && obj_func_sym (x, y)
	  && !place_obj_sym (f, x, k[i], &p))
	return true;
    }
  return false;
}

/* A declaration's FUNC that may describe a function (asm_funcs).  */
struct decl_ref
{
  const char *name;
  uint32_t id;
  bool covered;			/* a definition in the BTF has the name */
};

static int
by_decl_name (const void *a, const void *b)
{
  const struct decl_ref *x = a, *y = b;
  int c = strcmp (x->name, y->name);
  return c ? c : x->id < y->id ? -1 : x->id > y->id;
}

static int
by_decl_name_only (const void *a, const void *b)
{
  return strcmp (((const struct decl_ref *) a)->name,
		 ((const struct decl_ref *) b)->name);
}

static int
note_user (uint32_t *id, void *p)
{
  uint64_t *map = p;
  btfld_set_bit (map, *id);
  return 0;
}

/* The own types that a type other than a FUNC, VAR or DATASEC refers
   to, a bitmap (NULL: out of memory).  */
static uint64_t *
non_func_users (const struct fix *f)
{
  uint64_t *map = calloc (f->cnt / 64 + 1, sizeof *map);
  for (uint32_t id = f->start; map && id < f->cnt; id++)
    {
      unsigned k = kind_of (f, id);
      if (k != BTF_KIND_FUNC && k != BTF_KIND_VAR && k != BTF_KIND_DATASEC)
	btfld_visit_ids ((struct btf_type *) btfld_type_by_id (f->btf, id),
			 note_user, map);
    }
  return map;
}

/* Functions that C declares and the output defines, but that no
   definition in the BTF describes: assembly functions, or functions of
   objects built without BTF.  gcc writes a FUNC for each declaration a
   unit refers to (gcc 12 static, gcc >= 13 extern), with the source's
   parameter types and no parameter names.  Of each such name the first
   declaration (in link order) describes the function: the types are
   what every C caller passes, so that the arguments are where the
   prototype says; its parameters are named arg0, arg1 ... (name_protos),
   since the kernel refuses a FUNC whose parameter has no name.  That
   prototype must be the FUNCs' alone (gcc writes one per declaration),
   not also a function pointer's: another declaration's is taken
   otherwise.  A name a FUNC describes already, or that a definition in
   the BTF has (its FUNC dropped for a reason: a C23 unnamed parameter),
   gets none.  A weak definition the link overrode does not count: the
   strong one, of no FUNC of its own (an alias, as each of the kernel's
   syscall stubs is of its __do_sys_ function, or assembly), is what the
   declarations describe.  */
static int
asm_funcs (struct fix *f)
{
  struct decl_ref *v = NULL;
  uint64_t *shared = NULL;
  size_t n = 0, cap = 0;
  int err = 0;
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      if (kind_of (f, id) != BTF_KIND_FUNC || f->keep[id]
	  || !(f->kinds[id] & KIND_NAMED))
	continue;
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      const char *name = btfld_str (f->btf, t->name_off);
      if (t->type < f->start || !func_is_decl (f, id, t)
	  || !defined_for_decl (f, name))
	continue;
      if (n == cap && btfld_grow ((void **) &v, &cap, n + 1, sizeof *v))
	{
	  free (v);
	  return -ENOMEM;
	}
      v[n++] = (struct decl_ref) { name, id, false };
    }
  if (!n)
    return 0;
  qsort (v, n, sizeof *v, by_decl_name);
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      if (kind_of (f, id) != BTF_KIND_FUNC || !(f->kinds[id] & KIND_NAMED))
	continue;
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      const char *name = btfld_str (f->btf, t->name_off);
      if (!f->keep[id]
	  && (func_is_decl (f, id, t) || overridden_weak (f, id, name)))
	continue;
      struct decl_ref key = { name, 0, false };
      struct decl_ref *hit = bsearch (&key, v, n, sizeof *v,
				      by_decl_name_only);
      if (hit)
	hit->covered = true;
    }
  if (!(shared = non_func_users (f))
      || !(f->asm_protos = malloc (n * sizeof *f->asm_protos)))
    err = -ENOMEM;
  for (size_t i = 0, j; i < n && !err; i = j)
    {
      bool covered = false;
      for (j = i; j < n && strcmp (v[j].name, v[i].name) == 0; j++)
	covered |= v[j].covered;
      for (size_t k = i; k < j && !covered; k++)
	{
	  uint32_t proto = btfld_type_by_id (f->btf, v[k].id)->type;
	  if (btfld_bit (shared, proto))
	    continue;
	  f->keep[v[k].id] = true;
	  f->linkage[v[k].id] = BTF_FUNC_GLOBAL;
	  f->asm_protos[f->nasm++] = proto;
	  break;
	}
    }
  free (shared);
  free (v);
  return err;
}

/* Name the unnamed parameters of the prototypes asm_funcs chose, in
   OUT (MAP: F's ids to OUT's): arg0, arg1 ..., the "..." aside.  */
static int
name_protos (const struct fix *f, struct btfld_btf *out, const uint32_t *map)
{
  for (size_t i = 0; i < f->nasm; i++)
    {
      uint32_t id = map[f->asm_protos[i]];
      unsigned vlen = btfld_vlen (btfld_type_by_id (out, id));
      for (unsigned k = 0; k < vlen; k++)
	{
	  struct btf_param *p
	    = (struct btf_param *) (btfld_type_mut (out, id) + 1) + k;
	  char arg[24];
	  if (p->name_off || !p->type)
	    continue;
	  snprintf (arg, sizeof arg, "arg%u", k);
	  long name = btfld_add_str (out, arg);
	  if (name < 0)
	    return btfld_error (-ENOMEM, "out of memory");
	  p = (struct btf_param *) (btfld_type_mut (out, id) + 1) + k;
	  p->name_off = name;
	}
    }
  return 0;
}

/* The one defined function symbol of object X named NAME, placed in
   the output: false when X has none, or several (an object ld -r made
   of several files, each with a static of the name).  For a unit of a
   linked file, the one symbol of the name the file defines, a
   function: a clone's name that several files' statics share is
   nobody's (a tracer attaching by name finds one of them).  */
static bool
clone_placed (const struct fix *f, const struct obj_index *x,
	      const char *name, struct place *p)
{
  size_t n, hits = 0;
  uint32_t at = 0;
  if (!x->o)
    {
      const struct btfld_sym *s = btfld_symtab_lookup (f->syms, name, &n);
      const struct btfld_sym *one = NULL;
      for (size_t i = 0; i < n; i++)
	if (btfld_sym_defined (&s[i]))
	  hits++, one = &s[i];
      return hits == 1 && one->type == STT_FUNC && place_out_sym (f, one, p);
    }
  const uint32_t *k = obj_lookup (x, name, &n);
  for (size_t i = 0; i < n; i++)
    {
      const struct btfld_obj_sym *y = &x->o->syms[k[i]];
      if (y->type == STT_FUNC && y->sec < x->o->nsecs)
	hits++, at = k[i];
    }
  return hits == 1 && place_obj_sym (f, x, at, p);
}

/* Whether NAME is defined by X itself (a function, an IFUNC) or by
   any symbol of the output: the name is then not the clone's alone.  */
static bool
has_own_func (const struct fix *f, const struct obj_index *x,
	      const char *name)
{
  size_t n;
  if (x->o)
    {
      const uint32_t *k = obj_lookup (x, name, &n);
      for (size_t i = 0; i < n; i++)
	if (x->o->syms[k[i]].sec != BTFLD_OBJ_UNDEF)
	  return true;
    }
  const struct btfld_sym *s = btfld_symtab_lookup (f->syms, name, &n);
  for (size_t i = 0; i < n; i++)
    if (btfld_sym_defined (&s[i]))
      return true;
  return false;
}

/* The clone is the whole function (no part of a split one), takes the
   source's first parameters in order (all of them, and the "..." when
   the source has one, or fewer: those gcc dropped from the end), and
   returns the source's type or nothing.  Each argument the clone takes
   is then where the source's prototype puts it.  */
static bool
clone_prefix (const struct clone_rec *r)
{
  if (r->split || r->ret == CLONE_RET_OTHER || r->va == CLONE_VA_OTHER
      || r->n > r->norig || (r->va == CLONE_VA_YES && r->n != r->norig))
    return false;
  for (uint32_t i = 0; i < r->n; i++)
    if (r->idx[i] != (int32_t) i)
      return false;
  return true;
}

/* The clone takes the source's parameters, all, in order, and returns
   what it returns: the source's prototype is the clone's.  */
static bool
clone_unchanged (const struct clone_rec *r)
{
  return clone_prefix (r) && r->n == r->norig && r->ret == CLONE_RET_SAME;
}

static bool
same_signature (const struct clone_rec *a, const struct clone_rec *b)
{
  return a->n == b->n && a->ret == b->ret && a->va == b->va
	 && a->split == b->split
	 && (!a->n || memcmp (a->idx, b->idx, a->n * sizeof *a->idx) == 0);
}

/* Each parameter of the clone is a source parameter, in the source's
   order, and it returns the source's type or nothing.  */
static bool
clone_subset (const struct clone_rec *r)
{
  if (r->ret == CLONE_RET_OTHER || r->va == CLONE_VA_OTHER)
    return false;
  for (uint32_t i = 0; i < r->n; i++)
    if (r->idx[i] < 0 || (uint32_t) r->idx[i] >= r->norig
	|| (i && r->idx[i] <= r->idx[i - 1]))
      return false;
  return true;
}

/* The source FUNC's prototype is the one the record describes: as many
   parameters (and a "..." when the record says so), each named.  */
static bool
clone_proto_ok (const struct fix *f, const struct clone_rec *r)
{
  const struct btf_type *p
    = btfld_type_by_id (f->btf, btfld_type_by_id (f->btf, r->src)->type);
  if (!p || btfld_kind (p) != BTF_KIND_FUNC_PROTO)
    return false;
  const struct btf_param *a = (const void *) (p + 1);
  unsigned vlen = btfld_vlen (p), va = r->va == CLONE_VA_YES;
  if (vlen != r->norig + va
      || (va && (a[vlen - 1].type || a[vlen - 1].name_off)))
    return false;
  for (uint32_t i = 0; i < r->norig; i++)
    if (!a[i].type || !a[i].name_off)
      return false;
  return true;
}

/* Whether X has another clone of record K's origin in the output whose
   signature differs; *EARLIER: whether X has one before K.  */
static bool
clone_twin_differs (const struct fix *f, const struct obj_index *x,
		    size_t k, bool *earlier)
{
  struct place p;
  const struct clone_rec *r = &x->clones[k];
  bool different = false;
  *earlier = false;
  for (size_t i = 0; i < x->nclones; i++)
    {
      const struct clone_rec *o = &x->clones[i];
      if (i == k || strcmp (o->origin, r->origin)
	  || !clone_placed (f, x, o->clone, &p))
	continue;
      different |= !same_signature (o, r);
      *earlier |= i < k;
    }
  return different;
}

/* A FUNC NAME (the clone's own, or its origin's) for the clone of
   record R at P, with the parameters it takes.  */
static int
add_clone (struct fix *f, const struct clone_rec *r, const char *name,
	   const struct place *p)
{
  const struct btf_type *t = btfld_type_by_id (f->btf, r->src);
  const struct btf_type *proto = btfld_type_by_id (f->btf, t->type);
  const struct btf_param *a = (const void *) (proto + 1);
  if (btfld_grow ((void **) &f->adds, &f->nadds_cap, f->nadds + 1,
		  sizeof *f->adds))
    return -ENOMEM;
  struct clone_add *c = &f->adds[f->nadds];
  *c = (struct clone_add) {
    name, p->bind == STB_LOCAL ? BTF_FUNC_STATIC : BTF_FUNC_GLOBAL,
    r->va == CLONE_VA_YES, r->ret == CLONE_RET_SAME ? proto->type : 0,
    r->n, NULL, NULL };
  f->nadds++;
  if (!(c->type = calloc (r->n + 1, sizeof *c->type))
      || !(c->pname = calloc (r->n + 1, sizeof *c->pname)))
    return -ENOMEM;
  for (uint32_t i = 0; i < r->n; i++)
    {
      c->type[i] = a[r->idx[i]].type;
      if (!(c->pname[i] = strdup (btfld_str (f->btf, a[r->idx[i]].name_off))))
	return -ENOMEM;
    }
  return 0;
}

/* The records that type ID's blob's compiler wrote: its object's, or
   its compilation unit's in a linked file; NULL when there are none.  */
static struct obj_index *
clones_of (const struct fix *f, uint32_t id)
{
  int o = obj_of (f, id);
  struct obj_index *x = o >= 0 && f->ox ? &f->ox[o]
			: o < 0 && f->ux && f->blob_of && id >= f->start
			? &f->ux[f->blob_of[id - f->start]]
			: NULL;
  return x && x->nclones ? x : NULL;
}

/* The FUNCs of the records of X (an object's or a unit's), their
   sources found.  */
static int
clone_funcs_of (struct fix *f, struct obj_index *x)
{
  for (size_t i = 0; i < x->nclones; i++)
    {
      const struct clone_rec *r = &x->clones[i];
      struct place p;
      if (r->twin || r->nsrc != 1 || !clone_placed (f, x, r->clone, &p)
	  || !clone_proto_ok (f, r))
	continue;
      bool earlier;
      if ((f->of->clones & BTFLD_CLONES_OPTIMIZED_FUNC)
	  && !f->keep[r->src] && clone_prefix (r)
	  && !has_own_func (f, x, r->origin)
	  && !clone_twin_differs (f, x, i, &earlier))
	{
	  if (clone_unchanged (r))
	    {
	      f->keep[r->src] = true;
	      f->linkage[r->src] = p.bind == STB_LOCAL ? BTF_FUNC_STATIC
				   : BTF_FUNC_GLOBAL;
	    }
	  else if (!earlier && add_clone (f, r, r->origin, &p))
	    return -ENOMEM;
	}
      if ((f->of->clones & BTFLD_CLONES_TRUE_SIGNATURE)
	  && clone_subset (r) && add_clone (f, r, r->clone, &p))
	return -ENOMEM;
    }
  return 0;
}

/* gcc's function clones, by the GCC plugin's records of each object, or
   of each compilation unit of a linked file (doc/clones.md).  gcc's BTF
   has one FUNC per source function, under the source name, with the
   source prototype; a clone's code takes the parameters the record
   lists.  A record is used when the object defines its clone once and
   that survived the link, the object's BTF has one definition's FUNC of
   its origin, and that FUNC's prototype has the record's number of
   parameters, each named.  Then:
   - optimized_func: a FUNC of the origin's name describes the clone
     when neither the object nor the output defines the origin's name,
     the clone is no part of a split function, takes the source's first
     parameters in order (all, or fewer: those gcc dropped from the end)
     and returns the source's type or nothing, and every other clone of
     the origin in the output has the same signature.  Unchanged, the
     source's FUNC is kept; else a FUNC of the name with the prototype
     the clone has (the parameters it takes; void when it returns
     nothing) takes its place.
   - true_signature: a FUNC of the clone's name, its prototype the
     source's with only the parameters the clone takes (each a source
     parameter, in the source's order; none may be a part of one or a
     value the callers compute) and a void return when the clone
     returns nothing.  A clone with any other parameter has none.  */
static int
clone_funcs (struct fix *f)
{
  if (!f->of || !f->of->clones || (!f->ox && !f->ux))
    return 0;
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      struct obj_index *x;
      if (kind_of (f, id) != BTF_KIND_FUNC || !(f->kinds[id] & KIND_NAMED)
	  || !(x = clones_of (f, id)))
	continue;
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      if (func_is_decl (f, id, t) || proto_is_declaration (f->btf, t->type))
	continue;
      const char *name = btfld_str (f->btf, t->name_off);
      for (size_t i = 0; i < x->nclones; i++)
	if (!strcmp (x->clones[i].origin, name))
	  {
	    x->clones[i].src = id;
	    x->clones[i].nsrc++;
	  }
    }
  for (size_t j = 0; f->ox && j < f->of->nobjs; j++)
    if (clone_funcs_of (f, &f->ox[j]))
      return -ENOMEM;
  for (size_t j = 0; f->ux && j < f->of->nblobs; j++)
    if (clone_funcs_of (f, &f->ux[j]))
      return -ENOMEM;
  return 0;
}

/* The FUNCs clone_funcs chose for the clones' own names, appended to
   OUT (MAP: F's ids to OUT's), each with its FUNC_PROTO.  One whose
   types the sweep dropped gets none.  */
static int
add_clone_funcs (const struct fix *f, struct btfld_btf *out,
		 const uint32_t *map)
{
  for (size_t i = 0; i < f->nadds; i++)
    {
      const struct clone_add *c = &f->adds[i];
      uint32_t vlen = c->n + c->va;
      struct
      {
	struct btf_type t;
	struct btf_param p[];
      } *proto = calloc (1, sizeof *proto + vlen * sizeof proto->p[0]);
      bool ok = proto != NULL;
      if (!proto)
	return btfld_error (-ENOMEM, "out of memory");
#define CLONE_MAP(id) ((id) < f->start ? (id) : map[id])
      proto->t.info = BTF_INFO_ENC (BTF_KIND_FUNC_PROTO, 0, vlen);
      proto->t.type = CLONE_MAP (c->ret);
      ok &= !c->ret || proto->t.type;
      for (uint32_t k = 0; k < c->n && ok; k++)
	{
	  long name = btfld_add_str (out, c->pname[k]);
	  if (name < 0)
	    {
	      free (proto);
	      return btfld_error (-ENOMEM, "out of memory");
	    }
	  proto->p[k].name_off = name;
	  proto->p[k].type = CLONE_MAP (c->type[k]);
	  ok &= proto->p[k].type != 0;
	}
#undef CLONE_MAP
      long pid = -1, name = -1;
      if (ok
	  && ((name = btfld_add_str (out, c->name)) < 0
	      || (pid = btfld_add_type (out, &proto->t, sizeof *proto
					+ vlen * sizeof proto->p[0])) < 0))
	{
	  free (proto);
	  return btfld_error (-ENOMEM, "out of memory");
	}
      free (proto);
      if (!ok)
	continue;
      struct btf_type func = { .name_off = name,
			       .info = BTF_INFO_ENC (BTF_KIND_FUNC, 0,
						     c->linkage),
			       .type = pid };
      if (btfld_add_type (out, &func, sizeof func) < 0)
	return btfld_error (-ENOMEM, "out of memory");
    }
  return 0;
}

static void
decide (struct fix *f)
{
  struct seen enums = { 0 };
  int o;
  note_datasecs (f);
  memset (f->keep + f->start, true, f->cnt - f->start);
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      unsigned k = kind_of (f, id);
      if (k != BTF_KIND_FUNC && k != BTF_KIND_VAR && k != BTF_KIND_DATASEC
	  && k != BTF_KIND_ENUM)
	continue;
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      size_t seen = 0;
      switch (k)
	{
	case BTF_KIND_FUNC:
	  if ((o = obj_of (f, id)) >= 0)
	    fix_func_obj (f, id, t, &f->ox[o]);
	  else
	    fix_func (f, id, t);
	  break;
	case BTF_KIND_VAR:
	  if ((o = obj_of (f, id)) >= 0)
	    fix_var_obj (f, id, t, &f->ox[o]);
	  else
	    fix_var (f, id, t);
	  break;
	case BTF_KIND_DATASEC:
	  f->keep[id] = false;
	  break;
	case BTF_KIND_ENUM:
	  /* Once per name (an anonymous one: per first enumerator), not
	     per object that includes the header.  */
	  if (t->size == 8 && !made_fwd (f, id)
	      && (btfld_traits_of (&f->tr, id) & BTFLD_TRAIT_ENUM32)
	      && (seen = seen_next (&enums, enum_key (f->btf, t))) == 0)
	    btfld_warn ("type [%u] ENUM '%s': the compiler dropped its "
			"enumerators that need 64 bits; made ENUM64 with the "
			"%u it kept", id, t->name_off
			? btfld_str (f->btf, t->name_off) : "(anon)",
			btfld_vlen (t));
	  break;
	default:
	  break;
	}
      f->nomem |= seen == SIZE_MAX;
    }
  seen_free (&enums);
  if (!f->nomem && clone_funcs (f))
    f->nomem = true;
  one_global_func (f);
  if (!f->nomem && asm_funcs (f))
    f->nomem = true;
}

/* The header of T (ID) as the fixups leave it, in *H: whether it is an
   enum without enumerators then (gcc 12's 8-byte ENUM an ENUM64; when
   the content fixups are still to come, a forward enum made).  */
static bool
empty_head (const struct fix *f, uint32_t id, const struct btf_type *t,
	    struct btf_type *h)
{
  unsigned k = btfld_kind (t);
  *h = *t;
  if (k == BTF_KIND_ENUM && t->size == 8 && !made_fwd (f, id))
    h->info = BTF_INFO_ENC (BTF_KIND_ENUM64, btfld_kflag (t), btfld_vlen (t));
  else if (!f->made_fwd && k == BTF_KIND_FWD && f->linkage[id])
    {
      h->info = BTF_INFO_ENC (BTF_KIND_ENUM, 0, 0);
      h->size = f->linkage[id];
    }
  else if (!f->made_fwd && k == BTF_KIND_ENUM && !t->size)
    h->size = f->linkage[id];
  k = btfld_kind (h);
  return (k == BTF_KIND_ENUM || k == BTF_KIND_ENUM64) && !btfld_vlen (h);
}

static struct empty_use *
empty_use_of (const struct fix *f, uint32_t id)
{
  size_t lo = 0, hi = f->nuse;
  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;
      if (f->use[mid].id < id)
	lo = mid + 1;
      else
	hi = mid;
    }
  return &f->use[lo];
}

/* A use of empty enum ID by kept type FROM: by reference when FROM is a
   pointer or a prototype, else by value.  */
static void
note_empty_use (const struct fix *f, uint32_t id, uint32_t from, bool by_ref)
{
  struct empty_use *u = empty_use_of (f, id);
  bool var = btfld_kind (btfld_type_by_id (f->btf, from)) == BTF_KIND_VAR;
  if (by_ref)
    {
      u->incomplete++;
      if (!u->first_ref || from < u->first_ref)
	u->first_ref = from;
    }
  else
    {
      u->by_value++;
      if (var ? !u->first_var : !u->first_value || from < u->first_value)
	*(var ? &u->first_var : &u->first_value) = from;
    }
}

/* ID (ascending) is an enum left without enumerators.  */
static int
add_empty (struct fix *f, uint32_t id)
{
  if (!f->empty && !(f->empty = calloc (f->cnt / 64 + 1, sizeof *f->empty)))
    return -ENOMEM;
  if (btfld_grow ((void **) &f->use, &f->use_cap, f->nuse + 1,
		  sizeof *f->use))
    return -ENOMEM;
  f->use[f->nuse++] = (struct empty_use) { id, 0, 0, 0, 0, 0 };
  btfld_set_bit (f->empty, id);
  return 0;
}

struct mark_ctx
{
  bool *mark;
  uint32_t *stack;
  size_t sp;
  uint32_t start;
  const struct fix *f;
  uint32_t from;		/* the type whose references are visited */
  bool count, by_ref;		/* counting its uses of empty enums */
};

static int
push_ref (uint32_t *id, void *p)
{
  struct mark_ctx *m = p;
  if (*id < m->start)
    return 0;
  if (m->count && btfld_bit (m->f->empty, *id))
    note_empty_use (m->f, *id, m->from, m->by_ref);
  if (!m->mark[*id])
    {
      m->mark[*id] = true;
      m->stack[m->sp++] = *id;
    }
  return 0;
}

/* Whether ID is one of the sweep's roots: kept, and named (or a kept
   FUNC/VAR), or anonymous but not a FUNC_PROTO.  A tag is never one: it
   stays when what it tags is marked.  */
static bool
sweep_root (const struct fix *f, uint32_t id)
{
  unsigned k = kind_of (f, id);
  return f->keep[id] && k != BTF_KIND_DECL_TAG
	 && ((f->kinds[id] & KIND_NAMED) || k != BTF_KIND_FUNC_PROTO);
}

/* Mark what marked type ID refers to, counting its uses of empty
   enums.  */
static void
sweep_visit (struct mark_ctx *m, uint32_t id)
{
  const struct btf_type *t = btfld_type_by_id (m->f->btf, id);
  unsigned k = btfld_kind (t);
  m->from = id;
  m->count = m->f->nuse && k != BTF_KIND_VAR && k != BTF_KIND_DATASEC
	     && k != BTF_KIND_DECL_TAG;
  m->by_ref = k == BTF_KIND_PTR || k == BTF_KIND_FUNC_PROTO;
  btfld_visit_ids ((struct btf_type *) t, push_ref, m);
}

/* Keep what is named (or a kept FUNC/VAR), every anonymous type but a
   FUNC_PROTO, and everything they reach: as pahole, whatever the VAR
   policy, keep every type the compiler described (anonymous enums of
   constants such as BPF_ANY, the types of variables and of declared
   functions' parameters) except the prototypes of functions no FUNC is
   emitted for (and what only they reach).  The roots, nearly every
   type, are marked first and visited in id order; only what they reach
   beyond themselves goes through the stack.  */
static int
sweep (struct fix *f)
{
  bool *mark = btfld_huge_calloc (f->cnt, sizeof *mark);
  uint32_t *stack = malloc (f->cnt * sizeof *stack);
  if (!mark || !stack)
    {
      free (mark);
      free (stack);
      return btfld_error (-ENOMEM, "out of memory");
    }
  struct mark_ctx m = { mark, stack, 0, f->start, f, 0, false, false };
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      unsigned k = kind_of (f, id);
      struct btf_type h;
      mark[id] = sweep_root (f, id);
      if (f->empty_rules && (k == BTF_KIND_ENUM || k == BTF_KIND_ENUM64
			     || k == BTF_KIND_FWD)
	  && empty_head (f, id, btfld_type_by_id (f->btf, id), &h)
	  && add_empty (f, id))
	{
	  free (mark);
	  free (stack);
	  return btfld_error (-ENOMEM, "out of memory");
	}
    }
  /* Uses by the types kept: VARs are counted in section order and tags
     once they are known kept (collect_vars); DATASECs are rebuilt.  */
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      if (!sweep_root (f, id))
	continue;
      sweep_visit (&m, id);
      while (m.sp)
	sweep_visit (&m, stack[--m.sp]);
    }
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      unsigned k = kind_of (f, id);
      if (k == BTF_KIND_DECL_TAG)
	{
	  uint32_t to = f->keep[id] ? btfld_type_by_id (f->btf, id)->type : 0;
	  f->keep[id] = f->keep[id] && (to < f->start || mark[to]);
	}
      else if (k == BTF_KIND_DATASEC)
	f->keep[id] = false;	/* rebuilt from the kept VARs, even when
				   something refers to one (a PTR to a
				   DATASEC: malformed, but it parses) */
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
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      if (!f->keep[id] || kind_of (f, id) != BTF_KIND_VAR)
	continue;
      const struct var_fix *v = var_fix_of (f, id);
      if (!v || !v->placed)
	{
	  f->keep[id] = false;
	  continue;
	}
      const struct place *p = &v->pl;
      e[n].sec = p->sec;
      e[n].off = p->off;
      e[n].vsi.type = id;
      e[n].vsi.offset = (uint32_t) p->off;
      e[n].vsi.size = (uint32_t) p->size;
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
  /* A tag on a variable dropped here goes with it (it would point to
     type 0).  A tag kept uses its type by value; so does each VAR.  */
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      if (!f->keep[id] || kind_of (f, id) != BTF_KIND_DECL_TAG)
	continue;
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      if (t->type < f->start)
	continue;
      if (!f->keep[t->type])
	f->keep[id] = false;
      else if (btfld_bit (f->empty, t->type))
	note_empty_use (f, t->type, id, false);
    }
  for (size_t i = 0; f->nuse && i < k; i++)
    {
      uint32_t type = btfld_type_by_id (f->btf, e[i].vsi.type)->type;
      if (type >= f->start && btfld_bit (f->empty, type))
	note_empty_use (f, type, e[i].vsi.type, false);
    }
  return e;
}

/* "KIND 'name'" of ID as the fixups leave it, in BUF.  */
static void
describe (const struct fix *f, uint32_t id, char *buf, size_t len)
{
  const struct btf_type *t = btfld_type_by_id (f->btf, id);
  struct btf_type h;
  const char *name = btfld_str (f->btf, t->name_off);
  empty_head (f, id, t, &h);
  snprintf (buf, len, "%s '%s'", btfld_kind_str (btfld_kind (&h)),
	    name && *name ? name : "(anon)");
}

/* Each kept enum left without enumerators kept, dropped or made an INT
   (empty-enums.c), with its warning, in id order.  */
static void
empty_fates (struct fix *f)
{
  struct btfld_said said = { NULL, 0 };
  for (size_t i = 0; i < f->nuse && !f->nomem; i++)
    {
      const struct empty_use *u = &f->use[i];
      if (!f->keep[u->id])
	continue;
      const struct btf_type *t = btfld_type_by_id (f->btf, u->id);
      const char *name = btfld_str (f->btf, t->name_off);
      struct btf_type h;
      char what[256], who[256] = "";
      uint32_t first = !u->by_value ? u->first_ref
		       : u->first_value ? u->first_value : u->first_var;
      empty_head (f, u->id, t, &h);
      describe (f, u->id, what, sizeof what);
      if (first)
	describe (f, first, who, sizeof who);
      struct btfld_empty e = { what, h.size, btfld_kflag (&h),
			       name && *name, u->by_value, u->incomplete,
			       who };
      switch (btfld_empty_fate (&said, &e))
	{
	case BTFLD_EMPTY_DROP:
	  f->keep[u->id] = false;
	  break;
	case BTFLD_EMPTY_INT:
	  if (!f->empty_int
	      && !(f->empty_int = calloc (f->cnt / 64 + 1,
					  sizeof *f->empty_int)))
	    f->nomem = true;
	  else
	    btfld_set_bit (f->empty_int, u->id);
	  f->made_int = true;
	  break;
	default:
	  break;
	}
    }
  btfld_said_free (&said);
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

/* Copy one type, gcc's 64-bit ENUM as the ENUM64 it is, an empty enum
   made an INT as that INT.  */
static long
copy_fixed (void *ctx, struct btfld_btf *out, const struct btfld_btf *btf,
	    uint32_t id, const uint32_t *map)
{
  const struct fix *f = ctx;
  const struct btf_type *t = btfld_type_by_id (btf, id);
  if (btfld_bit (f->empty_int, id))
    {
      struct btf_type h;
      empty_head (f, id, t, &h);
      return btfld_empty_int (out, h.size, btfld_kflag (&h));
    }
  if (btfld_kind (t) == BTF_KIND_ENUM && t->size == 8 && !made_fwd (f, id))
    return copy_as_enum64 (out, btf, t, map);
  return btfld_copy_type (out, btf, id, map);
}

/* The size of the record copy_fixed makes.  */
static size_t
fixed_size (void *ctx, const struct btfld_btf *btf, uint32_t id)
{
  const struct fix *f = ctx;
  const struct btf_type *t = btfld_type_by_id (btf, id);
  if (btfld_bit (f->empty_int, id))
    return sizeof *t + sizeof (uint32_t);
  if (btfld_kind (t) == BTF_KIND_ENUM && t->size == 8 && !made_fwd (f, id))
    return sizeof *t + btfld_vlen (t) * sizeof (struct btf_enum64);
  return btfld_type_rec_size (t);
}

/* Kept types in id order, then the variables in section order: in
   OWN's buffers (F's object, which the caller gives up) when they can
   be rewritten in place, else in a copy.  In place, the variables'
   records are put aside first and appended after the rest.  */
static struct btfld_btf *
rebuild (struct fix *f, struct btfld_btf *own, const struct sec_entry *e,
	 size_t n, uint32_t **mapp)
{
  uint32_t *order = btfld_huge_malloc (f->cnt ? f->cnt : 1, sizeof *order);
  struct { struct btf_type t; struct btf_var v; } *vars
    = malloc ((n ? n : 1) * sizeof *vars);
  struct btfld_btf *out = NULL;
  size_t k = 0;
  int r = 0;
  if (!order || !vars)
    {
      btfld_error (-ENOMEM, "out of memory");
      goto done;
    }
  for (uint32_t id = f->start; id < f->cnt; id++)
    if (f->keep[id] && kind_of (f, id) != BTF_KIND_VAR)
      order[k++] = id;
  for (size_t i = 0; i < n; i++)
    {
      order[k + i] = e[i].vsi.type;
      memcpy (&vars[i], btfld_type_by_id (f->btf, e[i].vsi.type),
	      sizeof vars[i]);
    }
  if ((r = btfld_reorder_in_place (own, order, k, n, mapp, copy_fixed,
				   fixed_size, f)) == 1)
    {
      out = own;
      for (size_t i = 0; i < n; i++)
	{
	  vars[i].t.type = (*mapp)[vars[i].t.type];
	  if (btfld_add_type (out, &vars[i].t, sizeof vars[i]) < 0)
	    {
	      out = NULL;
	      free (*mapp);
	      *mapp = NULL;
	      break;
	    }
	}
    }
  else if (r == 0)
    out = btfld_reorder_with (f->btf, order, k + n, mapp, copy_fixed, f);
done:
  free (order);
  free (vars);
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

/* pahole gives every ARRAY of vmlinux BTF one index type (INT 'int');
   gcc uses 'long unsigned int'.  The kernel and libbpf only want an
   integer there, but deduplication compares it, so on such a base a
   gcc-made module would keep its own copy of every vmlinux type with an
   array somewhere inside (struct module, task_struct, ...).  When all
   the base's arrays share one INT index type, the own arrays get it
   too.  */
static void
find_base_index_type (struct fix *f)
{
  uint32_t it = 0;
  f->base_index_type = 0;
  for (uint32_t id = 1; id < f->start; id++)
    {
      const struct btf_type *t = btfld_type_by_id (f->btf, id);
      if (btfld_kind (t) != BTF_KIND_ARRAY)
	continue;
      uint32_t i = ((const struct btf_array *) (t + 1))->index_type;
      if (it && i != it)
	return;
      it = i;
    }
  const struct btf_type *i = it ? btfld_type_by_id (f->btf, it) : NULL;
  if (i && btfld_kind (i) == BTF_KIND_INT)
    f->base_index_type = it;
}

/* The fixups of T's own fields (ID's, by F's old ids; IT: the index
   type for arrays of unknown size, by new ids).  */
static void
fix_content (const struct fix *f, struct btf_type *t, uint32_t id,
	     uint32_t it)
{
  switch (btfld_kind (t))
    {
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
	if (f->base_index_type)
	  a->index_type = f->base_index_type;
	else if (!a->index_type && it)
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

static void
apply_linkage (struct fix *f, struct btfld_btf *out, const uint32_t *map)
{
  uint32_t it = f->index_type < f->start ? f->index_type
		: map[f->index_type];
  for (uint32_t id = f->start; id < f->cnt; id++)
    {
      /* After the content fixups (MADE_FWD) only linkage is left.  */
      unsigned k = kind_of (f, id);
      if (!f->keep[id]
	  || (f->made_fwd && k != BTF_KIND_FUNC && k != BTF_KIND_VAR))
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
	default:
	  if (!btfld_bit (f->empty_int, id))
	    fix_content (f, t, id, it);
	  break;
	}
    }
}

/* The longest chain of nested ARRAYs rewritten (C has no limit; gcc
   none either, but a deeper chain is left alone).  */
#define MAX_ARRAY_DIMS 64

/* The ARRAYs whose element counts trade places (old ids, in pairs).  */
struct array_swaps
{
  uint32_t *v;
  size_t n, cap;
};

static bool
add_swap (struct array_swaps *sw, uint32_t a, uint32_t b)
{
  if (btfld_grow ((void **) &sw->v, &sw->cap, sw->n + 2, sizeof *sw->v))
    return false;
  sw->v[sw->n++] = a;
  sw->v[sw->n++] = b;
  return true;
}

/* gcc 12 and 13 write int a[2][3][4] as ARRAY 4 of ARRAY 3 of ARRAY 2 of
   int: reverse the element counts along each chain whose top no other
   ARRAY contains.  A chain whose inner ARRAY another ARRAY shares (gcc
   does not write one) is left as it is.  Planned on the types before
   the rebuild (which may overwrite them), done on its result.  */
static int
plan_arrays (struct fix *f, struct array_swaps *sw)
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
	if (!add_swap (sw, chain[i], chain[j]))
	  {
	    free (parents);
	    return btfld_error (-ENOMEM, "out of memory");
	  }
    }
  free (parents);
  return 0;
}

static void
swap_arrays (const struct array_swaps *sw, struct btfld_btf *out,
	     const uint32_t *map)
{
  for (size_t i = 0; i < sw->n; i += 2)
    {
      uint32_t x = sw->v[i], y = sw->v[i + 1];
      struct btf_array *a = (struct btf_array *)
	(btfld_type_mut (out, map ? map[x] : x) + 1);
      struct btf_array *b = (struct btf_array *)
	(btfld_type_mut (out, map ? map[y] : y) + 1);
      uint32_t tmp = a->nelems;
      a->nelems = b->nelems;
      b->nelems = tmp;
    }
}

/* TR's classification, for BTF's types of BLOB_OF: a copy.  */
static int
copy_traits (struct btfld_traits *to, const struct btfld_traits *tr,
	     const struct btfld_btf *btf, const uint32_t *blob_of)
{
  to->of_blob = malloc (tr->nblobs ? tr->nblobs : 1);
  if (!to->of_blob)
    return -ENOMEM;
  if (tr->nblobs)
    memcpy (to->of_blob, tr->of_blob, tr->nblobs);
  to->nblobs = tr->nblobs;
  to->start = btfld_start_id (btf);
  to->blob_of = blob_of;
  return 0;
}

/* The fixups of BTF; OWN is BTF, which the caller gives up (it is then
   the result, rewritten, or freed).  TR: the blobs' traits,
   or NULL to find them here.  MADE_FWD: from btfld_fixup_content when
   it ran on BTF, else NULL.  */
static struct btfld_btf *
fixup_run (const struct btfld_btf *btf, struct btfld_btf *own,
	   const struct btfld_symtab *syms, enum btfld_vars var_policy,
	   const uint32_t *blob_of, const struct btfld_objfacts *of,
	   const struct btfld_traits *tr, const uint64_t *made,
	   uint32_t **mapp, bool *made_int)
{
  struct fix f = { 0 };
  struct btfld_btf *out = NULL;
  uint32_t *map = NULL;
  struct sec_entry *vars = NULL;
  struct array_swaps sw = { NULL, 0, 0 };
  size_t nvars = 0;
  f.btf = btf;
  f.syms = syms;
  f.vars = var_policy;
  f.cnt = btfld_type_cnt (btf);
  f.start = btfld_start_id (btf);
  f.of = of;
  f.blob_of = blob_of;
  f.made_fwd = made;
  f.empty_rules = made_int != NULL;
  /* A linked TLS symbol's value is its offset in the TLS segment, which
     starts at the lowest TLS section.  */
  f.tls_start = UINT64_MAX;
  for (size_t i = 0; i < syms->nsecs; i++)
    if ((syms->secs[i].flags & SHF_TLS) && (syms->secs[i].flags & SHF_ALLOC)
	&& syms->secs[i].addr < f.tls_start)
      f.tls_start = syms->secs[i].addr;
  f.keep = btfld_huge_calloc (f.cnt, sizeof *f.keep);
  f.linkage = btfld_huge_calloc (f.cnt, 1);
  f.vix = btfld_huge_calloc (f.cnt, sizeof *f.vix);
  if (!f.keep || !f.linkage || !f.vix || index_kinds (&f)
      || index_objects (&f) || index_units (&f)
      || !(f.claim = calloc (f.nkeys + 1, sizeof *f.claim))
      || (tr ? copy_traits (&f.tr, tr, btf, blob_of)
	  : btfld_traits_detect (btf, blob_of, &f.tr)))
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
  if (!f.made_fwd)
    {
      find_index_type (&f);
      find_base_index_type (&f);
      if (find_enum_fwds (&f))
	goto out;
    }
  if (sweep (&f) || !(vars = collect_vars (&f, &nvars)))
    goto out;
  empty_fates (&f);
  if (f.nomem)
    {
      btfld_error (-ENOMEM, "out of memory");
      goto out;
    }
  if ((!f.made_fwd && plan_arrays (&f, &sw))
      || !(out = rebuild (&f, own, vars, nvars, &map)))
    goto out;
  /* The clones' FUNCs and their prototypes are new types, as the
     DATASECs are: a seed leaves out FUNCs and the prototypes only FUNCs
     use, and classifies them afresh.  */
  if (made_int)
    *made_int = f.made_int;
  /* From here on F's types may be gone (rewritten in place).  */
  apply_linkage (&f, out, map);
  swap_arrays (&sw, out, map);
  if (add_datasecs (&f, out, map, vars, nvars)
      || name_protos (&f, out, map) || add_clone_funcs (&f, out, map))
    {
      btfld_btf_free (out);
      own = out == own ? NULL : own;
      out = NULL;
    }
out:
  free (vars);
  free (sw.v);
  if (mapp && out)
    *mapp = map, map = NULL;
  free (map);
  free (f.keep);
  free (f.linkage);
  free (f.vix);
  free (f.kinds);
  free (f.vf);
  free (f.claim);
  free (f.empty);
  free (f.empty_int);
  free (f.use);
  free_objects (&f);
  free (f.asm_protos);
  for (size_t i = 0; i < f.nadds; i++)
    {
      for (uint32_t k = 0; f.adds[i].pname && k < f.adds[i].n; k++)
	free (f.adds[i].pname[k]);
      free (f.adds[i].pname);
      free (f.adds[i].type);
    }
  free (f.adds);
  btfld_traits_free (&f.tr);
  if (own && out != own)
    btfld_btf_free (own);
  return out;
}

struct btfld_btf *
btfld_fixup_objects_consume (struct btfld_btf *btf,
			     const struct btfld_symtab *syms,
			     enum btfld_vars var_policy,
			     const uint32_t *blob_of,
			     const struct btfld_objfacts *of,
			     const struct btfld_traits *tr,
			     const uint64_t *made_fwd, uint32_t **mapp,
			     bool *made_int)
{
  return fixup_run (btf, btf, syms, var_policy, blob_of, of, tr, made_fwd,
		    mapp, made_int);
}

/* The fixups that need no symbol, of every own type of BTF, in place:
   'char' INTs, forward enums (and gcc 12's FWD type field), arrays'
   index types and dimensions.  What is left (ENUM64s, linkage, what is
   dropped, DATASECs) is btfld_fixup_objects_consume's with *MADE_FWD,
   the bitmap of the ids these fixups made forward enums.  Every type is
   judged as if kept: a type the later fixups drop was changed for
   nothing.  */
int
btfld_fixup_content (struct btfld_btf *btf, const uint32_t *blob_of,
		     const struct btfld_traits *tr, uint64_t **made_fwd)
{
  struct fix f = { 0 };
  struct array_swaps sw = { NULL, 0, 0 };
  uint64_t *made = NULL;
  int err = -ENOMEM;
  f.btf = btf;
  f.cnt = btfld_type_cnt (btf);
  f.start = btfld_start_id (btf);
  f.blob_of = blob_of;
  f.keep = btfld_huge_malloc (f.cnt, sizeof *f.keep);
  f.linkage = btfld_huge_calloc (f.cnt, 1);
  made = calloc (f.cnt / 64 + 1, sizeof *made);
  if (!f.keep || !f.linkage || !made || copy_traits (&f.tr, tr, btf, blob_of))
    {
      err = btfld_error (-ENOMEM, "out of memory");
      goto out;
    }
  memset (f.keep, 1, f.cnt * sizeof *f.keep);
  find_index_type (&f);
  find_base_index_type (&f);
  if ((err = find_enum_fwds (&f)) || (err = plan_arrays (&f, &sw)))
    goto out;
  for (uint32_t id = f.start; id < f.cnt; id++)
    {
      struct btf_type *t = btfld_type_mut (btf, id);
      unsigned k = btfld_kind (t);
      if ((k == BTF_KIND_FWD && f.linkage[id])
	  || (k == BTF_KIND_ENUM && !t->size))
	btfld_set_bit (made, id);
      fix_content (&f, t, id, f.index_type);
    }
  swap_arrays (&sw, btf, NULL);
  *made_fwd = made;
  made = NULL;
out:
  free (made);
  free (sw.v);
  free (f.keep);
  free (f.linkage);
  btfld_traits_free (&f.tr);
  return err;
}
