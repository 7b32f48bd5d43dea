// SPDX-License-Identifier: GPL-2.0
/* Out-of-tree module for btfld's kernel tests: it registers a kfunc for
   BPF_PROG_TYPE_SYSCALL programs.  The kfunc's BTF id reaches the kernel
   through the module's .BTF_ids, resolved when the module was built, so a
   program can call the kfunc only if the kernel maps that id onto the
   module's BTF as loaded (relocated from a distilled base or not).
   Builds for 6.1 and for 7.x, whose register_btf_kfunc_id_set() wants
   the set declared with BTF_KFUNCS_START (flag BTF_SET8_KFUNCS).  */

#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>

struct kfunc_stats {
	struct list_head node;
	unsigned long calls;
};

static struct kfunc_stats kfunc_stats;

__diag_push();
__diag_ignore_all("-Wmissing-prototypes",
		  "kfuncs are global functions that only BPF programs call");

noinline int btfld_kfunc_add(int a, int b)
{
	kfunc_stats.calls++;
	return a + b + 1000;
}

__diag_pop();

#ifdef BTF_KFUNCS_START
BTF_KFUNCS_START(btfld_kfunc_ids)
BTF_ID_FLAGS(func, btfld_kfunc_add)
BTF_KFUNCS_END(btfld_kfunc_ids)
#else
BTF_SET8_START(btfld_kfunc_ids)
BTF_ID_FLAGS(func, btfld_kfunc_add)
BTF_SET8_END(btfld_kfunc_ids)
#endif

static const struct btf_kfunc_id_set btfld_kfunc_set = {
	.owner = THIS_MODULE,
	.set = &btfld_kfunc_ids,
};

static int __init kfunc_init(void)
{
	int err;

	INIT_LIST_HEAD(&kfunc_stats.node);
	err = register_btf_kfunc_id_set(BPF_PROG_TYPE_SYSCALL, &btfld_kfunc_set);
	pr_info("kfunc: loaded: register_btf_kfunc_id_set: %d\n", err);
	return err;
}

static void __exit kfunc_exit(void)
{
	pr_info("kfunc: unloaded after %lu call(s)\n", kfunc_stats.calls);
}

module_init(kfunc_init);
module_exit(kfunc_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("btfld test module with a kfunc");
