extern char buf[];
static int shadow = 7;
static long count = 2;		/* folded away: gcc 12 still emits its VAR */
static __thread long tls_b;
__attribute__ ((noipa)) static int dup_name (int x) { return x * 2 + shadow; }
int weakf (int x) { return x + 1; }
int usebuf (void) { return buf[0] + dup_name (3) + count; }
int *getb (void) { return &shadow; }
long *gettls (void) { return &tls_b; }
