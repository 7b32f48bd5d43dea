/* objfacts.c -- per-object symbol facts (btfld-session.h): an object's
   own symbols and sections, and where its sections landed in a linked
   output, found from the output's symbol table.  */

#include "btfld-int.h"
#include "btfld-session.h"
#include "elf-btf.h"

#include <errno.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

void
btfld_object_free (struct btfld_object *o)
{
  if (!o)
    return;
  for (size_t i = 0; i < o->nsyms && !o->sym_strings; i++)
    free ((char *) o->syms[i].name);
  for (size_t i = 0; i < o->nsecs; i++)
    {
      if (!o->sec_strings)
	free ((char *) o->secs[i].name);
      free ((char *) o->secs[i].out_name);
    }
  free (o->sym_strings);
  free (o->sec_strings);
  free (o->clones);
  free (o->syms);
  free (o->secs);
  free ((char *) o->label);
  free ((char *) o->file);
  free (o);
}

static char *
dup_str (const char *s)
{
  char *p = strdup (s ? s : "");
  if (!p)
    btfld_error (-ENOMEM, "out of memory");
  return p;
}

/* A walk over the named symbols of a symbol table (and the STT_FILE
   symbols, named or not; no STT_SECTION one).  */
struct sym_walk
{
  Elf *elf;
  Elf_Data *d, *xd;
  size_t strtab, i, n;
};

static void
sym_walk_init (struct sym_walk *w, Elf *elf, bool dynsym)
{
  GElf_Shdr sh;
  Elf_Scn *st = btfld_elf_symtab (elf, dynsym, &sh, &w->xd);
  size_t esz = gelf_fsize (elf, ELF_T_SYM, 1, EV_CURRENT);
  w->elf = elf;
  w->d = st ? elf_getdata (st, NULL) : NULL;
  w->strtab = st ? sh.sh_link : 0;
  w->n = w->d && esz ? w->d->d_size / esz : 0;
  w->i = 1;
}

/* The next symbol: false at the end of what libelf can read.  *SHNDX:
   its section (through SYMTAB_SHNDX), or SHN_UNDEF, or BTFLD_OBJ_COMMON
   / BTFLD_OBJ_ABS for the reserved numbers (which with extended
   numbering are below the number of sections).  */
static bool
sym_walk_next (struct sym_walk *w, GElf_Sym *s, uint32_t *shndx,
	       const char **name)
{
  for (; w->i < w->n; w->i++)
    {
      Elf32_Word x = 0;
      if (!gelf_getsymshndx (w->d, w->xd, w->i, s, &x))
	return false;
      unsigned type = GELF_ST_TYPE (s->st_info);
      *name = elf_strptr (w->elf, w->strtab, s->st_name);
      if (type == STT_SECTION || !*name || (!**name && type != STT_FILE))
	continue;
      if (s->st_shndx == SHN_XINDEX)
	*shndx = x;
      else if (s->st_shndx == SHN_COMMON)
	*shndx = BTFLD_OBJ_COMMON;
      else if (s->st_shndx >= SHN_LORESERVE)
	*shndx = BTFLD_OBJ_ABS;
      else
	*shndx = s->st_shndx;
      w->i++;
      return true;
    }
  return false;
}

/* A copy of string table INDEX of ELF (*BASE, *SIZE: where libelf has
   it; NULL and 0 when it has none), or NULL when out of memory.  The
   names of an object point into such copies: one allocation for all of
   them, not one each (a large link has millions of names).  */
static char *
copy_strings (Elf *elf, size_t index, const char **base, size_t *size)
{
  Elf_Data *d = elf_getdata (elf_getscn (elf, index), NULL);
  *base = d ? d->d_buf : NULL;
  *size = d && d->d_buf ? d->d_size : 0;
  char *copy = malloc (*size ? *size : 1);
  if (!copy)
    btfld_error (-ENOMEM, "out of memory");
  else if (*size)
    memcpy (copy, *base, *size);
  return copy;
}

/* Whether libelf's NAME lies in the table at BASE, SIZE (not in one
   decompressed apart).  */
static bool
in_strings (const char *name, const char *base, size_t size)
{
  return (uintptr_t) name - (uintptr_t) base < size;
}

