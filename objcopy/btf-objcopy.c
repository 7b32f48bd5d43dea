/* btf-objcopy.c -- objcopy-style front end: deduplicate, split, distill,
   relocate and dump the BTF of an existing ELF file.  */

#include "btfld.h"
#include "btfld-session.h"
#include "elf-btf.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *prog = "btf-objcopy";

struct opts
{
  bool dedup, distill, dump, dump_base, fixups, stats, verbose, info, layout;
  bool check_symbols;
  enum btfld_funcs funcs;
  int kfunc_tags;		/* 0, or an enum btfld_kfunc_sets */
  unsigned clones;		/* enum btfld_clone_funcs flags */
  enum btfld_engine engine;
  enum btfld_vars vars;
  const char *base_path, *relocate_path;
  const char *in, *out;
};

static void
usage (FILE *f)
{
  fprintf (f, "Usage: %s [options] INFILE [OUTFILE]\n"
	   "Rewrite the BTF of an ELF file (in place when OUTFILE is omitted).\n"
	   "\n"
	   "  --btf-dedup            merge all .BTF blobs into one, apply the gcc\n"
	   "                         fixups and deduplicate\n"
	   "  --btf-base=FILE        base BTF (ELF .BTF or raw): --btf-dedup emits\n"
	   "                         split BTF on it; otherwise .BTF is read split\n"
	   "                         on it\n"
	   "  --btf-distill-base     write a distilled .BTF.base and the matching\n"
	   "                         split .BTF (needs --btf-base; a .BTF not\n"
	   "                         split on it yet, as gcc writes it, needs\n"
	   "                         --btf-dedup too)\n"
	   "  --btf-relocate=FILE    relocate the split .BTF of a file with\n"
	   "                         .BTF.base onto FILE's BTF; drop .BTF.base\n"
	   "  --no-fixups            do not apply the gcc fixups\n"
	   "  --btf-vars=WHICH       VARs for all variables (all, the default),\n"
	   "                         the kernel's per-CPU ones (percpu, as pahole\n"
	   "                         does for vmlinux) or none\n"
	   "  --btf-consistent-funcs[=WHICH] one FUNC per function name, none\n"
	   "                         for a name whose definitions' prototypes\n"
	   "                         differ (proto, the default: pahole >=\n"
	   "                         1.25), nor for one defined at several\n"
	   "                         addresses (addr: pahole >= 1.31)\n"
	   "  --btf-kfunc-tags[=SETS] a DECL_TAG 'bpf_kfunc' on the FUNC of each\n"
	   "                         function of the file's .BTF_ids kfunc sets\n"
	   "                         (as pahole >= 1.26): the set8s flagged as\n"
	   "                         kfunc sets (flagged, the default; Linux >=\n"
	   "                         6.9) or every set8 (all; Linux 6.0 to 6.8)\n"
	   "  --btf-features=LIST    FUNCs for gcc's function clones from the\n"
	   "                         records of gcc-plugin/btfld-clones.so, as\n"
	   "                         pahole's features of the names (comma-\n"
	   "                         separated): optimized_func, true_signature\n"
	   "  --engine=NAME          dedup engine: btfld (default) or libbpf\n"
	   "  --btf-layout           write kernel 7.x's 32-byte header and layout\n"
	   "                         section (kernels before 7.0 refuse it)\n"
	   "  --dump-btf             print the .BTF types (bpftool raw format),\n"
	   "                         numbered after their base\n"
	   "  --dump-btf-base        print the .BTF.base types\n"
	   "  --info                 print the number of blobs, types and bytes\n"
	   "                         (of .BTF split on .BTF.base or --btf-base)\n"
	   "  --check-symbols        print the symbol each FUNC and VAR describes;\n"
	   "                         exit 1 when one describes none or its type\n"
	   "                         size is not the symbol's\n"
	   "  --stats                print statistics to stderr\n"
	   "  -v, --verbose          say what is done\n"
	   "  -h, --help             print this help and exit\n"
	   "  -V, --version          print the version and exit\n"
	   "\n"
	   "Exit status: 0 on success, 1 on errors, 2 on bad usage.\n", prog);
}

