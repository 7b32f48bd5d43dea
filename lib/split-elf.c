/* split-elf.c -- read the .BTF of an ELF file, honouring .BTF.base.  */

#include "btfld-int.h"
#include "btfld-session.h"
#include "btfld-split.h"
#include "elf-btf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

int
btfld_elf_add_existing (struct btfld_session *s, struct btfld_elf *e)
{
  size_t size, bsize;
  const void *data = btfld_elf_section (e, ".BTF", &size);
  const void *bdata = btfld_elf_section (e, ".BTF.base", &bsize);
  /* A section outside the file has set the message already.  */
  if ((!data && size == (size_t) -1) || (!bdata && bsize == (size_t) -1))
    return btfld_errcode ();
  return btfld_session_add_existing (s, data, size, bdata, bsize);
}

struct btfld_btf *
btfld_elf_read_btf (struct btfld_elf *e, const struct btfld_btf *caller_base,
		    struct btfld_btf **base_out)
{
  size_t bsize;
  struct btfld_session_opts so = { .base = caller_base };
  struct btfld_session *s;
  struct btfld_btf *btf = NULL;
  if (btfld_elf_section (e, ".BTF.base", &bsize) && !caller_base
      && !base_out)
    {
      btfld_error (-EINVAL, "has .BTF.base: a base or a place to return "
		   "it is needed");
      return NULL;
    }
  if ((s = btfld_session_new (&so))
      && btfld_elf_add_existing (s, e) == 0
      && btfld_session_run (s) == 0)
    btf = btfld_session_take_btf (s, base_out);
  btfld_session_free (s);
  return btf;
}

struct btfld_btf *
btfld_read_elf_btf (const char *path, const struct btfld_btf *caller_base,
		    struct btfld_btf **base_out)
{
  struct btfld_elf e;
  struct btfld_btf *btf = NULL;
  if (base_out)
    *base_out = NULL;
  if (!btfld_elf_open (&e, path, -1, 0, 0))
    {
      btf = btfld_elf_read_btf (&e, caller_base, base_out);
      btfld_elf_close (&e);
    }
  if (!btf)
    btfld_error_prefix (path);
  return btf;
}

/* BTF parsed in place from DATA, SIZE bytes inside HOLD (HOLD_LEN
   bytes mapped, or 0: malloc'd), which the object then holds; else
   parsed into memory of its own, and HOLD released.  A base is read by
   every module's link and never changes: vmlinux's BTF copied would be
   megabytes of fresh pages to fault in for each.  */
static struct btfld_btf *
parse_holding (const void *data, size_t size, void *hold, size_t hold_len)
{
  struct btfld_btf *btf = btfld_btf_parse_view (data, size, NULL, false);
  if (btf && btf->borrowed)
    {
      btf->hold = hold;
      btf->hold_len = hold_len;
      return btf;
    }
  if (hold_len)
    munmap (hold, hold_len);
  else
    free (hold);
  return btf;
}

/* A base for splitting: raw BTF (as /sys/kernel/btf/vmlinux) or the
   single-blob .BTF of an ELF file (as vmlinux).  */
struct btfld_btf *
btfld_read_base_file (const char *path)
{
  struct btfld_elf e;
  struct btfld_btf *btf = NULL;
  FILE *f = fopen (path, "rb");
  unsigned char magic[2] = { 0, 0 };
  if (!f)
    {
      btfld_error (-errno, "%s: cannot open: %m", path);
      return NULL;
    }
  size_t got = fread (magic, 1, 2, f);
  if (got == 2 && magic[0] == (BTF_MAGIC & 0xff) && magic[1] == BTF_MAGIC >> 8)
    {
      long len = fseek (f, 0, SEEK_END) == 0 ? ftell (f) : -1;
      void *buf = len > 0 ? malloc (len) : NULL;
      rewind (f);
      if (buf && fread (buf, 1, len, f) == (size_t) len)
	btf = parse_holding (buf, len, buf, 0);
      else
	{
	  btfld_error (-EIO, "cannot read");
	  free (buf);
	}
      fclose (f);
      if (!btf)
	btfld_error_prefix (path);
      return btf;
    }
  fclose (f);
  if (btfld_elf_open (&e, path, -1, 0, 0) == 0)
    {
      size_t size;
      const void *data = btfld_elf_section (&e, ".BTF", &size);
      long blob = data ? btfld_blob_size (data, size) : -1;
      if (!data && size != (size_t) -1)
	btfld_error (-ENODATA, "no .BTF section");
      else if (blob >= 0 && (size_t) blob < size)
	btfld_error (-EINVAL, ".BTF holds several blobs (link it with the "
		     "btfld plugin, or run btf-objcopy --btf-dedup, first)");
      else if (blob >= 0 && (const unsigned char *) data >= e.image
	       && (const unsigned char *) data < e.image + e.size)
	{
	  /* The image, mapped or read, goes with the object.  */
	  void *hold = e.map ? e.map : e.image;
	  size_t hold_len = e.map ? e.map_len : 0;
	  e.map = NULL;
	  e.image = NULL;
	  btf = parse_holding (data, size, hold, hold_len);
	}
      else if (blob >= 0)
	btf = btfld_btf_parse (data, size, NULL);	/* inflated */
      btfld_elf_close (&e);
    }
  if (!btf)
    btfld_error_prefix (path);
  return btf;
}
