/* A variable: its DATASEC is what BTFLD_TEST_BREAK_OUTPUT breaks.  */
int v = 1;

int
f (void)
{
  return v;
}