/* Append the contents of SCN, a .btfld.clones section, to O's (ld -r
   concatenates them; a compressed one is left out: no records).  */
static int
add_clones (struct btfld_object *o, Elf_Scn *scn)
{
  for (Elf_Data *d = elf_getdata (scn, NULL); d; d = elf_getdata (scn, d))
    {
      if (!d->d_buf || !d->d_size)
	continue;
      char *n = realloc (o->clones, o->clones_size + d->d_size + 1);
      if (!n)
	return -ENOMEM;
      memcpy (n + o->clones_size, d->d_buf, d->d_size);
      o->clones = n;
      o->clones_size += d->d_size;
      n[o->clones_size] = 0;
    }
  return 0;
}

struct btfld_object *
btfld_object_from_elf (Elf *elf, const char *label)
{
  struct btfld_object *o = calloc (1, sizeof *o);
  size_t shstrndx, n;
  if (!o)
    {
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  if (!(o->label = dup_str (label)) || btfld_object_set_file (o, label))
    goto fail;
  if (elf_getshdrstrndx (elf, &shstrndx) || elf_getshdrnum (elf, &n))
    {
      btfld_error (-EINVAL, "%s: %s", label, elf_errmsg (-1));
      goto fail;
    }
  const char *sec_base, *sym_base = NULL;
  size_t sec_size, sym_size = 0;
  if (!(o->secs = calloc (n ? n : 1, sizeof *o->secs)))
    goto nomem;
  if (!(o->sec_strings = copy_strings (elf, shstrndx, &sec_base,
					&sec_size)))
    goto fail;
  o->nsecs = n;
  for (size_t i = 0; i < n; i++)
    {
      Elf_Scn *scn = elf_getscn (elf, i);
      GElf_Shdr s;
      if (!scn || !gelf_getshdr (scn, &s))
	{
	  btfld_error (-EINVAL, "%s: %s", label, elf_errmsg (-1));
	  goto fail;
	}
      const char *name = elf_strptr (elf, shstrndx, s.sh_name);
      if (name && !in_strings (name, sec_base, sec_size))
	goto foreign;
      o->secs[i].name = name ? o->sec_strings + (name - sec_base) : "";
      o->secs[i].size = s.sh_size;
      o->secs[i].flags = s.sh_flags;
      if (s.sh_type == SHT_PROGBITS && !(s.sh_flags & SHF_COMPRESSED)
	  && strcmp (o->secs[i].name, ".btfld.clones") == 0
	  && add_clones (o, scn))
	goto nomem;
    }
  struct sym_walk w;
  GElf_Sym s;
  uint32_t shndx;
  const char *name;
  sym_walk_init (&w, elf, false);
  if (!(o->syms = calloc (w.n ? w.n : 1, sizeof *o->syms)))
    goto nomem;
  if (w.n && !(o->sym_strings = copy_strings (elf, w.strtab, &sym_base,
						  &sym_size)))
    goto fail;
  while (sym_walk_next (&w, &s, &shndx, &name))
    {
      struct btfld_obj_sym *y = &o->syms[o->nsyms];
      if (!in_strings (name, sym_base, sym_size))
	goto foreign;
      y->name = o->sym_strings + (name - sym_base);
      o->nsyms++;
      y->bind = GELF_ST_BIND (s.st_info);
      y->type = GELF_ST_TYPE (s.st_info);
      y->sec = shndx == SHN_UNDEF ? BTFLD_OBJ_UNDEF
	       : shndx >= n && shndx != BTFLD_OBJ_COMMON ? BTFLD_OBJ_ABS
	       : shndx;
      y->value = s.st_value;
      y->size = s.st_size;
    }
  return o;
foreign:
  btfld_error (-EINVAL, "%s: a name outside its string table", label);
  goto fail;
nomem:
  btfld_error (-ENOMEM, "out of memory");
fail:
  btfld_object_free (o);
  return NULL;
}

static bool
same_str (const char *a, const char *b)
{
  return a && b && strcmp (a, b) == 0;
}

bool
btfld_object_same_facts (const struct btfld_object *a,
			 const struct btfld_object *b)
{
  if (a->nsecs != b->nsecs || a->nsyms != b->nsyms)
    return false;
  for (size_t i = 0; i < a->nsecs; i++)
    if (!same_str (a->secs[i].name, b->secs[i].name)
	|| a->secs[i].size != b->secs[i].size
	|| a->secs[i].flags != b->secs[i].flags)
      return false;
  for (size_t i = 0; i < a->nsyms; i++)
    {
      const struct btfld_obj_sym *x = &a->syms[i], *y = &b->syms[i];
      if (!same_str (x->name, y->name) || x->bind != y->bind
	  || x->type != y->type || x->sec != y->sec || x->value != y->value
	  || x->size != y->size)
	return false;
    }
  return true;
}

int
btfld_object_set_file (struct btfld_object *o, const char *name)
{
  const char *base = name ? strrchr (name, '/') : NULL;
  char *copy = dup_str (base ? base + 1 : name);
  if (!copy)
    return -ENOMEM;
  free ((char *) o->file);
  o->file = copy;
  return 0;
}

int
btfld_object_place_self (struct btfld_object *o)
{
  for (size_t i = 0; i < o->nsecs; i++)
    {
      free ((char *) o->secs[i].out_name);
      if (!(o->secs[i].out_name = dup_str (o->secs[i].name)))
	return -ENOMEM;
      o->secs[i].out_offset = 0;
    }
  return 0;
}

/* One symbol of the output, its value as an offset in its section (a
   linked TLS symbol's value is relative to the TLS segment).  */
struct out_sym
{
  const char *name;
  unsigned char bind, type;
  uint32_t sec;			/* output section index, or UINT32_MAX */
  uint64_t off;
};

struct out_info
{
  struct out_sym *syms;
  size_t nsyms;
  char **secname;
  uint64_t *secsize;
  size_t nsecs;
  uint32_t *by_name;		/* non-local symbol indexes, by name */
  size_t nglobal;
};

static const struct out_info *cmp_out;

static int
cmp_by_name (const void *a, const void *b)
{
  const struct out_sym *x = &cmp_out->syms[*(const uint32_t *) a];
  const struct out_sym *y = &cmp_out->syms[*(const uint32_t *) b];
  int c = strcmp (x->name, y->name);
  return c ? c : *(const uint32_t *) a < *(const uint32_t *) b ? -1 : 1;
}

static void
out_free (struct out_info *oi)
{
  for (size_t i = 0; i < oi->nsecs; i++)
    free (oi->secname[i]);
  free (oi->secname);
  free (oi->secsize);
  free (oi->syms);
  free (oi->by_name);
}

static int
read_output (Elf *elf, struct out_info *oi)
{
  GElf_Ehdr eh;
  size_t shstrndx, n;
  uint64_t tls_start = UINT64_MAX;
  bool forced = false;
  if (!gelf_getehdr (elf, &eh) || elf_getshdrstrndx (elf, &shstrndx)
      || elf_getshdrnum (elf, &n))
    return btfld_error (-EINVAL, "not an ELF file: %s", elf_errmsg (-1));
  uint64_t *addr = calloc (n ? n : 1, sizeof *addr);
  uint64_t *flags = calloc (n ? n : 1, sizeof *flags);
  oi->secname = calloc (n ? n : 1, sizeof *oi->secname);
  oi->secsize = calloc (n ? n : 1, sizeof *oi->secsize);
  if (!addr || !flags || !oi->secname || !oi->secsize)
    {
      free (addr);
      free (flags);
      return btfld_error (-ENOMEM, "out of memory");
    }
  oi->nsecs = n;
  for (size_t i = 0; i < n; i++)
    {
      Elf_Scn *scn = elf_getscn (elf, i);
      GElf_Shdr s;
      const char *name;
      if (!scn || !gelf_getshdr (scn, &s)
	  || !(name = elf_strptr (elf, shstrndx, s.sh_name)))
	name = "", s.sh_addr = s.sh_size = s.sh_flags = 0;
      addr[i] = s.sh_addr;
      flags[i] = s.sh_flags;
      oi->secsize[i] = s.sh_size;
      if (!(oi->secname[i] = dup_str (name)))
	{
	  free (addr);
	  free (flags);
	  return -ENOMEM;
	}
      if ((s.sh_flags & SHF_TLS) && (s.sh_flags & SHF_ALLOC)
	  && s.sh_addr < tls_start)
	tls_start = s.sh_addr;
    }
  /* Without .symtab (-s), .dynsym: its exported definitions still
     place their objects' sections.  */
  struct sym_walk w;
  GElf_Sym s;
  uint32_t shndx;
  const char *name;
  sym_walk_init (&w, elf, true);
  oi->syms = calloc (w.n ? w.n : 1, sizeof *oi->syms);
  oi->by_name = calloc (w.n ? w.n : 1, sizeof *oi->by_name);
  if (!oi->syms || !oi->by_name)
    {
      free (addr);
      free (flags);
      return btfld_error (-ENOMEM, "out of memory");
    }
  while (sym_walk_next (&w, &s, &shndx, &name))
    {
      unsigned type = GELF_ST_TYPE (s.st_info);
      struct out_sym *y = &oi->syms[oi->nsyms];
      y->name = name;		/* libelf's, valid while ELF is open */
      y->bind = GELF_ST_BIND (s.st_info);
      y->type = type;
      y->sec = UINT32_MAX;
      if (shndx != SHN_UNDEF && shndx < n && type != STT_FILE)
	{
	  y->sec = shndx;
	  if (eh.e_type == ET_REL)
	    y->off = s.st_value;
	  else if (type == STT_TLS && (flags[shndx] & SHF_TLS))
	    y->off = s.st_value - (addr[shndx] - tls_start);
	  else
	    y->off = s.st_value - addr[shndx];
	}
      /* After an STT_FILE symbol of no name ld writes the globals it
	 made local (hidden, version scripts): the output's definitions
	 of those names, as the globals are.  */
      if (type == STT_FILE)
	forced = !*name;
      if ((y->bind != STB_LOCAL || forced) && y->sec != UINT32_MAX)
	oi->by_name[oi->nglobal++] = oi->nsyms;
      oi->nsyms++;
    }
  free (addr);
  free (flags);
  cmp_out = oi;
  qsort (oi->by_name, oi->nglobal, sizeof *oi->by_name, cmp_by_name);
  return 0;
}

/* The defined non-local output symbols named NAME: *N of them.  */
static const uint32_t *
out_globals (const struct out_info *oi, const char *name, size_t *n)
{
  size_t lo = 0, hi = oi->nglobal;
  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;
      if (strcmp (oi->syms[oi->by_name[mid]].name, name) < 0)
	lo = mid + 1;
      else
	hi = mid;
    }
  size_t end = lo;
  while (end < oi->nglobal && strcmp (oi->syms[oi->by_name[end]].name,
				      name) == 0)
    end++;
  *n = end - lo;
  return oi->by_name + lo;
}

