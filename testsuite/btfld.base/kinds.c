/* One of each C construct gcc describes in BTF.  */
typedef unsigned int u32;
typedef const volatile u32 cv_u32;
enum color { RED, GREEN = 5, BLUE = -1 };
union num { int i; float f; double d; };
struct flags {
  unsigned int a : 3;
  unsigned int b : 5;
  int c : 12;
  unsigned char tail;
};
struct all {
  u32 id;
  cv_u32 *ro;
  char name[16];
  int grid[2][3];
  enum color color;
  union num num;
  struct flags flags;
  int (*callback) (struct all *self, const char *msg);
  void *restrict raw;
  long double ld;
};
struct all g_all;
int use (struct all *a, ...) { return a->callback ? a->callback (a, "x") : (int) a->id; }
int main (void) { return use (&g_all); }
