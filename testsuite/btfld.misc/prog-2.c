struct item { int key; struct item *next; const char *name; };
struct item *first (void);
int main (void) { int n = 0; for (struct item *i = first (); i; i = i->next) n += i->key; return n; }
