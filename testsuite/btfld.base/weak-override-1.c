/* A weak definition another file overrides (as kernel/sys_ni.c's
   __x64_sys_* are), its parameter named differently from the strong
   definition's, so that their FUNCs do not deduplicate.  */
struct regs { long ax; };
__attribute__ ((weak)) long wf (const struct regs *unused) { return -1; }
