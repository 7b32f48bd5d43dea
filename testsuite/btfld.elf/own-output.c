/* btfld_elf_write on a link's own output (own_output: the plugin's
   cleanup) against the same write on a file that is not (a temporary
   file copied into it, as objcopy does): the same bytes, whether the
   new .BTF is smaller (the output rewritten in place, its inode kept)
   or larger (a new file renamed over it).

   own-output IN: for each case, IN copied to own.o and other.o, each
   given a .BTF of the old one's first half (shrink) or of it twice
   (grow); prints one line per case.  */

#include "btfld-int.h"
#include "elf-btf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void
copy_file (const char *from, const char *to)
{
  FILE *in = fopen (from, "rb"), *out = fopen (to, "wb");
  char buf[65536];
  size_t n;
  if (!in || !out)
    exit (2);
  while ((n = fread (buf, 1, sizeof buf, in)) > 0)
    if (fwrite (buf, 1, n, out) != n)
      exit (2);
  fclose (in);
  if (fclose (out))
    exit (2);
}

/* PATH's .BTF replaced as CASE says; OWN: as the plugin's output.  */
static void
rewrite (const char *path, const char *what, bool own)
{
  struct btfld_elf e;
  size_t size;
  if (btfld_elf_open (&e, path, -1, 0, 0))
    exit (2);
  const unsigned char *old = btfld_elf_section (&e, ".BTF", &size);
  if (!old || !size)
    exit (2);
  bool grow = !strcmp (what, "grow");
  size_t n = grow ? 2 * size : size / 2;
  unsigned char *data = malloc (n);
  if (!data)
    exit (2);
  memcpy (data, old, grow ? size : n);
  if (grow)
    memcpy (data + size, old, size);
  e.own_output = own;
  struct btfld_sec_update u = { ".BTF", data, n };
  if (btfld_elf_write (&e, path, &u, 1))
    {
      fprintf (stderr, "%s: %s\n", path, btfld_errmsg ());
      exit (1);
    }
  btfld_elf_close (&e);
  free (data);
}

static bool
same_bytes (const char *a, const char *b)
{
  FILE *x = fopen (a, "rb"), *y = fopen (b, "rb");
  int c, d;
  if (!x || !y)
    exit (2);
  do
    {
      c = getc (x);
      d = getc (y);
    }
  while (c == d && c != EOF);
  fclose (x);
  fclose (y);
  return c == d;
}

int
main (int argc, char **argv)
{
  const char *cases[] = { "shrink", "grow" };
  if (argc != 2)
    return 2;
  for (int i = 0; i < 2; i++)
    {
      struct stat before, after;
      copy_file (argv[1], "own.o");
      copy_file (argv[1], "other.o");
      if (stat ("own.o", &before))
	return 2;
      rewrite ("own.o", cases[i], true);
      rewrite ("other.o", cases[i], false);
      if (stat ("own.o", &after))
	return 2;
      printf ("%s: %s, inode %s\n", cases[i],
	      same_bytes ("own.o", "other.o") ? "same bytes" : "bytes differ",
	      before.st_ino == after.st_ino ? "kept" : "replaced");
    }
  return 0;
}
