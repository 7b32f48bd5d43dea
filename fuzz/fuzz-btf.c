/* fuzz-btf.c -- libFuzzer target for the parsers: the input is taken as
   an ELF image (its .BTF, symbols and the whole link pipeline) and as a
   raw BTF blob (parse, dump, raw round trip, merge with itself).
   Oracles: our own output parses; the pipeline's re-read of its result
   never refuses it.  */

#include "btfld.h"
#include "elf-btf.h"
#include "fuzz-oracle.h"

#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static FILE *sink;

static void
quiet (void *ctx, const char *msg)
{
  (void) ctx;
  (void) msg;
}

static void
try_raw (const uint8_t *data, size_t size)
{
  struct btfld_blobs blobs = { 0 };
  if (btfld_blobs_add (&blobs, data, size, NULL) == 0 && blobs.n)
    {
      struct btfld_btf *m = btfld_merge (&blobs, NULL);
      if (m)
	{
	  size_t n;
	  btfld_dump_raw (sink, m, 1, btfld_type_cnt (m) - 1);
	  void *raw = btfld_btf_raw (m, &n);
	  struct btfld_btf *again = raw ? btfld_btf_parse (raw, n, NULL) : NULL;
	  if (raw && !again)
	    abort ();		/* our own output must parse */
	  btfld_btf_free (again);
	  free (raw);
	  btfld_btf_free (m);
	}
    }
  btfld_blobs_free (&blobs);
}

static void
try_elf (const uint8_t *data, size_t size)
{
  char path[64];
  snprintf (path, sizeof path, "/tmp/fuzz-btf.%d", (int) getpid ());
  FILE *f = fopen (path, "wb");
  if (!f)
    return;
  fwrite (data, 1, size, f);
  fclose (f);
  struct btfld_elf e;
  if (btfld_elf_open (&e, path, -1, 0, 0) == 0)
    {
      size_t n;
      const void *btf = btfld_elf_section (&e, ".BTF", &n);
      struct btfld_symtab *syms = btfld_symtab_from_elf (e.elf);
      if (btf && syms)
	{
	  size_t out_size;
	  btfld_error (0, "%s", "");
	  void *out = fuzz_link (btf, n, syms, true, BTFLD_VARS_ALL,
				 &out_size);
	  /* The pipeline's re-read of its own result never refuses it.  */
	  if (!out && refused_own (btfld_errmsg ()))
	    {
	      fprintf (stderr, "fuzz-btf: %s\n", btfld_errmsg ());
	      abort ();
	    }
	  free (out);
	}
      btfld_symtab_free (syms);
      btfld_elf_close (&e);
    }
  remove (path);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (!sink)
    {
      sink = fopen ("/dev/null", "w");
      btfld_set_warn_hook (quiet, NULL);
    }
  try_raw (data, size);
  try_elf (data, size);
  return 0;
}