/* GNU's --version: the program, its package and version, then the
   copyright and the warranty disclaimer.  */
static void
version (void)
{
  printf ("%s (btfld) %s\n"
	  "Copyright (C) 2026 btfld developers.\n"
	  "This is free software; see the source for copying conditions.  "
	  "There is NO\n"
	  "warranty; not even for MERCHANTABILITY or FITNESS FOR A "
	  "PARTICULAR PURPOSE.\n", prog, BTFLD_VERSION_STRING);
}

/* GNU's answer to bad usage: one line pointing at --help.  */
static void
try_help (void)
{
  fprintf (stderr, "Try '%s --help' for more information.\n", prog);
}

static int
fail (const char *file)
{
  fprintf (stderr, "%s: %s: error: %s\n", prog, file, btfld_errmsg ());
  return 1;
}

static int
usage_error (const char *msg)
{
  fprintf (stderr, "%s: %s\n", prog, msg);
  return 2;
}

static int
parse_args (int argc, char **argv, struct opts *o)
{
  enum { O_DEDUP = 256, O_NOFIX, O_ENGINE, O_DUMP, O_STATS, O_INFO, O_BASE,
	 O_DISTILL, O_RELOC, O_DUMP_BASE, O_VARS, O_LAYOUT, O_CHECK,
	 O_CONSISTENT, O_KFUNCS, O_FEATURES };
  static const struct option lo[] = {
    { "btf-dedup", no_argument, NULL, O_DEDUP },
    { "btf-base", required_argument, NULL, O_BASE },
    { "btf-distill-base", no_argument, NULL, O_DISTILL },
    { "btf-relocate", required_argument, NULL, O_RELOC },
    { "no-fixups", no_argument, NULL, O_NOFIX },
    { "btf-vars", required_argument, NULL, O_VARS },
    { "btf-consistent-funcs", optional_argument, NULL, O_CONSISTENT },
    { "btf-kfunc-tags", optional_argument, NULL, O_KFUNCS },
    { "btf-features", required_argument, NULL, O_FEATURES },
    { "engine", required_argument, NULL, O_ENGINE },
    { "btf-layout", no_argument, NULL, O_LAYOUT },
    { "dump-btf", no_argument, NULL, O_DUMP },
    { "dump-btf-base", no_argument, NULL, O_DUMP_BASE },
    { "stats", no_argument, NULL, O_STATS },
    { "info", no_argument, NULL, O_INFO },
    { "check-symbols", no_argument, NULL, O_CHECK },
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
      case O_BASE: o->base_path = optarg; break;
      case O_DISTILL: o->distill = true; break;
      case O_RELOC: o->relocate_path = optarg; break;
      case O_NOFIX: o->fixups = false; break;
      case O_LAYOUT: o->layout = true; break;
      case O_CONSISTENT:
	if (!optarg || strcmp (optarg, "proto") == 0)
	  o->funcs = BTFLD_FUNCS_PROTO;
	else if (strcmp (optarg, "addr") == 0)
	  o->funcs = BTFLD_FUNCS_ADDR;
	else
	  return usage_error ("--btf-consistent-funcs takes proto or addr");
	break;
      case O_KFUNCS:
	if (!optarg || strcmp (optarg, "flagged") == 0)
	  o->kfunc_tags = BTFLD_KFUNCS_FLAGGED;
	else if (strcmp (optarg, "all") == 0)
	  o->kfunc_tags = BTFLD_KFUNCS_ALL;
	else
	  return usage_error ("--btf-kfunc-tags takes flagged or all");
	break;
      case O_FEATURES:
	if (btfld_clone_features (optarg, &o->clones))
	  return usage_error ("--btf-features takes optimized_func and "
			      "true_signature");
	break;
      case O_VARS:
	if (strcmp (optarg, "all") == 0)
	  o->vars = BTFLD_VARS_ALL;
	else if (strcmp (optarg, "percpu") == 0)
	  o->vars = BTFLD_VARS_PERCPU;
	else if (strcmp (optarg, "none") == 0)
	  o->vars = BTFLD_VARS_NONE;
	else
	  return usage_error ("--btf-vars takes all, percpu or none");
	break;
      case O_DUMP: o->dump = true; break;
      case O_DUMP_BASE: o->dump_base = true; break;
      case O_STATS: o->stats = true; break;
      case O_INFO: o->info = true; break;
      case O_CHECK: o->check_symbols = true; break;
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
      case 'V': version (); exit (0);
      default:
	try_help ();
	return 2;
      }
  if (optind >= argc || argc - optind > 2)
    {
      usage_error ("expected INFILE [OUTFILE]");
      try_help ();
      return 2;
    }
  o->in = argv[optind];
  o->out = argc - optind == 2 ? argv[optind + 1] : argv[optind];
  if (!o->dedup && !o->dump && !o->info && !o->distill && !o->relocate_path
      && !o->dump_base && !o->check_symbols)
    return usage_error ("nothing to do (try --btf-dedup, --dump-btf or "
			"--info)");
  if (o->distill && !o->base_path)
    return usage_error ("--btf-distill-base needs --btf-base");
  if ((o->funcs || o->kfunc_tags) && !o->dedup)
    return usage_error ("--btf-consistent-funcs and --btf-kfunc-tags need "
			"--btf-dedup");
  if (o->relocate_path && (o->distill || o->dedup))
    return usage_error ("--btf-relocate does not combine with "
			"--btf-distill-base or --btf-dedup");
  return 0;
}

