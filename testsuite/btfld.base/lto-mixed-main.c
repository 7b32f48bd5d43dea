/* Compiled without -flto: its .BTF is an input the plugin claims.  */
struct counter { unsigned long hits; const char *label; };
unsigned long lib_bump (struct counter *c);
struct counter main_counter = { 1, "main" };
int main (void) { return (int) lib_bump (&main_counter) + (int) lib_bump (0); }
