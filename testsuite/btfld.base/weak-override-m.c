struct regs;
extern long wf (const struct regs *);
int main (void) { return (int) wf (0); }
