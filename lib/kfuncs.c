/* kfuncs.c -- the kernel's kfuncs marked in its BTF, as pahole >= 1.26
   does with --btf_features=decl_tag_kfuncs: a DECL_TAG 'bpf_kfunc'
   (component_idx -1) on the FUNC of each function a kfunc set lists,
   and a DECL_TAG 'bpf_fastcall' too when its flags have KF_FASTCALL
   (pahole >= 1.28).  bpftool >= 7.4 writes a prototype into vmlinux.h
   for each FUNC so tagged.

   The sets are read from the ELF file itself, .BTF_ids and .symtab, as
   the kernel's BTF_SET8_START / BTF_ID_FLAGS / BTF_SET8_END macros lay
   them out:

     __BTF_ID__set8__NAME:            struct btf_id_set8 { u32 cnt;
					  u32 flags; pairs[cnt] }, its
					  symbol size covering the pairs
     __BTF_ID__func__FNAME__N:        one pair { u32 id; u32 flags }

   Before resolve_btfids runs (which is when the kernel's BTF is made)
   cnt and the ids are still 0, so the members of a set are the func
   symbols within its symbol's extent, and a function is known by the
   name in its symbol.  The flags are the compiler's, already there.

   Which set8s are kfunc sets: pahole takes those whose flags have
   BTF_SET8_KFUNCS (bit 0), which BTF_KFUNCS_START sets since Linux 6.9;
   in older kernels every set8 has flags 0 and pahole tags nothing.
   BTFLD_KFUNCS_ALL takes every set8: in Linux 6.0 to 6.8 the set8s are
   exactly the kfunc sets (each one is the .set of a btf_kfunc_id_set),
   so this gives such a kernel the tags a newer one gets.  */

#include "btfld-int.h"
#include "btfld-session.h"
#include "elf-btf.h"

#include <errno.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

#define ID_PFX "__BTF_ID__"
#define SET8_PFX "__BTF_ID__set8__"
#define FUNC_PFX "__BTF_ID__func__"
#define BTF_SET8_KFUNCS (1u << 0)
#define KF_FASTCALL (1u << 12)

struct kfunc
{
  char *name;			/* the function */
  const char *set;		/* the first set listing it (for messages) */
  uint32_t flags;		/* its flags, OR of every listing */
  bool tagged;
};

struct btfld_kfuncs
{
  struct kfunc *v;
  size_t n, cap;
  char **sets;			/* set names, owned */
  size_t nsets;
};

void
btfld_kfuncs_free (struct btfld_kfuncs *k)
{
  if (!k)
    return;
  for (size_t i = 0; i < k->n; i++)
    free (k->v[i].name);
  for (size_t i = 0; i < k->nsets; i++)
    free (k->sets[i]);
  free (k->sets);
  free (k->v);
  free (k);
}

/* The function named by a __BTF_ID__func__FNAME__N symbol, as pahole
   parses it: the prefix stripped, then the last "__" and what follows
   it.  NULL when SYM is not one.  */
static char *
func_of_sym (const char *sym)
{
  if (strncmp (sym, FUNC_PFX, sizeof FUNC_PFX - 1) != 0)
    return NULL;
  const char *f = sym + sizeof FUNC_PFX - 1;
  if (!strstr (f, "__"))
    return NULL;
  char *name = strdup (f);
  if (!name)
    return NULL;
  char *end = strrchr (name, '_');
  if (!end || end == name || end[-1] != '_')
    {
      free (name);
      return NULL;
    }
  end[-1] = '\0';
  return name;
}

static uint32_t
get_u32 (const unsigned char *p, bool msb)
{
  return msb ? (uint32_t) p[0] << 24 | (uint32_t) p[1] << 16
	       | (uint32_t) p[2] << 8 | p[3]
	     : (uint32_t) p[3] << 24 | (uint32_t) p[2] << 16
	       | (uint32_t) p[1] << 8 | p[0];
}

struct range { uint64_t start, end; size_t set; };

static int
by_name (const void *a, const void *b)
{
  return strcmp (((const struct kfunc *) a)->name,
		 ((const struct kfunc *) b)->name);
}

static int
add_kfunc (struct btfld_kfuncs *k, char *name, const char *set,
	   uint32_t flags)
{
  for (size_t i = 0; i < k->n; i++)
    if (strcmp (k->v[i].name, name) == 0)
      {
	k->v[i].flags |= flags;
	free (name);
	return 0;
      }
  if (btfld_grow ((void **) &k->v, &k->cap, k->n + 1, sizeof *k->v))
    {
      free (name);
      return -ENOMEM;
    }
  k->v[k->n++] = (struct kfunc) { name, set, flags, false };
  return 0;
}

/* What the two passes over the symbols read: .BTF_ids and the symbol
   table, and the kfunc sets found (RANGES, each naming its set).  */
