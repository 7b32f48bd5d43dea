/* fuzz-oracle.h -- what the fuzz targets accept as a correct refusal.  */

#ifndef BTFLD_FUZZ_ORACLE_H
#define BTFLD_FUZZ_ORACLE_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "btfld-session.h"

/* The pipeline refused its own result (session.c's re-read): the
   message starts so (a name quoted later in another one may say
   anything).  */
static inline bool
refused_own (const char *msg)
{
  static const char a[] = "the .BTF written does not read back: ";
  static const char b[] = "the .BTF.base written does not read back: ";
  return !strncmp (msg, a, sizeof a - 1) || !strncmp (msg, b, sizeof b - 1);
}

/* A link as the front ends make it: the session on the concatenated
   .BTF DATA (SIZE bytes) with the symbols SYMS.  The raw result
   (malloc'd, *OUT_SIZE bytes, already read back by the session), or
   NULL.  */
static inline void *
fuzz_link (const void *data, size_t size, const struct btfld_symtab *syms,
	   bool fixups, enum btfld_vars vars, size_t *out_size)
{
  struct btfld_session_opts so = { .fixups = fixups, .vars = vars };
  struct btfld_session *s = btfld_session_new (&so);
  void *raw = NULL;
  if (!s)
    return NULL;
  btfld_session_set_symtab (s, syms);
  if (btfld_session_add_input (s, data, size) == 0
      && btfld_session_run (s) == 0
      && btfld_session_raw (s, false, &raw, out_size, NULL, NULL) != 0)
    raw = NULL;
  btfld_session_free (s);
  return raw;
}

#endif /* BTFLD_FUZZ_ORACLE_H */
