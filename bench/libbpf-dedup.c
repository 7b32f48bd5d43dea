/* libbpf-dedup.c -- the peer measured in the benchmark: libbpf's own
   dedup of the concatenated .BTF blobs of an ELF file (each blob added
   with btf__add_btf, then btf__dedup), as a tool without btfld would do
   it.  Prints the number of types left.  */

#include "btf-format.h"	/* the on-disk header, whatever <linux/btf.h> says */
#include <bpf/btf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const unsigned char *
find_btf (Elf *elf, size_t *size)
{
  size_t shstrndx;
  Elf_Scn *scn = NULL;
  if (elf_getshdrstrndx (elf, &shstrndx))
    return NULL;
  while ((scn = elf_nextscn (elf, scn)))
    {
      GElf_Shdr sh;
      const char *n;
      if (gelf_getshdr (scn, &sh)
	  && (n = elf_strptr (elf, shstrndx, sh.sh_name))
	  && strcmp (n, ".BTF") == 0)
	{
	  Elf_Data *d = elf_rawdata (scn, NULL);
	  *size = d ? d->d_size : 0;
	  return d ? d->d_buf : NULL;
	}
    }
  return NULL;
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: libbpf-dedup ELF-FILE\n");
      return 2;
    }
  elf_version (EV_CURRENT);
  int fd = open (argv[1], O_RDONLY);
  Elf *elf = fd >= 0 ? elf_begin (fd, ELF_C_READ, NULL) : NULL;
  size_t size = 0, off = 0;
  const unsigned char *p = elf ? find_btf (elf, &size) : NULL;
  if (!p)
    {
      fprintf (stderr, "libbpf-dedup: %s: no .BTF\n", argv[1]);
      return 1;
    }
  struct btf *all = btf__new_empty ();
  unsigned blobs = 0;
  while (off + sizeof (struct btf_header) <= size)
    {
      struct btf_header h;
      memcpy (&h, p + off, sizeof h);
      if (h.magic != BTF_MAGIC)
	{
	  off++;		/* padding between input sections */
	  continue;
	}
      size_t len = h.hdr_len + h.str_off + h.str_len;
      struct btf *one = btf__new (p + off, len);
      if (!one || btf__add_btf (all, one) < 0)
	{
	  fprintf (stderr, "libbpf-dedup: blob %u: error %d\n", blobs, errno);
	  return 1;
	}
      btf__free (one);
      blobs++;
      off += len;
    }
  if (btf__dedup (all, NULL))
    {
      fprintf (stderr, "libbpf-dedup: btf__dedup failed: %d\n", errno);
      return 1;
    }
  printf ("blobs %u types %u\n", blobs, btf__type_cnt (all) - 1);
  btf__free (all);
  elf_end (elf);
  close (fd);
  return 0;
}