/* Where one input section landed, as far as its symbols say.  */
struct anchor
{
  uint32_t sec;			/* output section; UINT32_MAX: none yet */
  uint64_t off;
  bool conflict;
};

/* Symbol Y of an object is output symbol X: note where Y's section
   landed, or say that X cannot be Y (another section, another offset
   than an earlier symbol of the section said, or outside the output
   section).  With COMMIT false, only check.  */
static bool
anchor_at (struct anchor *a, const struct btfld_object *o,
	   const struct btfld_obj_sym *y, const struct out_info *oi,
	   const struct out_sym *x, bool commit)
{
  if (y->sec >= o->nsecs || x->sec == UINT32_MAX || x->off < y->value)
    return false;
  uint64_t off = x->off - y->value;
  const struct btfld_obj_sec *is = &o->secs[y->sec];
  if (off > oi->secsize[x->sec] || is->size > oi->secsize[x->sec] - off)
    return false;
  struct anchor *s = &a[y->sec];
  if (s->sec != UINT32_MAX)
    return s->sec == x->sec && s->off == off;
  if (commit)
    {
      s->sec = x->sec;
      s->off = off;
    }
  return true;
}

/* The locals of one source file: output symbols [FROM, TO), or the
   object's symbols [FROM, TO).  */
struct group { size_t from, to; const char *file; };

