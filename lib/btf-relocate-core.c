/*
 * Relocation of split BTF from its distilled base onto a full base.
 *
 * The same source is compiled in btfld's library and in the kernel (where
 * kernel/gen-relocate-patch of btfld puts a copy of it), so it is in kernel
 * style.  Everything outside it is reached through a shim (see
 * btf-relocate.h): btf-relocate-kshim.h in the kernel, btf-relocate-shim.h
 * in the library.
 *
 * Each distilled type is matched to exactly one base type of the same
 * name: INT by size and bit layout, FLOAT by size, ENUM to an ENUM or
 * ENUM64 of its size, FWD to a FWD of its flavour or to the STRUCT or
 * UNION it declares, STRUCT and UNION by kind, with the size deciding when
 * the type is embedded by value in a split type or when several base
 * types share the name.  Distilled types are indexed by name, and the
 * base is scanned once against that index.
 */
#ifdef __KERNEL__
#include "btf-relocate-kshim.h"
#else
#include "btf-relocate-shim.h"
#endif
#include "btf-relocate.h"

struct brel_name {
	const char *name;
	u32 id;
};

/*
 * Base types found for one distilled type: the first and last of those of
 * its name and kind (any_*), and of those whose size matches too (sized_*).
 */
struct brel_cand {
	u32 n_any, any_first, any_last;
	u32 n_sized, sized_first, sized_last;
	bool embedded;
};

struct brel_ctx {
	struct brel_btf *split;
	const struct brel_btf *dist, *base;
	u32 n_dist, n_base, n_all;	/* type counts, void included */
	u32 dist_end, base_end;		/* ends of the string offsets */
	struct brel_name *idx;		/* distilled types by name */
	struct brel_cand *cand;		/* by distilled id */
	u32 *map;			/* old id -> new id */
	u32 cur;			/* split type being rewritten */
};

enum brel_fit {
	BREL_NO_FIT,
	BREL_FITS,
	BREL_FITS_BUT_SIZE,
};

static unsigned int brel_kind(const struct btf_type *t)
{
	return BTF_INFO_KIND(t->info);
}

static unsigned int brel_vlen(const struct btf_type *t)
{
	return BTF_INFO_VLEN(t->info);
}

static bool brel_kflag(const struct btf_type *t)
{
	return BTF_INFO_KFLAG(t->info);
}

static bool brel_is_composite(const struct btf_type *t)
{
	return brel_kind(t) == BTF_KIND_STRUCT || brel_kind(t) == BTF_KIND_UNION;
}

static const char *brel_name_of(const struct brel_btf *btf,
				const struct btf_type *t)
{
	return t->name_off ? brel_str(btf, t->name_off) : "(anon)";
}

