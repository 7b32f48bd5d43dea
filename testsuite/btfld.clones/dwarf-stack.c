/* Clones the DWARF check must read past the argument registers and
   the simplest types: one that keeps eight parameters after gcc dropped
   a constant one (two on the stack), one whose kept parameter is a
   function pointer, one whose kept parameter points to an array.  */

struct ctx { int a; };

static __attribute__ ((noinline)) int
many (struct ctx *c, int a, int b, int k, long d, long e, long f, long g,
      long h)
{
  c->a += a;			/* C stays a pointer */
  return c->a + b + k * (int) d + (int) e + (int) f + (int) g + (int) h;
}

static __attribute__ ((noinline)) int
with_cb (int (*cb) (int, void *), int k, void *p)
{
  return cb (k, p) + k;
}

static __attribute__ ((noinline)) long
rows (const long (*m)[4], int k, int n)
{
  long s = 0;
  for (int i = 0; i < n; i++)
    s += m[i][k];
  return s;
}

static int cb1 (int x, void *p) { return x + (p != 0); }
static int cb2 (int x, void *p) { return x - (p != 0); }

int
use_many (struct ctx *c, int a, int b, long d, long e, long f, long g,
	  long h)
{
  return many (c, a, b, 3, d, e, f, g, h) + many (c, b, a, 3, e, d, f, h, g);
}

int
use_cb (void *p)
{
  return with_cb (cb1, 5, p) + with_cb (cb2, 5, 0);
}

long
use_rows (const long (*m)[4], int n)
{
  return rows (m, 2, n) + rows (m + 1, 2, n - 1);
}

int
main (void)
{
  struct ctx c = { 1 };
  static const long m[3][4];
  return use_many (&c, 1, 2, 3, 4, 5, 6, 7) + use_cb (&c) + use_rows (m, 3);
}
