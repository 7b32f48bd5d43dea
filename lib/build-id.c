/* build-id.c -- recompute .note.gnu.build-id after the output changed.

   GNU ld (binutils 2.40, ld/ldelf.c:write_build_id and
   bfd/elfcode.h:elf_checksum_contents) hashes, after writing the
   output: the ELF header with e_phoff and e_shoff zero, the program
   headers, and for every section its header with sh_offset zero followed
   by its contents, unless it is NOBITS or has no BFD section (the
   symbol table, its string table, the section name table and the
   non-allocated relocation sections of a linked output, --emit-relocs',
   which BFD writes from buffers it has freed by then; a relocatable
   output's relocation sections are hashed, as ld -r writes them before
   it hashes).  The note itself is still all zeros in
   the file when it is hashed.  The same bytes hashed again give the same
   ID, so an unchanged file keeps its ID, and a file whose .BTF changed
   gets the ID ld would have given it.  */

#include "btfld.h"
#include "build-id.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- SHA-1 (FIPS 180-4) and MD5 (RFC 1321), streaming ---- */

struct hash_ctx
{
  bool md5;
  uint32_t h[5];
  uint64_t len;
  unsigned char buf[64];
  size_t n;
};

static inline uint32_t
rol (uint32_t x, unsigned n)
{
  return (x << n) | (x >> (32 - n));
}

