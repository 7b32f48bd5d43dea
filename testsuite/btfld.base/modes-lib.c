struct counter { unsigned long hits; const char *label; };
static struct counter lib_counter = { 0, "lib" };
unsigned long bump (struct counter *c) { return ++c->hits; }
unsigned long lib_bump (void) { return bump (&lib_counter); }
