// SPDX-License-Identifier: GPL-2.0
/* iter/task: one line per task, CO-RE reads of task_struct. */
#include "common.h"

SEC("iter/task")
int dump_task(struct bpf_iter__task *ctx)
{
	struct seq_file *seq = ctx->meta->seq;
	struct task_struct *task = ctx->task;

	if (!task)
		return 0;
	BPF_SEQ_PRINTF(seq, "%d %d %s\n", task->tgid,
		       BPF_CORE_READ(task, real_parent, tgid), task->comm);
	return 0;
}