/* Report a failure to match distilled type D (of id ID). */
#define brel_match_error(r, id, d, fmt, ...)				\
	brel_error(-EINVAL, "type [%u] %s '%s': " fmt, id,		\
		   brel_kind_str(brel_kind(d)), brel_name_of((r)->dist, d), \
		   ##__VA_ARGS__)

/* ---- the distilled base ---- */

int btf_reloc_check_base(const struct brel_btf *dist)
{
	const struct btf_type *t;
	unsigned int kind;
	const char *bad;
	u32 id;

	if (brel_base(dist))
		return brel_error(-EINVAL, "distilled base BTF must not be split BTF");
	for (id = 1; id < brel_type_cnt(dist); id++) {
		t = brel_type_by_id(dist, id);
		kind = brel_kind(t);
		bad = NULL;
		if (kind != BTF_KIND_INT && kind != BTF_KIND_FLOAT &&
		    kind != BTF_KIND_FWD && kind != BTF_KIND_ENUM &&
		    !brel_is_composite(t))
			bad = "kind not allowed in a distilled base";
		else if (!t->name_off)
			bad = "anonymous type in a distilled base";
		else if (kind != BTF_KIND_INT && brel_vlen(t))
			bad = "distilled type with members or values";
		if (bad)
			return brel_error(-EINVAL, "type [%u] %s '%s': %s", id,
					  brel_kind_str(kind),
					  brel_name_of(dist, t), bad);
	}
	return 0;
}

static int brel_cmp_name(const void *a, const void *b)
{
	const struct brel_name *x = a, *y = b;
	int d = brel_strcmp(x->name, y->name);

	return d ? d : (x->id > y->id) - (x->id < y->id);
}

/* Index of the first entry named NAME or after it. */
static u32 brel_find_name(const struct brel_ctx *r, const char *name)
{
	u32 lo = 0, hi = r->n_dist - 1, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (brel_strcmp(r->idx[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void brel_index_dist(struct brel_ctx *r)
{
	const struct btf_type *t;
	u32 id;

	for (id = 1; id < r->n_dist; id++) {
		t = brel_type_by_id(r->dist, id);
		r->idx[id - 1].name = brel_str(r->dist, t->name_off);
		r->idx[id - 1].id = id;
	}
	brel_sort(r->idx, r->n_dist - 1, sizeof(*r->idx), brel_cmp_name);
}

/* ---- distilled composites that split types embed by value ---- */

static void brel_mark_embedded(struct brel_ctx *r, const struct btf_type *t)
{
	const struct btf_member *m = (const struct btf_member *)(t + 1);
	const struct btf_type *u;
	unsigned int i, kind;
	u32 id, steps;

	for (i = 0; i < brel_vlen(t); i++) {
		id = m[i].type;
		/*
		 * Qualifiers, typedefs and arrays keep the value embedded.
		 * The bound only guards against malformed input.
		 */
		for (steps = 0; id && steps < r->n_all; steps++) {
			u = brel_type_by_id(r->split, id);
			kind = brel_kind(u);
			if (brel_is_composite(u) && id < r->n_dist)
				r->cand[id].embedded = true;
			if (kind == BTF_KIND_ARRAY)
				id = ((const struct btf_array *)(u + 1))->type;
			else if (kind == BTF_KIND_CONST ||
				 kind == BTF_KIND_VOLATILE ||
				 kind == BTF_KIND_RESTRICT ||
				 kind == BTF_KIND_TYPEDEF ||
				 kind == BTF_KIND_TYPE_TAG)
				id = u->type;
			else
				id = 0;
		}
	}
}

/* ---- matching ---- */

static enum brel_fit brel_fit(const struct btf_type *d,
			      const struct btf_type *b)
{
	unsigned int dk = brel_kind(d), bk = brel_kind(b);

	switch (dk) {
	case BTF_KIND_INT:
		if (bk != dk || b->size != d->size ||
		    *(const u32 *)(b + 1) != *(const u32 *)(d + 1))
			return BREL_NO_FIT;
		return BREL_FITS;
	case BTF_KIND_FLOAT:
		return bk == dk && b->size == d->size ? BREL_FITS : BREL_NO_FIT;
	case BTF_KIND_ENUM:
		if ((bk != BTF_KIND_ENUM && bk != BTF_KIND_ENUM64) ||
		    b->size != d->size)
			return BREL_NO_FIT;
		return BREL_FITS;
	case BTF_KIND_FWD:
		if (bk == BTF_KIND_FWD)
			return brel_kflag(b) == brel_kflag(d) ? BREL_FITS :
								BREL_NO_FIT;
		if (bk == (brel_kflag(d) ? BTF_KIND_UNION : BTF_KIND_STRUCT))
			return BREL_FITS;
		return BREL_NO_FIT;
	default:
		if (bk != dk)
			return BREL_NO_FIT;
		return b->size == d->size ? BREL_FITS : BREL_FITS_BUT_SIZE;
	}
}

static void brel_add_cand(struct brel_cand *c, enum brel_fit f, u32 id)
{
	if (f == BREL_NO_FIT)
		return;
	if (!c->n_any++)
		c->any_first = id;
	c->any_last = id;
	if (f != BREL_FITS)
		return;
	if (!c->n_sized++)
		c->sized_first = id;
	c->sized_last = id;
}

static bool brel_may_match(const struct btf_type *t)
{
	switch (brel_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
	case BTF_KIND_FWD:
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return t->name_off != 0;
	default:
		return false;
	}
}

/* Offer every base type to the distilled types of its name. */
static void brel_scan_base(struct brel_ctx *r)
{
	const struct btf_type *b, *d;
	const char *name;
	u32 id, i, did;

	for (id = 1; id < r->n_base; id++) {
		b = brel_type_by_id(r->base, id);
		if (!brel_may_match(b))
			continue;
		name = brel_str(r->base, b->name_off);
		for (i = brel_find_name(r, name);
		     i < r->n_dist - 1 && !brel_strcmp(r->idx[i].name, name);
		     i++) {
			did = r->idx[i].id;
			d = brel_type_by_id(r->dist, did);
			brel_add_cand(&r->cand[did], brel_fit(d, b), id);
		}
	}
}

/* Choose the base type of distilled type ID. */
static int brel_resolve(struct brel_ctx *r, u32 id)
{
	const struct btf_type *d = brel_type_by_id(r->dist, id);
	const struct brel_cand *c = &r->cand[id];
	bool sized = !brel_is_composite(d) || c->embedded || c->n_any > 1;
	u32 n = sized ? c->n_sized : c->n_any;

	if (n == 1) {
		r->map[id] = sized ? c->sized_first : c->any_first;
		return 0;
	}
	if (n > 1)
		return brel_match_error(r, id, d,
					"ambiguous: base types [%u] and [%u] match",
					sized ? c->sized_first : c->any_first,
					sized ? c->sized_last : c->any_last);
	if (c->embedded && c->n_any)
		return brel_match_error(r, id, d,
					"embedded by value but no match of size %u in base",
					d->size);
	if (c->n_any)
		return brel_match_error(r, id, d,
					"ambiguous: base types [%u] and [%u] match, none of size %u",
					c->any_first, c->any_last, d->size);
	return brel_match_error(r, id, d, "no match in base");
}

static int brel_map_ids(struct brel_ctx *r)
{
	const struct btf_type *t;
	int err;
	u32 id;

	for (id = r->n_dist; id < r->n_all; id++) {
		t = brel_type_by_id(r->split, id);
		if (brel_is_composite(t))
			brel_mark_embedded(r, t);
	}
	brel_index_dist(r);
	brel_scan_base(r);
	for (id = 1; id < r->n_dist; id++) {
		err = brel_resolve(r, id);
		if (err)
			return err;
	}
	for (id = r->n_dist; id < r->n_all; id++)
		r->map[id] = id - r->n_dist + r->n_base;
	return 0;
}

/* ---- rewriting the split types ---- */

/*
 * New offset of string OFF of the split, 0 when it cannot be mapped.
 * Strings of the distilled base are names of distilled types; they map to
 * the names of the matching base types.
 */
static u32 brel_new_str(const struct brel_ctx *r, u32 off)
{
	const char *s;
	u32 i;

	if (off >= r->dist_end)
		return off - r->dist_end + r->base_end;
	s = brel_str(r->dist, off);
	i = brel_find_name(r, s);
	if (i >= r->n_dist - 1 || brel_strcmp(r->idx[i].name, s))
		return 0;
	return brel_type_by_id(r->base, r->map[r->idx[i].id])->name_off;
}

static int brel_check_str(u32 *off, void *ctx)
{
	const struct brel_ctx *r = ctx;
	const struct btf_type *t;

	if (!*off || brel_new_str(r, *off))
		return 0;
	t = brel_type_by_id(r->split, r->cur);
	return brel_error(-EINVAL,
			  "type [%u] %s: string '%s' of the distilled base is not the name of a distilled type",
			  r->cur, brel_kind_str(brel_kind(t)),
			  brel_str(r->dist, *off));
}

static int brel_rewrite_str(u32 *off, void *ctx)
{
	if (*off)
		*off = brel_new_str(ctx, *off);
	return 0;
}

static int brel_rewrite_id(u32 *id, void *ctx)
{
	const struct brel_ctx *r = ctx;

	*id = r->map[*id];
	return 0;
}

/* Check every string first, so that a failure changes nothing. */
static int brel_rewrite_split(struct brel_ctx *r)
{
	struct btf_type *t;
	int err;
	u32 id;

	for (r->cur = r->n_dist; r->cur < r->n_all; r->cur++) {
		t = brel_type_mut(r->split, r->cur);
		err = brel_visit_strs(t, brel_check_str, r);
		if (err)
			return err;
	}
	for (id = r->n_dist; id < r->n_all; id++) {
		t = brel_type_mut(r->split, id);
		brel_visit_strs(t, brel_rewrite_str, r);
		brel_visit_ids(t, brel_rewrite_id, r);
	}
	brel_set_base(r->split, r->base);
	return 0;
}

int btf_reloc_core(struct brel_btf *split, const struct brel_btf *base,
		   u32 **id_map)
{
	struct brel_ctx r = {
		.split = split,
		.dist = brel_base(split),
		.base = base,
	};
	int err;

	if (!r.dist || !base || r.dist == base)
		return brel_error(-EINVAL,
				  "relocation needs split BTF on a distilled base and a different base");
	err = btf_reloc_check_base(r.dist);
	if (err)
		return err;
	r.n_dist = brel_type_cnt(r.dist);
	r.n_base = brel_type_cnt(base);
	r.n_all = brel_type_cnt(split);
	r.dist_end = brel_strs_end(r.dist);
	r.base_end = brel_strs_end(base);
	r.idx = brel_calloc(r.n_dist, sizeof(*r.idx));
	r.cand = brel_calloc(r.n_dist, sizeof(*r.cand));
	r.map = brel_calloc(r.n_all, sizeof(*r.map));
	if (!r.idx || !r.cand || !r.map) {
		err = brel_error(-ENOMEM, "out of memory");
		goto out;
	}
	err = brel_map_ids(&r);
	if (err)
		goto out;
	err = brel_rewrite_split(&r);
	if (err)
		goto out;
	if (id_map) {
		*id_map = r.map;
		r.map = NULL;
	}
out:
	brel_free(r.idx);
	brel_free(r.cand);
	brel_free(r.map);
	return err;
}
