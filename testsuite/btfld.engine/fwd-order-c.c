/* Declarations only: foo has two incompatible definitions elsewhere
   (the FWD stays), bar has one (the FWD resolves to it).  */
struct foo;
struct bar;
typedef struct foo *foo_ptr;
typedef struct bar *bar_ptr;
foo_ptr pc;
bar_ptr pbar;
