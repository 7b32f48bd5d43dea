/* One of two different definitions of struct foo (the other in
   engine-fwd-multi-2.c); ld -r puts both, and the declaration of
   engine-fwd-multi-3.c, into one object's BTF.  */
struct foo { int a; };
struct foo foo1;
