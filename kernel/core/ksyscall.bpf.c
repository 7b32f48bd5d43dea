// SPDX-License-Identifier: GPL-2.0
/* ksyscall: a kprobe on the syscall entry, arguments through pt_regs. */
#include "common.h"

int last_sig;

SEC("ksyscall/kill")
int BPF_KSYSCALL(kill_entry, pid_t pid, int sig)
{
	last_sig = sig;
	return 0;
}
