/* btfld_elf_open_reusing (the plugin's claim_file) reads of an input
   only its headers, .BTF and symbol tables, into a buffer that held
   other files before: the same .BTF, sections and symbols as reading
   it whole, and nothing else.  A file it cannot read that way is read
   whole, and judged as btfld_elf_open judges it.

   read-parts FILE [OFFSET SIZE]: FILE (or its SIZE bytes at OFFSET, an
   archive member) opened both ways; prints how, what matched, and what
   asking for .text gives.  */

#include "btfld-int.h"
#include "btfld-session.h"
#include "elf-btf.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int
main (int argc, char **argv)
{
  if (argc != 2 && argc != 4)
    {
      fprintf (stderr, "usage: read-parts FILE [OFFSET SIZE]\n");
      return 2;
    }
  const char *path = argv[1];
  int fd = open (path, O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat (fd, &st))
    return 2;
  off_t offset = argc == 4 ? strtoull (argv[2], NULL, 0) : 0;
  size_t size = argc == 4 ? strtoull (argv[3], NULL, 0) : st.st_size;

  /* The buffer as a link leaves it: full of another file's bytes.  */
  struct btfld_read_buf buf = { malloc (size + 4096), size + 4096 };
  if (!buf.p)
    return 2;
  memset (buf.p, 0xa5, buf.cap);

  struct btfld_elf whole, parts;
  int ew = btfld_elf_open (&whole, path, fd, offset, size);
  char werr[512];
  snprintf (werr, sizeof werr, "%s", ew ? btfld_errmsg () : "");
  int ep = btfld_elf_open_reusing (&parts, path, fd, offset, size, &buf);
  if (ew || ep)
    {
      printf ("%s: whole: %s\n", path, ew ? werr : "opened");
      printf ("%s: reusing: %s\n", path, ep ? btfld_errmsg () : "opened");
      if (!ew)
	btfld_elf_close (&whole);
      if (!ep)
	btfld_elf_close (&parts);
      free (buf.p);
      close (fd);
      return 0;
    }
  size_t nw, np;
  const void *bw = btfld_elf_section (&whole, ".BTF", &nw);
  const void *bp = btfld_elf_section (&parts, ".BTF", &np);
  printf ("%s: %s; .BTF %zu bytes: %s\n", path,
	  parts.in_parts ? "in parts" : "whole", nw,
	  bw && bp && nw == np && !memcmp (bw, bp, nw) ? "same" : "DIFFERENT");
  struct btfld_object *ow = btfld_object_from_elf (whole.elf, path);
  struct btfld_object *op = btfld_object_from_elf (parts.elf, path);
  if (!ow || !op)
    printf ("%s: facts: %s\n", path, btfld_errmsg ());
  else
    printf ("%s: %zu sections, %zu symbols: %s\n", path, ow->nsecs,
	    ow->nsyms, btfld_object_same_facts (ow, op) ? "same"
	    : "DIFFERENT");
  btfld_object_free (ow);
  btfld_object_free (op);
  size_t nt;
  const void *text = btfld_elf_section (&parts, ".text", &nt);
  printf ("%s: .text: %s\n", path,
	  text ? "read" : nt == (size_t) -1 ? btfld_errmsg () : "absent");
  btfld_elf_close (&whole);
  btfld_elf_close (&parts);
  free (buf.p);
  close (fd);
  return 0;
}
