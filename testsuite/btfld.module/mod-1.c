#include "kern.h"
/* Embeds base structs by value (sizes must match) and points to one.  */
struct mydev { struct device dev; struct kref extra_ref; struct file *filp; };
struct mydev the_dev;
int mydev_probe (struct mydev *d) { return device_register (&d->dev); }
