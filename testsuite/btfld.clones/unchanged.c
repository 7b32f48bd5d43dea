/* Clones that take the source's parameters unchanged: ipa-cp clones a
   function for known constants it cannot drop from the signature (a
   variadic function), or for the known contents of an aggregate whose
   address the clone still needs.  Neither has a symbol under its
   source name.  */

#define NOINLINE __attribute__ ((noinline))

struct cfg { int mul, add; };

extern void use_cfg (const struct cfg *c);

static NOINLINE int
vsum (int n, int k, ...)
{
  __builtin_va_list ap;
  __builtin_va_start (ap, k);
  int r = 0;
  for (int i = 0; i < n; i++)
    r += __builtin_va_arg (ap, int) * k;
  __builtin_va_end (ap);
  return r;
}

static NOINLINE int
agg (const struct cfg *c, int x)
{
  use_cfg (c);
  int r = 0;
  for (int i = 0; i < x; i++)
    r += i * c->mul + c->add;
  return r;
}

int
unchanged_run (int x)
{
  struct cfg c = { 3, 4 };
  int r = agg (&c, x);
  struct cfg d = { 3, 4 };
  r += agg (&d, x + 1);
  return r + vsum (2, 3, x, x) + vsum (1, 3, x);
}

void
use_cfg (const struct cfg *c)
{
  __asm__ volatile ("" : : "r" (c) : "memory");
}