/* A raw BTF file (as bpftool accepts) can be dumped, not rewritten.  */
static bool
is_raw_btf (const unsigned char *p, size_t n)
{
  return n >= 2 && p[0] == (BTF_MAGIC & 0xff) && p[1] == (BTF_MAGIC >> 8);
}

/* One line on the .BTF of E: blobs, types (all blobs), bytes; read split
   on .BTF.base when E has one (a second line on it), else on BASE (from
   --btf-base) when given.  */
static int
do_info (struct opts *o, struct btfld_elf *e, const struct btfld_btf *base)
{
  size_t size, bsize;
  struct btfld_blobs blobs = { 0 };
  struct btfld_btf *dist = NULL;
  unsigned long types = 0;
  const void *data = btfld_elf_section (e, ".BTF", &size);
  if (!data)
    {
      if (size == (size_t) -1)
	return fail (o->in);
      printf ("%s: no .BTF\n", o->in);
      return 0;
    }
  const void *bdata = btfld_elf_section (e, ".BTF.base", &bsize);
  if (!bdata && bsize == (size_t) -1)
    return fail (o->in);
  if (bdata && !(dist = btfld_btf_parse (bdata, bsize, NULL)))
    {
      btfld_error_prefix (".BTF.base");
      return fail (o->in);
    }
  if (btfld_blobs_add (&blobs, data, size, dist ? dist : base))
    {
      btfld_error_prefix (".BTF");
      btfld_btf_free (dist);
      return fail (o->in);
    }
  for (size_t i = 0; i < blobs.n; i++)
    types += btfld_type_cnt (blobs.v[i]) - btfld_start_id (blobs.v[i]);
  printf ("%s: .BTF: %zu blob%s, %lu types, %zu bytes\n", o->in, blobs.n,
	  blobs.n == 1 ? "" : "s", types, size);
  if (dist)
    printf ("%s: .BTF.base: %lu types, %zu bytes\n", o->in,
	    (unsigned long) btfld_type_cnt (dist) - 1, bsize);
  btfld_blobs_free (&blobs);
  btfld_btf_free (dist);
  return 0;
}

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static const char *
bind_str (unsigned b)
{
  return b == STB_LOCAL ? "LOCAL" : b == STB_GLOBAL ? "GLOBAL"
	 : b == STB_WEAK ? "WEAK" : "OTHER";
}

