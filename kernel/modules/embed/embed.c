// SPDX-License-Identifier: GPL-2.0
/* Out-of-tree module for btfld's kernel tests: it embeds a vmlinux struct
   by value, struct posix_cputimers, which is empty without
   CONFIG_POSIX_TIMERS (kernel A) and not with it (kernel A').  Its split
   BTF can then not be relocated from one kernel to the other: the size of
   the embedded struct must not change.  */

#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/posix-timers.h>

struct embed_timers {
	struct posix_cputimers timers;
	int users;
};

static struct embed_timers embed_timers = { .users = 1 };

noinline int embed_users(const struct embed_timers *t)
{
	return t->users;
}
EXPORT_SYMBOL_GPL(embed_users);

static int __init embed_init(void)
{
	pr_info("embed: loaded: users %d, timers size %zu\n",
		embed_users(&embed_timers), sizeof(embed_timers.timers));
	return 0;
}

static void __exit embed_exit(void)
{
	pr_info("embed: unloaded\n");
}

module_init(embed_init);
module_exit(embed_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("btfld test module embedding a vmlinux struct by value");
