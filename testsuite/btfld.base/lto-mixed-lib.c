/* Compiled with -flto: its .BTF comes from the LTO link.  */
struct counter { unsigned long hits; const char *label; };
static struct counter lib_counter = { 0, "lib" };
static unsigned long bump (struct counter *c) { return ++c->hits; }
unsigned long lib_bump (struct counter *c) { return bump (c ? c : &lib_counter); }