static void
sha1_block (uint32_t h[5], const unsigned char *p)
{
  uint32_t w[80], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
  for (int i = 0; i < 16; i++)
    w[i] = (uint32_t) p[4 * i] << 24 | (uint32_t) p[4 * i + 1] << 16
	   | (uint32_t) p[4 * i + 2] << 8 | p[4 * i + 3];
  for (int i = 16; i < 80; i++)
    w[i] = rol (w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
  for (int i = 0; i < 80; i++)
    {
      uint32_t f, k;
      if (i < 20)
	f = (b & c) | (~b & d), k = 0x5a827999;
      else if (i < 40)
	f = b ^ c ^ d, k = 0x6ed9eba1;
      else if (i < 60)
	f = (b & c) | (b & d) | (c & d), k = 0x8f1bbcdc;
      else
	f = b ^ c ^ d, k = 0xca62c1d6;
      uint32_t t = rol (a, 5) + f + e + k + w[i];
      e = d, d = c, c = rol (b, 30), b = a, a = t;
    }
  h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
}

static const uint32_t md5_k[64] = {
  0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a,
  0xa8304613, 0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
  0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340,
  0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
  0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8,
  0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
  0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
  0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
  0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92,
  0xffeff47d, 0x85845dd1, 0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
  0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391
};

static const unsigned char md5_r[64] = {
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
  5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
  4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
  6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21
};

static void
md5_block (uint32_t h[4], const unsigned char *p)
{
  uint32_t m[16], a = h[0], b = h[1], c = h[2], d = h[3];
  for (int i = 0; i < 16; i++)
    m[i] = (uint32_t) p[4 * i] | (uint32_t) p[4 * i + 1] << 8
	   | (uint32_t) p[4 * i + 2] << 16 | (uint32_t) p[4 * i + 3] << 24;
  for (int i = 0; i < 64; i++)
    {
      uint32_t f;
      unsigned g;
      if (i < 16)
	f = (b & c) | (~b & d), g = i;
      else if (i < 32)
	f = (d & b) | (~d & c), g = (5 * i + 1) % 16;
      else if (i < 48)
	f = b ^ c ^ d, g = (3 * i + 5) % 16;
      else
	f = c ^ (b | ~d), g = (7 * i) % 16;
      uint32_t t = d;
      d = c;
      c = b;
      b = b + rol (a + f + md5_k[i] + m[g], md5_r[i]);
      a = t;
    }
  h[0] += a, h[1] += b, h[2] += c, h[3] += d;
}

/* MD5's initial state is the first four words of SHA-1's.  */
static void
hash_init (struct hash_ctx *c, bool md5)
{
  static const uint32_t sha1_iv[5] = { 0x67452301, 0xefcdab89, 0x98badcfe,
				       0x10325476, 0xc3d2e1f0 };
  memset (c, 0, sizeof *c);
  c->md5 = md5;
  memcpy (c->h, sha1_iv, sizeof sha1_iv);
}

static void
hash_block (struct hash_ctx *c, const unsigned char *p)
{
  if (c->md5)
    md5_block (c->h, p);
  else
    sha1_block (c->h, p);
}

static void
hash_update (struct hash_ctx *c, const void *data, size_t len)
{
  const unsigned char *p = data;
  c->len += len;
  if (c->n)
    {
      size_t k = 64 - c->n < len ? 64 - c->n : len;
      memcpy (c->buf + c->n, p, k);
      c->n += k, p += k, len -= k;
      if (c->n < 64)
	return;
      hash_block (c, c->buf);
      c->n = 0;
    }
  for (; len >= 64; p += 64, len -= 64)
    hash_block (c, p);
  memcpy (c->buf, p, len);
  c->n = len;
}

/* Feed LEN zero bytes.  */
static void
hash_zeros (struct hash_ctx *c, size_t len)
{
  static const unsigned char z[256];
  for (; len > sizeof z; len -= sizeof z)
    hash_update (c, z, sizeof z);
  hash_update (c, z, len);
}

static void
hash_final (struct hash_ctx *c, unsigned char *out)
{
  uint64_t bits = c->len * 8;
  unsigned char pad[72] = { 0x80 };
  size_t padlen = (c->n < 56 ? 56 : 120) - c->n;
  for (int i = 0; i < 8; i++)
    pad[padlen + i] = c->md5 ? bits >> (8 * i) : bits >> (56 - 8 * i);
  hash_update (c, pad, padlen + 8);
  for (int i = 0; i < (c->md5 ? 4 : 5); i++)
    for (int j = 0; j < 4; j++)
      out[4 * i + j] = c->md5 ? c->h[i] >> (8 * j) : c->h[i] >> (24 - 8 * j);
}

/* ---- styles ---- */

int
btfld_build_id_parse (const char *style, struct btfld_build_id *bid)
{
  memset (bid, 0, sizeof *bid);
  if (!style || !*style)
    style = "sha1";
  snprintf (bid->name, sizeof bid->name, "%s", style);
  if (strcmp (style, "sha1") == 0)
    bid->style = BTFLD_BUILD_ID_SHA1;
  else if (strcmp (style, "md5") == 0)
    bid->style = BTFLD_BUILD_ID_MD5;
  else if (strcmp (style, "uuid") == 0)
    bid->style = BTFLD_BUILD_ID_UUID;
  else if (strcmp (style, "none") == 0)
    bid->style = BTFLD_BUILD_ID_NONE;
  else if (strncmp (style, "0x", 2) == 0)
    {
      bid->style = BTFLD_BUILD_ID_HEX;
      snprintf (bid->name, sizeof bid->name, "0x...");
    }
  else if (strcmp (style, "xx") == 0)
    bid->style = BTFLD_BUILD_ID_UNSUPPORTED;	/* binutils 2.41+: xxhash */
  else
    return btfld_error (-EINVAL, "unknown build ID style '%s'", style);
  return 0;
}

/* ---- the ELF side ---- */

static Elf *
image_elf (const unsigned char *image, size_t size)
{
  elf_version (EV_CURRENT);
  Elf *elf = elf_memory ((char *) image, size);
  if (!elf || elf_kind (elf) != ELF_K_ELF)
    {
      if (elf)
	elf_end (elf);
      btfld_error (-EINVAL, "not an ELF file");
      return NULL;
    }
  return elf;
}

int
btfld_build_id_find (const unsigned char *image, size_t size,
		     size_t *note_off, size_t *note_len, size_t *desc_off,
		     size_t *desc_len)
{
  Elf *elf = image_elf (image, size);
  if (!elf)
    return -EINVAL;
  int ret = 1;
  size_t shstrndx;
  Elf_Scn *scn = NULL;
  if (elf_getshdrstrndx (elf, &shstrndx))
    shstrndx = 0;
  while ((scn = elf_nextscn (elf, scn)))
    {
      GElf_Shdr sh;
      if (!gelf_getshdr (scn, &sh) || sh.sh_type != SHT_NOTE)
	continue;
      const char *name = elf_strptr (elf, shstrndx, sh.sh_name);
      if (!name || strcmp (name, ".note.gnu.build-id") != 0)
	continue;
      if (sh.sh_offset > size || sh.sh_size > size - sh.sh_offset)
	break;
      /* Walk the notes of the section (4-byte aligned, ELF endianness). */
      Elf_Data *d = elf_getdata (scn, NULL);
      size_t off = 0, name_off, doff;
      GElf_Nhdr nh;
      while (d && (off = gelf_getnote (d, off, &nh, &name_off, &doff)) > 0)
	if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4
	    && memcmp ((char *) d->d_buf + name_off, "GNU", 4) == 0)
	  {
	    *note_off = sh.sh_offset;
	    *note_len = sh.sh_size;
	    *desc_off = sh.sh_offset + doff;
	    *desc_len = nh.n_descsz;
	    ret = 0;
	    break;
	  }
      break;
    }
  elf_end (elf);
  return ret;
}

