/* elf-syms.c -- what the gcc fixups need to know of the linked output:
   its symbols (name, binding, section, value) and its sections (name,
   address, size).  Read with libelf; names are copied.  */

#include "btfld-int.h"
#include "elf-btf.h"

#include <errno.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

static int
by_name (const void *a, const void *b)
{
  const struct btfld_sym *x = a, *y = b;
  int c = strcmp (x->name, y->name);
  if (c)
    return c;
  return x->order < y->order ? -1 : x->order > y->order;
}

static char *
save (struct btfld_symtab *st, const char *s)
{
  size_t len = strlen (s) + 1;
  char *p = malloc (len);
  if (p)
    memcpy (p, s, len);
  (void) st;
  return p;
}

static int
read_sections (struct btfld_symtab *st, Elf *elf, size_t shstrndx)
{
  size_t n;
  if (elf_getshdrnum (elf, &n))
    return btfld_error (-EINVAL, "%s", elf_errmsg (-1));
  st->secs = calloc (n ? n : 1, sizeof *st->secs);
  if (!st->secs)
    return btfld_error (-ENOMEM, "out of memory");
  st->nsecs = n;
  for (size_t i = 0; i < n; i++)
    {
      GElf_Shdr sh;
      Elf_Scn *scn = elf_getscn (elf, i);
      if (!scn || !gelf_getshdr (scn, &sh))
	return btfld_error (-EINVAL, "%s", elf_errmsg (-1));
      const char *name = elf_strptr (elf, shstrndx, sh.sh_name);
      st->secs[i].name = save (st, name ? name : "");
      st->secs[i].addr = sh.sh_addr;
      st->secs[i].size = sh.sh_size;
      st->secs[i].flags = sh.sh_flags;
      if (!st->secs[i].name)
	return btfld_error (-ENOMEM, "out of memory");
    }
  return 0;
}

Elf_Scn *
btfld_elf_symtab (Elf *elf, bool dynsym, GElf_Shdr *sh, Elf_Data **xd)
{
  Elf_Scn *scn = NULL, *found = NULL, *dyn = NULL;
  while ((scn = elf_nextscn (elf, scn)) && !found)
    {
      GElf_Shdr s;
      if (!gelf_getshdr (scn, &s))
	continue;
      if (s.sh_type == SHT_SYMTAB)
	found = scn;
      else if (s.sh_type == SHT_DYNSYM && dynsym && !dyn)
	dyn = scn;
    }
  if (!found)
    found = dyn;
  if (xd)
    *xd = NULL;
  if (!found || !gelf_getshdr (found, sh))
    return NULL;
  for (Elf_Scn *x = NULL; xd && (x = elf_nextscn (elf, x)); )
    {
      GElf_Shdr xsh;
      if (gelf_getshdr (x, &xsh) && xsh.sh_type == SHT_SYMTAB_SHNDX
	  && xsh.sh_link == elf_ndxscn (found))
	*xd = elf_getdata (x, NULL);
    }
  return found;
}

bool
btfld_elf_has_symtab (Elf *elf)
{
  GElf_Shdr sh;
  return btfld_elf_symtab (elf, false, &sh, NULL) != NULL;
}

/* The length of X when NAME is X.lto_priv.N, else 0.  */
size_t
btfld_lto_priv_len (const char *name)
{
  const char *p = strstr (name, ".lto_priv.");
  if (!p || p == name || !p[10])
    return 0;
  for (const char *q = p + 10; *q; q++)
    if (*q < '0' || *q > '9')
      return 0;
  return p - name;
}

static char *
save_n (struct btfld_symtab *st, const char *name, size_t n)
{
  char *s = malloc (n + 1);
  (void) st;
  if (s)
    {
      memcpy (s, name, n);
      s[n] = 0;
    }
  return s;
}

