/* With the default VAR policy, as with every other: an anonymous enum of
   constants nothing refers to is kept (pahole keeps it; BPF programs use
   such enumerators), so are the types of a declared function's
   parameters; the prototype of that declared function, which gets no
   FUNC, goes.  */
enum { ANON_ANY, ANON_EXIST = 2 };
struct opaque_arg { int v; };
int declared_only (const struct opaque_arg *a, unsigned long n);
int use (void) { return declared_only (0, ANON_EXIST); }
