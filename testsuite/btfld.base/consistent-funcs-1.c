/* Functions of one name in two compilation units, static (each CU its
   own) or a weak and a strong definition: pahole's consistent_func
   keeps one FUNC when the prototypes match (names of parameters and
   const not compared), none when they differ; with =addr (pahole >=
   1.31) also none for a name defined at several addresses, which every
   static pair here is.  */

struct s1 { int a; };
struct s2 { int b; };

#define NOIPA __attribute__ ((noipa))

/* Same prototype, other parameter names: one FUNC.  */
static NOIPA int same (int a, const char *p) { return a + *p; }
/* const on one side only: one FUNC.  */
static NOIPA int constness (const int *p) { return *p; }
/* Another parameter type: none.  */
static NOIPA long differ (int a) { return a; }
/* Another number of parameters: none.  */
static NOIPA void count (int *a) { *a = 1; }
/* Another struct behind the pointer: none.  */
static NOIPA int st (struct s1 *p) { return p->a; }
/* Another return type: none.  */
static NOIPA int ret (int a) { return a; }
/* A weak definition (the strong one is in the other CU, and wins).  */
NOIPA __attribute__ ((weak)) long sysc (const struct s1 *__unused)
{
  return -38;
}
/* Only here.  */
static NOIPA int unique (int a) { return a + 1; }

int one (void);
int
one (void)
{
  struct s1 x = { 1 };
  int v = 0, c = 2;
  count (&v);
  return same (1, "a") + constness (&c) + (int) differ (2) + st (&x)
	 + ret (3) + unique (4) + (int) sysc (&x) + v;
}
