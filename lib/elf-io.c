#define _GNU_SOURCE 1
/* elf-io.c -- read an ELF file (or archive member) into memory, find its
   sections, and write it back with some sections replaced, added or
   removed.  Everything else keeps its bytes: allocated sections keep their
   offsets, non-allocated ones after a changed section move as a block.  */

#include "btfld-int.h"
#include "elf-btf.h"
#include "build-id.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int
btfld_read_at (int fd, off_t offset, void *buf, size_t size)
{
  size_t done = 0;
  while (done < size)
    {
      ssize_t r = pread (fd, (char *) buf + done, size - done,
			 offset + done);
      if (r < 0 && errno == EINTR)
	continue;
      if (r <= 0)
	return r < 0 ? -errno : -EIO;
      done += r;
    }
  return 0;
}

/* Files up to this size are read rather than mapped: unmapping flushes
   the TLB, which costs more than copying a small object (a link opens
   every input once).  */
#define READ_MAX ((size_t) 4 << 20)

/* Up to this size the buffer doubles, so that a link's inputs of
   growing sizes touch fresh pages a few times only; past it, it takes
   the image's size to the next MB: a power of two above a large input
   was address space ld, under a memory limit, could not have.  */
#define BUF_DOUBLE_MAX ((size_t) 16 << 20)

/* BUF, able to hold SIZE bytes (its contents are lost), or NULL.  */
static unsigned char *
buf_reserve (struct btfld_read_buf *buf, size_t size)
{
  if (buf->cap < size)
    {
      size_t cap = buf->cap ? buf->cap : 65536;
      while (cap < size && cap < BUF_DOUBLE_MAX)
	cap *= 2;
      if (cap < size)
	cap = (size + ((size_t) 1 << 20) - 1) & ~(((size_t) 1 << 20) - 1);
      free (buf->p);
      if (!(buf->p = malloc (cap)))
	buf->cap = 0;
      else
	buf->cap = cap;
    }
  return buf->p;
}

/* Read the LEN bytes at OFF of the file image at OFFSET of FD into IMG
   at OFF: 0, or an error (reported).  */
static int
read_span (int fd, off_t offset, unsigned char *img, uint64_t off,
	   size_t len)
{
  int err = btfld_read_at (fd, offset + off, img + off, len);
  return err ? btfld_error (err, "cannot read: %s", strerror (-err)) : 0;
}

/* Map the SIZE bytes at OFFSET of FD privately (pages are read only as
   touched, never zero-filled and copied); read them if SIZE is small or
   mapping fails.  */
static int
map_image (struct btfld_elf *e, int fd, off_t offset, size_t size)
{
  long page = sysconf (_SC_PAGESIZE);
  off_t start = offset - offset % page;
  size_t len = size + (offset - start);
  void *p = size > READ_MAX ? mmap (NULL, len, PROT_READ | PROT_WRITE,
				    MAP_PRIVATE, fd, start) : MAP_FAILED;
  if (p != MAP_FAILED)
    {
      e->map = p;
      e->map_len = len;
      e->image = (unsigned char *) p + (offset - start);
      return 0;
    }
  e->image = e->buf ? buf_reserve (e->buf, size) : malloc (size ? size : 1);
  if (!e->image)
    return btfld_error (-ENOMEM, "out of memory");
  return read_span (fd, offset, e->image, 0, size);
}

/* ---- reading a link's input in parts ----

   A link's plugin reads, of each input, the ELF header, the section
   headers and their names, .BTF, the GCC plugin's .btfld.clones (the
   object's facts, objfacts.c), and the symbol tables with their
   strings and extended section indexes: a fraction of a kernel's object,
   the rest (code, relocations, DWARF) being ld's business.  They are read
   into the buffer at their offsets in the file, so that libelf finds
   them where the headers say; the bytes between them are whatever the
   buffer held before, and nothing reads them (btfld_elf_section gives
   only .BTF of such an image).  */

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ELFDATA_HOST ELFDATA2LSB
#else
#define ELFDATA_HOST ELFDATA2MSB
#endif

/* Parts closer than this are read as one: a read costs more than
   copying this much.  */
#define PART_GAP ((uint64_t) 16 << 10)

struct part
{
  uint64_t off, end;
};

static int
by_part (const void *a, const void *b)
{
  const struct part *x = a, *y = b;
  return x->off < y->off ? -1 : x->off > y->off;
}

/* The fields of section header I of TABLE that choosing parts needs.  */
struct shdr_view
{
  uint32_t name, type, link;
  uint64_t offset, size;
};

static struct shdr_view
shdr_at (const unsigned char *table, bool is64, size_t i)
{
  struct shdr_view v;
  if (is64)
    {
      Elf64_Shdr sh;
      memcpy (&sh, table + i * sizeof sh, sizeof sh);
      v = (struct shdr_view) { sh.sh_name, sh.sh_type, sh.sh_link,
			       sh.sh_offset, sh.sh_size };
    }
  else
    {
      Elf32_Shdr sh;
      memcpy (&sh, table + i * sizeof sh, sizeof sh);
      v = (struct shdr_view) { sh.sh_name, sh.sh_type, sh.sh_link,
			       sh.sh_offset, sh.sh_size };
    }
  return v;
}

/* Add section V of an image of SIZE bytes to PARTS: false when it does
   not lie in the file.  */
static bool
add_part (struct part *parts, size_t *nparts, struct shdr_view v,
	  size_t size)
{
  if (v.type == SHT_NOBITS || v.size == 0)
    return true;
  if (v.offset > size || v.size > size - v.offset)
    return false;
  parts[(*nparts)++] = (struct part) { v.offset, v.offset + v.size };
  return true;
}

/* Read the parts of the SIZE bytes at OFFSET of FD into E's buffer: 1
   when done; 0 when the headers are not as expected (another byte
   order, a table outside the file...), for the caller to read it
   whole and check_sections to say what is wrong; -errno on failure.  */
static int
read_parts (struct btfld_elf *e, int fd, off_t offset, size_t size)
{
  unsigned char *img = buf_reserve (e->buf, size);
  int err;
  if (!img)
    return btfld_error (-ENOMEM, "out of memory");
  if (size < sizeof (Elf64_Ehdr))
    return 0;
  if ((err = read_span (fd, offset, img, 0, sizeof (Elf64_Ehdr))))
    return err;
  if (memcmp (img, ELFMAG, SELFMAG) || img[EI_DATA] != ELFDATA_HOST
      || (img[EI_CLASS] != ELFCLASS64 && img[EI_CLASS] != ELFCLASS32))
    return 0;
  bool is64 = img[EI_CLASS] == ELFCLASS64;
  uint64_t shoff;
  size_t entsize, ehsize, n, strndx;
  if (is64)
    {
      Elf64_Ehdr eh;
      memcpy (&eh, img, sizeof eh);
      shoff = eh.e_shoff, entsize = eh.e_shentsize;
      n = eh.e_shnum, strndx = eh.e_shstrndx, ehsize = sizeof eh;
    }
  else
    {
      Elf32_Ehdr eh;
      memcpy (&eh, img, sizeof eh);
      shoff = eh.e_shoff, entsize = eh.e_shentsize;
      n = eh.e_shnum, strndx = eh.e_shstrndx, ehsize = sizeof eh;
    }
  if (entsize != (is64 ? sizeof (Elf64_Shdr) : sizeof (Elf32_Shdr))
      || shoff < ehsize || shoff > size || size - shoff < entsize)
    return 0;
  /* Section 0 holds the counts that do not fit in the ELF header.  */
  size_t first = n && n <= (size - shoff) / entsize ? n : 1;
  if ((err = read_span (fd, offset, img, shoff, first * entsize)))
    return err;
  const unsigned char *table = img + shoff;
  struct shdr_view s0 = shdr_at (table, is64, 0);
  if (n == 0)
    n = s0.size;
  if (strndx == SHN_XINDEX)
    strndx = s0.link;
  if (n < 2 || n > (size - shoff) / entsize || strndx == 0 || strndx >= n)
    return 0;
  if (first < n
      && (err = read_span (fd, offset, img, shoff + entsize,
			   (n - 1) * entsize)))
    return err;
  struct shdr_view names = shdr_at (table, is64, strndx);
  if (names.type != SHT_STRTAB || names.size == 0 || names.offset > size
      || names.size > size - names.offset)
    return 0;
  if ((err = read_span (fd, offset, img, names.offset, names.size)))
    return err;
  const char *name_at = (const char *) img + names.offset;
  if (name_at[names.size - 1] != '\0')
    return 0;
  struct part *parts = malloc (2 * n * sizeof *parts);
  size_t nparts = 0;
  bool fits = true;
  if (!parts)
    return btfld_error (-ENOMEM, "out of memory");
  for (size_t i = 1; i < n && fits; i++)
    {
      struct shdr_view v = shdr_at (table, is64, i);
      if (v.type == SHT_SYMTAB || v.type == SHT_DYNSYM)
	fits = add_part (parts, &nparts, v, size)
	       && (v.link >= n
		   || add_part (parts, &nparts, shdr_at (table, is64, v.link),
				size));
      else if (v.type == SHT_SYMTAB_SHNDX
	       || (v.name < names.size
		   && (strcmp (name_at + v.name, ".BTF") == 0
		       || strcmp (name_at + v.name, ".btfld.clones") == 0)))
	fits = add_part (parts, &nparts, v, size);
    }
  if (!fits)
    {
      free (parts);
      return 0;
    }
  qsort (parts, nparts, sizeof *parts, by_part);
  for (size_t k = 0; k < nparts && !err; )
    {
      uint64_t off = parts[k].off, end = parts[k].end;
      for (k++; k < nparts && parts[k].off <= end + PART_GAP; k++)
	end = parts[k].end > end ? parts[k].end : end;
      err = read_span (fd, offset, img, off, end - off);
    }
  free (parts);
  if (err)
    return err;
  e->image = img;
  e->in_parts = true;
  return 1;
}

