/* btf-objcopy.c -- objcopy-style front end: deduplicate, split, distill,
   relocate and dump the BTF of an existing ELF file.  */

#include "btfld.h"
#include "elf-btf.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *prog = "btf-objcopy";

struct opts
{
  bool dedup, dump, dump_base, fixups, stats, verbose, info;
  enum btfld_engine engine;
  const char *in, *out;
};

static void
usage (FILE *f)
{
  fprintf (f, "Usage: %s [options] INFILE [OUTFILE]\n"
	   "Rewrite the BTF of an ELF file (in place when OUTFILE is omitted).\n"
	   "\n"
	   "  --btf-dedup          merge all .BTF blobs into one, apply the gcc\n"
	   "                       fixups and deduplicate\n"
	   "  --no-fixups          do not apply the gcc fixups\n"
	   "  --engine=NAME        dedup engine: btfld (default) or libbpf\n"
	   "  --dump-btf           print the .BTF types (bpftool raw format)\n"
	   "  --info               print the number of blobs, types and bytes\n"
	   "  --stats              print statistics to stderr\n"
	   "  -v, --verbose        say what is done\n"
	   "  -h, --help           print this help and exit\n"
	   "  -V, --version        print the version and exit\n"
	   "\n"
	   "Report bugs to the btfld maintainers.\n", prog);
}

static int
fail (const char *file)
{
  fprintf (stderr, "%s: %s: error: %s\n", prog, file, btfld_errmsg ());
  return 1;
}

static int
parse_args (int argc, char **argv, struct opts *o)
{
  enum { O_DEDUP = 256, O_NOFIX, O_ENGINE, O_DUMP, O_STATS, O_INFO };
  static const struct option lo[] = {
    { "btf-dedup", no_argument, NULL, O_DEDUP },
    { "no-fixups", no_argument, NULL, O_NOFIX },
    { "engine", required_argument, NULL, O_ENGINE },
    { "dump-btf", no_argument, NULL, O_DUMP },
    { "stats", no_argument, NULL, O_STATS },
    { "info", no_argument, NULL, O_INFO },
    { "verbose", no_argument, NULL, 'v' },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 }
  };
  int c;
  o->fixups = true;
  while ((c = getopt_long (argc, argv, "vhV", lo, NULL)) != -1)
    switch (c)
      {
      case O_DEDUP: o->dedup = true; break;
      case O_NOFIX: o->fixups = false; break;
      case O_DUMP: o->dump = true; break;
      case O_STATS: o->stats = true; break;
      case O_INFO: o->info = true; break;
      case O_ENGINE:
	if (strcmp (optarg, "libbpf") == 0)
	  o->engine = BTFLD_ENGINE_LIBBPF;
	else if (strcmp (optarg, "btfld") == 0)
	  o->engine = BTFLD_ENGINE_BTFLD;
	else
	  {
	    fprintf (stderr, "%s: unknown engine '%s' (btfld or libbpf)\n",
		     prog, optarg);
	    return 2;
	  }
	break;
      case 'v': o->verbose = true; break;
      case 'h': usage (stdout); exit (0);
      case 'V':
	printf ("btf-objcopy (btfld) %s\n", BTFLD_VERSION_STRING);
	exit (0);
      default:
	usage (stderr);
	return 2;
      }
  if (optind >= argc || argc - optind > 2)
    {
      fprintf (stderr, "%s: expected INFILE [OUTFILE]\n", prog);
      usage (stderr);
      return 2;
    }
  o->in = argv[optind];
  o->out = argc - optind == 2 ? argv[optind + 1] : argv[optind];
  if (!o->dedup && !o->dump && !o->info)
    {
      fprintf (stderr, "%s: nothing to do (try --btf-dedup, --dump-btf or "
	       "--info)\n",
	       prog);
      return 2;
    }
  return 0;
}

/* A raw BTF file (as bpftool accepts) can be dumped, not rewritten.  */
static bool
is_raw_btf (const unsigned char *p, size_t n)
{
  return n >= 2 && p[0] == (BTF_MAGIC & 0xff) && p[1] == (BTF_MAGIC >> 8);
}

static struct btfld_btf *
read_btf (struct btfld_elf *e, const char *file, bool *absent)
{
  size_t size;
  const void *data;
  struct btfld_blobs blobs = { 0 };
  *absent = false;
  data = btfld_elf_section (e, ".BTF", &size);
  if (!data)
    {
      if (size == (size_t) -1)
	return NULL;
      *absent = true;
      btfld_error (-ENOENT, "no .BTF section");
      return NULL;
    }
  (void) file;
  if (btfld_blobs_add (&blobs, data, size, NULL))
    {
      btfld_error_prefix (".BTF");
      return NULL;
    }
  /* Several blobs (a link without the plugin) dump as their merge.  */
  struct btfld_btf *b = blobs.n == 1 ? blobs.v[0] : btfld_merge (&blobs, NULL);
  if (blobs.n == 1)
    blobs.n = 0;
  btfld_blobs_free (&blobs);
  return b;
}

