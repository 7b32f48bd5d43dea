int x = 1;
static int y;
int f (int a) { return a + x + y; }