/* --check-symbols: for every FUNC and DATASEC entry of B, the symbol of
   E it describes.  A VAR's symbol has its name, lies in the section its
   DATASEC names at its offset (TLS: relative to the TLS segment, as the
   symbol's value is) and has its type's size; a FUNC's has its name and
   a binding that matches its linkage, and no two global FUNCs share a
   name.  Returns the number of failures.  */
static int
check_symbols (struct btfld_elf *e, const struct btfld_btf *b)
{
  struct btfld_symtab *st = btfld_symtab_from_elf (e->elf);
  uint64_t tls_start = UINT64_MAX;
  int bad = 0;
  if (!st)
    return -1;
  for (size_t i = 0; i < st->nsecs; i++)
    if ((st->secs[i].flags & SHF_TLS) && st->secs[i].addr < tls_start)
      tls_start = st->secs[i].addr;
  for (uint32_t id = btfld_start_id (b); id < btfld_type_cnt (b); id++)
    {
      const struct btf_type *t = btfld_type_by_id (b, id);
      const char *name = btfld_name (b, id);
      size_t n;
      const struct btfld_sym *s;
      if (btfld_kind (t) == BTF_KIND_FUNC)
	{
	  unsigned linkage = btfld_vlen (t);
	  const struct btfld_sym *hit = NULL;
	  s = btfld_symtab_lookup (st, name, &n);
	  for (size_t i = 0; i < n && !hit; i++)
	    if (btfld_sym_defined (&s[i]) && s[i].type == STT_FUNC
		&& (linkage == BTF_FUNC_STATIC) == (s[i].bind == STB_LOCAL))
	      hit = &s[i];
	  for (uint32_t j = btfld_start_id (b); j < id; j++)
	    if (linkage == BTF_FUNC_GLOBAL
		&& btfld_kind (btfld_type_by_id (b, j)) == BTF_KIND_FUNC
		&& btfld_vlen (btfld_type_by_id (b, j)) == BTF_FUNC_GLOBAL
		&& strcmp (btfld_name (b, j), name) == 0)
	      {
		printf ("FUNC '%s' global: a second global FUNC of the name: "
			"MISMATCH\n", name);
		bad++;
	      }
	  printf ("FUNC '%s' %s: %s\n", name,
		  linkage == BTF_FUNC_STATIC ? "static" : "global",
		  hit ? bind_str (hit->bind) : "no symbol: MISMATCH");
	  bad += !hit;
	  continue;
	}
      if (btfld_kind (t) != BTF_KIND_DATASEC)
	continue;
      const struct btf_var_secinfo *v = (const void *) (t + 1);
      for (unsigned k = 0; k < btfld_vlen (t); k++)
	{
	  const struct btf_type *var = btfld_type_by_id (b, v[k].type);
	  const char *vn = btfld_name (b, v[k].type);
	  uint64_t tsize = var ? btfld_type_size (b, var->type) : 0;
	  const struct btfld_sym *hit = NULL;
	  s = btfld_symtab_lookup (st, vn, &n);
	  for (size_t i = 0; i < n && !hit; i++)
	    {
	      const struct btfld_sec *sec = s[i].shndx < st->nsecs
					    ? &st->secs[s[i].shndx] : NULL;
	      uint64_t off;
	      if (!btfld_sym_defined (&s[i]) || !sec
		  || strcmp (sec->name, btfld_name (b, id)) != 0)
		continue;
	      off = st->e_type == ET_REL ? s[i].value
		    : s[i].type == STT_TLS ? s[i].value - (sec->addr - tls_start)
		    : s[i].value - sec->addr;
	      if (off == v[k].offset)
		hit = &s[i];
	    }
	  bool ok = hit && hit->size == v[k].size && tsize == hit->size;
	  printf ("VAR '%s' %s %s+%u size %u type %llu: ", vn,
		  var && ((const struct btf_var *) (var + 1))->linkage
		  == BTF_VAR_STATIC ? "static" : "global", btfld_name (b, id),
		  v[k].offset, v[k].size, (unsigned long long) tsize);
	  if (hit)
	    printf ("%s %s size %llu%s\n", bind_str (hit->bind),
		    hit->type == STT_TLS ? "TLS" : "OBJECT",
		    (unsigned long long) hit->size, ok ? "" : ": MISMATCH");
	  else
	    printf ("no symbol: MISMATCH\n");
	  bad += !ok;
	}
    }
  btfld_symtab_free (st);
  return bad;
}