struct ids_scan
{
  Elf *elf;
  bool msb;
  const unsigned char *buf;	/* .BTF_ids */
  uint64_t size, addr;
  size_t ndx;
  Elf_Data *syms, *xsyms;
  GElf_Shdr ssh;
  size_t nsyms;
  struct range *ranges;
  size_t nranges, ranges_cap, sets_cap;
};

/* Symbol I of the scan when it lies in .BTF_ids: its name, or NULL.  */
static const char *
ids_sym (const struct ids_scan *sc, size_t i, GElf_Sym *s)
{
  Elf32_Word xndx = 0;
  if (!gelf_getsymshndx (sc->syms, sc->xsyms, (int) i, s, &xndx)
      || btfld_sym_section (s->st_shndx, xndx) != sc->ndx)
    return NULL;
  return elf_strptr (sc->elf, sc->ssh.sh_link, s->st_name);
}

/* Find .BTF_ids and the symbol table: 1 when there is no .BTF_ids (no
   kfunc set), 0, or a negative errno.  */
static int
ids_open (struct ids_scan *sc, Elf *elf)
{
  size_t shstrndx;
  Elf_Scn *scn = NULL, *symscn;
  Elf_Data *ids = NULL;
  GElf_Ehdr eh;
  sc->elf = elf;
  if (!gelf_getehdr (elf, &eh) || elf_getshdrstrndx (elf, &shstrndx))
    return btfld_error (-EINVAL, "not a valid ELF file: %s",
			elf_errmsg (-1));
  sc->msb = eh.e_ident[EI_DATA] == ELFDATA2MSB;
  while ((scn = elf_nextscn (elf, scn)))
    {
      GElf_Shdr sh;
      if (!gelf_getshdr (scn, &sh))
	continue;
      const char *name = elf_strptr (elf, shstrndx, sh.sh_name);
      if (name && strcmp (name, ".BTF_ids") == 0
	  && sh.sh_type != SHT_NOBITS)
	{
	  ids = elf_getdata (scn, NULL);
	  sc->addr = sh.sh_addr;
	  sc->ndx = elf_ndxscn (scn);
	}
    }
  if (!ids || !ids->d_buf)
    return 1;
  sc->buf = ids->d_buf;
  sc->size = ids->d_size;
  if (!(symscn = btfld_elf_symtab (elf, false, &sc->ssh, &sc->xsyms)))
    return btfld_error (-EINVAL, "has .BTF_ids but no .symtab: the kfunc "
			"sets cannot be found");
  sc->syms = elf_getdata (symscn, NULL);
  if (!sc->syms || !sc->ssh.sh_entsize)
    return btfld_error (-EINVAL, "unreadable .symtab: %s", elf_errmsg (-1));
  sc->nsyms = sc->ssh.sh_size / sc->ssh.sh_entsize;
  return 0;
}

/* Pass 1: the kfunc sets (WHICH) and their extents.  Every BTF_ID macro
   defines a local __BTF_ID__ symbol: a .BTF_ids without any lost them
   in the link (-x, --discard-all).  */
static int
find_sets (struct ids_scan *sc, struct btfld_kfuncs *k,
	   enum btfld_kfunc_sets which)
{
  size_t id_syms = 0;
  for (size_t i = 0; i < sc->nsyms; i++)
    {
      GElf_Sym s;
      const char *name = ids_sym (sc, i, &s);
      if (!name || strncmp (name, ID_PFX, sizeof ID_PFX - 1) != 0)
	continue;
      id_syms++;
      if (strncmp (name, SET8_PFX, sizeof SET8_PFX - 1) != 0)
	continue;
      uint64_t off = s.st_value - sc->addr;
      if (s.st_value < sc->addr || off + 8 > sc->size
	  || s.st_size > sc->size - off)
	return btfld_error (-EINVAL, ".BTF_ids: set8 '%s' lies outside "
			    "the section", name + sizeof SET8_PFX - 1);
      uint32_t flags = get_u32 (sc->buf + off + 4, sc->msb);
      if (which != BTFLD_KFUNCS_ALL && !(flags & BTF_SET8_KFUNCS))
	continue;
      if (btfld_grow ((void **) &k->sets, &sc->sets_cap, k->nsets + 1,
		      sizeof *k->sets)
	  || btfld_grow ((void **) &sc->ranges, &sc->ranges_cap,
			 sc->nranges + 1, sizeof *sc->ranges))
	return -ENOMEM;
      if (!(k->sets[k->nsets] = strdup (name + sizeof SET8_PFX - 1)))
	return btfld_error (-ENOMEM, "out of memory");
      sc->ranges[sc->nranges++] = (struct range) { s.st_value,
						   s.st_value + s.st_size,
						   k->nsets++ };
    }
  if (!id_syms && sc->size)
    btfld_warn (".BTF_ids has no __BTF_ID__ symbols (local symbols "
		"discarded: -x, --discard-all?): no kfunc set found, none "
		"tagged");
  return 0;
}

