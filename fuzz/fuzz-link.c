/* fuzz-link.c -- libFuzzer target for merge, fixups and dedup.  The
   first byte of the input chooses the options (bit 0: fixups, bits 2-3:
   the VAR policy, bit 4: an executable's symbol table, not a relocatable
   object's); the rest is taken as a linked .BTF section (blobs one after
   another).  The symbol table the fixups see is made up from the FUNC and
   VAR names of the blobs: each name is defined or not, function or
   object, by a hash of the name and of the option byte.  Oracle: the
   pipeline's own re-read of its raw result never refuses it, and the
   result re-parses from its raw form.

   Only btfld's engine is fuzzed (bit 1, which chose libbpf's, is
   ignored): libbpf 1.1's btf__dedup crashes on some valid BTF (a struct
   FWD naming an enum), which the library contains by running it in a
   child; under libFuzzer the child's crash is still reported as one of
   ours, and a crash in libbpf is not a bug of this code.  */

#include "btfld.h"
#include "btf-format.h"
#include "elf-btf.h"
#include "fuzz-oracle.h"

#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
quiet (void *ctx, const char *msg)
{
  (void) ctx;
  (void) msg;
}

static int
by_name (const void *a, const void *b)
{
  const struct btfld_sym *x = a, *y = b;
  int c = strcmp (x->name, y->name);
  return c ? c : (x->order > y->order) - (x->order < y->order);
}

static struct btfld_sec fake_secs[] = {
  { "", 0, 0, 0 },
  { ".text", 0, 4096, SHF_ALLOC | SHF_EXECINSTR },
  { ".data", 0, 4096, SHF_ALLOC | SHF_WRITE },
  { ".bss", 0, 4096, SHF_ALLOC | SHF_WRITE },
  { ".rodata", 0, 4096, SHF_ALLOC },
  { ".data..percpu", 0, 4096, SHF_ALLOC | SHF_WRITE },
  { ".tbss", 0, 4096, SHF_ALLOC | SHF_WRITE | SHF_TLS },
};

/* A symbol table for the FUNC and VAR names of B.  */
static struct btfld_symtab *
fake_symtab (const struct btfld_btf *b, unsigned char salt)
{
  struct btfld_symtab *st = calloc (1, sizeof *st);
  uint32_t cnt = b ? btfld_type_cnt (b) : 0;
  if (!st)
    return NULL;
  st->e_type = salt & 0x10 ? ET_EXEC : ET_REL;
  st->secs = fake_secs;
  st->nsecs = sizeof fake_secs / sizeof fake_secs[0];
  st->syms = calloc (cnt ? cnt : 1, sizeof *st->syms);
  for (uint32_t id = b ? btfld_start_id (b) : 1; st->syms && id < cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (b, id);
      unsigned k = t ? btfld_kind (t) : 0;
      const char *name = btfld_name (b, id);
      if ((k != BTF_KIND_FUNC && k != BTF_KIND_VAR) || !name || !*name)
	continue;
      unsigned h = salt;
      for (const char *p = name; *p; p++)
	h = h * 31 + (unsigned char) *p;
      struct btfld_sym *s = &st->syms[st->nsyms];
      s->name = name;
      s->bind = h & 1 ? STB_GLOBAL : STB_LOCAL;
      s->type = k == BTF_KIND_FUNC ? STT_FUNC : STT_OBJECT;
      s->shndx = h & 6 ? (k == BTF_KIND_FUNC ? 1 : 2 + (h >> 3) % 5) : 0;
      s->value = (st->nsyms * 8) % 4096;
      s->size = 8;
      s->order = st->nsyms++;
    }
  if (st->nsyms)
    qsort (st->syms, st->nsyms, sizeof *st->syms, by_name);
  return st;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static bool init;
  if (!init)
    {
      btfld_set_warn_hook (quiet, NULL);
      init = true;
    }
  if (size < 1)
    return 0;
  unsigned char opt = data[0];
  data++, size--;
  unsigned nblobs;
  struct btfld_btf *merged = btfld_merge_section (data, size, NULL, NULL,
						  &nblobs);
  if (!merged)
    return 0;
  struct btfld_symtab *st = fake_symtab (merged, opt);
  size_t n;
  btfld_error (0, "%s", "");
  void *raw = st && st->syms
	      ? fuzz_link (data, size, st, opt & 1,
			   (enum btfld_vars) ((opt >> 2) % 3), &n)
	      : NULL;
  if (!raw && refused_own (btfld_errmsg ()))
    {
      fprintf (stderr, "fuzz-link: %s\n", btfld_errmsg ());
      abort ();
    }
  if (raw)
    {
      struct btfld_btf *again = btfld_btf_parse (raw, n, NULL);
      if (!again)
	{
	  fprintf (stderr, "fuzz-link: output does not parse: %s\n",
		   btfld_errmsg ());
	  abort ();
	}
      btfld_btf_free (again);
      free (raw);
    }
  if (st)
    free (st->syms);
  free (st);
  btfld_btf_free (merged);
  return 0;
}
