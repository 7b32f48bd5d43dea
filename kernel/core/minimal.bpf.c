// SPDX-License-Identifier: GPL-2.0
/* minimal: bpf_printk from a tracepoint, a global filtered by pid. */
#include "common.h"

int my_pid;

SEC("tp/syscalls/sys_enter_getpid")
int handle_getpid(void *ctx)
{
	int pid = bpf_get_current_pid_tgid() >> 32;

	if (pid == my_pid)
		bpf_printk("btfld core: getpid from %d", pid);
	return 0;
}
