/* The caller, linked first (as bpftool's main.o before pids.o): the
   object of the weak definitions is not the link's first.  */
extern int build_table (int) __attribute__ ((weak));
extern void emit_plain (void) __attribute__ ((weak));
int main (void) { emit_plain (); return build_table (3); }
