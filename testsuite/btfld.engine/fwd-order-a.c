/* One definition of struct foo; the only definition of struct bar.  */
struct foo { int a; };
struct bar { int x; };
struct foo fa;
struct bar ba;
