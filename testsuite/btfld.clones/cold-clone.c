/* A function gcc emits only as a clone with a cold part (warm.constprop.0
   or warm.isra.0, and its .cold): the cold part is no other entry point,
   so --btf-consistent-funcs=addr keeps the FUNC optimized_func gives the
   source name.  The kernel has dozens (__e1000_resume.isra.0.cold).  */

extern void oops (const char *m, int v) __attribute__ ((cold, noinline));
void oops (const char *m, int v) { __builtin_printf ("%s %d\n", m, v); }
static __attribute__ ((noinline)) int warm (int a, int *p, int unused)
{
  if (__builtin_expect (a < 0, 0))
    {
      oops ("negative", a);
      oops ("again", *p);
      return -1;
    }
  return a + *p;
}
int main (int argc, char **argv)
{
  int x = argc;
  return warm (argc, &x, argc * 3) - 2;
}
