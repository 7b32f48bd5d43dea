struct conf { int level; };
int get_level (struct conf *c) { return c->level; }
