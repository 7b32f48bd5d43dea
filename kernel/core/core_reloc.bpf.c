// SPDX-License-Identifier: GPL-2.0
/* CO-RE relocation kinds: field existence, size and offset, type
 * existence and size, enum value existence and value. */
#include "common.h"

__u64 out[8];

/* filename_lookup takes a struct filename in 6.1 and 7.2 alike (7.2
 * renamed do_unlinkat, the first choice). */
SEC("fentry/filename_lookup")
int BPF_PROG(relocs, int dfd, struct filename *name)
{
	struct task_struct *t = (void *)bpf_get_current_task_btf();

	out[0] = bpf_core_field_exists(t->pid);
	out[1] = bpf_core_field_size(t->comm);
	out[2] = bpf_core_field_offset(t->tgid);
	out[3] = bpf_core_type_exists(struct filename);
	out[4] = bpf_core_type_size(struct list_head);
	out[5] = bpf_core_enum_value_exists(enum bpf_prog_type,
					    BPF_PROG_TYPE_LSM);
	out[6] = bpf_core_enum_value(enum bpf_map_type, BPF_MAP_TYPE_HASH);
	/* An atomic_t up to 7.1, an int since: either way an int at the
	 * field's offset. */
	int refcnt = 0;

	bpf_core_read(&refcnt, sizeof(refcnt), &name->refcnt);
	out[7] = refcnt;
	return 0;
}