/* Cut the symbols of O into runs of locals, each after its STT_FILE
   symbol; locals before any (an assembler's object) after the one ld
   writes for them, named after the object's file.  */
static struct group *
groups_of_object (const struct btfld_object *o, size_t *ng)
{
  struct group *g = malloc ((o->nsyms + 1) * sizeof *g);
  size_t k = 0;
  if (!g)
    {
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  for (size_t i = 0; i < o->nsyms; i++)
    {
      const struct btfld_obj_sym *y = &o->syms[i];
      if (y->type == STT_FILE)
	g[k++] = (struct group) { i + 1, i + 1, y->name };
      else if (y->bind == STB_LOCAL)
	{
	  if (!k)
	    g[k++] = (struct group) { i, i, o->file ? o->file : "" };
	  g[k - 1].to = i + 1;
	}
    }
  *ng = k;
  return g;
}

/* Whether output locals [OG) are the locals of object group G, in
   order (ld drops some: those of removed sections, compiler labels),
   each landing where the object's other symbols of its section say.
   With COMMIT, record the anchors.  */
static bool
match_group (struct anchor *a, const struct btfld_object *o,
	     const struct group *g, const struct out_info *oi,
	     const struct group *og, bool commit)
{
  size_t j = g->from;
  for (size_t i = og->from; i < og->to; i++)
    {
      const struct out_sym *x = &oi->syms[i];
      while (j < g->to && (o->syms[j].bind != STB_LOCAL
			   || o->syms[j].type != x->type
			   || strcmp (o->syms[j].name, x->name) != 0))
	j++;
      if (j == g->to)
	return false;
      if (x->sec != UINT32_MAX && o->syms[j].sec < o->nsecs
	  && !anchor_at (a, o, &o->syms[j], oi, x, commit))
	{
	  if (commit)
	    a[o->syms[j].sec].conflict = true;
	  else
	    return false;
	}
      j++;
    }
  return true;
}

/* A weak definition: its name and object.  */
struct weak_def { const char *name; size_t obj; };

static int
by_weak (const void *a, const void *b)
{
  const struct weak_def *x = a, *y = b;
  int c = strcmp (x->name, y->name);
  return c ? c : x->obj < y->obj ? -1 : x->obj > y->obj;
}

static int
by_weak_name (const void *a, const void *b)
{
  const struct weak_def *x = a, *y = b;
  return strcmp (x->name, y->name);
}

/* Whether object ME's weak definition of NAME is the one ld kept: the
   first in link order (when the output's is strong, none was).  */
static bool
weak_won (const struct weak_def *w, size_t nw, const char *name, size_t me)
{
  struct weak_def key = { name, 0 };
  const struct weak_def *f = bsearch (&key, w, nw, sizeof *w, by_weak_name);
  if (!f)
    return false;
  while (f > w && strcmp (f[-1].name, name) == 0)
    f--;
  return f->obj == me;
}

/* Anchors of object O from its global definitions that the output kept:
   strong ones (unique in a link), and weak ones that won.  */
static void
anchor_globals (struct anchor *a, const struct btfld_object *o, size_t me,
		const struct out_info *oi, const struct weak_def *w,
		size_t nw)
{
  for (size_t i = 0; i < o->nsyms; i++)
    {
      const struct btfld_obj_sym *y = &o->syms[i];
      size_t n;
      if (y->bind == STB_LOCAL || y->sec >= o->nsecs)
	continue;
      const uint32_t *x = out_globals (oi, y->name, &n);
      if (n != 1)
	continue;
      if (y->bind == STB_WEAK
	  && (oi->syms[*x].bind == STB_GLOBAL
	      || !weak_won (w, nw, y->name, me)))
	continue;
      if (!anchor_at (a, o, y, oi, &oi->syms[*x], true))
	a[y->sec].conflict = true;
    }
}

int
btfld_objects_place (struct btfld_object *const *objs, size_t nobj,
		     Elf *output)
{
  struct out_info oi = { 0 };
  struct anchor **a = calloc (nobj ? nobj : 1, sizeof *a);
  struct group **g = calloc (nobj ? nobj : 1, sizeof *g);
  size_t *ng = calloc (nobj ? nobj : 1, sizeof *ng);
  bool **used = calloc (nobj ? nobj : 1, sizeof *used);
  struct weak_def *w = NULL;
  int err = 0;
  if (!a || !g || !ng || !used)
    {
      err = btfld_error (-ENOMEM, "out of memory");
      goto out;
    }
  if ((err = read_output (output, &oi)))
    goto out;
  for (size_t k = 0; k < nobj; k++)
    {
      const struct btfld_object *o = objs[k];
      a[k] = malloc ((o->nsecs ? o->nsecs : 1) * sizeof **a);
      if (!a[k] || !(g[k] = groups_of_object (o, &ng[k]))
	  || !(used[k] = calloc (ng[k] + 1, 1)))
	{
	  err = btfld_error (-ENOMEM, "out of memory");
	  goto out;
	}
      for (size_t i = 0; i < o->nsecs; i++)
	a[k][i] = (struct anchor) { UINT32_MAX, 0, false };
    }
  size_t nw = 0;
  for (size_t k = 0; k < nobj; k++)
    for (size_t i = 0; i < objs[k]->nsyms; i++)
      nw += objs[k]->syms[i].bind == STB_WEAK
	    && objs[k]->syms[i].sec != BTFLD_OBJ_UNDEF;
  if (!(w = malloc ((nw ? nw : 1) * sizeof *w)))
    {
      err = btfld_error (-ENOMEM, "out of memory");
      goto out;
    }
  nw = 0;
  for (size_t k = 0; k < nobj; k++)
    for (size_t i = 0; i < objs[k]->nsyms; i++)
      if (objs[k]->syms[i].bind == STB_WEAK
	  && objs[k]->syms[i].sec != BTFLD_OBJ_UNDEF)
	w[nw++] = (struct weak_def) { objs[k]->syms[i].name, k };
  qsort (w, nw, sizeof *w, by_weak);
  for (size_t k = 0; k < nobj; k++)
    anchor_globals (a[k], objs[k], k, &oi, w, nw);
  /* The output's locals, run by run (ld writes each object's locals,
     its STT_FILE symbols included, together); each run is the first
     unmatched run of an object's locals of that source file that it
     fits.  */
  for (size_t i = 0; i < oi.nsyms; )
    {
      if (oi.syms[i].bind != STB_LOCAL)
	{
	  i++;
	  continue;
	}
      struct group og = { i, i, "" };
      if (oi.syms[i].type == STT_FILE)
	og.file = oi.syms[i].name, og.from = og.to = ++i;
      while (i < oi.nsyms && oi.syms[i].bind == STB_LOCAL
	     && oi.syms[i].type != STT_FILE)
	og.to = ++i;
      bool done = false;
      for (size_t k = 0; k < nobj && !done; k++)
	for (size_t m = 0; m < ng[k] && !done; m++)
	  if (!used[k][m] && strcmp (g[k][m].file, og.file) == 0
	      && match_group (a[k], objs[k], &g[k][m], &oi, &og, false))
	    {
	      match_group (a[k], objs[k], &g[k][m], &oi, &og, true);
	      used[k][m] = true;
	      done = true;
	    }
    }
  for (size_t k = 0; k < nobj; k++)
    {
      struct btfld_object *o = objs[k];
      for (size_t i = 0; i < o->nsecs; i++)
	{
	  free ((char *) o->secs[i].out_name);
	  o->secs[i].out_name = NULL;
	  if (a[k][i].conflict)
	    btfld_warn ("%s: section %s: its symbols disagree on where it "
			"landed in the output; no FUNC or VAR for them",
			o->label, o->secs[i].name);
	  else if (a[k][i].sec != UINT32_MAX)
	    {
	      if (!(o->secs[i].out_name = dup_str (oi.secname[a[k][i].sec])))
		{
		  err = -ENOMEM;
		  goto out;
		}
	      o->secs[i].out_offset = a[k][i].off;
	    }
	}
    }
out:
  for (size_t k = 0; k < nobj; k++)
    {
      if (a)
	free (a[k]);
      if (g)
	free (g[k]);
      if (used)
	free (used[k]);
    }
  free (a);
  free (g);
  free (ng);
  free (used);
  free (w);
  out_free (&oi);
  return err;
}
