/* The syscall table's view: a declaration of each stub, called.  */
struct regs { long di, si; };

long __x64_sys_probe (const struct regs *);

int
main (void)
{
  struct regs r = { 1, 2 };
  return __x64_sys_probe (&r) == 2 ? 0 : 1;
}
