/* btf-relocate.h -- the relocation core (btf-relocate-core.c), shared
   with the kernel.  The core sees BTF only through the shim header of
   its environment: "btf-relocate-shim.h" in this library, and
   "btf-relocate-kshim.h" when built with __KERNEL__.  A shim provides:

     struct brel_btf                the BTF object type (a #define)
     brel_type_cnt (btf)            largest id + 1, bases included
     brel_base (btf)                the base object, or NULL
     brel_type_by_id (btf, id)      const struct btf_type *, ids of BTF
                                    and its bases (0 is void)
     brel_type_mut (btf, id)        writable record of an own type
     brel_str (btf, off)            string at a valid non-zero offset
     brel_strs_end (btf)            end of the string offsets of BTF and
                                    its bases (a split's first offset)
     brel_visit_ids (t, fn, ctx)    call int FN (uint32_t *, void *) on
     brel_visit_strs (t, fn, ctx)   each type id / string offset field
                                    of T, stopping at a non-zero return
     brel_set_base (btf, base)      re-parent split BTF onto BASE
     brel_kind_str (kind)           name of a BTF kind
     brel_calloc (n, size)          zeroed array, NULL when out of memory
     brel_free (p)
     brel_sort (v, n, size, cmp)    sort with int CMP (const void *,
                                    const void *)
     brel_strcmp (a, b)
     brel_error (err, fmt, ...)     report, return ERR (negative errno)

   plus uint32_t, size_t, bool, NULL and <linux/btf.h>.  */

#ifndef BTF_RELOCATE_H
#define BTF_RELOCATE_H

/* Relocate SPLIT, split on a distilled base, onto BASE: match every
   distilled type to one type of BASE, then rewrite SPLIT's type ids and
   string offsets in place and re-parent it.  *ID_MAP (when ID_MAP is not
   NULL) receives a brel_calloc'd map from old ids to new ids.  Nothing
   is changed on failure.  */
int btfld_reloc_core (struct brel_btf *split, const struct brel_btf *base,
		      uint32_t **id_map);

/* Check that DIST is standalone and holds only named INT, FLOAT, FWD,
   and member-less STRUCT, UNION and ENUM types.  */
int btfld_reloc_check_base (const struct brel_btf *dist);

#endif