/* Largest alignment a section may ask for: what moves is placed at its
   alignment, and nothing real needs more than a huge page.  */
#define MAX_ALIGN ((uint64_t) 1 << 30)

struct extent
{
  uint64_t off, size;
  size_t index;			/* SIZE_MAX for the section header table */
};

static int
by_extent (const void *a, const void *b)
{
  const struct extent *x = a, *y = b;
  if (x->off != y->off)
    return x->off < y->off ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

static const char *
sec_name (struct btfld_elf *e, size_t shstrndx, const GElf_Shdr *sh)
{
  const char *n = elf_strptr (e->elf, shstrndx, sh->sh_name);
  return n ? n : "?";
}

/* The section header table of E as check_sections checks it.  */
struct shdr_table
{
  GElf_Ehdr eh;
  size_t n, shstrndx, shentsize;
  GElf_Shdr ssh;		/* the section name string table's */
};

/* The ELF header, the section and program header tables and the string
   table of section names, filling T.  */
static int
check_headers (struct btfld_elf *e, struct shdr_table *t)
{
  size_t phnum;
  bool is64 = gelf_getclass (e->elf) == ELFCLASS64;
  GElf_Ehdr *eh = &t->eh;
  t->shentsize = is64 ? sizeof (Elf64_Shdr) : sizeof (Elf32_Shdr);
  gelf_getehdr (e->elf, eh);
  if (eh->e_shoff == 0)
    return btfld_error (-EINVAL, "malformed ELF: no section header table");
  if (eh->e_shentsize != t->shentsize)
    return btfld_error (-EINVAL, "malformed ELF: section header size %u, "
			"expected %zu", eh->e_shentsize, t->shentsize);
  /* The writer writes a whole header whatever e_ehsize says: with 0
     there, a section at offset 0 would pass the overlap check and be
     overwritten by the new header.  */
  size_t ehsize = is64 ? sizeof (Elf64_Ehdr) : sizeof (Elf32_Ehdr);
  if (eh->e_ehsize != ehsize)
    return btfld_error (-EINVAL, "malformed ELF: ELF header size %u, "
			"expected %zu", eh->e_ehsize, ehsize);
  if (eh->e_shoff < eh->e_ehsize || eh->e_shoff > e->size
      || e->size - eh->e_shoff < t->shentsize)
    return btfld_error (-EINVAL, "malformed ELF: section header table "
			"(offset %" PRIu64 ") outside the file (%zu bytes)",
			(uint64_t) eh->e_shoff, e->size);
  /* Section 0 is in the file: libelf reads the extended numbers there.  */
  if (elf_getshdrnum (e->elf, &t->n) || elf_getphdrnum (e->elf, &phnum))
    return btfld_error (-EINVAL, "malformed ELF headers: %s",
			elf_errmsg (-1));
  if (t->n < 2)
    return btfld_error (-EINVAL, "malformed ELF: %zu section header%s, no "
			"section name string table", t->n,
			t->n == 1 ? "" : "s");
  if (t->n > (e->size - eh->e_shoff) / t->shentsize)
    return btfld_error (-EINVAL, "malformed ELF: %zu section headers at "
			"offset %" PRIu64 " do not fit in the file (%zu bytes)",
			t->n, (uint64_t) eh->e_shoff, e->size);
  if (phnum && (eh->e_phoff > e->size
		|| eh->e_phentsize != (is64 ? sizeof (Elf64_Phdr)
				       : sizeof (Elf32_Phdr))
		|| phnum > (e->size - eh->e_phoff) / eh->e_phentsize))
    return btfld_error (-EINVAL, "malformed ELF: program header table "
			"outside the file");
  if (elf_getshdrstrndx (e->elf, &t->shstrndx))
    return btfld_error (-EINVAL, "malformed ELF section headers: %s",
			elf_errmsg (-1));
  if (t->shstrndx == SHN_UNDEF || t->shstrndx >= t->n)
    return btfld_error (-EINVAL, "malformed ELF: section name string table "
			"index %zu out of range (%zu sections)", t->shstrndx,
			t->n);
  GElf_Shdr *ssh = &t->ssh;
  if (!gelf_getshdr (elf_getscn (e->elf, t->shstrndx), ssh))
    return btfld_error (-EINVAL, "malformed ELF section header [%zu]: %s",
			t->shstrndx, elf_errmsg (-1));
  if (ssh->sh_type != SHT_STRTAB || ssh->sh_size == 0
      || ssh->sh_offset > e->size || ssh->sh_size > e->size - ssh->sh_offset)
    return btfld_error (-EINVAL, "malformed ELF: section name string table "
			"[%zu] (type %u, offset %" PRIu64 ", size %" PRIu64
			") is not a string table within the file (%zu bytes)",
			t->shstrndx, ssh->sh_type, (uint64_t) ssh->sh_offset,
			(uint64_t) ssh->sh_size, e->size);
  if (e->image[ssh->sh_offset + ssh->sh_size - 1] != '\0')
    return btfld_error (-EINVAL, "malformed ELF: section name string table "
			"[%zu] does not end with a NUL", t->shstrndx);
  return 0;
}

/* A symbol table's entry size, string table link and data.  */
static int
check_symtab (struct btfld_elf *e, size_t i, Elf_Scn *scn,
	      const GElf_Shdr *sh, const char *name)
{
  size_t symsz = gelf_fsize (e->elf, ELF_T_SYM, 1, EV_CURRENT);
  GElf_Shdr lsh;
  if (sh->sh_entsize != symsz || sh->sh_size % symsz || sh->sh_size == 0)
    return btfld_error (-EINVAL, "malformed ELF: symbol table [%zu] '%s': "
			"size %" PRIu64 " and entry size %" PRIu64
			" (a symbol is %zu bytes)", i, name,
			(uint64_t) sh->sh_size, (uint64_t) sh->sh_entsize,
			symsz);
  if (!gelf_getshdr (elf_getscn (e->elf, sh->sh_link), &lsh)
      || lsh.sh_type != SHT_STRTAB)
    return btfld_error (-EINVAL, "malformed ELF: symbol table [%zu] '%s': "
			"link %u is not a string table", i, name,
			sh->sh_link);
  if (!elf_getdata (scn, NULL))
    return btfld_error (-EINVAL, "malformed ELF: symbol table [%zu] '%s': "
			"cannot read it: %s", i, name, elf_errmsg (-1));
  return 0;
}

/* Section I's header (into *SH): its name, alignment, extent and link,
   and a symbol table's shape.  */
static int
check_section (struct btfld_elf *e, const struct shdr_table *t, size_t i,
	       GElf_Shdr *sh)
{
  Elf_Scn *scn = elf_getscn (e->elf, i);
  if (!scn || !gelf_getshdr (scn, sh))
    return btfld_error (-EINVAL, "malformed ELF section header [%zu]: %s",
			i, elf_errmsg (-1));
  if (sh->sh_name >= t->ssh.sh_size)
    return btfld_error (-EINVAL, "malformed ELF: section [%zu] name offset "
			"%u beyond the section name string table (%" PRIu64
			" bytes)", i, sh->sh_name,
			(uint64_t) t->ssh.sh_size);
  const char *name = sec_name (e, t->shstrndx, sh);
  if (sh->sh_addralign & (sh->sh_addralign - 1))
    return btfld_error (-EINVAL, "malformed ELF: section [%zu] '%s': "
			"alignment %" PRIu64 " is not a power of 2", i, name,
			(uint64_t) sh->sh_addralign);
  if (sh->sh_addralign > MAX_ALIGN)
    return btfld_error (-EINVAL, "malformed ELF: section [%zu] '%s': "
			"alignment %" PRIu64 " is over the limit of %" PRIu64,
			i, name, (uint64_t) sh->sh_addralign, MAX_ALIGN);
  if (sh->sh_type != SHT_NOBITS
      && (sh->sh_offset > e->size || sh->sh_size > e->size - sh->sh_offset))
    return btfld_error (-EINVAL, "malformed ELF: section [%zu] '%s' "
			"(offset %" PRIu64 ", size %" PRIu64 ") lies outside "
			"the file (%zu bytes)", i, name,
			(uint64_t) sh->sh_offset, (uint64_t) sh->sh_size,
			e->size);
  if (sh->sh_link >= t->n)
    return btfld_error (-EINVAL, "malformed ELF: section [%zu] '%s': link "
			"%u out of range (%zu sections)", i, name,
			sh->sh_link, t->n);
  if (sh->sh_type == SHT_SYMTAB || sh->sh_type == SHT_DYNSYM)
    return check_symtab (e, i, scn, sh, name);
  if (sh->sh_type == SHT_SYMTAB_SHNDX
      && (sh->sh_entsize != 4 || sh->sh_size % 4))
    return btfld_error (-EINVAL, "malformed ELF: section [%zu] '%s': "
			"entry size %" PRIu64 ", expected 4", i, name,
			(uint64_t) sh->sh_entsize);
  return 0;
}

/* The NX extents X (the section headers' and each section's with
   contents): none overlaps another or the ELF header.  */
static int
check_overlaps (struct btfld_elf *e, const struct shdr_table *t,
		struct extent *x, size_t nx)
{
  qsort (x, nx, sizeof *x, by_extent);
  for (size_t k = 0; k < nx; k++)
    if (k && x[k].off < x[k - 1].off + x[k - 1].size)
      {
	char a[32], b[32];
	GElf_Shdr sh;
	if (x[k - 1].index == SIZE_MAX)
	  strcpy (a, "the section headers");
	else
	  snprintf (a, sizeof a, "section [%zu]", x[k - 1].index);
	if (x[k].index == SIZE_MAX)
	  strcpy (b, "the section headers");
	else
	  snprintf (b, sizeof b, "section [%zu]", x[k].index);
	size_t named = x[k].index != SIZE_MAX ? x[k].index : x[k - 1].index;
	gelf_getshdr (elf_getscn (e->elf, named), &sh);
	return btfld_error (-EINVAL, "malformed ELF: %s overlaps %s ('%s')",
			    b, a, sec_name (e, t->shstrndx, &sh));
      }
    else if (x[k].off < t->eh.e_ehsize)
      return btfld_error (-EINVAL, "malformed ELF: section [%zu] overlaps "
			  "the ELF header", x[k].index);
  return 0;
}

/* Everything the reader and the writer rely on, checked once: the
   section header table and the string table of section names lie in
   the file, every section with contents too, without overlapping another
   or the headers; sane alignments; symbol tables with their entry size,
   a string table link and readable data.  */
static int
check_sections (struct btfld_elf *e)
{
  struct shdr_table t;
  int err = check_headers (e, &t);
  if (err)
    return err;
  struct extent *x = malloc ((t.n + 1) * sizeof *x);
  size_t nx = 0;
  if (!x)
    return btfld_error (-ENOMEM, "out of memory");
  x[nx++] = (struct extent) { t.eh.e_shoff, t.n * t.shentsize, SIZE_MAX };
  for (size_t i = 1; i < t.n && !err; i++)
    {
      GElf_Shdr sh;
      if (!(err = check_section (e, &t, i, &sh))
	  && sh.sh_type != SHT_NOBITS && sh.sh_size)
	x[nx++] = (struct extent) { sh.sh_offset, sh.sh_size, i };
    }
  if (!err)
    err = check_overlaps (e, &t, x, nx);
  free (x);
  return err;
}

static int
elf_open (struct btfld_elf *e, const char *path, int fd, off_t offset,
	  size_t size, bool own, struct btfld_read_buf *buf)
{
  int err;
  const char *was = btfld_phase ("reading the file");
  memset (e, 0, sizeof *e);
  e->fd = -1;
  e->buf = buf;
  if (elf_version (EV_CURRENT) == EV_NONE)
    err = btfld_error (-EINVAL, "libelf initialization failed");
  else if (own)
    {
      struct stat st;
      if (fstat (fd, &st))
	err = btfld_error (-errno, "cannot open: %s", strerror (errno));
      else
	{
	  /* The one descriptor the file is read through, to the end.  */
	  e->fd = fd;
	  e->whole = true;
	  offset = 0;
	  size = st.st_size;
	  err = 0;
	}
    }
  else
    err = 0;
  if (err)
    {
      if (own)
	close (fd);
      btfld_phase (was);
      return err;
    }
  e->path = strdup (path);
  e->size = size;
  if (!e->path)
    err = btfld_error (-ENOMEM, "out of memory");
  else if (!e->buf || (err = read_parts (e, fd, offset, size)) == 0)
    err = map_image (e, fd, offset, size);
  else if (err > 0)
    err = 0;
  if (err)
    goto fail;
  e->elf = elf_memory ((char *) e->image, size);
  GElf_Ehdr eh;
  if (!e->elf)
    {
      /* libelf fails here only to allocate.  */
      err = btfld_error (-ENOMEM, "out of memory");
      goto fail;
    }
  if (elf_kind (e->elf) != ELF_K_ELF || !gelf_getehdr (e->elf, &eh))
    {
      err = btfld_error (-EINVAL, "not an ELF object file");
      goto fail;
    }
  if ((err = check_sections (e)))
    goto fail;
  btfld_phase (was);
  return 0;
fail:
  btfld_elf_close (e);
  btfld_phase (was);
  return err;
}

int
btfld_elf_open (struct btfld_elf *e, const char *path, int fd, off_t offset,
		size_t size)
{
  if (fd >= 0)
    return elf_open (e, path, fd, offset, size, false, NULL);
  fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      memset (e, 0, sizeof *e);
      e->fd = -1;
      return btfld_error (-errno, "cannot open: %s", strerror (errno));
    }
  return elf_open (e, path, fd, 0, 0, true, NULL);
}

