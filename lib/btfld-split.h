/* btfld-split.h -- split BTF with a distilled base (.BTF.base):
   distilling, relocating onto a full base, reading from ELF files.

   A distilled base holds only what is needed to find, in some later
   full base, the types a split BTF refers to: named INT, FLOAT and FWD
   records whole, named STRUCT/UNION with their size and no members,
   named ENUM/ENUM64 as a sized ENUM without values.  Everything else
   the split BTF needs from its base is moved into the split BTF.  */

#ifndef BTFLD_SPLIT_H
#define BTFLD_SPLIT_H

#include "btfld.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Distill the base of SPLIT (which must have a base).  On success
   *NEW_BASE is a standalone distilled base and *NEW_SPLIT holds SPLIT's
   types, then the moved base types, split on *NEW_BASE; free *NEW_SPLIT
   before *NEW_BASE.  Both are left untouched on failure.  */
int btfld_distill_base (const struct btfld_btf *split,
			struct btfld_btf **new_base,
			struct btfld_btf **new_split);

/* Relocate SPLIT, whose base is a distilled base, onto NEW_BASE: each
   distilled type is matched by name, kind and size, and every type id
   and string of SPLIT is rewritten so that SPLIT becomes split on
   NEW_BASE (its old base can then be freed).  When ID_MAP is not NULL it
   receives a malloc'd map from every old id (distilled base and split)
   to its new id.  On failure SPLIT is unchanged.  */
int btfld_relocate (struct btfld_btf *split, const struct btfld_btf *new_base,
		    uint32_t **id_map);

/* Check that BASE has the shape of a distilled base (standalone, named
   types of the kinds above only, no members or values).  */
int btfld_check_distilled_base (const struct btfld_btf *base);

/* Read the .BTF of the ELF file PATH.  When the file has .BTF.base, that
   is the base of its .BTF; then if CALLER_BASE is not NULL the result is
   relocated onto CALLER_BASE, otherwise the distilled base is returned in
   *BASE_OUT (free it after the result).  Without .BTF.base, the .BTF is
   read split on CALLER_BASE (or standalone).  *BASE_OUT is NULL whenever
   no distilled base is handed back.  */
struct btfld_btf *btfld_read_elf_btf (const char *path,
				      const struct btfld_btf *caller_base,
				      struct btfld_btf **base_out);

struct btfld_elf;
/* The same on an open file; errors are not prefixed with the path.  */
struct btfld_btf *btfld_elf_read_btf (struct btfld_elf *e,
				      const struct btfld_btf *caller_base,
				      struct btfld_btf **base_out);

/* Read a full base: a raw BTF file or an ELF file with a single-blob
   .BTF.  */
struct btfld_btf *btfld_read_base_file (const char *path);

#ifdef __cplusplus
}
#endif

#endif /* BTFLD_SPLIT_H */
