/* A syscall stub as the kernel makes it: the strong definition is an
   alias of a static function (no FUNC of its own in gcc's BTF), and a
   weak definition of the name elsewhere (decl-weak-stub.c, as
   kernel/sys_ni.c's) is what the link overrides.  */
struct regs { long di, si; };

long __x64_sys_probe (const struct regs *regs);

static long
__do_sys_probe (const struct regs *regs)
{
  return regs->di + 1;
}

long __x64_sys_probe (const struct regs *regs)
  __attribute__ ((alias ("__do_sys_probe")));
