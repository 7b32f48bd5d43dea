// SPDX-License-Identifier: GPL-2.0
/*
 * btf-libbpf: libbpf's side of the comparisons of kernel/testsuite/
 * upstream.module/: built in the Debian forky root against its libbpf
 * (1.7) by kernel/upstream-tool, it runs libbpf's distillation and
 * relocation on BTF files and prints BTF as a canonical multiset of
 * types.
 *
 *   btf-libbpf distill BASE SPLIT OUT-BASE OUT-SPLIT
 *	btf__distill_base() of SPLIT (split BTF on BASE): the distilled
 *	base and the new split BTF, as raw files
 *   btf-libbpf relocate DIST SPLIT BASE [--dedup] OUT-SPLIT
 *	btf__relocate() of SPLIT (split BTF on the distilled base DIST)
 *	onto BASE; with --dedup, btf__dedup() of the result too (which
 *	folds split types equal to base types into the base's)
 *   btf-libbpf canon BASE SPLIT|- [--split-only|--reachable]
 *	one line per type, sorted: "base " or "split " and the type with
 *	every reference written as the referenced type (named types by
 *	kind and name, a FWD as "fwd struct|union NAME", anonymous ones
 *	in full), so that two BTF holding the same types in another order
 *	print the same lines; with --split-only, the split types only;
 *	with --reachable, only the types reachable from the split BTF's
 *	FUNCs, VARs, DATASECs, DECL_TAGs and named STRUCTs, UNIONs and
 *	ENUMs (the module's own), base types included
 *
 * BASE, DIST and SPLIT are raw BTF files, or ELF files whose .BTF is
 * read (BASE: vmlinux).  Exit status 0, or 1 with a message.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

static const char *prog = "btf-libbpf";

static void die(const char *what, const char *file, int err)
{
	fprintf(stderr, "%s: %s%s%s: %s\n", prog, what, file ? " " : "",
		file ? file : "", strerror(err < 0 ? -err : err));
	exit(1);
}

static struct btf *parse(const char *path, struct btf *base)
{
	struct btf *btf = base ? btf__parse_split(path, base) : btf__parse(path, NULL);

	if (!btf)
		die("cannot read BTF of", path, errno);
	return btf;
}

static void write_raw(const struct btf *btf, const char *path)
{
	const void *data;
	__u32 size;
	FILE *f;

	data = btf__raw_data(btf, &size);
	if (!data)
		die("cannot encode BTF for", path, errno);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		die("cannot write", path, errno);
}

/* ---- canonical text ---- */

struct buf {
	char *p;
	size_t len, cap;
};

static void put(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void put(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
		if (n < 0)
			die("vsnprintf", NULL, EINVAL);
		if (b->len + n < b->cap)
			break;
		b->cap = (b->cap + n + 1) * 2;
		b->p = realloc(b->p, b->cap);
		if (!b->p)
			die("out of memory", NULL, ENOMEM);
	}
	b->len += n;
}

static const char *const kinds[] = {
	"void", "int", "ptr", "array", "struct", "union", "enum", "fwd",
	"typedef", "volatile", "const", "restrict", "func", "func_proto",
	"var", "datasec", "float", "decl_tag", "type_tag", "enum64",
};

static const char *kind_name(const struct btf_type *t)
{
	unsigned int k = btf_kind(t);

	return k < sizeof(kinds) / sizeof(kinds[0]) ? kinds[k] : "unknown";
}

static void def(const struct btf *btf, __u32 id, struct buf *b, int depth);

/* A reference: named types by kind and name, others in full. */
static void ref(const struct btf *btf, __u32 id, struct buf *b, int depth)
{
	const struct btf_type *t;

	if (!id) {
		put(b, "void");
		return;
	}
	t = btf__type_by_id(btf, id);
	if (!t) {
		put(b, "<bad id %u>", id);
		return;
	}
	if (t->name_off && !btf_is_mod(t) && !btf_is_ptr(t) &&
	    !btf_is_array(t) && !btf_is_func_proto(t)) {
		if (btf_is_fwd(t))
			put(b, "fwd %s %s", btf_kflag(t) ? "union" : "struct",
			    btf__name_by_offset(btf, t->name_off));
		else
			put(b, "%s %s", kind_name(t),
			    btf__name_by_offset(btf, t->name_off));
		return;
	}
	if (depth > 64) {
		put(b, "...");
		return;
	}
	put(b, "(");
	def(btf, id, b, depth + 1);
	put(b, ")");
}