/* What a run works on: the session (the .BTF, its symbols, the
   stages) and a relocatable file's own facts.  */
struct work
{
  struct btfld_session *s;
  struct btfld_object *obj;
};

/* The .BTF of E in a session: the blobs ld concatenated, with the
   file's symbols for the fixups (--btf-dedup).  */
static int
add_dedup_input_as_read (struct opts *o, struct btfld_elf *e,
			 struct work *w)
{
  size_t size, bsize;
  const void *data = btfld_elf_section (e, ".BTF", &size);
  if (btfld_elf_section (e, ".BTF.base", &bsize))
    return btfld_error (-EINVAL, "has .BTF.base: its .BTF is already "
			"deduplicated split BTF");
  if (!data)
    /* A section outside the file has set the message already.  */
    return size == (size_t) -1 ? -EINVAL
	   : btfld_error (-ENODATA, "no .BTF section");
  if (o->fixups && btfld_session_symbols_from_elf (w->s, e->elf))
    return btfld_errcode ();
  /* A relocatable file is its own object: its symbols are the facts
     of its blobs, each section at offset 0 of itself.  A linked file's
     objects are gone: its blobs are matched with its symbols by name.  */
  GElf_Ehdr eh;
  int obj = -1;
  if (o->fixups && gelf_getehdr (e->elf, &eh) && eh.e_type == ET_REL)
    {
      if (!(w->obj = btfld_object_from_elf (e->elf, e->path))
	  || btfld_object_place_self (w->obj)
	  || (obj = btfld_session_add_object (w->s, w->obj)) < 0)
	return btfld_errcode ();
    }
  else if (o->fixups && o->clones)
    {
      /* Its compilation units' clone records, the GCC plugin's, in the
	 order of its blobs.  */
      size_t csize;
      const void *clones = btfld_elf_section (e, ".btfld.clones", &csize);
      if (!clones && csize == (size_t) -1)
	return -EINVAL;
      if (clones && btfld_session_unit_clones (w->s, clones, csize))
	return btfld_errcode ();
    }
  if (btfld_session_add_object_input (w->s, data, size, obj))
    {
      btfld_error_prefix (".BTF");
      return btfld_errcode ();
    }
  return 0;
}

static int
add_dedup_input (struct opts *o, struct btfld_elf *e, struct work *w)
{
  const char *was = btfld_phase ("reading the symbols");
  int err = add_dedup_input_as_read (o, e, w);
  btfld_phase (was);
  return err;
}

/* Whether the .BTF of E (without .BTF.base) reads as standalone BTF,
   as gcc writes it.  */
static bool
reads_standalone (struct btfld_elf *e)
{
  size_t bsize;
  struct btfld_session_opts so = { 0 };
  struct btfld_session *s = btfld_session_new (&so);
  bool ok = s && !btfld_elf_section (e, ".BTF.base", &bsize)
	    && bsize == 0 && btfld_elf_add_existing (s, e) == 0;
  btfld_session_free (s);
  return ok;
}

