// SPDX-License-Identifier: GPL-2.0
/*
 * Relocation of split BTF onto another base BTF: the kernel's side of the
 * relocation core (btf_relocate_core.c).  A module built out of tree
 * carries split BTF on a distilled base (.BTF.base); btf_relocate() moves
 * that split BTF onto the running vmlinux BTF.
 */
#include <linux/btf.h>

#include "btf-relocate-kshim.h"
#include "btf-relocate.h"

/* Call FN on each type id field of T; stop at a non-zero return. */
int btf_visit_type_ids(struct btf_type *t, int (*fn)(u32 *id, void *ctx),
		       void *ctx)
{
	u16 i, vlen = btf_type_vlen(t);
	int err;

	switch (btf_kind(t)) {
	case BTF_KIND_PTR:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
	case BTF_KIND_TYPE_TAG:
		return fn(&t->type, ctx);
	case BTF_KIND_ARRAY: {
		struct btf_array *a = btf_array(t);

		err = fn(&a->type, ctx);
		return err ?: fn(&a->index_type, ctx);
	}
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION: {
		struct btf_member *m = btf_members(t);

		for (i = 0; i < vlen; i++) {
			err = fn(&m[i].type, ctx);
			if (err)
				return err;
		}
		return 0;
	}
	case BTF_KIND_FUNC_PROTO: {
		struct btf_param *p = btf_params(t);

		err = fn(&t->type, ctx);
		for (i = 0; !err && i < vlen; i++)
			err = fn(&p[i].type, ctx);
		return err;
	}
	case BTF_KIND_DATASEC: {
		struct btf_var_secinfo *v = (struct btf_var_secinfo *)(t + 1);

		for (i = 0; i < vlen; i++) {
			err = fn(&v[i].type, ctx);
			if (err)
				return err;
		}
		return 0;
	}
	default:
		return 0;
	}
}

/* Call FN on each string offset field of T; stop at a non-zero return. */
int btf_visit_str_offs(struct btf_type *t, int (*fn)(u32 *off, void *ctx),
		       void *ctx)
{
	u16 i, vlen = btf_type_vlen(t);
	int err;

	err = fn(&t->name_off, ctx);
	if (err)
		return err;

	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION: {
		struct btf_member *m = btf_members(t);

		for (i = 0; !err && i < vlen; i++)
			err = fn(&m[i].name_off, ctx);
		return err;
	}
	case BTF_KIND_ENUM: {
		struct btf_enum *e = btf_enum(t);

		for (i = 0; !err && i < vlen; i++)
			err = fn(&e[i].name_off, ctx);
		return err;
	}
	case BTF_KIND_ENUM64: {
		struct btf_enum64 *e = btf_enum64(t);

		for (i = 0; !err && i < vlen; i++)
			err = fn(&e[i].name_off, ctx);
		return err;
	}
	case BTF_KIND_FUNC_PROTO: {
		struct btf_param *p = btf_params(t);

		for (i = 0; !err && i < vlen; i++)
			err = fn(&p[i].name_off, ctx);
		return err;
	}
	default:
		return 0;
	}
}

struct btf_id_check {
	u32 nr_types;
	u32 bad;
};

static int btf_check_type_id(u32 *id, void *ctx)
{
	struct btf_id_check *c = ctx;

	if (*id < c->nr_types)
		return 0;
	c->bad = *id;
	return -EINVAL;
}

/*
 * Relocate BTF, split BTF on a distilled base, onto BASE_BTF (vmlinux BTF).
 * On success BTF is split BTF on BASE_BTF and *ID_MAP, when ID_MAP is not
 * NULL, maps each type id of BTF before the relocation (distilled base ids
 * included) to its id after; free it with kvfree().  On failure BTF is
 * unchanged and the reason has been logged.
 */
int btf_relocate(struct btf *btf, const struct btf *base_btf, u32 **id_map)
{
	struct btf_id_check c = { .nr_types = btf_nr_types(btf) };
	u32 id, start = btf_nr_types(btf_base_btf(btf));
	struct btf_type *t;

	/* The core indexes its id map with the ids of BTF's types: the
	 * parser checked their range only against the maximum type id.
	 */
	for (id = start; id < c.nr_types; id++) {
		t = (struct btf_type *)btf_type_by_id(btf, id);
		if (btf_visit_type_ids(t, btf_check_type_id, &c))
			return brel_error(-EINVAL,
					  "type [%u] %s: refers to type [%u], past the last type [%u]",
					  id, btf_kind_name(btf_kind(t)),
					  c.bad, c.nr_types - 1);
	}
	return btf_reloc_core(btf, base_btf, id_map);
}
