struct point { int x, y; };
struct point origin;
int one (struct point *p) { return p->x + origin.y; }
