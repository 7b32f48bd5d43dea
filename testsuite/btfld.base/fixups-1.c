/* What gcc 12 gets wrong and the link fixes.  */
char greeting[8] = "hi";		/* char: SIGNED|CHAR from gcc */
unsigned char mask = 0xf;		/* unsigned char: CHAR from gcc */
static int calls;			/* static VAR in .bss */
long table[4] = { 1, 2, 3, 4 };		/* .data, after greeting */
extern int shared_total;		/* extern VAR: defined in fixups-2.c */
enum wide { WIDE_NEG = -5, WIDE_SMALL = 7, WIDE_MAX = 0x100000000ULL } wide_value; /* 64-bit */
int unused_decl (int x);		/* declared only: no FUNC */
static __attribute__ ((noinline)) int step (int by) { calls += by; return calls; }
int tick (int by) { return step (by) + shared_total + (int) table[by & 3]; }
