struct foo { long b; };
struct foo foo2;