int
btfld_build_id_hash (const unsigned char *image, size_t size,
		     enum btfld_build_id_style style, unsigned char *out)
{
  size_t note_off = 0, note_len = 0, doff, dlen;
  if (btfld_build_id_find (image, size, &note_off, &note_len, &doff, &dlen)
      < 0)
    return -EINVAL;
  Elf *elf = image_elf (image, size);
  if (!elf)
    return -EINVAL;
  bool is64 = gelf_getclass (elf) == ELFCLASS64;
  GElf_Ehdr eh;
  size_t shnum, shstrndx, phnum;
  int err = 0;
  if (!gelf_getehdr (elf, &eh) || elf_getshdrnum (elf, &shnum)
      || elf_getshdrstrndx (elf, &shstrndx) || elf_getphdrnum (elf, &phnum))
    {
      err = btfld_error (-EINVAL, "bad ELF headers: %s", elf_errmsg (-1));
      goto out;
    }
  size_t ehsize = is64 ? 64 : 52, shentsize = is64 ? 64 : 40;
  size_t phentsize = is64 ? 56 : 32;
  if (size < ehsize || eh.e_phoff > size
      || phnum * phentsize > size - eh.e_phoff
      || eh.e_shoff > size || shnum * shentsize > size - eh.e_shoff)
    {
      err = btfld_error (-EINVAL, "truncated ELF file");
      goto out;
    }
  /* The string table of the symbol table has no BFD section either.  */
  size_t symstr = (size_t) -1;
  for (size_t i = 1; i < shnum; i++)
    {
      GElf_Shdr sh;
      Elf_Scn *scn = elf_getscn (elf, i);
      if (scn && gelf_getshdr (scn, &sh) && sh.sh_type == SHT_SYMTAB)
	symstr = sh.sh_link;
    }

  struct hash_ctx c;
  hash_init (&c, style == BTFLD_BUILD_ID_MD5);
  unsigned char hdr[64];
  memcpy (hdr, image, ehsize);
  memset (hdr + (is64 ? 32 : 28), 0, is64 ? 16 : 8);	/* e_phoff, e_shoff */
  hash_update (&c, hdr, ehsize);
  hash_update (&c, image + eh.e_phoff, phnum * phentsize);
  for (size_t i = 0; i < shnum; i++)
    {
      GElf_Shdr sh;
      Elf_Scn *scn = elf_getscn (elf, i);
      if (!scn || !gelf_getshdr (scn, &sh))
	{
	  err = btfld_error (-EINVAL, "bad section header %zu", i);
	  goto out;
	}
      memcpy (hdr, image + eh.e_shoff + i * shentsize, shentsize);
      memset (hdr + (is64 ? 24 : 16), 0, is64 ? 8 : 4);	/* sh_offset */
      hash_update (&c, hdr, shentsize);
      if (i == 0 || sh.sh_type == SHT_NOBITS || sh.sh_type == SHT_NULL
	  || sh.sh_type == SHT_SYMTAB || sh.sh_type == SHT_SYMTAB_SHNDX
	  || i == shstrndx || i == symstr
	  || ((sh.sh_type == SHT_REL || sh.sh_type == SHT_RELA)
	      && !(sh.sh_flags & SHF_ALLOC) && eh.e_type != ET_REL))
	continue;
      if (sh.sh_offset > size || sh.sh_size > size - sh.sh_offset)
	{
	  err = btfld_error (-EINVAL, "section %zu lies outside the file", i);
	  goto out;
	}
      if (note_len && sh.sh_offset == note_off && sh.sh_size == note_len)
	hash_zeros (&c, note_len);
      else
	hash_update (&c, image + sh.sh_offset, sh.sh_size);
    }
  hash_final (&c, out);
out:
  elf_end (elf);
  return err;
}

