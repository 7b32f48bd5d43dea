/* gen-many.c -- raw BTF for the size tests: COPIES concatenated blobs,
   each holding INT 'int' and the N distinct types int[1] .. int[N].

     gen-many OUT N COPIES  */

#include "btf-format.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
main (int argc, char **argv)
{
  if (argc != 4)
    {
      fprintf (stderr, "usage: gen-many OUT N COPIES\n");
      return 2;
    }
  FILE *f = fopen (argv[1], "wb");
  unsigned long n = strtoul (argv[2], NULL, 0);
  unsigned long copies = strtoul (argv[3], NULL, 0);
  static const char strs[] = "\0int";
  if (!f)
    {
      perror (argv[1]);
      return 1;
    }
  for (unsigned long c = 0; c < copies; c++)
    {
      uint32_t types_len = 16 + n * 24;
      struct btf_header h = {
	.magic = BTF_MAGIC, .version = BTF_VERSION, .hdr_len = sizeof h,
	.type_off = 0, .type_len = types_len,
	.str_off = types_len, .str_len = sizeof strs,
      };
      uint32_t intt[4] = { 1, BTF_KIND_INT << 24, 4, 32 };
      fwrite (&h, sizeof h, 1, f);
      fwrite (intt, sizeof intt, 1, f);
      for (unsigned long i = 1; i <= n; i++)
	{
	  uint32_t arr[6] = { 0, BTF_KIND_ARRAY << 24, 0, 1, 1, (uint32_t) i };
	  fwrite (arr, sizeof arr, 1, f);
	}
      fwrite (strs, sizeof strs, 1, f);
    }
  if (fclose (f))
    {
      perror (argv[1]);
      return 1;
    }
  return 0;
}
