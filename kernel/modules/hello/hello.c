// SPDX-License-Identifier: GPL-2.0
/* Out-of-tree module for btfld's kernel tests.  It defines a few types of
   its own and uses vmlinux types (struct module, struct list_head), so its
   split BTF refers to the base BTF of the kernel it was built against.  */

#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>

enum hello_mood {
	HELLO_CALM,
	HELLO_CHEERFUL,
};

struct hello_point {
	int x;
	int y;
};

struct hello_state {
	struct list_head node;
	struct hello_point where;
	enum hello_mood mood;
	const struct module *owner;
	unsigned long greetings;
};

static LIST_HEAD(hello_list);
static struct hello_state hello_first = {
	.where = { 1, 2 },
	.mood = HELLO_CHEERFUL,
};

/* No prototype: a declaration would give gcc 12's BTF a FUNC of its own.
 * Kernels with CONFIG_WERROR (x86_64 defconfig) make the warning an
 * error. */
__diag_push();
__diag_ignore_all("-Wmissing-prototypes",
		  "exported for modules that declare it themselves");

noinline int hello_describe(const struct hello_state *s, char *buf, size_t len)
{
	return snprintf(buf, len, "%s at (%d,%d) mood %d",
			s->owner ? s->owner->name : "?", s->where.x,
			s->where.y, s->mood);
}

__diag_pop();
EXPORT_SYMBOL_GPL(hello_describe);

static int __init hello_init(void)
{
	char buf[64];

	hello_first.owner = THIS_MODULE;
	hello_first.greetings++;
	list_add(&hello_first.node, &hello_list);
	hello_describe(&hello_first, buf, sizeof(buf));
	pr_info("hello: loaded: %s\n", buf);
	return 0;
}

static void __exit hello_exit(void)
{
	list_del(&hello_first.node);
	pr_info("hello: unloaded\n");
}

module_init(hello_init);
module_exit(hello_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("btfld test module with BTF-visible types");