int
btfld_build_id_update_fd (int fd, const struct btfld_build_id *bid,
			  const unsigned char *orig, size_t orig_size)
{
  /* The output has a note only if the original had one: without, the
     output (as large as a kernel's ld -r) need not be read back.  */
  size_t noff, nlen, doff, dlen;
  if (orig && btfld_build_id_find (orig, orig_size, &noff, &nlen, &doff,
				   &dlen) == 1)
    return 0;
  struct stat st;
  if (fstat (fd, &st))
    return btfld_error (-errno, "fstat: %s", strerror (errno));
  size_t size = st.st_size;
  unsigned char *image = malloc (size ? size : 1);
  if (!image)
    return btfld_error (-ENOMEM, "out of memory");
  int err = 0;
  for (size_t got = 0; got < size;)
    {
      ssize_t r = pread (fd, image + got, size - got, got);
      if (r <= 0)
	{
	  err = btfld_error (-EIO, "cannot read back the output: %s",
			     r ? strerror (errno) : "short file");
	  goto out;
	}
      got += r;
    }
  int f = btfld_build_id_find (image, size, &noff, &nlen, &doff, &dlen);
  if (f != 0)
    {
      err = f < 0 ? f : 0;	/* no note: nothing to do */
      goto out;
    }
  enum btfld_build_id_style style = bid ? bid->style : BTFLD_BUILD_ID_AUTO;
  unsigned char id[20];
  if (style == BTFLD_BUILD_ID_AUTO && orig)
    {
      /* ld's sha1 or md5 of the original tells which it was.  */
      size_t o_noff, o_nlen, o_doff, o_dlen;
      unsigned char h[20];
      style = BTFLD_BUILD_ID_HEX;
      if (btfld_build_id_find (orig, orig_size, &o_noff, &o_nlen, &o_doff,
			       &o_dlen) == 0)
	{
	  if (o_dlen == 20
	      && btfld_build_id_hash (orig, orig_size, BTFLD_BUILD_ID_SHA1, h)
		 == 0 && memcmp (h, orig + o_doff, 20) == 0)
	    style = BTFLD_BUILD_ID_SHA1;
	  else if (o_dlen == 16
		   && btfld_build_id_hash (orig, orig_size, BTFLD_BUILD_ID_MD5,
					   h) == 0
		   && memcmp (h, orig + o_doff, 16) == 0)
	    style = BTFLD_BUILD_ID_MD5;
	}
      if (style == BTFLD_BUILD_ID_HEX)
	btfld_warn ("the build ID is neither ld's sha1 nor its md5 of the "
		    "file (--build-id=uuid or 0x...?): kept as it was");
    }
  switch (style)
    {
    case BTFLD_BUILD_ID_SHA1:
    case BTFLD_BUILD_ID_MD5:
      if (dlen != (style == BTFLD_BUILD_ID_SHA1 ? 20u : 16u))
	{
	  err = btfld_error (-EINVAL, "the build ID has %zu bytes, not the "
			     "%u of --build-id=%s", dlen,
			     style == BTFLD_BUILD_ID_SHA1 ? 20 : 16,
			     style == BTFLD_BUILD_ID_SHA1 ? "sha1" : "md5");
	  goto out;
	}
      if ((err = btfld_build_id_hash (image, size, style, id)))
	goto out;
      break;
    case BTFLD_BUILD_ID_UUID:
      if (dlen != 16)
	{
	  err = btfld_error (-EINVAL, "the build ID has %zu bytes, not the "
			     "16 of --build-id=uuid", dlen);
	  goto out;
	}
      /* As ld: 16 random bytes.  */
      if (getrandom (id, 16, 0) != 16)
	{
	  err = btfld_error (-errno, "getrandom: %s", strerror (errno));
	  goto out;
	}
      break;
    case BTFLD_BUILD_ID_UNSUPPORTED:
      err = btfld_error (-ENOTSUP, "cannot recompute the build ID: "
			 "--build-id=%s is not supported (sha1, md5, uuid, "
			 "0x... are)", bid->name);
      goto out;
    default:			/* 0xHEX, none: the ID the user gave stays */
      goto out;
    }
  if (pwrite (fd, id, dlen, doff) != (ssize_t) dlen)
    err = btfld_error (-errno, "cannot write the build ID: %s",
		       strerror (errno));
out:
  free (image);
  return err;
}

