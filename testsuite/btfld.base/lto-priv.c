/* LTO partitions: a static used from two partitions becomes
   table.lto_priv.0, a hidden global; its VAR is still "table", static.  */
static int helper (int x) { return x * 3 + 1; }
static int table[4] = { 1, 2, 3, 4 };
int __attribute__((noinline)) use1 (int i) { return helper (i) + table[i & 3]; }
int __attribute__((noinline)) use2 (int i) { return helper (i + 1) - table[(i + 1) & 3]; }
int main (int c, char **v) { (void) v; return use1 (c) + use2 (c); }
