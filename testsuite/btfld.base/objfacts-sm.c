extern int get_s1 (void);
extern float get_s2 (void);
int main (void) { return get_s1 () + (int) get_s2 () - 14; }