int
btfld_elf_open_reusing (struct btfld_elf *e, const char *path, int fd,
			off_t offset, size_t size, struct btfld_read_buf *buf)
{
  return elf_open (e, path, fd, offset, size, false, buf);
}

int
btfld_elf_open_whole (struct btfld_elf *e, const char *path, int fd)
{
  return elf_open (e, path, fd, 0, 0, true, NULL);
}

struct btfld_elf_inflated
{
  size_t index;
  void *data;
  size_t size;
};

void
btfld_elf_close (struct btfld_elf *e)
{
  for (size_t i = 0; i < e->ninflated; i++)
    free (e->inflated[i].data);
  free (e->inflated);
  if (e->elf)
    elf_end (e->elf);
  if (e->map)
    munmap (e->map, e->map_len);
  else if (!e->buf)
    free (e->image);
  if (e->fd >= 0)
    close (e->fd);
  free (e->path);
  memset (e, 0, sizeof *e);
  e->fd = -1;
}

static Elf_Scn *
find_scn (Elf *elf, const char *name, GElf_Shdr *shp)
{
  size_t shstrndx;
  Elf_Scn *scn = NULL;
  if (elf_getshdrstrndx (elf, &shstrndx))
    return NULL;
  while ((scn = elf_nextscn (elf, scn)))
    {
      const char *n;
      if (gelf_getshdr (scn, shp)
	  && (n = elf_strptr (elf, shstrndx, shp->sh_name))
	  && strcmp (n, name) == 0)
	return scn;
    }
  return NULL;
}