static int
write_out (struct opts *o, struct btfld_elf *e, struct work *w)
{
  struct btfld_sec_update u[2];
  size_t n = 0, size;
  void *raw = NULL, *braw = NULL;
  size_t bsize = 0;
  int err = btfld_session_raw (w->s, o->layout, &raw, &size, &braw,
			       &bsize);
  if (err)
    return err;
  u[n++] = (struct btfld_sec_update) { ".BTF", raw, size };
  if (braw)
    u[n++] = (struct btfld_sec_update) { ".BTF.base", braw, bsize };
  else if (o->relocate_path)
    u[n++] = (struct btfld_sec_update) { ".BTF.base", NULL, 0 };
  err = btfld_elf_write (e, o->out, u, n);
  free (raw);
  free (braw);
  return err;
}

static int
dump (struct opts *o, struct work *w)
{
  const struct btfld_btf *r = btfld_session_btf (w->s);
  if (o->dump)
    btfld_dump_raw (stdout, r, btfld_start_id (r), btfld_type_cnt (r) - 1);
  if (o->dump_base)
    {
      const struct btfld_btf *b = btfld_session_dist_base (w->s);
      if (!b)
	return btfld_error (-ENODATA, "no .BTF.base");
      btfld_dump_raw (stdout, b, 1, btfld_type_cnt (b) - 1);
    }
  return 0;
}

static int
run (struct opts *o, struct btfld_elf *e, const struct btfld_btf *base,
     const struct btfld_btf *rbase)
{
  struct work w = { 0 };
  double t0 = now_ms ();
  bool writes = o->dedup || o->distill || o->relocate_path;
  size_t size;
  int err;
  if (o->dedup && !btfld_elf_section (e, ".BTF", &size) && size == 0)
    {
      /* Nothing to deduplicate: the output is the input.  */
      if (o->verbose)
	fprintf (stderr, "%s: %s: no .BTF section, nothing to do\n", prog,
		 o->in);
      if (strcmp (o->out, o->in) != 0 && btfld_elf_write (e, o->out, NULL, 0))
	{
	  btfld_error_prefix (o->out);
	  return -EIO;
	}
      return 0;
    }
  /* The session: the .BTF as ld concatenated it, fixed up and
     deduplicated (--btf-dedup), or the .BTF as it is; then relocated,
     distilled, or only read, as asked.  */
  struct btfld_session_opts so = { .fixups = o->fixups,
				   .engine = o->engine, .base = base,
				   .distill = o->distill, .vars = o->vars,
				   .funcs = o->funcs, .relocate = rbase,
				   .clones = o->clones };
  if (!(w.s = btfld_session_new (&so)))
    err = btfld_errcode ();
  else if (o->kfunc_tags
	   && btfld_session_kfuncs_from_elf (w.s, e->elf, o->kfunc_tags))
    err = btfld_errcode ();
  else if (o->dedup)
    err = add_dedup_input (o, e, &w);
  else if ((err = btfld_elf_add_existing (w.s, e)) && o->distill && base
	   && reads_standalone (e))
    err = btfld_error (-EINVAL, ".BTF is not split BTF on the --btf-base "
		       "file but standalone, as gcc writes it: add "
		       "--btf-dedup to split it onto the base and distill");
  if (!err && (err = btfld_session_run (w.s)) && o->dedup)
    btfld_error_prefix (".BTF");
  if (!err && writes && (err = write_out (o, e, &w)))
    btfld_error_prefix (o->out);
  if (!err)
    err = dump (o, &w);
  if (!err && o->check_symbols)
    {
      int bad = check_symbols (e, btfld_session_btf (w.s));
      if (bad < 0)
	err = btfld_errcode ();
      else if (bad)
	err = btfld_error (-EINVAL, "%d FUNC/VAR%s describe%s no symbol of "
			   "their size%s", bad, bad == 1 ? "" : "s",
			   bad == 1 ? "s" : "",
			   btfld_elf_has_symtab (e->elf) ? ""
			   : " (no .symtab, stripped: checked against .dynsym"
			   " only; check the file before stripping it)");
    }
  if (!err && o->stats)
    {
      const struct btfld_stats *st = btfld_session_stats (w.s);
      fprintf (stderr, "%s: %s: blobs %u, types %lu -> %lu, bytes %lu -> %lu, "
	       "%.0f ms\n", prog, o->in, st->blobs, st->types_in,
	       st->types_out, st->bytes_in, st->bytes_out, now_ms () - t0);
    }
  btfld_session_free (w.s);
  btfld_object_free (w.obj);
  return err;
}