static int
read_symbols (struct btfld_symtab *st, Elf *elf)
{
  GElf_Shdr sh;
  Elf_Data *xd;
  Elf_Scn *scn = btfld_elf_symtab (elf, true, &sh, &xd);
  if (!scn)
    return 0;
  /* Count from the data libelf could read, not from the header.  */
  Elf_Data *d = elf_getdata (scn, NULL);
  size_t esz = gelf_fsize (elf, ELF_T_SYM, 1, EV_CURRENT);
  if (!d || !esz)
    return btfld_error (-EINVAL, "cannot read the symbol table: %s",
			elf_errmsg (-1));
  size_t n = d->d_size / esz;
  st->syms = calloc (n ? n : 1, sizeof *st->syms);
  if (!st->syms)
    return btfld_error (-ENOMEM, "out of memory");
  for (size_t i = 1; i < n; i++)
    {
      GElf_Sym s;
      Elf32_Word xndx = 0;
      if (!gelf_getsymshndx (d, xd, i, &s, &xndx))
	break;
      uint32_t shndx = btfld_sym_section (s.st_shndx, xndx);
      const char *name = elf_strptr (elf, sh.sh_link, s.st_name);
      unsigned type = GELF_ST_TYPE (s.st_info);
      if (!name || !*name || type == STT_SECTION || type == STT_FILE)
	continue;
      struct btfld_sym *y = &st->syms[st->nsyms];
      /* X.lto_priv.N is the static X that LTO renamed so that it is
	 unique across partitions: the same object with the same ABI, so
	 it describes X, with X's static linkage (as pahole, which takes
	 names and linkage from the debug info).  .isra, .constprop and
	 .part clones change the calling convention: not X (doc/gcc.md).  */
      size_t priv = btfld_lto_priv_len (name);
      y->name = priv ? save_n (st, name, priv) : save (st, name);
      if (!y->name)
	return btfld_error (-ENOMEM, "out of memory");
      y->bind = priv ? STB_LOCAL : GELF_ST_BIND (s.st_info);
      y->type = type;
      y->shndx = shndx;
      y->value = s.st_value;
      y->size = s.st_size;
      y->order = st->nsyms++;
    }
  qsort (st->syms, st->nsyms, sizeof *st->syms, by_name);
  return 0;
}

struct btfld_symtab *
btfld_symtab_from_elf (Elf *elf)
{
  GElf_Ehdr eh;
  size_t shstrndx;
  struct btfld_symtab *st = calloc (1, sizeof *st);
  if (!st)
    {
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  if (!gelf_getehdr (elf, &eh) || elf_getshdrstrndx (elf, &shstrndx))
    {
      btfld_error (-EINVAL, "not an ELF file: %s", elf_errmsg (-1));
      free (st);
      return NULL;
    }
  st->e_type = eh.e_type;
  if (read_sections (st, elf, shstrndx) || read_symbols (st, elf))
    {
      btfld_symtab_free (st);
      return NULL;
    }
  return st;
}

void
btfld_symtab_free (struct btfld_symtab *st)
{
  if (!st)
    return;
  for (size_t i = 0; i < st->nsyms; i++)
    free ((char *) st->syms[i].name);
  for (size_t i = 0; i < st->nsecs; i++)
    free ((char *) st->secs[i].name);
  free (st->syms);
  free (st->secs);
  free (st);
}

/* The run of symbols named NAME (in symbol table order).  */
const struct btfld_sym *
btfld_symtab_lookup (const struct btfld_symtab *st, const char *name,
		     size_t *count)
{
  size_t lo = 0, hi = st->nsyms;
  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;
      if (strcmp (st->syms[mid].name, name) < 0)
	lo = mid + 1;
      else
	hi = mid;
    }
  size_t end = lo;
  while (end < st->nsyms && strcmp (st->syms[end].name, name) == 0)
    end++;
  *count = end - lo;
  return st->syms ? st->syms + lo : NULL;
}

bool
btfld_sym_defined (const struct btfld_sym *s)
{
  return s->shndx != SHN_UNDEF && s->shndx < BTFLD_SHN_RESERVED;
}
