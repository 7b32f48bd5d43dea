/* The other unit of the LTO program (see lto-a.c).  */
int lto_one (int x);
int lto_two (int x);
int lto_scale (int x, int k);
int lto_tiny (int x);

int
main (int argc, char **argv)
{
  (void) argv;
  return (lto_one (argc) + lto_two (argc) + lto_scale (argc, 7)
	  + lto_scale (argc + 1, 7) + lto_tiny (argc)) == 0;
}
