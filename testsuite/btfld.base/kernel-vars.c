/* The kernel's VAR policy (plugin vars=percpu, btf-objcopy
   --btf-vars=percpu): VARs only for per-CPU variables, in the one
   DATASEC .data..percpu; anonymous types stay even when nothing kept
   refers to them (an enum of constants, the array type of a variable
   that gets no VAR, a declared function's parameter types), as pahole
   keeps them; the prototype of a function with no FUNC goes.  */
struct item { int id; };

enum { LIMIT_LOW = 1, LIMIT_HIGH = 9 };

extern int consume (const struct item *it, unsigned long flags[2]);

__attribute__ ((section (".data..percpu"))) int pcpu_hits = 1;
__attribute__ ((section (".data..percpu"))) long pcpu_bytes = 2;
int totals[3];

int
tally (const struct item *it)
{
  unsigned long flags[2] = { LIMIT_LOW, LIMIT_HIGH };
  return consume (it, flags) + pcpu_hits + (int) pcpu_bytes + totals[0];
}

/* An array of unknown size: gcc 12 gives it no index type (the kernel
   wants an INT); with this policy its types stay though it gets no VAR.  */
extern const char banner[];

const char *
greeting (void)
{
  return banner;
}
