/* elf-btf.h -- ELF side of the library: symbol information for the
   fixups, and reading/rewriting the BTF sections of an ELF file.  */

#ifndef BTFLD_ELF_BTF_H
#define BTFLD_ELF_BTF_H

#include "btfld.h"
#include <gelf.h>
#include <sys/types.h>

struct btfld_build_id;

/* Reserved section numbers (SHN_ABS, SHN_COMMON) in struct btfld_sym:
   above every real one, extended numbering included.  */
#define BTFLD_SHN_RESERVED 0xffff0000u

/* The section of a symbol read by gelf_getsymshndx (XNDX its
   SYMTAB_SHNDX entry): the real index, or a reserved number tagged with
   BTFLD_SHN_RESERVED so that it never equals a real one.  */
static inline uint32_t
btfld_sym_section (unsigned st_shndx, uint32_t xndx)
{
  if (st_shndx == SHN_XINDEX)
    return xndx;
  return st_shndx >= SHN_LORESERVE ? st_shndx | BTFLD_SHN_RESERVED
				   : st_shndx;
}

struct btfld_sym
{
  const char *name;
  unsigned char bind, type;
  uint32_t shndx;		/* a section number (SHN_XINDEX resolved
				   through SYMTAB_SHNDX), or
				   BTFLD_SHN_RESERVED | SHN_ABS, ... */
  uint64_t value, size;
  size_t order;			/* index in the symbol table order */
};

struct btfld_sec
{
  const char *name;
  uint64_t addr, size, flags;
};

struct btfld_symtab
{
  unsigned e_type;		/* ET_REL, ET_EXEC, ET_DYN */
  struct btfld_sym *syms;	/* sorted by name, then order */
  size_t nsyms;
  struct btfld_sec *secs;	/* by section index */
  size_t nsecs;
};

struct btfld_symtab *btfld_symtab_from_elf (Elf *elf);
/* Whether ELF has a .symtab (not only .dynsym: -s, --strip-all).  */
bool btfld_elf_has_symtab (Elf *elf);
/* The symbol table of ELF: its SHT_SYMTAB, else, with DYNSYM, its
   SHT_DYNSYM (NULL when there is none); *SH its header, *XD the data of
   the SYMTAB_SHNDX section linked to it, or NULL.  */
Elf_Scn *btfld_elf_symtab (Elf *elf, bool dynsym, GElf_Shdr *sh,
			   Elf_Data **xd);
void btfld_symtab_free (struct btfld_symtab *st);
const struct btfld_sym *btfld_symtab_lookup (const struct btfld_symtab *st,
					     const char *name, size_t *count);
bool btfld_sym_defined (const struct btfld_sym *s);
/* The length of X when NAME is X.lto_priv.N (the static X, renamed by
   LTO to be unique across partitions), else 0.  */
size_t btfld_lto_priv_len (const char *name);

/* A buffer that the images of files read one after another reuse (a
   link's inputs): its pages are touched once, not once per file, as a
   fresh page's fault can cost more than reading its bytes.  */
struct btfld_read_buf
{
  unsigned char *p;
  size_t cap;
};

/* An ELF file read into memory.  */
struct btfld_elf
{
  char *path;
  unsigned char *image;		/* whole file (or archive member) */
  size_t size;
  void *map;			/* the mapping image lies in, if mapped */
  size_t map_len;
  size_t nold;			/* sections, while writing */
  bool whole;			/* a whole file, not an archive member */
  int fd;			/* of a whole file: read through it only */
  Elf *elf;
  /* Sections read decompressed (SHF_COMPRESSED), kept until close.  */
  struct btfld_elf_inflated *inflated;
  size_t ninflated;
  /* How btfld_elf_write recomputes .note.gnu.build-id (build-id.h);
     NULL: as the original's ID shows (ld's sha1 or md5, else kept).  */
  const struct btfld_build_id *build_id;
  /* The file is a link's output that nobody else has yet (the plugin's
     cleanup): when it is a regular file with one link, btfld_elf_write
     rewrites it in place if its layout allows (should that fail, the
     link fails and the plugin removes it), else renames over it,
     rather than copying into it.  */
  bool own_output;
  /* The image read into *BUF, not memory of its own.  */
  struct btfld_read_buf *buf;
  /* Of the image, only the parts a link's plugin reads were read (the
     headers, .BTF, .btfld.clones, the symbol tables):
     btfld_elf_open_reusing.  */
  bool in_parts;
};

/* Read SIZE bytes at OFFSET of FD into BUF, all of them: 0, -errno, or
   -EIO when the file ends first.  */
int btfld_read_at (int fd, off_t offset, void *buf, size_t size);

/* Open PATH (or the SIZE bytes at OFFSET of FD when FD >= 0).  */
int btfld_elf_open (struct btfld_elf *e, const char *path, int fd,
		    off_t offset, size_t size);
/* The same, read into BUF, of a link's input: of an ELF file in the
   host's byte order only the headers, .BTF and the symbol tables (and
   btfld_elf_section finds .BTF only), of any other the whole.  */
int btfld_elf_open_reusing (struct btfld_elf *e, const char *path, int fd,
			    off_t offset, size_t size,
			    struct btfld_read_buf *buf);
void btfld_elf_close (struct btfld_elf *e);
/* Open the whole file FD (opened on PATH), which E then owns: it is read
   through FD only, and FD is closed by btfld_elf_close (or on failure).  */
int btfld_elf_open_whole (struct btfld_elf *e, const char *path, int fd);
/* Contents of section NAME, or NULL (with *SIZE 0) when absent; on an
   error (a duplicate, a damaged or undecodable section), NULL with *SIZE
   (size_t) -1.  A compressed (SHF_COMPRESSED) section is returned
   decompressed.  */
const void *btfld_elf_section (struct btfld_elf *e, const char *name,
			       size_t *size);
/* Whether section NAME of E is compressed (SHF_COMPRESSED) in the file.  */
bool btfld_elf_section_compressed (struct btfld_elf *e, const char *name);

struct btfld_session;
/* The .BTF of E as it is, with its .BTF.base, as session S's input
   (btfld_session_add_existing).  */
int btfld_elf_add_existing (struct btfld_session *s, struct btfld_elf *e);

/* Section changes for btfld_elf_write.  DATA NULL removes the section;
   a name the file lacks is added (non-allocated, PROGBITS).  */
struct btfld_sec_update
{
  const char *name;
  const void *data;
  size_t size;
};

/* Write E with UPDATES applied to OUT_PATH: to a temporary file, read
   back, then put in place so that OUT_PATH is never other than its old
   bytes or its new ones (out-file.c).  Every other section's bytes are unchanged, but
   for the build ID note, which is recomputed as E->build_id says
   (build-id.h).  */
int btfld_elf_write (struct btfld_elf *e, const char *out_path,
		     const struct btfld_sec_update *updates, size_t n);

#endif
