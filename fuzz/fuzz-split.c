/* fuzz-split.c -- libFuzzer target for split BTF: distill and relocate.
   The input is a 4-byte little-endian length L, then L bytes of a base
   BTF, then a split BTF on it.  The split BTF's base is distilled; the
   distilled base must pass btfld_check_distilled_base, both results must
   re-parse from their raw form, and relocating the new split BTF onto
   the original base must succeed (unless two base types match one
   distilled type: "ambiguous") with the same number of own types and
   every split type keeping its name.  */

#include "btfld.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
quiet (void *ctx, const char *msg)
{
  (void) ctx;
  (void) msg;
}

static void
die (const char *what)
{
  fprintf (stderr, "fuzz-split: %s: %s\n", what, btfld_errmsg ());
  abort ();
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
  if (size < 4)
    return 0;
  size_t blen = data[0] | data[1] << 8 | data[2] << 16 | (size_t) data[3] << 24;
  data += 4, size -= 4;
  if (blen > size)
    return 0;
  struct btfld_btf *base = btfld_btf_parse (data, blen, NULL);
  struct btfld_btf *split = base ? btfld_btf_parse (data + blen, size - blen,
						    base) : NULL;
  struct btfld_btf *nbase = NULL, *nsplit = NULL;
  if (split && btfld_distill_base (split, &nbase, &nsplit) == 0)
    {
      if (btfld_check_distilled_base (nbase))
	die ("distilled base refused");
      size_t nb, ns;
      void *rb = btfld_btf_raw (nbase, &nb);
      struct btfld_btf *b2 = rb ? btfld_btf_parse (rb, nb, NULL) : NULL;
      void *rs = b2 ? btfld_btf_raw (nsplit, &ns) : NULL;
      struct btfld_btf *s2 = rs ? btfld_btf_parse (rs, ns, b2) : NULL;
      if (rb && !b2)
	die ("distilled base does not re-parse");
      if (rs && !s2)
	die ("distilled split does not re-parse");
      if (s2)
	{
	  uint32_t own = btfld_type_cnt (s2) - btfld_start_id (s2);
	  if (btfld_relocate (s2, base, NULL))
	    {
	      /* Two base types of one name, kind and size: refused.  */
	      if (!strstr (btfld_errmsg (), "ambiguous"))
		die ("relocation onto the original base failed");
	      own = 0;
	    }
	  else if (btfld_type_cnt (s2) - btfld_start_id (s2) != own
		   || btfld_start_id (s2) != btfld_type_cnt (base))
	    die ("relocation changed the number of types");
	  for (uint32_t i = 0; i < own; i++)
	    {
	      const char *a = btfld_name (nsplit, btfld_start_id (nsplit) + i);
	      const char *c = btfld_name (s2, btfld_start_id (s2) + i);
	      if (strcmp (a ? a : "", c ? c : ""))
		die ("relocation renamed a type");
	    }
	}
      btfld_btf_free (s2);
      btfld_btf_free (b2);
      free (rs);
      free (rb);
      btfld_btf_free (nsplit);
      btfld_btf_free (nbase);
    }
  btfld_btf_free (split);
  btfld_btf_free (base);
  return 0;
}
