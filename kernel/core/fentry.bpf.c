// SPDX-License-Identifier: GPL-2.0
/* fentry/fexit: the BPF trampoline on vfs_read; arguments typed by BTF. */
#include "common.h"

__u64 reads, bytes;

SEC("fentry/vfs_read")
int BPF_PROG(read_entry, struct file *file, char *buf, size_t count)
{
	if (BPF_CORE_READ(file, f_inode, i_mode))
		__sync_fetch_and_add(&reads, 1);
	return 0;
}

SEC("fexit/vfs_read")
int BPF_PROG(read_exit, struct file *file, char *buf, size_t count,
	     loff_t *pos, ssize_t ret)
{
	if (ret > 0)
		__sync_fetch_and_add(&bytes, ret);
	return 0;
}
