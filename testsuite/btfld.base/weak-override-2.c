struct regs { long ax; };
long wf (const struct regs *regs) { return regs ? regs->ax : 42; }