/* ---- ld's command line ---- */

/* Split the contents of a response file as libiberty's buildargv does
   (white space separates, quotes and backslashes escape).  */
static char **
split_response (const char *s, int *argc)
{
  size_t n = 0, alloc = 16;
  char **v = malloc (alloc * sizeof *v);
  char *arg = malloc (strlen (s) + 1);
  if (!v || !arg)
    {
      free (v);
      free (arg);
      return NULL;
    }
  while (*s)
    {
      while (isspace ((unsigned char) *s))
	s++;
      if (!*s)
	break;
      size_t k = 0;
      char quote = 0;
      for (; *s && (quote || !isspace ((unsigned char) *s)); s++)
	if (*s == '\\' && s[1])
	  arg[k++] = *++s;
	else if (quote && *s == quote)
	  quote = 0;
	else if (!quote && (*s == '\'' || *s == '"'))
	  quote = *s;
	else
	  arg[k++] = *s;
      arg[k] = 0;
      if (n + 1 >= alloc)
	{
	  char **nv = realloc (v, (alloc *= 2) * sizeof *v);
	  if (!nv)
	    break;
	  v = nv;
	}
      v[n++] = strdup (arg);
    }
  free (arg);
  v[n] = NULL;
  *argc = n;
  return v;
}

static char *
read_all (const char *path, size_t *len)
{
  FILE *f = fopen (path, "rb");
  if (!f)
    return NULL;
  size_t alloc = 4096, n = 0;
  char *buf = malloc (alloc + 1);
  size_t r;
  while (buf && (r = fread (buf + n, 1, alloc - n, f)) > 0)
    if ((n += r) == alloc)
      {
	char *nb = realloc (buf, (alloc *= 2) + 1);
	if (!nb)
	  {
	    free (buf);
	    buf = NULL;
	  }
	buf = nb;
      }
  fclose (f);
  if (buf)
    buf[n] = 0;
  *len = n;
  return buf;
}

static void
scan_args (int argc, char **argv, struct btfld_build_id *bid, int depth)
{
  for (int i = 0; i < argc; i++)
    {
      const char *a = argv[i];
      if (a[0] == '@' && depth < 10)
	{
	  size_t len;
	  char *s = read_all (a + 1, &len);
	  int n;
	  char **v = s ? split_response (s, &n) : NULL;
	  if (v)
	    {
	      scan_args (n, v, bid, depth + 1);
	      for (int k = 0; k < n; k++)
		free (v[k]);
	      free (v);
	    }
	  free (s);
	  continue;
	}
      /* ld takes long options with one dash or two.  */
      if (a[0] != '-')
	continue;
      a += a[1] == '-' ? 2 : 1;
      if (strncmp (a, "build-id", 8) != 0 || (a[8] && a[8] != '='))
	continue;
      struct btfld_build_id b;
      if (btfld_build_id_parse (a[8] ? a + 9 : NULL, &b) == 0)
	*bid = b;
      else
	{
	  memset (bid, 0, sizeof *bid);
	  bid->style = BTFLD_BUILD_ID_UNSUPPORTED;
	  snprintf (bid->name, sizeof bid->name, "%s", a + 9);
	}
    }
}

int
btfld_build_id_from_argv (int argc, char **argv, struct btfld_build_id *bid)
{
  memset (bid, 0, sizeof *bid);
  scan_args (argc, argv, bid, 0);
  return 0;
}

int
btfld_build_id_from_self (struct btfld_build_id *bid)
{
  size_t len;
  memset (bid, 0, sizeof *bid);
  char *s = read_all ("/proc/self/cmdline", &len);
  if (!s)
    return 0;			/* AUTO: the file tells */
  int argc = 0;
  for (size_t i = 0; i < len; i++)
    argc += s[i] == 0;
  char **argv = calloc (argc + 1, sizeof *argv);
  if (argv)
    {
      int k = 0;
      for (size_t i = 0; i < len && k < argc; i += strlen (s + i) + 1)
	argv[k++] = s + i;
      btfld_build_id_from_argv (k, argv, bid);
      free (argv);
    }
  free (s);
  return 0;
}