static int
dump_raw_file (struct opts *o)
{
  FILE *f = fopen (o->in, "rb");
  unsigned char *buf = NULL;
  long len = -1;
  int rc;
  if (f && fseek (f, 0, SEEK_END) == 0)
    len = ftell (f);
  if (f && len > 0 && (buf = malloc (len)))
    {
      rewind (f);
      len = fread (buf, 1, len, f);
    }
  if (f)
    fclose (f);
  if (!buf || !is_raw_btf (buf, len))
    rc = -1;
  else
    {
      struct btfld_btf *b = btfld_btf_parse (buf, len, NULL);
      rc = b ? 0 : 1;
      if (b)
	btfld_dump_raw (stdout, b, 1, btfld_type_cnt (b) - 1);
      btfld_btf_free (b);
    }
  free (buf);
  return rc;
}

/* Open the input through the one descriptor it is read with for the whole
   run.  When the run rewrites it in place, the file is locked first
   (flock), so that concurrent in-place runs on one file take turns, each
   reading the whole result of the one before: the one before renamed
   its result over the name, so a lock taken on the file the name no
   longer names is given up and the name opened again.  */
static int
open_input (struct opts *o, struct btfld_elf *e)
{
  struct stat si, so, sn;
  bool writes = o->dedup || o->distill || o->relocate_path;
  for (;;)
    {
      int fd = open (o->in, O_RDONLY | O_CLOEXEC);
      if (fd < 0)
	return btfld_error (-errno, "cannot open: %s", strerror (errno));
      if (writes && fstat (fd, &si) == 0 && stat (o->out, &so) == 0
	  && si.st_dev == so.st_dev && si.st_ino == so.st_ino)
	{
	  while (flock (fd, LOCK_EX))
	    if (errno != EINTR)
	      break;		/* no locks here: go on unlocked */
	  if (stat (o->in, &sn) == 0
	      && (sn.st_dev != si.st_dev || sn.st_ino != si.st_ino))
	    {
	      close (fd);
	      continue;
	    }
	}
      return btfld_elf_open_whole (e, o->in, fd);
    }
}

int
main (int argc, char **argv)
{
  struct opts o = { 0 };
  struct btfld_elf e;
  struct btfld_btf *base = NULL, *rbase = NULL;
  int rc = parse_args (argc, argv, &o);
  if (rc)
    return rc;
  /* Interrupted while its output is put in place, the file is left as
     it was and no temporary file stays.  */
  if ((o.dedup || o.distill || o.relocate_path) && btfld_catch_signals ())
    {
      fprintf (stderr, "%s: cannot catch signals: %s\n", prog,
	       strerror (errno));
      return 1;
    }
  if (o.base_path && !(base = btfld_read_base_file (o.base_path)))
    return fail (o.in);
  if (o.relocate_path && !(rbase = btfld_read_base_file (o.relocate_path)))
    {
      btfld_btf_free (base);
      return fail (o.in);
    }
  if (open_input (&o, &e))
    {
      /* Not ELF: maybe a raw BTF file to dump.  */
      rc = o.dump && !o.dedup && !o.distill && !o.relocate_path
	   ? dump_raw_file (&o) : -1;
      if (rc)
	rc = fail (o.in);
    }
  else
    {
      if (o.info)
	rc = do_info (&o, &e, base);
      else if (run (&o, &e, base, rbase))
	rc = fail (o.in);
      btfld_elf_close (&e);
    }
  btfld_btf_free (rbase);
  btfld_btf_free (base);
  return rc;
}
