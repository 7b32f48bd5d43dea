/* Multi-dimensional arrays: gcc 12 and 13 nest the dimensions innermost
   first; the output has them in source order with every compiler.  The
   forward declaration is what shows gcc 13 (gcc 14 writes it apart).  */
struct opaque;
struct grid
{
  char cell[5][7];
  short row[3];
  struct opaque *next;
};
int cube[2][3][4];
long flat[6];
struct grid g;
int
main (void)
{
  return cube[1][2][3] + (int) flat[0] + g.cell[4][6] + g.row[2];
}
