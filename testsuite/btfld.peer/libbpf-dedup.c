/* libbpf-dedup.c -- libbpf's own deduplication selftests, run through
   btfld's engine.

   The kernel's tools/testing/selftests/bpf/prog_tests/btf.c has a table,
   dedup_tests[], of raw BTF inputs and the exact result btf__dedup() must
   give for each.  peer.exp extracts that table from the linux-source
   tarball at test time (nothing of it is kept here) into
   dedup-tests.inc, which this driver includes with the selftests' own
   test_btf.h; the few macros and structures the table uses from btf.c
   itself are defined below.

   Each case is judged as the selftest judges btf__dedup(): the raw sizes
   and string section sizes are equal, every expected string is there,
   the type counts are equal, and each type has the expected record size,
   info word (kind, kind flag, vlen) and size/type word.  Options of a
   case (btf_dedup_opts, such as force_collisions, which only tests
   libbpf's hashing) do not apply to btfld and are ignored.

   Each case also goes through the plugin's seeded path: the engine's
   classes found first on the input (a seed), then the input deduplicated
   from them, and again from a seed that does not fit (an empty BTF's:
   the engine starts over): both must give the same bytes as the plain
   engine, else the case differs.

   Prints one line per case, "ok<TAB>DESCR" or "differs<TAB>DESCR<TAB>WHY";
   with -v the dumps of the input, the expected result and btfld's go to
   stderr for each difference.  */

#include "btfld.h"
#include "btfld-int.h"

#include <bpf/btf.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* btfld-int.h has its own, the same.  */
#undef BTF_INFO_ENC
#include "test_btf.h"

/* What btf.c defines for its tables.  */
#define NAME_TBD 0xdeadb33f
#define NAME_NTH(N) (0xfffe0000 | (N))
#define IS_NAME_NTH(X) (((X) & 0xffff0000) == 0xfffe0000)
#define GET_NAME_NTH_IDX(X) ((X) & 0x0000ffff)
#define MAX_NR_RAW_U32 1024
#define BTF_STR_SEC(str) .str_sec = str, .str_sec_size = sizeof (str)

struct btf_raw_data
{
  __u32 raw_types[MAX_NR_RAW_U32];
  const char *str_sec;
  __u32 str_sec_size;
};

struct btf_dedup_test
{
  const char *descr;
  struct btf_raw_data input;
  struct btf_raw_data expect;
  struct btf_dedup_opts opts;
};

#include "dedup-tests.inc"

static bool verbose;

/* The raw blob of D as the selftests build it: a 24-byte header, the
   type words up to BTF_END_RAW with NAME_NTH(N) replaced by the offset of
   the N-th non-empty string and NAME_TBD by the offset of the next one,
   then the string section as given.  NULL when D refers to a string it
   does not have.  */
static void *
raw_blob (const struct btf_raw_data *d, size_t *size)
{
  const char *strs[MAX_NR_RAW_U32];
  unsigned nstrs = 0, next = 0, nwords = 0;
  for (unsigned off = 0; off < d->str_sec_size && nstrs < MAX_NR_RAW_U32;)
    {
      const char *s = d->str_sec + off;
      size_t len = strnlen (s, d->str_sec_size - off);
      if (len)
	strs[nstrs++] = s;
      off += len + 1;
    }
  while (nwords < MAX_NR_RAW_U32 && d->raw_types[nwords] != BTF_END_RAW)
    nwords++;

  struct btf_header hdr = {
    .magic = BTF_MAGIC, .version = BTF_VERSION,
    .hdr_len = sizeof hdr, .type_off = 0,
    .type_len = nwords * 4, .str_off = nwords * 4,
    .str_len = d->str_sec_size,
  };
  *size = sizeof hdr + nwords * 4 + d->str_sec_size;
  unsigned char *raw = malloc (*size);
  if (!raw)
    return NULL;
  memcpy (raw, &hdr, sizeof hdr);
  __u32 *words = (__u32 *) (raw + sizeof hdr);
  for (unsigned i = 0; i < nwords; i++)
    {
      __u32 w = d->raw_types[i];
      const char *s = NULL;
      if (w == NAME_TBD)
	s = next < nstrs ? strs[next++] : NULL;
      else if (IS_NAME_NTH (w))
	{
	  unsigned n = GET_NAME_NTH_IDX (w);
	  s = n >= 1 && n <= nstrs ? strs[n - 1] : NULL;
	}
      else
	{
	  words[i] = w;
	  continue;
	}
      if (!s)
	{
	  free (raw);
	  return NULL;
	}
      words[i] = s - d->str_sec;
    }
  memcpy (raw + sizeof hdr + nwords * 4, d->str_sec, d->str_sec_size);
  return raw;
}

/* Whether the string section STRS of LEN bytes holds S.  */
static bool
has_str (const char *strs, size_t len, const char *s)
{
  for (size_t off = 0; off < len; off += strlen (strs + off) + 1)
    if (!strcmp (strs + off, s))
      return true;
  return false;
}

static void
show (const char *title, const struct btfld_btf *btf)
{
  if (!verbose)
    return;
  fprintf (stderr, "== %s\n", title);
  btfld_dump_raw (stderr, btf, 1, btfld_type_cnt (btf) - 1);
}

/* Run test T; print its verdict.  Returns true when it is ok.  */
/* IN deduplicated from seed SD (every own id its own source): NULL when
   its bytes are OUT's (SIZE), else why not.  */
