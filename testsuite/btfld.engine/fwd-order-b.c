/* Another, incompatible struct foo, used through a declaration-only
   pointer type as well.  */
struct foo { long b; char c; };
struct foo fb;
typedef struct foo *foo_ptr_b;
foo_ptr_b pb;
