/* Two statics of one name and one size (int and float, 4 bytes each)
   in two files; the other file's function is cold, so ld writes that
   file's local symbols first.  */
static int same = 11;
int get_s1 (void) { return same++; }
