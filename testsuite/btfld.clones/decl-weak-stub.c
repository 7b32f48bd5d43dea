/* The weak stub of a syscall not configured in (kernel/sys_ni.c's
   COND_SYSCALL): decl-weak-alias.c's strong definition overrides it.  */
struct regs { long di, si; };

__attribute__ ((weak)) long
__x64_sys_probe (const struct regs *regs)
{
  return -38 + 0 * regs->si;
}
