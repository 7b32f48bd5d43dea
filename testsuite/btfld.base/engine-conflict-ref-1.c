/* struct foo here and in engine-conflict-ref-2.c: the same own fields,
   but the struct inner it points to differs.  */
struct inner { int x; };
struct foo { struct inner *p; };
struct foo foo1;
