/* rename-mid-run.c -- open IN, then (when OTHER is not "-") rename OTHER
   over IN, then write IN's contents with a section added to OUT.  The
   output must be made from the file that was opened, whatever the path
   names meanwhile.  */

#include "btfld.h"
#include "elf-btf.h"

#include <stdio.h>

int
main (int argc, char **argv)
{
  struct btfld_elf e;
  static const char extra[] = "added";
  struct btfld_sec_update u = { ".added", extra, sizeof extra };
  if (argc != 4)
    return 2;
  if (btfld_elf_open (&e, argv[1], -1, 0, 0))
    {
      fprintf (stderr, "open: %s\n", btfld_errmsg ());
      return 1;
    }
  if (argv[2][0] != '-' && rename (argv[2], argv[1]))
    {
      perror ("rename");
      return 1;
    }
  if (btfld_elf_write (&e, argv[3], &u, 1))
    {
      fprintf (stderr, "write: %s\n", btfld_errmsg ());
      return 1;
    }
  btfld_elf_close (&e);
  return 0;
}