/* One line on the .BTF of E: blobs, types (all blobs), bytes.  */
static int
do_info (struct opts *o, struct btfld_elf *e)
{
  size_t size;
  struct btfld_blobs blobs = { 0 };
  unsigned long types = 0;
  const void *data = btfld_elf_section (e, ".BTF", &size);
  if (!data)
    {
      if (size == (size_t) -1)
	return fail (o->in);
      printf ("%s: no .BTF\n", o->in);
      return 0;
    }
  if (btfld_blobs_add (&blobs, data, size, NULL))
    {
      btfld_error_prefix (".BTF");
      return fail (o->in);
    }
  for (size_t i = 0; i < blobs.n; i++)
    types += btfld_type_cnt (blobs.v[i]) - 1;
  printf ("%s: .BTF: %zu blob%s, %lu types, %zu bytes\n", o->in, blobs.n,
	  blobs.n == 1 ? "" : "s", types, size);
  btfld_blobs_free (&blobs);
  return 0;
}

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
do_dedup (struct opts *o, struct btfld_elf *e)
{
  size_t size;
  const void *data = btfld_elf_section (e, ".BTF", &size);
  struct btfld_stats st = { 0 };
  double t0 = now_ms ();
  if (!data)
    {
      if (size == (size_t) -1)
	return fail (o->in);
      if (o->verbose)
	fprintf (stderr, "%s: %s: no .BTF section, nothing to do\n", prog,
		 o->in);
      return o->out != o->in && strcmp (o->out, o->in)
	     ? (btfld_elf_write (e, o->out, NULL, 0) ? fail (o->out) : 0) : 0;
    }
  struct btfld_symtab *syms = btfld_symtab_from_elf (e->elf);
  if (!syms)
    return fail (o->in);
  struct btfld_link_opts lo = { o->fixups, o->engine, NULL };
  st.inputs = 1;
  struct btfld_btf *out = btfld_link_btf (data, size, syms, &lo, &st);
  btfld_symtab_free (syms);
  if (!out)
    {
      btfld_error_prefix (".BTF");
      return fail (o->in);
    }
  size_t raw_size;
  void *raw = btfld_btf_raw (out, &raw_size);
  struct btfld_sec_update u = { ".BTF", raw, raw_size };
  int err = raw ? btfld_elf_write (e, o->out, &u, 1) : -ENOMEM;
  if (err)
    fail (o->out);
  if (!err && o->dump)
    btfld_dump_raw (stdout, out, btfld_start_id (out),
		    btfld_type_cnt (out) - 1);
  if (!err && o->stats)
    fprintf (stderr, "%s: %s: blobs %u, types %lu -> %lu, bytes %lu -> %lu, "
	     "%.0f ms\n", prog, o->in, st.blobs, st.types_in, st.types_out,
	     st.bytes_in, st.bytes_out, now_ms () - t0);
  free (raw);
  btfld_btf_free (out);
  return err ? 1 : 0;
}

static int
do_dump_raw_file (struct opts *o, const unsigned char *p, size_t n)
{
  struct btfld_btf *b = btfld_btf_parse (p, n, NULL);
  if (!b)
    return fail (o->in);
  btfld_dump_raw (stdout, b, 1, btfld_type_cnt (b) - 1);
  btfld_btf_free (b);
  return 0;
}

int
main (int argc, char **argv)
{
  struct opts o = { 0 };
  struct btfld_elf e;
  int rc = parse_args (argc, argv, &o);
  if (rc)
    return rc;
  if (btfld_elf_open (&e, o.in, -1, 0, 0))
    {
      /* Not ELF: maybe a raw BTF file to dump.  */
      FILE *f = fopen (o.in, "rb");
      unsigned char *buf = NULL;
      size_t n = 0;
      if (f && o.dump && !o.dedup)
	{
	  fseek (f, 0, SEEK_END);
	  long len = ftell (f);
	  rewind (f);
	  buf = len > 0 ? malloc (len) : NULL;
	  n = buf ? fread (buf, 1, len, f) : 0;
	}
      if (f)
	fclose (f);
      if (buf && is_raw_btf (buf, n))
	rc = do_dump_raw_file (&o, buf, n);
      else
	rc = fail (o.in);
      free (buf);
      return rc;
    }
  if (o.info)
    rc = do_info (&o, &e);
  else if (o.dedup)
    rc = do_dedup (&o, &e);
  else
    {
      bool absent;
      struct btfld_btf *b = read_btf (&e, o.in, &absent);
      if (!b)
	rc = fail (o.in);
      else
	btfld_dump_raw (stdout, b, btfld_start_id (b), btfld_type_cnt (b) - 1);
      btfld_btf_free (b);
    }
  btfld_elf_close (&e);
  return rc;
}
