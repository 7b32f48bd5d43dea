/* A compiler's BTF as a base for split BTF (see split.exp).  */

struct list { struct list *next, *prev; };
union val { int i; long l; double d; };
enum color { RED, GREEN = 5 };
typedef unsigned long size_type;

struct item
{
  struct list node;
  union val v;
  enum color c;
  const char *name;
  size_type len;
  int counts[4];
  struct { short a, b; } pair;
  volatile float f;
  int (*cb) (struct item *, void *);
};

struct item items[2];

int
item_len (const struct item *it)
{
  return it->len + it->c;
}
