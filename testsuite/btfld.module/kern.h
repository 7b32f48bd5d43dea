/* A miniature kernel: the types a module will refer to.  */
struct list_head { struct list_head *next, *prev; };
struct kref {
  int refcount;
#ifdef RESIZE
  int generation;		/* the "stable update" that breaks modules */
#endif
};
struct inode;
struct file { struct inode *inode; unsigned long pos; unsigned flags; };
enum dev_state { DEV_DOWN, DEV_UP };
typedef unsigned long long u64;
struct device { const char *name; struct kref ref; struct list_head list; enum dev_state state; };
int device_register (struct device *dev);
