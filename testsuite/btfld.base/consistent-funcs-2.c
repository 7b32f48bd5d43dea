struct s1 { int a; };
struct s2 { int b; };

#define NOIPA __attribute__ ((noipa))

static NOIPA int same (int x, const char *q) { return x - *q; }
static NOIPA int constness (int *p) { return *p + 1; }
static NOIPA long differ (long a) { return a; }
static NOIPA void count (int *a, int b) { *a = b; }
static NOIPA int st (struct s2 *p) { return p->b; }
static NOIPA long ret (int a) { return a; }
NOIPA long sysc (const struct s1 *regs) { return regs->a; }

int one (void);

int
main (void)
{
  struct s2 y = { 2 };
  int v = 0, c = 3;
  count (&v, 2);
  return one () + same (1, "b") + constness (&c) + (int) differ (2)
	 + st (&y) + (int) ret (3) + (int) sysc (0 ? 0 : (void *) &y) + v
	 == 0;
}
