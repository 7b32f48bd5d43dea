struct counter { unsigned long hits; const char *label; };
unsigned long lib_bump (void);
int main (void) { return (int) lib_bump () + 1; }
