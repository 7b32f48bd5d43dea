/* Only a declaration of foo.  */
struct foo;
struct user { struct foo *f; };
struct user u;