static void def(const struct btf *btf, __u32 id, struct buf *b, int depth)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const char *name = btf__name_by_offset(btf, t->name_off);
	__u16 i, vlen = btf_vlen(t);

	put(b, "%s", kind_name(t));
	if (t->name_off)
		put(b, " %s", name);
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
		put(b, " size=%u enc=%u off=%u bits=%u", t->size,
		    btf_int_encoding(t), btf_int_offset(t), btf_int_bits(t));
		break;
	case BTF_KIND_FLOAT:
		put(b, " size=%u", t->size);
		break;
	case BTF_KIND_TYPE_TAG:
		put(b, " kflag=%d", btf_kflag(t));
		/* fall through */
	case BTF_KIND_PTR:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
		put(b, " -> ");
		ref(btf, t->type, b, depth);
		break;
	case BTF_KIND_ARRAY:
		put(b, " [%u] of ", btf_array(t)->nelems);
		ref(btf, btf_array(t)->type, b, depth);
		put(b, " index ");
		ref(btf, btf_array(t)->index_type, b, depth);
		break;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION: {
		const struct btf_member *m = btf_members(t);

		put(b, " size=%u kflag=%d {", t->size, btf_kflag(t));
		for (i = 0; i < vlen; i++) {
			put(b, "%s%s: ", i ? ", " : "",
			    btf__name_by_offset(btf, m[i].name_off));
			ref(btf, m[i].type, b, depth);
			put(b, " @%u", m[i].offset);
		}
		put(b, "}");
		break;
	}
	case BTF_KIND_ENUM: {
		const struct btf_enum *e = btf_enum(t);

		put(b, " size=%u kflag=%d {", t->size, btf_kflag(t));
		for (i = 0; i < vlen; i++)
			put(b, "%s%s=%d", i ? ", " : "",
			    btf__name_by_offset(btf, e[i].name_off), e[i].val);
		put(b, "}");
		break;
	}
	case BTF_KIND_ENUM64: {
		const struct btf_enum64 *e = btf_enum64(t);

		put(b, " size=%u kflag=%d {", t->size, btf_kflag(t));
		for (i = 0; i < vlen; i++)
			put(b, "%s%s=%llu", i ? ", " : "",
			    btf__name_by_offset(btf, e[i].name_off),
			    (unsigned long long)btf_enum64_value(&e[i]));
		put(b, "}");
		break;
	}
	case BTF_KIND_FWD:
		put(b, " %s", btf_kflag(t) ? "union" : "struct");
		break;
	case BTF_KIND_FUNC:
		put(b, " linkage=%u ", btf_vlen(t));
		ref(btf, t->type, b, depth);
		break;
	case BTF_KIND_FUNC_PROTO: {
		const struct btf_param *p = btf_params(t);

		put(b, " ");
		ref(btf, t->type, b, depth);
		put(b, " (");
		for (i = 0; i < vlen; i++) {
			put(b, "%s", i ? ", " : "");
			ref(btf, p[i].type, b, depth);
			if (p[i].name_off)
				put(b, " %s", btf__name_by_offset(btf, p[i].name_off));
		}
		put(b, ")");
		break;
	}
	case BTF_KIND_VAR:
		put(b, " linkage=%u ", btf_var(t)->linkage);
		ref(btf, t->type, b, depth);
		break;
	case BTF_KIND_DATASEC: {
		const struct btf_var_secinfo *v = btf_var_secinfos(t);

		put(b, " size=%u {", t->size);
		for (i = 0; i < vlen; i++) {
			put(b, "%s", i ? ", " : "");
			ref(btf, v[i].type, b, depth);
			put(b, " @%u+%u", v[i].offset, v[i].size);
		}
		put(b, "}");
		break;
	}
	case BTF_KIND_DECL_TAG:
		put(b, " component=%d kflag=%d on ", btf_decl_tag(t)->component_idx,
		    btf_kflag(t));
		ref(btf, t->type, b, depth);
		break;
	default:
		put(b, " ?");
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Mark ID and every type it refers to, transitively, in SEEN.  */
static void reach(const struct btf *btf, __u32 id, char *seen)
{
	const struct btf_type *t;
	__u16 i, vlen;

	while (id && !seen[id]) {
		seen[id] = 1;
		t = btf__type_by_id(btf, id);
		vlen = btf_vlen(t);
		switch (btf_kind(t)) {
		case BTF_KIND_PTR:
		case BTF_KIND_TYPEDEF:
		case BTF_KIND_VOLATILE:
		case BTF_KIND_CONST:
		case BTF_KIND_RESTRICT:
		case BTF_KIND_TYPE_TAG:
		case BTF_KIND_FUNC:
		case BTF_KIND_VAR:
		case BTF_KIND_DECL_TAG:
			id = t->type;
			continue;
		case BTF_KIND_ARRAY:
			reach(btf, btf_array(t)->index_type, seen);
			id = btf_array(t)->type;
			continue;
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION:
			for (i = 0; i < vlen; i++)
				reach(btf, btf_members(t)[i].type, seen);
			break;
		case BTF_KIND_FUNC_PROTO:
			for (i = 0; i < vlen; i++)
				reach(btf, btf_params(t)[i].type, seen);
			id = t->type;
			continue;
		case BTF_KIND_DATASEC:
			for (i = 0; i < vlen; i++)
				reach(btf, btf_var_secinfos(t)[i].type, seen);
			break;
		default:
			break;
		}
		break;
	}
}

