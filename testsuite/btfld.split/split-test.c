/* split-test.c -- test driver for distilled bases and relocation.

   split-test case NAME           one hand-made case (the libbpf
                                  selftests' and ours): dumps on stdout,
                                  the error on stderr (exit 1)
   split-test elf NAME IN.o OUT.o write OUT.o (IN.o plus .BTF and maybe
                                  .BTF.base sections), read it back
   split-test random SEED...      random differential tests
   split-test gcc-base FILE.o     differential test on a compiler's BTF

   BTF is built with libbpf's btf__add_* and converted through its raw
   form, then distilled, relocated and dumped by the library.  */

#include "split-test.h"
#include "elf-btf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
die (const char *what)
{
  fprintf (stderr, "split-test: %s: %s\n", what, btfld_errmsg ());
  exit (2);
}

struct btfld_btf *
conv (const struct btf *b, const struct btfld_btf *base)
{
  uint32_t size;
  const void *raw = btf__raw_data (b, &size);
  struct btfld_btf *r = raw ? btfld_btf_parse (raw, size, base) : NULL;
  if (!r)
    die ("converting libbpf BTF");
  return r;
}

struct btf *
to_libbpf (const struct btfld_btf *btf)
{
  size_t size;
  void *raw = btfld_btf_raw (btf, &size);
  struct btf *b = raw ? btf__new (raw, size) : NULL;
  free (raw);
  if (!b)
    die ("converting to libbpf BTF");
  return b;
}

static const char *
errname (int err)
{
  switch (-err)
    {
    case EINVAL: return "EINVAL";
    case ENOENT: return "ENOENT";
    case ELOOP: return "ELOOP";
    case E2BIG: return "E2BIG";
    case ENODATA: return "ENODATA";
    case ENOMEM: return "ENOMEM";
    default: return "other error";
    }
}

int
report (const char *what, int err)
{
  if (err)
    fprintf (stderr, "%s: %s: %s\n", what, errname (err), btfld_errmsg ());
  else
    fprintf (stderr, "%s: %s\n", what, btfld_errmsg ());
  return 1;
}

char *
dump_str (const struct btfld_btf *btf, uint32_t first)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&buf, &len);
  if (!f)
    die ("open_memstream");
  btfld_dump_raw (f, btf, first, btfld_type_cnt (btf) - 1);
  fclose (f);
  return buf;
}

void
dump (const char *title, const struct btfld_btf *btf, uint32_t first)
{
  printf ("== %s\n", title);
  btfld_dump_raw (stdout, btf, first, btfld_type_cnt (btf) - 1);
}

/* The selftests' flow: show the input, distill, show the distilled
   split (base included), relocate onto RELOC_BASE, show the result.  */
int
distill_relocate (const struct btfld_btf *split,
		  const struct btfld_btf *reloc_base)
{
  struct btfld_btf *nb, *ns;
  int err;
  dump ("split", split, 1);
  if ((err = btfld_distill_base (split, &nb, &ns)))
    return report ("distill", err);
  printf ("distilled base type count: %u\n", btfld_type_cnt (nb));
  dump ("distilled", ns, 1);
  if (reloc_base != btfld_base (split))
    dump ("relocation base", reloc_base, 1);
  err = btfld_relocate (ns, reloc_base, NULL);
  if (err)
    report ("relocate", err);
  else
    dump ("relocated", ns, 1);
  btfld_btf_free (ns);
  btfld_btf_free (nb);
  return err != 0;
}

/* Run the flow on libbpf's B2 (split on B1), relocating onto B5 (or B1
   when NULL); frees the libbpf objects.  */
int
run_flow (struct btf *b1, struct btf *b2, struct btf *b5)
{
  struct btfld_btf *base = conv (b1, NULL), *split = conv (b2, base);
  struct btfld_btf *other = b5 ? conv (b5, NULL) : NULL;
  int r = distill_relocate (split, other ? other : base);
  btfld_btf_free (other);
  btfld_btf_free (split);
  btfld_btf_free (base);
  btf__free (b5);
  btf__free (b2);
  btf__free (b1);
  return r;
}

int
main (int argc, char **argv)
{
  if (argc == 3 && !strcmp (argv[1], "case"))
    return run_case (argv[2]);
  if (argc == 5 && !strcmp (argv[1], "elf"))
    return run_elf (argv[2], argv[3], argv[4]);
  if (argc >= 3 && !strcmp (argv[1], "random"))
    return run_random (argc - 2, argv + 2);
  if (argc == 3 && !strcmp (argv[1], "gcc-base"))
    return run_gcc_base (argv[2]);
  fprintf (stderr, "usage: split-test case NAME | elf NAME IN.o OUT.o "
	   "| random SEED... | gcc-base FILE.o\n");
  return 2;
}
