/* C declarations of functions defined elsewhere: in assembly
   (decl-asm.s), in C with BTF (decl-def.c), in C without BTF
   (decl-nobtf.c), nowhere (a weak reference), or of a name the
   assembly defines as a datum or as a bare label.  */

typedef unsigned long size_t;
struct pair { int a, b; };

extern void *asm_copy (void *to, const void *from, size_t len);
extern int asm_noargs (void);
extern long asm_twice (long x);
extern int asm_sum (int n, ...);
extern int asm_hidden (struct pair *p);
extern int asm_label (int x);
extern int asm_datum (int x);
extern int asm_missing (int x) __attribute__ ((weak));
extern int c_defined (int a, int b);
extern int c_nobtf (const char *s);

long (*twice_ptr) (long) = asm_twice;
int (*label_ptr) (int) = asm_label;
int (*datum_ptr) (int) = asm_datum;

int
main (void)
{
  char buf[4];
  struct pair p = { 2, 3 };
  asm_copy (buf, "abc", 4);
  int r = asm_noargs () + (int) twice_ptr (1) + asm_sum (1, 2, 3)
	  + asm_hidden (&p) + c_defined (1, 2) + c_nobtf (buf);
  if (asm_missing)
    r += asm_missing (1);
  return r == 7 + 2 + 1 + 2 + 2 + 1 ? 0 : 1;
}
