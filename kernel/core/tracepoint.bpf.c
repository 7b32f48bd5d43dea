// SPDX-License-Identifier: GPL-2.0
/* tracepoint: syscalls/sys_enter_write with the context struct of
 * vmlinux.h (trace_event_raw_sys_enter), relocated by CO-RE. */
#include "common.h"

__u64 writes;
int last_fd;

SEC("tp/syscalls/sys_enter_write")
int handle_write(struct trace_event_raw_sys_enter *ctx)
{
	last_fd = BPF_CORE_READ(ctx, args[0]);
	__sync_fetch_and_add(&writes, 1);
	return 0;
}
