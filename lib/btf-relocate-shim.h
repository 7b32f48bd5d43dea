/* btf-relocate-shim.h -- the relocation core's view of this library
   (see btf-relocate.h for the contract).  */

#ifndef BTF_RELOCATE_SHIM_H
#define BTF_RELOCATE_SHIM_H

#include "btfld-int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The kernel's names of the fixed-width types the core uses.  */
typedef uint32_t u32;

#define brel_btf btfld_btf

#define brel_type_cnt(btf) btfld_type_cnt (btf)
#define brel_base(btf) btfld_base (btf)
#define brel_type_by_id(btf, id) btfld_type_by_id (btf, id)
#define brel_type_mut(btf, id) btfld_type_mut (btf, id)
#define brel_str(btf, off) btfld_str (btf, off)
#define brel_strs_end(btf) btfld_reloc_strs_end (btf)
#define brel_visit_ids(t, fn, ctx) btfld_visit_ids (t, fn, ctx)
#define brel_visit_strs(t, fn, ctx) btfld_visit_strs (t, fn, ctx)
#define brel_set_base(btf, base) btfld_reloc_set_base (btf, base)
#define brel_kind_str(kind) btfld_kind_str (kind)
#define brel_calloc(n, size) calloc (n, size)
#define brel_free(p) free (p)
#define brel_sort(v, n, size, cmp) qsort (v, n, size, cmp)
#define brel_strcmp(a, b) strcmp (a, b)
#define brel_error btfld_error

/* In btf-relocate.c.  */
uint32_t btfld_reloc_strs_end (const struct btfld_btf *btf);
void btfld_reloc_set_base (struct btfld_btf *btf,
			   const struct btfld_btf *base);

#endif
