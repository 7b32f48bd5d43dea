/* A C function compiled without BTF, declared by decl-use.c.  */
int c_nobtf (const char *s);

int
c_nobtf (const char *s)
{
  return s[0] == 'a';
}
