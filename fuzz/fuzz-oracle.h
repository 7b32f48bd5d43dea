/* fuzz-oracle.h -- what the fuzz targets accept as a correct refusal.  */

#ifndef BTFLD_FUZZ_ORACLE_H
#define BTFLD_FUZZ_ORACLE_H

#include <stdbool.h>
#include <string.h>

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

#endif /* BTFLD_FUZZ_ORACLE_H */
