#include "kern.h"
struct list_head all_devices = { &all_devices, &all_devices };
int device_register (struct device *dev) { dev->state = DEV_UP; return dev->ref.refcount; }
