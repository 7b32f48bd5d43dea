struct item { int key; struct item *next; const char *name; };
static struct item items[3] = { { 1, &items[1], "a" }, { 2, &items[2], "b" }, { 3, 0, "c" } };
struct item *first (void) { return &items[0]; }
