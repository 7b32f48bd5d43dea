#include "kern.h"
struct inode { u64 ino; struct file *owner; };
struct file *open_files[4];
struct inode root_inode;
int main (void) { return open_files[0] ? (int) open_files[0]->pos : (int) root_inode.ino; }