static const char *
seeded_differs (const struct btfld_btf *in, struct btfld_dedup_seed *sd,
		const void *out, size_t size)
{
  uint32_t start = btfld_start_id (in), n = btfld_type_cnt (in) - start;
  uint32_t *inv = malloc ((n ? n : 1) * sizeof *inv);
  struct btfld_btf *r = NULL;
  void *raw = NULL;
  size_t rsize = 0;
  const char *why = NULL;
  for (uint32_t i = 0; inv && i < n; i++)
    inv[i] = start + i;
  if (!inv || !sd)
    why = "no seed";
  else if (!(r = btfld_dedup_engine_seeded (in, NULL, sd, inv))
	   || !(raw = btfld_btf_raw (r, &rsize)))
    why = "seeded dedup failed";
  else if (rsize != size || memcmp (raw, out, size))
    why = "another result";
  free (raw);
  btfld_btf_free (r);
  free (inv);
  return why;
}

static bool
run (const struct btf_dedup_test *t)
{
  char why[256] = "";
  size_t in_size, exp_size, out_size = 0;
  void *in_raw = raw_blob (&t->input, &in_size);
  void *exp_raw = raw_blob (&t->expect, &exp_size);
  struct btfld_btf *in = NULL, *exp = NULL, *out = NULL;
  void *out_raw = NULL;

  if (!in_raw || !exp_raw)
    {
      snprintf (why, sizeof why, "the case names a string it lacks");
      goto done;
    }
  if (!(exp = btfld_btf_parse (exp_raw, exp_size, NULL)))
    {
      snprintf (why, sizeof why, "expected BTF refused: %s", btfld_errmsg ());
      goto done;
    }
  if (!(in = btfld_btf_parse (in_raw, in_size, NULL)))
    {
      snprintf (why, sizeof why, "input refused: %s", btfld_errmsg ());
      goto done;
    }
  if (!(out = btfld_dedup_engine (in, NULL)))
    {
      snprintf (why, sizeof why, "dedup failed: %s", btfld_errmsg ());
      goto done;
    }
  if (!(out_raw = btfld_btf_raw (out, &out_size)))
    {
      snprintf (why, sizeof why, "serializing failed: %s", btfld_errmsg ());
      goto done;
    }
  struct btfld_btf *empty = btfld_btf_new (NULL);
  struct btfld_dedup_seed *own = btfld_dedup_seed_new (in, NULL);
  struct btfld_dedup_seed *other = empty ? btfld_dedup_seed_new (empty, NULL)
				   : NULL;
  btfld_btf_free (empty);
  const char *sw = seeded_differs (in, own, out_raw, out_size);
  const char *ow = seeded_differs (in, other, out_raw, out_size);
  btfld_dedup_seed_free (own);
  btfld_dedup_seed_free (other);
  if (sw || ow)
    {
      snprintf (why, sizeof why, "from %s seed: %s", sw ? "its own" : "an "
		"unfitting", sw ? sw : ow);
      goto done;
    }

  const struct btf_header *oh = out_raw, *eh = exp_raw;
  const char *ostrs = (const char *) out_raw + oh->hdr_len + oh->str_off;
  const char *estrs = (const char *) exp_raw + eh->hdr_len + eh->str_off;
  if (btfld_type_cnt (out) != btfld_type_cnt (exp))
    snprintf (why, sizeof why, "%u types, expected %u",
	      btfld_type_cnt (out) - 1, btfld_type_cnt (exp) - 1);
  for (uint32_t id = 1; !*why && id < btfld_type_cnt (out); id++)
    {
      const struct btf_type *o = btfld_type_by_id (out, id);
      const struct btf_type *e = btfld_type_by_id (exp, id);
      if (btfld_type_rec_size (o) != btfld_type_rec_size (e)
	  || o->info != e->info || o->size != e->size)
	snprintf (why, sizeof why,
		  "type [%u]: %s '%s' info %#x size/type %u, expected"
		  " %s '%s' info %#x size/type %u", id,
		  btfld_kind_str (btfld_kind (o)), btfld_name (out, id),
		  o->info, o->size, btfld_kind_str (btfld_kind (e)),
		  btfld_name (exp, id), e->info, e->size);
    }
  if (!*why && oh->str_len != eh->str_len)
    snprintf (why, sizeof why, "string section of %u bytes, expected %u",
	      oh->str_len, eh->str_len);
  for (size_t off = 0; !*why && off < eh->str_len;
       off += strlen (estrs + off) + 1)
    if (!has_str (ostrs, oh->str_len, estrs + off))
      snprintf (why, sizeof why, "string '%s' missing", estrs + off);
  if (!*why && out_size != exp_size)
    snprintf (why, sizeof why, "%zu bytes, expected %zu", out_size,
	      exp_size);

 done:
  if (*why)
    {
      printf ("differs\t%s\t%s\n", t->descr, why);
      if (in)
	show ("input", in);
      if (exp)
	show ("expected", exp);
      if (out)
	show ("btfld", out);
    }
  else
    printf ("ok\t%s\n", t->descr);
  free (in_raw);
  free (exp_raw);
  free (out_raw);
  btfld_btf_free (in);
  btfld_btf_free (exp);
  btfld_btf_free (out);
  return !*why;
}

int
main (int argc, char **argv)
{
  verbose = argc > 1 && !strcmp (argv[1], "-v");
  for (size_t i = 0; i < sizeof dedup_tests / sizeof dedup_tests[0]; i++)
    run (&dedup_tests[i]);
  return 0;
}
