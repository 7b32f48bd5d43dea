/* Only a declaration of foo, whose definitions conflict only through
   what they refer to: found in the first round, the declaration stays
   in the second.  */
struct foo;
struct user { struct foo *f; };
struct user u;
int main (void) { return 0; }
