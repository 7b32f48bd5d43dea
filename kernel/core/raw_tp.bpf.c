// SPDX-License-Identifier: GPL-2.0
/* raw_tp and tp_btf on sys_enter: the untyped raw tracepoint, and the
 * BTF-typed one (its arguments come from btf_trace_sys_enter). */
#include "common.h"

long last_id, last_btf_id;

SEC("raw_tp/sys_enter")
int BPF_PROG(raw_enter, struct pt_regs *regs, long id)
{
	last_id = id;
	return 0;
}

SEC("tp_btf/sys_enter")
int BPF_PROG(btf_enter, struct pt_regs *regs, long id)
{
	last_btf_id = BPF_CORE_READ(regs, orig_ax) + id;
	return 0;
}
