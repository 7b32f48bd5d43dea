/* Function multiversioning: gcc emits one clone per target, a resolver
   and an IFUNC symbol under the source name.  */

__attribute__ ((target_clones ("default", "avx2"))) int
mv_sum (const int *p, int n)
{
  int r = 0;
  for (int i = 0; i < n; i++)
    r += p[i];
  return r;
}
