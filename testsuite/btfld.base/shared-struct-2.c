struct point { int x, y; };
int norm1 (struct point *p);
int main (void) { struct point p = { 1, 2 }; return norm1 (&p); }
