/* btf-relocate-kshim.h -- stand-in for the kernel's shim, used to build
   the relocation core with __KERNEL__ outside the kernel: every name
   here is one a kernel shim maps to (kernel/bpf/btf.c and its helpers),
   so the object's undefined symbols show what the core needs.  */

#ifndef BTF_RELOCATE_KSHIM_H
#define BTF_RELOCATE_KSHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/btf.h>

typedef uint32_t u32;

#define EINVAL 22
#define ENOMEM 12

struct btf;
const struct btf_type *btf_type_by_id (const struct btf *btf, uint32_t id);
uint32_t btf_nr_types (const struct btf *btf);
struct btf *btf_base_btf (const struct btf *btf);
const char *btf_str_by_offset (const struct btf *btf, uint32_t off);
/* Small helpers a kernel shim defines next to btf_set_base_btf.  */
uint32_t btf_strs_end (const struct btf *btf);
int btf_visit_type_ids (struct btf_type *t,
			int (*fn) (uint32_t *, void *), void *ctx);
int btf_visit_str_offs (struct btf_type *t,
			int (*fn) (uint32_t *, void *), void *ctx);
void btf_set_base_btf (struct btf *btf, const struct btf *base);
const char *btf_kind_name (unsigned kind);
void *kvcalloc (size_t n, size_t size, unsigned flags);
void kvfree (const void *p);
void sort (void *base, size_t num, size_t size,
	   int (*cmp) (const void *, const void *),
	   void (*swap) (void *, void *, int));
int strcmp (const char *a, const char *b);
int printk (const char *fmt, ...);

#define brel_btf btf
#define brel_type_cnt(btf) btf_nr_types (btf)
#define brel_base(btf) btf_base_btf (btf)
#define brel_type_by_id(btf, id) btf_type_by_id (btf, id)
#define brel_type_mut(btf, id) ((struct btf_type *) btf_type_by_id (btf, id))
#define brel_str(btf, off) btf_str_by_offset (btf, off)
#define brel_strs_end(btf) btf_strs_end (btf)
#define brel_visit_ids(t, fn, ctx) btf_visit_type_ids (t, fn, ctx)
#define brel_visit_strs(t, fn, ctx) btf_visit_str_offs (t, fn, ctx)
#define brel_set_base(btf, base) btf_set_base_btf (btf, base)
#define brel_kind_str(kind) btf_kind_name (kind)
#define brel_calloc(n, size) kvcalloc (n, size, 0)
#define brel_free(p) kvfree (p)
#define brel_sort(v, n, size, cmp) sort (v, n, size, cmp, NULL)
#define brel_strcmp(a, b) strcmp (a, b)
#define brel_error(err, fmt, ...) \
  (printk ("btf: " fmt "\n", ##__VA_ARGS__), (err))

#endif
