/* Per-object facts: statics of one name in several files, thread-locals,
   a weak function another file overrides, an array another file
   declares without a size, a function --gc-sections removes.  */
static long shadow = 5;
static int count = 1;
__thread int tls_a = 3;
char buf[16] = "x";
int dup_name (int x) { return x + shadow + count; }
__attribute__ ((weak)) int weakf (int x) { return x; }
long *geta (void) { return &shadow; }
int *getca (void) { return &count; }
int unused_a (int x) { return x * 3; }
