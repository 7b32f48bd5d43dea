struct inner { long y; };
struct foo { struct inner *p; };
struct foo foo2;