/* The types reachable from the module's own (see --reachable).  */
static char *reachable(const struct btf *btf, __u32 base_end)
{
	__u32 n = btf__type_cnt(btf), id;
	char *seen = calloc(n, 1);

	if (!seen)
		die("out of memory", NULL, ENOMEM);
	for (id = base_end; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		switch (btf_kind(t)) {
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION:
		case BTF_KIND_ENUM:
		case BTF_KIND_ENUM64:
			if (!t->name_off)
				break;
			/* fall through */
		case BTF_KIND_FUNC:
		case BTF_KIND_VAR:
		case BTF_KIND_DATASEC:
		case BTF_KIND_DECL_TAG:
			reach(btf, id, seen);
			break;
		default:
			break;
		}
	}
	return seen;
}

static void canon(const struct btf *btf, __u32 from, __u32 base_end,
		  const char *only)
{
	__u32 n = btf__type_cnt(btf), id, k = 0;
	char **lines = calloc(n, sizeof(*lines));
	struct buf b = {};

	if (!lines)
		die("out of memory", NULL, ENOMEM);
	for (id = from; id < n; id++) {
		if (only && !only[id])
			continue;
		b.len = 0;
		put(&b, "%s ", id < base_end ? "base" : "split");
		def(btf, id, &b, 0);
		lines[k] = strdup(b.p);
		if (!lines[k++])
			die("out of memory", NULL, ENOMEM);
	}
	qsort(lines, k, sizeof(*lines), cmp_str);
	for (id = 0; id < k; id++)
		puts(lines[id]);
}

int main(int argc, char **argv)
{
	struct btf *base, *split, *nbase, *nsplit;
	int err;

	if (argc >= 6 && !strcmp(argv[1], "distill")) {
		base = parse(argv[2], NULL);
		split = parse(argv[3], base);
		err = btf__distill_base(split, &nbase, &nsplit);
		if (err)
			die("btf__distill_base failed on", argv[3], errno);
		write_raw(nbase, argv[4]);
		write_raw(nsplit, argv[5]);
		return 0;
	}
	if (argc >= 6 && !strcmp(argv[1], "relocate")) {
		bool dedup = argc >= 7 && !strcmp(argv[5], "--dedup");

		nbase = parse(argv[2], NULL);
		split = parse(argv[3], nbase);
		base = parse(argv[4], NULL);
		err = btf__relocate(split, base);
		if (err)
			die("btf__relocate failed on", argv[3], err);
		if (dedup) {
			err = btf__dedup(split, NULL);
			if (err)
				die("btf__dedup failed on", argv[3], err);
		}
		write_raw(split, argv[dedup ? 6 : 5]);
		return 0;
	}
	if (argc >= 4 && !strcmp(argv[1], "canon")) {
		bool split_only = argc >= 5 && !strcmp(argv[4], "--split-only");
		bool only_reachable = argc >= 5 && !strcmp(argv[4], "--reachable");

		base = parse(argv[2], NULL);
		if (!strcmp(argv[3], "-")) {
			canon(base, 1, btf__type_cnt(base), NULL);
			return 0;
		}
		split = parse(argv[3], base);
		canon(split, split_only ? btf__type_cnt(base) : 1,
		      btf__type_cnt(base),
		      only_reachable ? reachable(split, btf__type_cnt(base)) : NULL);
		return 0;
	}
	fprintf(stderr,
		"usage: %s distill BASE SPLIT OUT-BASE OUT-SPLIT\n"
		"       %s relocate DIST SPLIT BASE [--dedup] OUT-SPLIT\n"
		"       %s canon BASE SPLIT|- [--split-only|--reachable]\n",
		prog, prog, prog);
	return 2;
}
