// SPDX-License-Identifier: GPL-2.0
/* perf_event (profile): sample the instruction pointer. */
#include "common.h"

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 256);
	__type(key, __u64);
	__type(value, __u64);
} samples SEC(".maps");

SEC("perf_event")
int sample(struct bpf_perf_event_data *ctx)
{
	__u64 ip = PT_REGS_IP(&ctx->regs), one = 1, *n;

	n = bpf_map_lookup_elem(&samples, &ip);
	if (n)
		__sync_fetch_and_add(n, 1);
	else
		bpf_map_update_elem(&samples, &ip, &one, BPF_NOEXIST);
	return 0;
}