/* Pass 2: the functions within the sets.  */
static int
find_kfuncs (struct ids_scan *sc, struct btfld_kfuncs *k)
{
  for (size_t i = 0; i < sc->nsyms && sc->nranges; i++)
    {
      GElf_Sym s;
      const char *name = ids_sym (sc, i, &s);
      size_t j;
      if (!name)
	continue;
      for (j = 0; j < sc->nranges; j++)
	if (sc->ranges[j].start <= s.st_value
	    && s.st_value < sc->ranges[j].end)
	  break;
      if (j == sc->nranges)
	continue;
      char *fname = func_of_sym (name);
      if (!fname)
	continue;
      uint64_t off = s.st_value - sc->addr;
      if (off + 8 > sc->size)
	{
	  btfld_error (-EINVAL, ".BTF_ids: kfunc '%s' lies outside the "
		       "section", fname);
	  free (fname);
	  return -EINVAL;
	}
      int err = add_kfunc (k, fname, k->sets[sc->ranges[j].set],
			   get_u32 (sc->buf + off + 4, sc->msb));
      if (err)
	return err;
    }
  return 0;
}

struct btfld_kfuncs *
btfld_kfuncs_from_elf (Elf *elf, enum btfld_kfunc_sets which)
{
  struct btfld_kfuncs *k = calloc (1, sizeof *k);
  struct ids_scan sc = { 0 };
  int err;
  if (!k)
    {
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  err = ids_open (&sc, elf);
  if (err == 1)
    return k;			/* no kfunc sets: nothing to tag */
  if (!err)
    err = find_sets (&sc, k, which);
  if (!err)
    err = find_kfuncs (&sc, k);
  free (sc.ranges);
  if (err)
    {
      btfld_kfuncs_free (k);
      return NULL;
    }
  if (k->n)
    qsort (k->v, k->n, sizeof *k->v, by_name);
  return k;
}

static long
add_decl_tag (struct btfld_btf *btf, uint32_t name_off, uint32_t target)
{
  struct { struct btf_type t; struct btf_decl_tag d; } rec;
  memset (&rec, 0, sizeof rec);
  rec.t.name_off = name_off;
  rec.t.info = BTF_INFO_ENC (BTF_KIND_DECL_TAG, 0, 0);
  rec.t.type = target;
  rec.d.component_idx = -1;
  return btfld_add_type (btf, &rec.t, sizeof rec);
}

int
btfld_kfuncs_tag (struct btfld_btf *btf, const struct btfld_kfuncs *kc)
{
  struct btfld_kfuncs *k = (struct btfld_kfuncs *) kc;
  if (!k || !k->n)
    return 0;
  long kfunc = btfld_add_str (btf, "bpf_kfunc");
  long fastcall = -1;
  if (kfunc < 0)
    return (int) kfunc;
  for (size_t i = 0; i < k->n; i++)
    k->v[i].tagged = false;
  uint32_t start = btfld_start_id (btf), end = btfld_type_cnt (btf);
  /* Tags already there (a BTF made by pahole, adopted as it is) are
     not added twice: bit 0 'bpf_kfunc', bit 1 'bpf_fastcall'.  */
  uint8_t *had = calloc (end - start + 1, 1);
  if (!had)
    return btfld_error (-ENOMEM, "out of memory");
  for (uint32_t id = start; id < end; id++)
    {
      const struct btf_type *t = btfld_type_by_id (btf, id);
      const struct btf_decl_tag *d = (const void *) (t + 1);
      if (btfld_kind (t) != BTF_KIND_DECL_TAG || d->component_idx != -1
	  || t->type < start || t->type >= end)
	continue;
      const char *v = btfld_str (btf, t->name_off);
      if (strcmp (v, "bpf_kfunc") == 0)
	had[t->type - start] |= 1;
      else if (strcmp (v, "bpf_fastcall") == 0)
	had[t->type - start] |= 2;
    }
  for (uint32_t id = start; id < end; id++)
    {
      const struct btf_type *t = btfld_type_by_id (btf, id);
      if (btfld_kind (t) != BTF_KIND_FUNC || !t->name_off)
	continue;
      struct kfunc key = { (char *) btfld_str (btf, t->name_off), NULL, 0,
			    false };
      struct kfunc *f = bsearch (&key, k->v, k->n, sizeof *k->v, by_name);
      if (!f)
	continue;
      long err = had[id - start] & 1 ? 0
		 : add_decl_tag (btf, (uint32_t) kfunc, id);
      if (err >= 0 && (f->flags & KF_FASTCALL) && !(had[id - start] & 2))
	{
	  if (fastcall < 0)
	    fastcall = btfld_add_str (btf, "bpf_fastcall");
	  err = fastcall < 0 ? fastcall
		: add_decl_tag (btf, (uint32_t) fastcall, id);
	}
      if (err < 0)
	{
	  free (had);
	  return (int) err;
	}
      f->tagged = true;
    }
  free (had);
  for (size_t i = 0; i < k->n; i++)
    if (!k->v[i].tagged)
      btfld_warn ("kfunc '%s' (set '%s'): no FUNC of that name, not "
		  "tagged", k->v[i].name, k->v[i].set);
  return 0;
}
