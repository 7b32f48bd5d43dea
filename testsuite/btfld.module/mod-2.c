#include "kern.h"
struct mydev { struct device dev; struct kref extra_ref; struct file *filp; };
int mydev_probe (struct mydev *d);
static struct list_head pending;
int mydev_init (void) { extern struct mydev the_dev; pending.next = &pending; return mydev_probe (&the_dev); }
