extern int dup_name (int);
extern int usebuf (void);
extern int weakf (int);
extern long *geta (void);
extern long *gettls (void);
int main (void) { return dup_name (1) + usebuf () + weakf (2) + *geta () + (int) *gettls (); }
