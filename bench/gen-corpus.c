/* gen-corpus.c -- write a synthetic C corpus with the shape of a kernel
   build: many compilation units repeating a large header set, some units
   seeing a struct only through a forward declaration, forward-declared
   enums, a few conflicting definitions of one name, static functions of
   the same name in many units, and declared-but-not-defined functions.

   usage: gen-corpus DIR NUNITS NSTRUCTS SEED  */

#include <stdio.h>
#include <stdlib.h>

static unsigned long rng;

static unsigned
next (unsigned n)
{
  rng = rng * 6364136223846793005ul + 1442695040888963407ul;
  return (unsigned) (rng >> 33) % n;
}

static void
write_header (const char *dir, int nstructs)
{
  char path[4096];
  snprintf (path, sizeof path, "%s/common.h", dir);
  FILE *f = fopen (path, "w");
  if (!f)
    exit (1);
  fprintf (f, "/* generated */\n#ifndef COMMON_H\n#define COMMON_H\n");
  fprintf (f, "typedef unsigned long ulong_t;\ntypedef int (*cb_t) (void *);\n");
  for (int i = 0; i < nstructs; i++)
    fprintf (f, "struct s%d;\n", i);
  fprintf (f, "enum mode { MODE_A, MODE_B, MODE_C = 7 };\n");
  for (int i = 0; i < nstructs; i++)
    {
      /* Unit-local views: with FULL_<i> undefined a unit sees only the
	 forward declaration of struct s<i>.  */
      fprintf (f, "#ifdef FULL_%d\nstruct s%d {\n  int id;\n", i, i);
      fprintf (f, "  ulong_t flags;\n  enum mode mode;\n");
      fprintf (f, "  struct s%d *next;\n", i);
      if (i > 0)
	fprintf (f, "  struct s%d *peer;\n", next (i));
      if (i > 1 && next (3) == 0)
	fprintf (f, "  struct { int a, b; } pair;\n");
      fprintf (f, "  cb_t cb;\n  const char *name;\n  unsigned bits : %d;\n",
	       1 + next (20));
      fprintf (f, "};\n#endif\n");
      fprintf (f, "int s%d_op (struct s%d *p, int arg);\n", i, i);
    }
  fprintf (f, "#endif\n");
  fclose (f);
}

static void
write_unit (const char *dir, int u, int nstructs)
{
  char path[4096];
  snprintf (path, sizeof path, "%s/unit%03d.c", dir, u);
  FILE *f = fopen (path, "w");
  if (!f)
    exit (1);
  /* Each unit sees most structs in full, some only declared.  */
  for (int i = 0; i < nstructs; i++)
    if (next (10) < 8)
      fprintf (f, "#define FULL_%d 1\n", i);
  fprintf (f, "#include \"common.h\"\n");
  /* A conflicting definition of one name in a few units.  */
  if (u % 17 == 3)
    fprintf (f, "struct clash { long v%d; };\n", u);
  else
    fprintf (f, "struct clash { int v; };\n");
  fprintf (f, "struct clash clash_%d;\n", u);
  fprintf (f, "static int helper (int x) { return x * %d; }\n", u + 1);
  /* Reach half of the structs, as a kernel unit reaches its headers'.  */
  fprintf (f, "int unit%d_entry (int x)\n{\n  int r = helper (x);\n", u);
  for (int i = 0; i < nstructs; i++)
    if (next (2))
      fprintf (f, "  { extern struct s%d *ref_%d; r += s%d_op (ref_%d, x); }\n",
	       i, i, i, i);
  fprintf (f, "  return r;\n}\n");
  if (u == 0)
    {
      for (int i = 0; i < nstructs; i++)
	fprintf (f, "struct s%d *ref_%d;\n"
		 "int s%d_op (struct s%d *p, int arg) { return p ? arg : 0; }\n",
		 i, i, i, i);
      fprintf (f, "int main (void) { return 0; }\n");
    }
  fclose (f);
}

int
main (int argc, char **argv)
{
  if (argc != 5)
    {
      fprintf (stderr, "usage: gen-corpus DIR NUNITS NSTRUCTS SEED\n");
      return 2;
    }
  int nunits = atoi (argv[2]), nstructs = atoi (argv[3]);
  rng = strtoul (argv[4], NULL, 10);
  write_header (argv[1], nstructs);
  for (int u = 0; u < nunits; u++)
    write_unit (argv[1], u, nstructs);
  return 0;
}
