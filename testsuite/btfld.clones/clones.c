/* Functions gcc -O2 clones or splits on purpose: each static function
   below exists in the object only under a suffixed name (or, for the
   global ones, under both).  The callers are in main.c or below.  */

struct big { long a, b, c, d, e, f; };

#define NOINLINE __attribute__ ((noinline))

extern int sink;

/* Constant propagation: every call passes k == 5; gcc changes the
   function in place (the name and the parameters stay).  */
static NOINLINE int
cp_all (int x, int k)
{
  int r = 0;
  for (int i = 0; i < x; i++)
    r += (i * k) ^ (r >> 3);
  return r;
}

/* Constant propagation where the original must stay (its address is
   taken): the calls with k == 5 go to a clone, NAME.constprop.0.  */
static NOINLINE int
cp_some (int x, int k)
{
  int r = 0;
  for (int i = 0; i < x; i++)
    if (k == 5)
      r += i * 5;
    else
      r += (i / k) ^ (r % k) ^ (r >> 3);
  return r;
}
int (*cp_some_ptr) (int, int) = cp_some;

/* An unused parameter (IPA-SRA removes it: NAME.isra.0).  */
static NOINLINE int
unused_arg (int x, int unused, int y)
{
  int r = 0;
  for (int i = 0; i < x; i++)
    r += (i ^ y) + (r >> 2);
  return r;
}

/* An aggregate passed by reference of which two fields are read
   (IPA-SRA passes the fields by value: NAME.isra.0).  */
static NOINLINE long
by_parts (const struct big *p, int n)
{
  long a = p->a, c = p->c, r = 0;
  for (int i = 0; i < n; i++)
    r += a * i + (c ^ r);
  return r;
}

/* An aggregate passed by value of which one field is read.  */
static NOINLINE long
by_value (struct big b, int n)
{
  long r = 0;
  for (int i = 0; i < n; i++)
    r += b.e * i + (r >> 1);
  return r;
}

/* A result no caller uses (IPA-SRA makes it return void).  */
static NOINLINE int
unused_result (int *out, int n)
{
  for (int i = 0; i < n; i++)
    out[i] = i * 7 + out[i];
  return n;
}

/* A global function whose callers here all pass k == 3: gcc keeps it
   and adds a clone for the known constant (NAME.constprop.0).  */
NOINLINE int
global_cp (int x, int k)
{
  int r = 0;
  for (int i = 0; i < x; i++)
    r += (i + k) ^ (r >> 2);
  return r;
}

/* Two functions with the same code: gcc folds them (identical code
   folding), the static one becoming a local alias of the global one.  */
NOINLINE long
twin_global (long a, long b)
{
  return a * 31 + (b ^ (a >> 7));
}

static NOINLINE long
twin_static (long a, long b)
{
  return a * 31 + (b ^ (a >> 7));
}

/* A quick test inlined into its callers, the rest split out
   (NAME.part.0).  */
extern void expensive (int *p, int n);
static int
partial (int *p, int n)
{
  if (__builtin_expect (p == 0, 1))
    return 0;
  for (int i = 0; i < n; i++)
    {
      expensive (p, i);
      p[i] += p[n - i - 1] * 3;
      expensive (p + i, n);
    }
  return p[0];
}

/* An unlikely path split into .text.unlikely (NAME.cold).  */
extern void report (const char *msg, int v) __attribute__ ((cold));
NOINLINE int
hot_cold (int x, int *p)
{
  if (__builtin_expect (x < 0, 0))
    {
      report ("negative", x);
      report ("again", *p);
      *p = 0;
      __builtin_trap ();
    }
  return x * 2 + *p;
}

int
clones_run (int x, int *buf, const struct big *bp)
{
  struct big b = bp[2];
  int r = cp_all (x, 5) + cp_all (x + 1, 5);
  r += cp_some (x, 5) + cp_some (x + 1, 5);
  r += unused_arg (x, 0, buf[1]) + unused_arg (x + 2, 1, buf[2]);
  r += (int) by_parts (bp, x) + (int) by_parts (bp + 1, x + 1);
  r += (int) by_value (b, x) + (int) by_value (b, x + 3);
  unused_result (buf, x);
  unused_result (buf + 1, x);
  r += global_cp (x, 3) + global_cp (x + 1, 3);
  r += partial (buf, x) + partial (sink ? buf : 0, x + 1);
  r += hot_cold (x, buf);
  r += (int) twin_global (x, r) + (int) twin_static (r, x);
  return r;
}
