/* A clone whose record lies far from the object's .BTF and symbol
   table (far-records.s: this file compiled with -gbtf and the GCC
   plugin, a 32 KiB section put after .btfld.clones).  */

#define NOINLINE __attribute__ ((noinline))

int sink;

static NOINLINE int
scale (int x, int k)
{
  sink += x;
  return x * k + sink;
}

int
far_records (int x)
{
  return scale (x, 3) + scale (x + 1, 3);
}
