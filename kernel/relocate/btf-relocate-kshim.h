/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's shim for the BTF relocation core (btf_relocate_core.c,
 * shared with btfld's library, which keeps its own shim): the core reaches
 * struct btf only through the brel_* names below.  See btf-relocate.h for
 * what each one must do.
 */
#ifndef _KERNEL_BPF_BTF_RELOCATE_KSHIM_H
#define _KERNEL_BPF_BTF_RELOCATE_KSHIM_H

#include <linux/btf.h>
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/types.h>

/* In btf_relocate.c. */
int btf_visit_type_ids(struct btf_type *t, int (*fn)(u32 *id, void *ctx),
		       void *ctx);
int btf_visit_str_offs(struct btf_type *t, int (*fn)(u32 *off, void *ctx),
		       void *ctx);

#define brel_btf			btf
#define brel_type_cnt(btf)		btf_nr_types(btf)
#define brel_base(btf)			btf_base_btf(btf)
#define brel_type_by_id(btf, id)	btf_type_by_id(btf, id)
#define brel_type_mut(btf, id)	((struct btf_type *)btf_type_by_id(btf, id))
/* Offsets the core looks up were validated when the BTF was parsed. */
#define brel_str(btf, off)		(btf_name_by_offset(btf, off) ?: "")
#define brel_strs_end(btf)		btf_strs_end(btf)
#define brel_visit_ids(t, fn, ctx)	btf_visit_type_ids(t, fn, ctx)
#define brel_visit_strs(t, fn, ctx)	btf_visit_str_offs(t, fn, ctx)
#define brel_set_base(btf, base)	btf_set_base_btf(btf, base)
#define brel_kind_str(kind)		btf_kind_name(kind)
#define brel_calloc(n, size)	kvcalloc(n, size, GFP_KERNEL | __GFP_NOWARN)
#define brel_free(p)			kvfree(p)
#define brel_sort(v, n, size, cmp)	sort(v, n, size, cmp, NULL)
#define brel_strcmp(a, b)		strcmp(a, b)
#define brel_error(err, fmt, ...)					\
	(pr_warn("BPF: BTF relocation: " fmt "\n", ##__VA_ARGS__), (err))

#endif /* _KERNEL_BPF_BTF_RELOCATE_KSHIM_H */
