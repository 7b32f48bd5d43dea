// SPDX-License-Identifier: GPL-2.0
/* uprobe/uretprobe (attached by the loader's user, not by section name). */
#include "common.h"

long last_arg, last_ret;

SEC("uprobe")
int BPF_KPROBE(user_entry, long a, long b)
{
	last_arg = a + b;
	return 0;
}

SEC("uretprobe")
int BPF_KRETPROBE(user_exit, long ret)
{
	last_ret = ret;
	return 0;
}
