/* A C definition of a function decl-use.c declares.  */
int c_defined (int a, int b);

int
c_defined (int a, int b)
{
  return a * b + 1 - a;
}
