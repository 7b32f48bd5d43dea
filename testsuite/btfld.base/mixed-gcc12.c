/* The other object of a mixed link (compiled by the testsuite's $CC):
   defines what the gcc 15 object (mixed-gcc15.s) calls, declares what it
   defines.  */
char tag = 'x';
int g15_entry (void);
int c23_def (int, int);
int ext_fn (int a) { return a + tag - 'x'; }
int main (void) { return g15_entry () + c23_def (0, 1) - 9; }
