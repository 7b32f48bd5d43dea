/* A hidden function (as a library's internal one, libbpf's
   -fvisibility=hidden): global in the source, a local symbol in the
   linked output.  */
__attribute__ ((visibility ("hidden"), noinline)) int
hidden_add (int x)
{
  return x + 1;
}

__attribute__ ((noinline)) int
visible_add (int x)
{
  return hidden_add (x) + 1;
}

int
main (void)
{
  return visible_add (1);
}