#ifndef ELFCOMPRESS_ZSTD
# define ELFCOMPRESS_ZSTD 2
#endif

/* The contents of the compressed section SCN (header SH) named NAME,
   decompressed by libelf (elf_compress).  libelf rewrites the section
   header it decompresses, in place when it reads the headers from the
   image: so this is done on a second descriptor, over a sparse copy of
   the image (zero pages but for the ELF header, the section headers and
   the section), and E's headers keep describing the file as it is (the
   writer copies from them).  The result is kept until E is closed.  */
static const void *
inflate_section (struct btfld_elf *e, Elf_Scn *scn, const GElf_Shdr *sh,
		 const char *name, size_t *size)
{
  size_t ndx = elf_ndxscn (scn);
  for (size_t i = 0; i < e->ninflated; i++)
    if (e->inflated[i].index == ndx)
      {
	*size = e->inflated[i].size;
	return e->inflated[i].data;
      }
  *size = (size_t) -1;
  GElf_Chdr ch;
  if (sh->sh_flags & SHF_ALLOC)
    {
      btfld_error (-EINVAL, "section [%zu] %s is compressed (SHF_COMPRESSED) "
		   "and allocated (SHF_ALLOC), which ELF does not allow",
		   ndx, name);
      return NULL;
    }
  if (!gelf_getchdr (scn, &ch))
    {
      btfld_error (-EINVAL, "section [%zu] %s is compressed (SHF_COMPRESSED) "
		   "but has no valid compression header: %s", ndx, name,
		   elf_errmsg (-1));
      return NULL;
    }
  if (ch.ch_type != ELFCOMPRESS_ZLIB && ch.ch_type != ELFCOMPRESS_ZSTD)
    {
      btfld_error (-EINVAL, "section [%zu] %s is compressed with unknown "
		   "compression type %u", ndx, name, (unsigned) ch.ch_type);
      return NULL;
    }
  const char *algo = ch.ch_type == ELFCOMPRESS_ZLIB ? "zlib" : "zstd";
  GElf_Ehdr eh;
  size_t nsec = 0;
  gelf_getehdr (e->elf, &eh);
  elf_getshdrnum (e->elf, &nsec);
  /* calloc maps fresh zero pages for a large size: only what is copied
     is touched.  check_sections has put all three in the file.  */
  unsigned char *img = calloc (e->size, 1);
  if (!img)
    {
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  memcpy (img, e->image, eh.e_ehsize);
  memcpy (img + eh.e_shoff, e->image + eh.e_shoff, nsec * eh.e_shentsize);
  memcpy (img + sh->sh_offset, e->image + sh->sh_offset, sh->sh_size);
  Elf *dup = elf_memory ((char *) img, e->size);
  Elf_Scn *ds = dup ? elf_getscn (dup, ndx) : NULL;
  Elf_Data *d = NULL;
  int r = ds ? elf_compress (ds, 0, 0) : -1;
  if (r >= 0)
    d = elf_getdata (ds, NULL);
  if (r < 0 || !d || d->d_size != ch.ch_size
      || (d->d_size && !d->d_buf))
    {
      if (r < 0 && ch.ch_type == ELFCOMPRESS_ZSTD)
	btfld_error (-ENOTSUP, "section [%zu] %s is compressed with zstd "
		     "(ELFCOMPRESS_ZSTD), which this libelf cannot "
		     "decompress (%s)", ndx, name, elf_errmsg (-1));
      else
	btfld_error (-EINVAL, "section [%zu] %s: corrupt compressed data (%s, "
		     "%" PRIu64 " bytes, %" PRIu64 " uncompressed): %s", ndx,
		     name, algo, (uint64_t) sh->sh_size, (uint64_t) ch.ch_size,
		     r < 0 || !d ? elf_errmsg (-1) : "size differs");
      if (dup)
	elf_end (dup);
      free (img);
      return NULL;
    }
  struct btfld_elf_inflated *n = realloc (e->inflated, (e->ninflated + 1)
					  * sizeof *n);
  void *copy = malloc (d->d_size ? d->d_size : 1);
  if (n)
    e->inflated = n;
  if (!n || !copy)
    {
      free (copy);
      elf_end (dup);
      free (img);
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  memcpy (copy, d->d_buf, d->d_size);
  *size = d->d_size;
  e->inflated[e->ninflated++] = (struct btfld_elf_inflated) { ndx, copy,
							      d->d_size };
  elf_end (dup);
  free (img);
  return copy;
}

const void *
btfld_elf_section (struct btfld_elf *e, const char *name, size_t *size)
{
  GElf_Shdr sh, sh2;
  *size = 0;
  if (e->in_parts && strcmp (name, ".BTF") != 0)
    {
      btfld_error (-EINVAL, "section %s was not read (only .BTF is)", name);
      *size = (size_t) -1;
      return NULL;
    }
  Elf_Scn *scn = find_scn (e->elf, name, &sh);
  if (!scn || sh.sh_type == SHT_NOBITS)
    return NULL;
  size_t shstrndx;
  elf_getshdrstrndx (e->elf, &shstrndx);
  for (Elf_Scn *s2 = scn; (s2 = elf_nextscn (e->elf, s2)); )
    {
      const char *n2;
      if (gelf_getshdr (s2, &sh2)
	  && (n2 = elf_strptr (e->elf, shstrndx, sh2.sh_name))
	  && strcmp (n2, name) == 0)
	{
	  btfld_error (-EINVAL, "two sections named %s ([%zu] and [%zu])",
		       name, elf_ndxscn (scn), elf_ndxscn (s2));
	  *size = (size_t) -1;
	  return NULL;
	}
    }
  if (sh.sh_offset > e->size || sh.sh_size > e->size - sh.sh_offset)
    {
      btfld_error (-EINVAL, "section %s lies outside the file", name);
      *size = (size_t) -1;
      return NULL;
    }
  if (sh.sh_flags & SHF_COMPRESSED)
    return inflate_section (e, scn, &sh, name, size);
  *size = sh.sh_size;
  return e->image + sh.sh_offset;
}

bool
btfld_elf_section_compressed (struct btfld_elf *e, const char *name)
{
  GElf_Shdr sh;
  return find_scn (e->elf, name, &sh) && (sh.sh_flags & SHF_COMPRESSED);
}

/* ---- writing ---- */

struct out_sec
{
  GElf_Shdr sh;
  const void *data;
  size_t old_index;		/* 0 for an added section */
  uint64_t old_size, old_offset;
};

static uint64_t
align_up (uint64_t v, uint64_t a)
{
  return a > 1 ? (v + a - 1) / a * a : v;
}

static int
by_offset (const void *a, const void *b)
{
  const struct out_sec *const *x = a, *const *y = b;
  uint64_t p = (*x)->sh.sh_offset, q = (*y)->sh.sh_offset;
  return p < q ? -1 : p > q;
}

/* Assign file offsets in file order: up to the first changed
   non-allocated section everything stays; from there on each
   non-allocated section follows its predecessor at its alignment.
   Allocated sections never move (nor grow).  *MOVED_FROM receives the old
   offset where moving began.  The section header table, SHSIZE bytes at
   SHOFF, stays where it is when it lies before that (else the writers put
   it at *END): then what moves is placed around it.  */
static int
layout (struct out_sec *secs, size_t n, const bool *changed, uint64_t start,
	uint64_t *end, uint64_t *moved_from, bool rel, uint64_t shoff,
	uint64_t shsize)
{
  struct out_sec **ord = malloc ((n ? n : 1) * sizeof *ord);
  if (!ord)
    return btfld_error (-ENOMEM, "out of memory");
  for (size_t i = 1; i < n; i++)
    ord[i - 1] = &secs[i];
  qsort (ord, n ? n - 1 : 0, sizeof *ord, by_offset);
  uint64_t pos = start, data_end = start;
  bool moving = false;
  int err = 0;
  *moved_from = UINT64_MAX;
  for (size_t k = 0; k + 1 < n; k++)
    if (ord[k]->sh.sh_type != SHT_NOBITS
	&& ord[k]->sh.sh_offset + ord[k]->sh.sh_size > data_end)
      data_end = ord[k]->sh.sh_offset + ord[k]->sh.sh_size;
  for (size_t k = 0; k + 1 < n; k++)
    {
      struct out_sec *s = ord[k];
      bool ch = changed[s - secs], placed = false;
      uint64_t fsize = s->sh.sh_type == SHT_NOBITS ? 0 : s->sh.sh_size;
      /* A relocatable object has no segments: its allocated sections
	 can move as the others do.  */
      if ((s->sh.sh_flags & SHF_ALLOC) && !rel)
	{
	  if ((ch && s->sh.sh_size > s->old_size)
	      || (fsize && s->sh.sh_offset < pos))
	    {
	      err = btfld_error (-EINVAL, "cannot grow or move an allocated "
				 "section");
	      break;
	    }
	}
      else if (moving || ch)
	{
	  if (!moving)
	    *moved_from = s->sh.sh_offset;
	  moving = true;
	  if (shoff < *moved_from && pos < shoff + shsize)
	    pos = shoff + shsize;
	  s->sh.sh_offset = align_up (pos, s->sh.sh_addralign);
	  placed = true;
	}
      /* A section without bytes in the file (NOBITS) that stays beyond
	 the end of the others' does not push what follows (its offset
	 may be anything, and the output would grow as sparse as that);
	 within it, it does (as gas lays them out: the next section at
	 the NOBITS one's offset).  One that moves never does (its
	 alignment alone would push the rest).  */
      if (s->sh.sh_offset + fsize > pos
	  && (fsize || (!placed && s->sh.sh_offset <= data_end)))
	pos = s->sh.sh_offset + fsize;
    }
  *end = pos;
  free (ord);
  return err;
}

static long
add_shstr (char **tab, size_t *len, const char *name)
{
  size_t l = strlen (name) + 1;
  char *n = realloc (*tab, *len + l);
  if (!n)
    return btfld_error (-ENOMEM, "out of memory");
  memcpy (n + *len, name, l);
  *tab = n;
  *len += l;
  return (long) (*len - l);
}

/* Build the output section list of E with UPDATES applied.  Also returns
   the new .shstrtab (when names were added) and the old->new index map.  */
static int
plan_sections (struct btfld_elf *e, const struct btfld_sec_update *upd,
	       size_t nupd, struct out_sec **secsp, size_t *np, bool **chp,
	       char **shstr, size_t **mapp)
{
  size_t nold, shstrndx;
  if (elf_getshdrnum (e->elf, &nold) || elf_getshdrstrndx (e->elf, &shstrndx))
    return btfld_error (-EINVAL, "%s", elf_errmsg (-1));
  struct out_sec *secs = calloc (nold + nupd + 1, sizeof *secs);
  bool *changed = calloc (nold + nupd + 1, sizeof *changed);
  size_t *map = calloc (nold + 1, sizeof *map);
  GElf_Shdr ssh;
  gelf_getshdr (elf_getscn (e->elf, shstrndx), &ssh);
  size_t stlen = ssh.sh_size;
  char *st = malloc (stlen + 1);
  if (!secs || !changed || !map || !st)
    return btfld_error (-ENOMEM, "out of memory");
  memcpy (st, e->image + ssh.sh_offset, stlen);
  size_t n = 1;
  bool names_added = false;
  for (size_t i = 1; i < nold; i++)
    {
      GElf_Shdr sh;
      gelf_getshdr (elf_getscn (e->elf, i), &sh);
      const char *name = elf_strptr (e->elf, shstrndx, sh.sh_name);
      const struct btfld_sec_update *u = NULL;
      for (size_t k = 0; k < nupd; k++)
	if (name && strcmp (name, upd[k].name) == 0)
	  u = &upd[k];
      if (u && !u->data)
	continue;		/* removed */
      map[i] = n;
      secs[n].sh = sh;
      secs[n].old_index = i;
      secs[n].old_size = sh.sh_size;
      secs[n].old_offset = sh.sh_offset;
      secs[n].data = sh.sh_type == SHT_NOBITS ? NULL : e->image + sh.sh_offset;
      if (u)
	{
	  secs[n].data = u->data;
	  secs[n].sh.sh_size = u->size;
	  changed[n] = true;
	  /* A compressed section replaced is written uncompressed, at the
	     alignment of its uncompressed contents: libbpf and the kernel
	     read .BTF as it is.  */
	  GElf_Chdr ch;
	  if ((sh.sh_flags & SHF_COMPRESSED)
	      && gelf_getchdr (elf_getscn (e->elf, i), &ch))
	    {
	      secs[n].sh.sh_flags &= ~(GElf_Xword) SHF_COMPRESSED;
	      if (ch.ch_addralign && ch.ch_addralign <= MAX_ALIGN
		  && !(ch.ch_addralign & (ch.ch_addralign - 1)))
		secs[n].sh.sh_addralign = ch.ch_addralign;
	    }
	}
      n++;
    }
  for (size_t k = 0; k < nupd; k++)
    {
      GElf_Shdr sh;
      if (!upd[k].data || find_scn (e->elf, upd[k].name, &sh))
	continue;
      long off = add_shstr (&st, &stlen, upd[k].name);
      if (off < 0)
	return (int) off;
      names_added = true;
      memset (&secs[n].sh, 0, sizeof secs[n].sh);
      secs[n].sh.sh_name = off;
      secs[n].sh.sh_type = SHT_PROGBITS;
      secs[n].sh.sh_addralign = 4;
      secs[n].sh.sh_size = upd[k].size;
      /* After everything: the layout places it last.  */
      secs[n].sh.sh_offset = e->size;
      secs[n].data = upd[k].data;
      changed[n++] = true;
    }
  if (names_added)
    {
      size_t si = map[shstrndx];
      secs[si].data = st;
      secs[si].sh.sh_size = stlen;
      changed[si] = true;
      *shstr = st;
    }
  else
    free (st);
  *secsp = secs;
  *np = n;
  *chp = changed;
  *mapp = map;
  return 0;
}

/* The old section number X, renumbered: 0 (with an error) when the
   section was removed.  */
static int
new_index (const size_t *map, size_t nold, uint32_t *x, const char *what,
	   size_t k)
{
  if (*x >= nold)
    return 0;
  if (!map[*x])
    return btfld_error (-EINVAL, "%s %zu refers to a removed section",
			what, k);
  *x = map[*x];
  return 0;
}

/* Section indices stored in headers, symbols (SHN_XINDEX ones in the
   SYMTAB_SHNDX section linked to the symbol table) and section groups
   follow removals.  The data of OSCN (copies, see emit) is rewritten.  */
static int
renumber (struct btfld_elf *e, struct out_sec *secs, size_t n,
	  const size_t *map, size_t nold, Elf_Scn **oscn)
{
  int err = 0;
  for (size_t i = 1; i < n && !err; i++)
    {
      GElf_Shdr *sh = &secs[i].sh;
      if (sh->sh_link && sh->sh_link < nold)
	sh->sh_link = map[sh->sh_link];
      if ((sh->sh_type == SHT_REL || sh->sh_type == SHT_RELA
	   || (sh->sh_flags & SHF_INFO_LINK)) && sh->sh_info < nold)
	sh->sh_info = map[sh->sh_info];
      if (sh->sh_type == SHT_GROUP)
	{
	  /* A flag word, then the member sections.  */
	  Elf_Data *d = elf_getdata (oscn[i], NULL);
	  Elf32_Word *w = d ? d->d_buf : NULL;
	  for (size_t k = 1; w && k < d->d_size / 4 && !err; k++)
	    {
	      uint32_t x = w[k];
	      if (!(err = new_index (map, nold, &x, "section group member",
				     k)))
		w[k] = x;
	    }
	  continue;
	}
      if (sh->sh_type != SHT_SYMTAB && sh->sh_type != SHT_DYNSYM)
	continue;
      Elf_Data *d = elf_getdata (oscn[i], NULL), *xd = NULL;
      for (size_t j = 1; j < n && secs[i].old_index; j++)
	{
	  GElf_Shdr xsh;
	  if (secs[j].sh.sh_type == SHT_SYMTAB_SHNDX && secs[j].old_index
	      && gelf_getshdr (elf_getscn (e->elf, secs[j].old_index), &xsh)
	      && xsh.sh_link == secs[i].old_index)
	    xd = elf_getdata (oscn[j], NULL);
	}
      size_t esz = sh->sh_entsize;
      size_t cnt = d && esz ? d->d_size / esz : 0;
      for (size_t k = 0; k < cnt && !err; k++)
	{
	  GElf_Sym s;
	  Elf32_Word xndx = 0;
	  if (!gelf_getsymshndx (d, xd, k, &s, &xndx))
	    return btfld_error (-EINVAL, "%s", elf_errmsg (-1));
	  if (s.st_shndx == SHN_XINDEX && xd)
	    {
	      uint32_t x = xndx;
	      if (x && !(err = new_index (map, nold, &x, "symbol", k)))
		gelf_update_symshndx (d, xd, k, &s, x);
	    }
	  else if (s.st_shndx && s.st_shndx < SHN_LORESERVE)
	    {
	      uint32_t x = s.st_shndx;
	      if (!(err = new_index (map, nold, &x, "symbol", k)))
		{
		  s.st_shndx = x;
		  gelf_update_sym (d, k, &s);
		}
	    }
	}
    }
  return err;
}

static int
emit (struct btfld_elf *e, int fd, struct out_sec *secs, size_t n,
      const bool *changed, const size_t *map, size_t shstr_new)
{
  GElf_Ehdr eh;
  size_t nold, phnum;
  int err = 0;
  Elf *out = elf_begin (fd, ELF_C_WRITE, NULL);
  Elf_Scn **oscn = calloc (n, sizeof *oscn);
  void **copies = calloc (n, sizeof *copies);
  if (!out || !oscn || !copies || !gelf_getehdr (e->elf, &eh)
      || elf_getshdrnum (e->elf, &nold) || elf_getphdrnum (e->elf, &phnum)
      || !gelf_newehdr (out, gelf_getclass (e->elf)))
    {
      err = btfld_error (-EINVAL, "%s", elf_errmsg (-1));
      goto out;
    }
  elf_flagelf (out, ELF_C_SET, ELF_F_LAYOUT);
  if (phnum)
    {
      gelf_newphdr (out, phnum);
      for (size_t i = 0; i < phnum; i++)
	{
	  GElf_Phdr ph;
	  gelf_getphdr (e->elf, i, &ph);
	  gelf_update_phdr (out, i, &ph);
	}
    }
  for (size_t i = 1; i < n; i++)
    {
      oscn[i] = elf_newscn (out);
      Elf_Data *d = oscn[i] ? elf_newdata (oscn[i]) : NULL;
      if (!d)
	{
	  err = btfld_error (-EINVAL, "%s", elf_errmsg (-1));
	  goto out;
	}
      unsigned type = secs[i].sh.sh_type;
      d->d_buf = (void *) secs[i].data;
      d->d_size = secs[i].sh.sh_size;
      d->d_type = ELF_T_BYTE;
      d->d_align = 1;
      if ((type == SHT_SYMTAB || type == SHT_DYNSYM || type == SHT_GROUP
	   || type == SHT_SYMTAB_SHNDX) && !changed[i] && secs[i].old_index)
	{
	  /* Translated, so section numbers can be rewritten: in a copy,
	     the input's data staying as it is.  */
	  Elf_Data *src = elf_getdata (elf_getscn (e->elf, secs[i].old_index),
				       NULL);
	  if (!src || !(copies[i] = malloc (src->d_size ? src->d_size : 1)))
	    {
	      err = src ? btfld_error (-ENOMEM, "out of memory")
		    : btfld_error (-EINVAL, "%s", elf_errmsg (-1));
	      goto out;
	    }
	  memcpy (copies[i], src->d_buf, src->d_size);
	  *d = *src;
	  d->d_buf = copies[i];
	}
      gelf_update_shdr (oscn[i], &secs[i].sh);
    }
  uint64_t end = 0, moved_from = UINT64_MAX;
  if ((err = layout (secs, n, changed, eh.e_ehsize, &end, &moved_from,
		     eh.e_type == ET_REL, n != nold ? UINT64_MAX : eh.e_shoff,
		     (uint64_t) nold * eh.e_shentsize))
      || (err = renumber (e, secs, n, map, nold, oscn)))
    goto out;
  for (size_t i = 1; i < n; i++)
    gelf_update_shdr (oscn[i], &secs[i].sh);
  if (eh.e_shoff >= moved_from || n != nold)
    eh.e_shoff = align_up (end, gelf_getclass (e->elf) == ELFCLASS64 ? 8 : 4);
  /* Extended section numbering: the numbers that do not fit in the ELF
     header go in section 0.  */
  GElf_Shdr sh0;
  Elf_Scn *s0 = elf_getscn (out, 0);
  if (!s0 || !gelf_getshdr (s0, &sh0))
    {
      err = btfld_error (-EINVAL, "%s", elf_errmsg (-1));
      goto out;
    }
  sh0.sh_size = n < SHN_LORESERVE ? 0 : n;
  sh0.sh_link = shstr_new < SHN_LORESERVE ? 0 : shstr_new;
  gelf_update_shdr (s0, &sh0);
  eh.e_shnum = n < SHN_LORESERVE ? n : 0;
  eh.e_shstrndx = shstr_new < SHN_LORESERVE ? shstr_new : SHN_XINDEX;
  gelf_update_ehdr (out, &eh);
  errno = 0;
  if (elf_update (out, ELF_C_WRITE) < 0)
    err = errno ? btfld_error (-errno, "cannot write: %s", strerror (errno))
	  : btfld_error (-EIO, "cannot write ELF: %s", elf_errmsg (-1));
out:
  if (out)
    elf_end (out);
  for (size_t i = 0; copies && i < n; i++)
    free (copies[i]);
  free (copies);
  free (oscn);
  return err;
}

/* LEN bytes of BUF written to OUT at OFF, or the message of the write
   that failed.  */
static int
write_at (int out, const void *buf, size_t len, off_t off)
{
  int err = btfld_pwrite_all (out, buf, len, off);
  return err ? btfld_error (err, "cannot write: %s", strerror (-err)) : 0;
}

/* Write N elements of TYPE (ELF_T_SHDR or ELF_T_EHDR, native structs
   of E's class in BUF) to OUT at OFF, in E's byte order.  */
static int
write_xlated (struct btfld_elf *e, int out, void *buf, size_t bytes,
	      Elf_Type type, off_t off)
{
  GElf_Ehdr eh;
  gelf_getehdr (e->elf, &eh);
  void *raw = malloc (bytes ? bytes : 1);
  Elf_Data src = { .d_buf = buf, .d_type = type, .d_size = bytes,
		   .d_version = EV_CURRENT };
  Elf_Data dst = { .d_buf = raw, .d_size = bytes, .d_version = EV_CURRENT };
  int err = 0;
  if (!raw || !gelf_xlatetof (e->elf, &dst, &src, eh.e_ident[EI_DATA]))
    err = btfld_error (-EINVAL, "cannot encode ELF headers: %s",
		       elf_errmsg (-1));
  else
    err = write_at (out, raw, dst.d_size, off);
  free (raw);
  return err;
}

/* Copy LEN bytes at FROM of IN to TO of OUT, in the kernel where it can.  */
static int
copy_range (int in, off_t from, int out, off_t to, size_t len)
{
  bool plain = false;
  while (len)
    {
      ssize_t r = plain ? -1 : copy_file_range (in, &from, out, &to, len, 0);
      if (r < 0 && errno == EINTR)
	continue;
      if (r < 0 && !plain && errno != EXDEV && errno != EINVAL
	  && errno != ENOSYS && errno != EOPNOTSUPP && errno != EBADF
	  && errno != EPERM)
	return btfld_error (-errno, "cannot write: %s", strerror (errno));
      if (r <= 0)
	{
	  /* Not supported across these files (or the input ended, which
	     pread tells): plain read and write.  */
	  char buf[65536];
	  size_t chunk = len < sizeof buf ? len : sizeof buf;
	  plain = r < 0;
	  r = pread (in, buf, chunk, from);
	  if (r < 0 && errno == EINTR)
	    continue;
	  if (r < 0)
	    return btfld_error (-errno, "cannot read: %s", strerror (errno));
	  if (r == 0)
	    return btfld_error (-EIO, "cannot copy: the input ended at offset "
				"%jd (changed while being read?)",
				(intmax_t) from);
	  int err = write_at (out, buf, r, to);
	  if (err)
	    return err;
	  from += r;
	  to += r;
	}
      len -= r;
    }
  return 0;
}

/* Sections in the layout SECS, N of them, as section headers of E's
   class, and the ELF header pointing at them, written to OUT; EH and
   SH0: E's ELF header and section 0, read before OUT changed.  */
static int
write_headers (struct btfld_elf *e, int out, struct out_sec *secs, size_t n,
	       uint64_t shoff, size_t shstrndx, GElf_Ehdr eh, GElf_Shdr sh0)
{
  bool is64 = gelf_getclass (e->elf) == ELFCLASS64;
  sh0.sh_size = n < SHN_LORESERVE ? 0 : n;
  sh0.sh_link = shstrndx < SHN_LORESERVE ? 0 : shstrndx;
  size_t esz = is64 ? sizeof (Elf64_Shdr) : sizeof (Elf32_Shdr);
  unsigned char *tab = calloc (n, esz);
  if (!tab)
    return btfld_error (-ENOMEM, "out of memory");
  for (size_t i = 0; i < n; i++)
    {
      GElf_Shdr *g = i ? &secs[i].sh : &sh0;
      if (is64)
	memcpy (tab + i * esz, g, esz);
      else
	{
	  Elf32_Shdr s32 = { g->sh_name, g->sh_type, g->sh_flags, g->sh_addr,
			     g->sh_offset, g->sh_size, g->sh_link, g->sh_info,
			     g->sh_addralign, g->sh_entsize };
	  memcpy (tab + i * esz, &s32, esz);
	}
    }
  int err = write_xlated (e, out, tab, n * esz, ELF_T_SHDR, shoff);
  free (tab);
  if (err)
    return err;
  eh.e_shoff = shoff;
  /* Extended section numbering: the numbers that do not fit in the ELF
     header go in section 0 (written above, so fix it first).  */
  eh.e_shnum = n < SHN_LORESERVE ? n : 0;
  eh.e_shstrndx = shstrndx < SHN_LORESERVE ? shstrndx : SHN_XINDEX;
  if (is64)
    return write_xlated (e, out, &eh, sizeof (Elf64_Ehdr), ELF_T_EHDR, 0);
  Elf32_Ehdr e32;
  memcpy (e32.e_ident, eh.e_ident, EI_NIDENT);
  e32.e_type = eh.e_type;
  e32.e_machine = eh.e_machine;
  e32.e_version = eh.e_version;
  e32.e_entry = eh.e_entry;
  e32.e_phoff = eh.e_phoff;
  e32.e_shoff = eh.e_shoff;
  e32.e_flags = eh.e_flags;
  e32.e_ehsize = eh.e_ehsize;
  e32.e_phentsize = eh.e_phentsize;
  e32.e_phnum = eh.e_phnum;
  e32.e_shentsize = eh.e_shentsize;
  e32.e_shnum = eh.e_shnum;
  e32.e_shstrndx = eh.e_shstrndx;
  return write_xlated (e, out, &e32, sizeof e32, ELF_T_EHDR, 0);
}

/* Replacing and adding sections without libelf's writer: what does not
   change is copied file to file (copy_file_range), so a large output is
   never read into memory; only headers and new contents are written.  */
static int
emit_copying (struct btfld_elf *e, int out, struct out_sec *secs, size_t n,
	      const bool *changed, size_t shstrndx)
{
  GElf_Ehdr eh;
  uint64_t end, moved_from;
  int err, in;
  gelf_getehdr (e->elf, &eh);
  if ((err = layout (secs, n, changed, eh.e_ehsize, &end, &moved_from,
		     eh.e_type == ET_REL,
		     n != e->nold ? UINT64_MAX : eh.e_shoff,
		     (uint64_t) e->nold * eh.e_shentsize)))
    return err;
  /* The descriptor the input was opened with: a file renamed over the
     input meanwhile is never read.  */
  in = e->fd;
  uint64_t prefix = moved_from < e->size ? moved_from : e->size;
  err = copy_range (in, 0, out, 0, prefix);
  for (size_t i = 1; i < n && !err; i++)
    {
      struct out_sec *s = &secs[i];
      if (s->sh.sh_type == SHT_NOBITS || !s->sh.sh_size)
	continue;
      if (changed[i])
	{
	  err = write_at (out, s->data, s->sh.sh_size, s->sh.sh_offset);
	}
      /* Everything not wholly in the prefix: a section that stays may
	 run past the offset moving began at (a changed empty section
	 inside it, fuzz-elf).  */
      else if (s->sh.sh_offset != s->old_offset
	       || s->old_offset + s->sh.sh_size > prefix)
	err = copy_range (in, s->old_offset, out, s->sh.sh_offset,
			  s->sh.sh_size);
    }
  uint64_t shoff = eh.e_shoff >= moved_from || n != e->nold
		   ? (end + 7) / 8 * 8 : eh.e_shoff;
  GElf_Shdr sh0;
  gelf_getshdr (elf_getscn (e->elf, 0), &sh0);
  if (!err)
    err = write_headers (e, out, secs, n, shoff, shstrndx, eh, sh0);
  return err;
}

static int
by_old_offset (const void *a, const void *b)
{
  const struct out_sec *const *x = a, *const *y = b;
  if ((*x)->old_offset != (*y)->old_offset)
    return (*x)->old_offset < (*y)->old_offset ? -1 : 1;
  return (*x)->old_index < (*y)->old_index ? -1
	 : (*x)->old_index > (*y)->old_index;
}

static int
write_zeros (int fd, uint64_t off, uint64_t len)
{
  static const char zeros[4096];
  while (len)
    {
      size_t n = len < sizeof zeros ? len : sizeof zeros;
      int err = write_at (fd, zeros, n, off);
      if (err)
	return err;
      off += n;
      len -= n;
    }
  return 0;
}

/* Move LEN bytes at FROM of FD to TO < FROM, in increasing order, so
   that nothing is overwritten before it is read.  */
static int
move_left (int fd, off_t from, off_t to, size_t len)
{
  size_t shift = from - to;
  while (len)
    {
      /* copy_file_range refuses overlapping ranges of one file.  */
      size_t chunk = len < shift ? len : shift;
      if (chunk > ((size_t) 64 << 20))
	chunk = (size_t) 64 << 20;
      int err = copy_range (fd, from, fd, to, chunk);
      if (err)
	return err;
      from += chunk;
      to += chunk;
      len -= chunk;
    }
  return 0;
}

/* The new sections written into E's own file (FD, open for writing),
   which then ends where they do: what follows the first changed section
   only moves towards the start, so that a large link's output is not
   copied to a second file whose fresh pages cost more than the copy.  Not atomic: a kill in the middle leaves
   the output torn, as a kill in the middle of ld's own writing does,
   and the build runs the link again.  Returns 1, the file untouched,
   when the layout does not allow it (something grows or moves
   towards the end).  */
static int
emit_in_place (struct btfld_elf *e, int fd, struct out_sec *secs, size_t n,
	       const bool *changed, size_t shstrndx)
{
  GElf_Ehdr eh;
  GElf_Shdr sh0;
  uint64_t end, moved_from;
  int err;
  gelf_getehdr (e->elf, &eh);
  gelf_getshdr (elf_getscn (e->elf, 0), &sh0);
  if ((err = layout (secs, n, changed, eh.e_ehsize, &end, &moved_from,
		     eh.e_type == ET_REL, eh.e_shoff,
		     (uint64_t) e->nold * eh.e_shentsize)))
    return err;
  if (moved_from == UINT64_MAX || eh.e_shoff < moved_from)
    return 1;
  /* In the old order, each section's new bytes must lie before every
     later section's old ones: then moving them in that order reads each
     byte before anything overwrites it.  */
  struct out_sec **ord = malloc ((n ? n : 1) * sizeof *ord);
  size_t m = 0;
  if (!ord)
    return btfld_error (-ENOMEM, "out of memory");
  for (size_t i = 1; i < n; i++)
    if (secs[i].sh.sh_type != SHT_NOBITS && secs[i].sh.sh_size
	&& secs[i].old_offset + secs[i].old_size > moved_from)
      ord[m++] = &secs[i];
  qsort (ord, m, sizeof *ord, by_old_offset);
  bool fits = true;
  for (size_t k = 0; k < m && fits; k++)
    {
      const struct out_sec *s = ord[k];
      fits = s->sh.sh_offset <= s->old_offset
	     && (k + 1 == m || s->sh.sh_offset + s->sh.sh_size
			       <= ord[k + 1]->old_offset);
    }
  /* What lies between the sections moved is zero, as in a new file.  */
  uint64_t zero_from = UINT64_MAX;
  for (size_t k = 0; k < m && fits && !err; k++)
    {
      struct out_sec *s = ord[k];
      if (zero_from < s->sh.sh_offset)
	err = write_zeros (fd, zero_from, s->sh.sh_offset - zero_from);
      zero_from = s->sh.sh_offset + s->sh.sh_size;
      if (!err && changed[s - secs])
	err = write_at (fd, s->data, s->sh.sh_size, s->sh.sh_offset);
      else if (!err && !changed[s - secs]
	       && s->sh.sh_offset != s->old_offset)
	err = move_left (fd, s->old_offset, s->sh.sh_offset, s->sh.sh_size);
    }
  free (ord);
  if (!fits)
    return 1;
  uint64_t shoff = (end + 7) / 8 * 8;
  if (!err && zero_from < shoff)
    err = write_zeros (fd, zero_from, shoff - zero_from);
  if (!err)
    err = write_headers (e, fd, secs, n, shoff, shstrndx, eh, sh0);
  if (!err && ftruncate (fd, shoff + (uint64_t) n * eh.e_shentsize))
    err = btfld_error (-errno, "cannot truncate: %s", strerror (errno));
  return err;
}

/* Re-read what was written to TMP before it replaces anything: its
   section table passes the reader's checks and every updated section
   reads back with the bytes given (a removed one is gone).  */
static int
verify_output (const char *tmp, const struct btfld_sec_update *upd,
	       size_t nupd)
{
  struct btfld_elf o;
  int err = btfld_elf_open (&o, tmp, -1, 0, 0);
  if (err)
    {
      btfld_error_prefix ("the output does not read back");
      return err;
    }
  for (size_t k = 0; k < nupd && !err; k++)
    {
      size_t size;
      const void *d = btfld_elf_section (&o, upd[k].name, &size);
      if (upd[k].data ? !d || size != upd[k].size
			|| memcmp (d, upd[k].data, size)
		      : d || size)
	err = btfld_error (-EIO, "the output does not read back: section %s "
			   "%s", upd[k].name, upd[k].data ? "differs"
			   : "still there");
    }
  btfld_elf_close (&o);
  return err;
}

/* A link's own output (E, a regular file of one link, OUT_PATH) with
   the same sections and no build ID, rewritten in place (emit_in_place)
   and read back; if that fails, the link fails and ld's output goes.
   Returns 1 when it is not done so, the file untouched.  */
static int
write_own (struct btfld_elf *e, const char *out_path, struct out_sec *secs,
	   size_t n, const bool *changed, size_t shstrndx,
	   const struct btfld_sec_update *updates, size_t nupd)
{
  size_t noff, nlen, doff, dlen;
  struct stat st, ost;
  if (!e->own_output || !e->whole || e->fd < 0 || n != e->nold
      || btfld_build_id_find (e->image, e->size, &noff, &nlen, &doff,
			      &dlen) != 1)
    return 1;
  for (size_t k = 0; k < nupd; k++)
    if (!updates[k].data)
      return 1;
  int fd = open (out_path, O_RDWR | O_CLOEXEC);
  if (fd < 0)
    return 1;
  if (fstat (fd, &ost) || fstat (e->fd, &st) || !S_ISREG (ost.st_mode)
      || ost.st_nlink != 1 || ost.st_dev != st.st_dev
      || ost.st_ino != st.st_ino)
    {
      close (fd);
      return 1;
    }
  int err = emit_in_place (e, fd, secs, n, changed, shstrndx);
  if (close (fd) && !err)
    err = btfld_error (-errno, "cannot write %s: %s", out_path,
		       strerror (errno));
  if (!err)
    err = verify_output (out_path, updates, nupd);
  return err;
}

int
btfld_elf_write (struct btfld_elf *e, const char *out_path,
		 const struct btfld_sec_update *updates, size_t nupd)
{
  struct out_sec *secs = NULL;
  bool *changed = NULL;
  char *shstr = NULL;
  size_t *map = NULL, n = 0, shstrndx = 0;
  struct btfld_out out = { .fd = -1 };
  struct stat st;
  const char *was = btfld_phase ("writing the output");
  int err;
  elf_getshdrstrndx (e->elf, &shstrndx);
  if ((err = plan_sections (e, updates, nupd, &secs, &n, &changed, &shstr,
			    &map)))
    goto out;
  e->nold = 0;
  elf_getshdrnum (e->elf, &e->nold);
  if ((err = write_own (e, out_path, secs, n, changed, map[shstrndx],
			updates, nupd)) <= 0)
    goto out;
  if ((err = btfld_out_create (&out, out_path)))
    goto out;
  st.st_mode = 0644;
  if (e->fd >= 0)
    fstat (e->fd, &st);
  else
    stat (e->path, &st);
  /* Without removals, section numbers and symbols stay: copy around.  */
  bool removes = false;
  for (size_t k = 0; k < nupd; k++)
    removes |= updates[k].data == NULL;
  if ((err = removes || !e->whole
	     ? emit (e, out.fd, secs, n, changed, map, map[shstrndx])
	     : emit_copying (e, out.fd, secs, n, changed, map[shstrndx])))
    goto out;
  if ((err = btfld_build_id_update_fd (out.fd, e->build_id, e->image,
				       e->size)))
    goto out;
  /* Re-read before it replaces anything.  */
  if ((err = verify_output (out.tmp, updates, nupd)))
    goto out;
  err = btfld_out_install (&out, &st, e->own_output);
out:
  btfld_out_discard (&out);
  btfld_phase (was);
  free (secs);
  free (changed);
  free (shstr);
  free (map);
  return err;
}
