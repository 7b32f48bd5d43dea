/* btfld-int.h -- internals shared by the library's modules.  */

#ifndef BTFLD_INT_H
#define BTFLD_INT_H

#include "btfld.h"

/* Limits of the format (ids are 31-bit in practice; the kernel caps
   them lower, and so do we).  */
#define BTFLD_MAX_TYPE_ID 0x000fffffu
#define BTFLD_MAX_STR_OFF 0x7fffffffu

#ifndef BTF_INFO_ENC
#define BTF_INFO_ENC(kind, kflag, vlen) \
  ((uint32_t) (!!(kflag)) << 31 | (uint32_t) (kind) << 24 | ((vlen) & 0xffff))
struct btfld_btf *btfld_fixup_merged (struct btfld_btf **merged,
				      const struct btfld_symtab *syms,
				      enum btfld_vars vars,
				      uint32_t **blob_of);

#endif

struct btfld_btf
{
  const struct btfld_btf *base;
  uint32_t start_id;		/* id of our first type */
  uint32_t str_start;		/* offset of our first string */
  uint32_t nr;			/* number of own types */

  char *types;			/* raw records */
  size_t types_len, types_cap;
  uint32_t *offs;		/* record offset per own type */
  size_t offs_cap;

  char *strs;			/* own string section */
  size_t strs_len, strs_cap;

  /* Interning index (offsets, UINT32_MAX = empty); built lazily.  */
  uint32_t *str_idx;
  size_t str_idx_cap, str_idx_cnt;
  bool str_idx_built;

  /* Created with SRC's string section (btfld_btf_new_sharing_strs):
     records copied from SRC keep their string offsets.  */
  const struct btfld_btf *strs_from;
};

uint32_t *btfld_remap_blob_of (const struct btfld_btf *before,
			       const struct btfld_btf *after,
			       const uint32_t *map, const uint32_t *blob_of);

struct btfld_btf *btfld_fixup_merged (struct btfld_btf **merged,
				      const struct btfld_symtab *syms,
				      enum btfld_vars vars,
				      uint32_t **blob_of);

#endif
