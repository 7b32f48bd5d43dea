/* A link that fails for a reason of its own: an undefined symbol.  */
int not_defined_anywhere (int);
int main (void) { return not_defined_anywhere (1); }
