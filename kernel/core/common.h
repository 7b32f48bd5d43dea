/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by the CO-RE corpus: vmlinux.h is the kernel's own BTF dumped as
 * C (bpftool btf dump file vmlinux format c), chosen by -I. */
#ifndef BTFLD_CORE_COMMON_H
#define BTFLD_CORE_COMMON_H
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

char LICENSE[] SEC("license") = "GPL";
#endif
