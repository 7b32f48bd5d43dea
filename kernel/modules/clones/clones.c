// SPDX-License-Identifier: GPL-2.0
/* Out-of-tree module for btfld's kernel tests: two functions that gcc
   emits only as clones, called with known arguments whenever a value is
   written to /sys/module/clones/parameters/trigger.  An fentry program
   attached to a clone's FUNC (true_signature: NAME.isra.0 or
   NAME.constprop.0 with the parameters the clone takes) reads those
   arguments; if the FUNC's prototype were the source's, it would read
   the wrong ones.

   clones_drop's middle parameter is unused: IPA-SRA removes it, and
   clones_drop.isra.0 takes (a, b).  clones_scale is always called with
   k = 7: IPA-CP removes it, and clones_scale.constprop.0 takes (a).  */

#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/module.h>

static long clones_sink;

static noinline long clones_drop(long a, long unused, long b)
{
	clones_sink += a;
	return a * 3 + b;
}

static noinline long clones_scale(long a, int k)
{
	clones_sink ^= a;
	return a * k + clones_sink;
}

static int clones_trigger_set(const char *val, const struct kernel_param *kp)
{
	long v;
	int err = kstrtol(val, 0, &v);

	if (err)
		return err;
	/* clones_drop (v, unused, 2v + 1), clones_scale (v + 5, 7) */
	pr_info("clones: trigger %ld: %ld %ld\n", v,
		clones_drop(v, v ^ 0x55, 2 * v + 1), clones_scale(v + 5, 7));
	return 0;
}

static const struct kernel_param_ops clones_trigger_ops = {
	.set = clones_trigger_set,
};

module_param_cb(trigger, &clones_trigger_ops, NULL, 0200);
MODULE_PARM_DESC(trigger, "write a number N: calls the clones with N");

static int __init clones_init(void)
{
	pr_info("clones: loaded\n");
	return 0;
}

static void __exit clones_exit(void)
{
}

module_init(clones_init);
module_exit(clones_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("btfld test module whose functions gcc clones");
