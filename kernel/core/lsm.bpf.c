// SPDX-License-Identifier: GPL-2.0
/* LSM (BPF_LSM): the file_open hook, never denying. */
#include "common.h"

__u64 opens;

SEC("lsm/file_open")
int BPF_PROG(check_open, struct file *file, int ret)
{
	if (ret)
		return ret;
	if (BPF_CORE_READ(file, f_flags) & 1)
		__sync_fetch_and_add(&opens, 1);
	return 0;
}
