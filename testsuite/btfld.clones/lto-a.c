/* With -flto -flto-partition=max: the static helper is called from
   two partitions (NAME.lto_priv.0); the global lto_scale is called
   only from lto-b.c, always with k == 7, which LTO propagates
   (NAME.constprop.0); lto_tiny is inlined into its caller.  */

#define NOINLINE __attribute__ ((noinline))

static NOINLINE int
helper (int a, int b)
{
  int r = 0;
  for (int i = 0; i < a; i++)
    r += (i ^ b) + (r >> 1);
  return r;
}

NOINLINE int
lto_one (int x)
{
  return helper (x, 3) + 1;
}

NOINLINE int
lto_two (int x)
{
  return helper (x, 4) + 2;
}

NOINLINE int
lto_scale (int x, int k)
{
  int r = 0;
  for (int i = 0; i < x; i++)
    r += (i * k) ^ (r >> 3);
  return r;
}

int
lto_tiny (int x)
{
  return x + 1;
}
