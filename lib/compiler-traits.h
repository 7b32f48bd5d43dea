/* compiler-traits.h -- what the compiler that wrote a blob gets wrong,
   read from its BTF (compiler-traits.c).

   gcc 12 through 16 write BTF that differs in ways the fixups must
   know: gcc 12 marks every FUNC static, writes FUNCs for declarations
   and 'char' as SIGNED|CHAR; gcc 12 and 13 nest the arrays of a
   multi-dimensional array innermost first.  Rather than guess a version,
   each blob (one compilation unit: a link may mix compilers) is
   classified by what its own BTF shows, and a fixup applies only where
   its trait is present.  */

#ifndef BTFLD_COMPILER_TRAITS_H
#define BTFLD_COMPILER_TRAITS_H

#include "btfld-int.h"

enum
{
  /* FUNCs and VARs carry their real linkage (gcc >= 13: global, static,
     extern for declarations): a FUNC is a declaration when extern, a
     VAR when extern; parameter names say nothing (C23 definitions may
     leave them out).  Seen as any FUNC or VAR with non-static linkage
     other than a VAR's global (gcc 12 writes global VARs).  */
  BTFLD_TRAIT_REAL_LINKAGE = 1 << 0,
  /* The char types carry BTF_INT_CHAR (gcc 12: 'char' and 'signed char'
     SIGNED|CHAR, 'unsigned char' CHAR).  */
  BTFLD_TRAIT_INT_CHAR = 1 << 1,
  /* 64-bit enums truncated to their 32-bit enumerators in an ENUM of
     size 8 (gcc 12: no ENUM64, no signedness).  */
  BTFLD_TRAIT_ENUM32 = 1 << 2,
  /* Multi-dimensional arrays nested innermost first: int a[2][3] as an
     ARRAY of 3 ARRAYs of 2 (gcc 12 and 13).  Seen as gcc 12's other
     traits or gcc <= 13's CTF kind left in a FWD's type field or an
     extern VAR listed in a DATASEC, and none of gcc >= 14's: a forward
     enum as an ENUM of size 0, an extern VAR outside any DATASEC,
     DECL_TAG or TYPE_TAG.  */
  BTFLD_TRAIT_ARRAYS_REVERSED = 1 << 3,
};

struct btfld_traits
{
  uint8_t *of_blob;		/* traits per blob */
  const uint32_t *blob_of;	/* blob of each own type, or NULL */
  uint32_t start, nblobs;
};

/* Classify the blobs of BTF (BLOB_OF as from btfld_merge_blobs, or NULL
   for one blob).  */
int btfld_traits_detect (const struct btfld_btf *btf, const uint32_t *blob_of,
			 struct btfld_traits *tr);
/* The same in steps, as inputs are merged: note what types FROM .. of
   BTF show (whole blobs: a DATASEC lists its own blob's VARs) into TR,
   zeroed at first; then classify once, after the last.  */
int btfld_traits_note (struct btfld_traits *tr, const struct btfld_btf *btf,
		       const uint32_t *blob_of, uint32_t from);
void btfld_traits_classify (struct btfld_traits *tr);
void btfld_traits_free (struct btfld_traits *tr);

/* Apply the gcc fixups (fixups.c) to BTF using SYMS, each blob's
   compiler (BLOB_OF, as from btfld_merge_blobs, or NULL) judged apart,
   and the FUNCs and VARs of each blob of a known object (OF, or NULL)
   matched with that object's own symbols.  The old id -> new id map
   goes to *MAPP when MAPP is not NULL (0 for dropped types).  The
   caller gives BTF up: the result is BTF rewritten in place when that
   can be done (no second copy of a link's whole concatenation), else a
   new object, and BTF is freed.  TR: the blobs' traits, classified as
   the inputs were merged, or NULL.  The enums left without enumerators
   are kept, dropped or made INTs too (empty-enums.c); *MADE_INT is set
   when one became an INT.  */
struct btfld_objfacts;
struct btfld_btf *btfld_fixup_objects_consume (struct btfld_btf *btf,
					       const struct btfld_symtab *syms,
					       enum btfld_vars vars,
					       const uint32_t *blob_of,
					       const struct btfld_objfacts *of,
					       const struct btfld_traits *tr,
					       const uint64_t *made_fwd,
					       uint32_t **mapp,
					       bool *made_int);
/* The fixups of BTF that need no symbol, done in place (fixups.c);
   *MADE_FWD receives what btfld_fixup_objects_consume then needs.  */
int btfld_fixup_content (struct btfld_btf *btf, const uint32_t *blob_of,
			 const struct btfld_traits *tr, uint64_t **made_fwd);

/* The traits of the blob type ID came from (0 for the base's types).  */
static inline unsigned
btfld_traits_of (const struct btfld_traits *tr, uint32_t id)
{
  if (id < tr->start || !tr->of_blob)
    return 0;
  return tr->of_blob[tr->blob_of ? tr->blob_of[id - tr->start] : 0];
}

#endif
