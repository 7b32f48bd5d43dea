/*
 * The relocation core (btf-relocate-core.c), shared by btfld's library and
 * the kernel.  The core sees BTF only through the shim header of its
 * environment: "btf-relocate-shim.h" in the library, and
 * "btf-relocate-kshim.h" when built with __KERNEL__.  A shim provides:
 *
 *   struct brel_btf                the BTF object type (a #define)
 *   brel_type_cnt(btf)             largest id + 1, bases included
 *   brel_base(btf)                 the base object, or NULL
 *   brel_type_by_id(btf, id)       const struct btf_type *, ids of BTF
 *                                  and its bases (0 is void)
 *   brel_type_mut(btf, id)         writable record of an own type
 *   brel_str(btf, off)             string at a valid non-zero offset
 *   brel_strs_end(btf)             end of the string offsets of BTF and
 *                                  its bases (a split's first offset)
 *   brel_visit_ids(t, fn, ctx)     call int FN(u32 *, void *) on each
 *   brel_visit_strs(t, fn, ctx)    type id / string offset field of T,
 *                                  stopping at a non-zero return
 *   brel_set_base(btf, base)       re-parent split BTF onto BASE
 *   brel_kind_str(kind)            name of a BTF kind
 *   brel_calloc(n, size)           zeroed array, NULL when out of memory
 *   brel_free(p)
 *   brel_sort(v, n, size, cmp)     sort with int CMP(const void *,
 *                                  const void *)
 *   brel_strcmp(a, b)
 *   brel_error(err, fmt, ...)      report, return ERR (negative errno)
 *
 * plus u32, bool, NULL, the errno values and the BTF format (struct
 * btf_type, BTF_KIND_*, BTF_INFO_*).
 */
#ifndef _BTF_RELOCATE_H
#define _BTF_RELOCATE_H

/*
 * Relocate SPLIT, split BTF on a distilled base, onto BASE: match every
 * distilled type to one type of BASE, then rewrite the type ids and string
 * offsets of SPLIT in place and re-parent it.  *ID_MAP (when ID_MAP is not
 * NULL) receives a brel_calloc()'d map from old ids to new ids.  Nothing
 * is changed on failure.
 */
int btf_reloc_core(struct brel_btf *split, const struct brel_btf *base,
		   u32 **id_map);

/*
 * Check that DIST is standalone and holds only named INT, FLOAT, FWD, and
 * member-less STRUCT, UNION and ENUM types.
 */
int btf_reloc_check_base(const struct brel_btf *dist);

#endif /* _BTF_RELOCATE_H */
