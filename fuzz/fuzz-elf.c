/* fuzz-elf.c -- libFuzzer target for the ELF reader and writer.  The
   input is an ELF image: it is opened, its .BTF (when it parses) is
   replaced by its own raw form and a section is added, and the result is
   written.  Oracle: whenever the writer reports success, the output must
   open again, and every other section must keep its name, type and
   bytes.  The image is also read as the plugin reads a link's input (in
   parts, into a buffer of stale bytes): it must open when the whole
   does, and give the same .BTF, sections and symbols.  */

#include "btfld.h"
#include "btfld-session.h"
#include "elf-btf.h"

#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char in_path[64], out_path[64];

static void
quiet (void *ctx, const char *msg)
{
  (void) ctx;
  (void) msg;
}

/* Name of section SCN of ELF, or NULL.  */
static const char *
scn_name (Elf *elf, Elf_Scn *scn, GElf_Shdr *sh)
{
  size_t shstrndx;
  if (elf_getshdrstrndx (elf, &shstrndx) || !gelf_getshdr (scn, sh))
    return NULL;
  return elf_strptr (elf, shstrndx, sh->sh_name);
}

/* Every section of IN other than .BTF, .fuzz and the section names is found by name in OUT
   with the same type and contents (the first of each name).  */
static void
check_unchanged (struct btfld_elf *in, struct btfld_elf *out)
{
  Elf_Scn *scn = NULL;
  size_t shstrndx;
  if (elf_getshdrstrndx (in->elf, &shstrndx))
    return;
  while ((scn = elf_nextscn (in->elf, scn)))
    {
      GElf_Shdr sh;
      const char *name = scn_name (in->elf, scn, &sh);
      if (!name || !strcmp (name, ".BTF") || !strcmp (name, ".fuzz")
	  || elf_ndxscn (scn) == shstrndx)
	continue;
      size_t n1, n2;
      const void *d1 = btfld_elf_section (in, name, &n1);
      const void *d2 = btfld_elf_section (out, name, &n2);
      if (!d1)
	continue;		/* unreadable in the input: nothing to keep */
      if (!d2 || n1 != n2 || memcmp (d1, d2, n1) != 0)
	{
	  fprintf (stderr, "fuzz-elf: section %s changed\n", name);
	  abort ();
	}
    }
}

/* The facts of E, or NULL.  */
static struct btfld_object *
facts (struct btfld_elf *e)
{
  return btfld_object_from_elf (e->elf, "fuzz");
}

/* IN, opened whole, against SIZE bytes of in_path read in parts.  */
static void
check_parts (struct btfld_elf *in, size_t size)
{
  static struct btfld_read_buf buf;
  struct btfld_elf p;
  int fd = open (in_path, O_RDONLY);
  if (fd < 0)
    return;
  if (buf.cap < size + 1)
    {
      free (buf.p);
      buf.cap = size + 1;
      if (!(buf.p = malloc (buf.cap)))
	abort ();
    }
  memset (buf.p, 0xa5, buf.cap);
  if (btfld_elf_open_reusing (&p, in_path, fd, 0, size, &buf))
    {
      fprintf (stderr, "fuzz-elf: read in parts, refused: %s\n",
	       btfld_errmsg ());
      abort ();
    }
  size_t n1, n2;
  const void *d1 = btfld_elf_section (in, ".BTF", &n1);
  const void *d2 = btfld_elf_section (&p, ".BTF", &n2);
  if (n1 != n2 || !d1 != !d2 || (d1 && memcmp (d1, d2, n1)))
    abort ();
  struct btfld_object *o1 = facts (in), *o2 = facts (&p);
  if (!o1 != !o2 || (o1 && !btfld_object_same_facts (o1, o2)))
    abort ();
  btfld_object_free (o1);
  btfld_object_free (o2);
  btfld_elf_close (&p);
  close (fd);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (!in_path[0])
    {
      btfld_set_warn_hook (quiet, NULL);
      snprintf (in_path, sizeof in_path, "/tmp/fuzz-elf-in.%d", (int) getpid ());
      snprintf (out_path, sizeof out_path, "/tmp/fuzz-elf-out.%d",
		(int) getpid ());
    }
  FILE *f = fopen (in_path, "wb");
  if (!f)
    return 0;
  fwrite (data, 1, size, f);
  fclose (f);
  struct btfld_elf e;
  if (btfld_elf_open (&e, in_path, -1, 0, 0) == 0)
    {
      check_parts (&e, size);
      size_t n, rn = 0;
      const void *btf = btfld_elf_section (&e, ".BTF", &n);
      struct btfld_btf *b = btf ? btfld_btf_parse (btf, n, NULL) : NULL;
      void *raw = b ? btfld_btf_raw (b, &rn) : NULL;
      static const char extra[] = "fuzz";
      struct btfld_sec_update u[2];
      size_t nu = 0;
      if (raw)
	u[nu++] = (struct btfld_sec_update) { ".BTF", raw, rn };
      u[nu++] = (struct btfld_sec_update) { ".fuzz", extra, sizeof extra };
      if (btfld_elf_write (&e, out_path, u, nu) == 0)
	{
	  struct btfld_elf o;
	  if (btfld_elf_open (&o, out_path, -1, 0, 0))
	    {
	      fprintf (stderr, "fuzz-elf: output does not re-read: %s\n",
		       btfld_errmsg ());
	      abort ();
	    }
	  size_t on;
	  const void *od = btfld_elf_section (&o, ".fuzz", &on);
	  if (!od || on != sizeof extra || memcmp (od, extra, on))
	    abort ();
	  if (raw)
	    {
	      od = btfld_elf_section (&o, ".BTF", &on);
	      if (!od || on != rn || memcmp (od, raw, rn))
		abort ();
	    }
	  check_unchanged (&e, &o);
	  btfld_elf_close (&o);
	}
      free (raw);
      btfld_btf_free (b);
      btfld_elf_close (&e);
    }
  remove (in_path);
  remove (out_path);
  return 0;
}
