// SPDX-License-Identifier: GPL-2.0
/* kprobe/kretprobe on do_unlinkat: CO-RE reads of struct filename. */
#include "common.h"

pid_t last_pid;
long last_ret;

SEC("kprobe/do_unlinkat")
int BPF_KPROBE(unlink_entry, int dfd, struct filename *name)
{
	const char *s = BPF_CORE_READ(name, name);
	char buf[32];

	bpf_probe_read_kernel_str(buf, sizeof(buf), s);
	last_pid = bpf_get_current_pid_tgid() >> 32;
	return 0;
}

SEC("kretprobe/do_unlinkat")
int BPF_KRETPROBE(unlink_exit, long ret)
{
	last_ret = ret;
	return 0;
}
