struct point { int x, y; };
int norm1 (struct point *p) { return p->x + p->y; }
