/* btfld-plugin.c -- ld plugin: one deduplicated, kernel-valid .BTF per
   link.

   ld concatenates the .BTF sections of its inputs into the output; the
   plugin replaces that concatenation with one deduplicated BTF, made by
   one session (btfld-session.h) in one way:

   claim_file (ld's thread): never claims.  Of each relocatable input
     with .BTF (archive members included) it notes the object's own
     symbols and sections (the fixups' per-object facts) and a hash of
     its .BTF, and queues a copy of the .BTF for the merge thread.
   the merge thread: checks each queued input and adds it to the
     session, in claim order, while ld goes on linking; once every input
     is queued, and when no other plugin can add objects whose .BTF it
     has not seen (only_plugin), prepares the session (the work that
     needs no symbol).
   all_symbols_read (ld's thread): waits until the thread has checked
     every queued input and reports the malformed ones, so that a
     malformed input fails the link before any output is written.
   cleanup (ld's thread): ld has written and closed the output.  The
     parts of its .BTF that are no claimed input's (the objects LTO
     compiled, which no plugin but LTO's sees) are added to the session;
     the output's symbols place each object's FUNCs and VARs; the session
     runs and its result replaces the output's .BTF (btfld_elf_write:
     in place when the file's layout allows).  ld ignores errors from
     cleanup, so a failure there removes the output and says so.

   The session's types are the claimed inputs' in claim order, then the
   parts no claimed input accounts for: where a linker script puts the
   .BTF sections in another order, the output's type ids follow claim
   order, and an input whose .BTF the script discards keeps its types.

   With base=FILE the output .BTF is split BTF on FILE's BTF (ids after
   the base's; types the base has are not repeated); with distill, a
   distilled .BTF.base goes beside it (the module case).  With
   kfunc-tags, the FUNCs of the output's .BTF_ids kfunc sets get a
   DECL_TAG 'bpf_kfunc', as btf-objcopy --btf-kfunc-tags gives them;
   consistent-funcs and layout are btf-objcopy's --btf-consistent-funcs
   and --btf-layout.  The output's symbols are the link's, which for a
   relocatable link (ld -r) are the final image's in all but their
   addresses: a section and an offset tell the same functions apart, so
   the kernel's vmlinux.o link can make vmlinux's BTF.

   Threads, by what each owns:
     ld's thread: the options, STATE, INPUTS (claim_file appends, cleanup
       reads), the read buffer, and the session before the thread
       starts and after it is joined.
     the merge thread, from its start until joined: the session, and
       each job from the moment it takes it off the queue until it frees
       it or puts it on the list of malformed inputs.
     MERGE.LOCK guards the rest they share: the queue, the list of
       malformed inputs, the held warnings and MERGE's flags.
   Only ld's thread calls ld back (message): what the merge thread finds
   waits in its jobs and in the held warnings.  */

#include "btfld.h"
#include "btfld-int.h"
#include "btfld-session.h"
#include "elf-btf.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef HAVE_STDINT_H
#define HAVE_STDINT_H 1
#endif
#include <plugin-api.h>

#include "ar-member.h"
#include "build-id.h"

/* ld's --build-id style, from ld's own command line.  */
static struct btfld_build_id build_id;

static ld_plugin_message message;
static const char *output_name = "a.out";
/* LDPT_GNU_LD_VERSION: 100 * major + minor of GNU ld (ld.bfd), 0 for
   another linker (gold passes LDPT_GOLD_VERSION instead).  */
static int gnu_ld_version;

static struct
{
  bool verbose, stats, fixups, distill, version, layout;
  enum btfld_engine engine;
  enum btfld_funcs funcs;
  const char *base_path;
  enum btfld_vars vars;
  int kfunc_tags;		/* 0, or an enum btfld_kfunc_sets */
  unsigned clones;		/* enum btfld_clone_funcs flags */
} opt = { .fixups = true, .engine = BTFLD_ENGINE_BTFLD,
	  .vars = BTFLD_VARS_ALL };

/* The base of base=FILE, read at load time so a bad one fails the link
   before anything happens.  */
static struct btfld_btf *base_btf;

static struct
{
  unsigned inputs, inputs_btf, errors, compressed;
  unsigned oom;			/* of ERRORS: out of memory, not the
				   input's fault */
  double ms;			/* ld's thread in the plugin's hooks: the
				   stats' time */
} state;
/* all_symbols_read has run.  */
static bool symbols_read;

/* The link's session options: the one place they are made.  */
static struct btfld_session_opts
session_opts (void)
{
  return (struct btfld_session_opts) { .fixups = opt.fixups,
				       .engine = opt.engine,
				       .base = base_btf,
				       .distill = opt.distill,
				       .vars = opt.vars,
				       .funcs = opt.funcs,
				       .clones = opt.clones };
}

/* ---- diagnostics ---------------------------------------------------- */

static pthread_t ld_thread;

/* Every diagnostic goes through ld's message hook, as lto-plugin's do,
   as "btfld: FILE: TEXT" (FILE when there is one): ld prefixes errors
   and warnings with its name and the level and prints them where it
   prints its own, and an LDPL_ERROR fails the link (until cleanup: see
   remove_output).  Without the hook (a linker that offers none) they go
   to stderr, the level spelled out.  */
static void
vreport (enum ld_plugin_level level, const char *file, const char *fmt,
	 va_list ap)
{
  static const char *const kind[] = { "note", "warning", "error", "fatal" };
  va_list aq;
  va_copy (aq, ap);
  int n = vsnprintf (NULL, 0, fmt, ap);
  char *text = n >= 0 ? malloc (n + 1) : NULL;
  if (text)
    vsnprintf (text, n + 1, fmt, aq);
  va_end (aq);
  const char *t = text ? text : fmt;
  if (message && file)
    message (level, "btfld: %s: %s", file, t);
  else if (message)
    message (level, "btfld: %s", t);
  else if (level == LDPL_INFO)
    fprintf (stderr, "btfld: %s%s%s\n", file ? file : "", file ? ": " : "",
	     t);
  else
    fprintf (stderr, "btfld: %s%s%s: %s\n", file ? file : "",
	     file ? ": " : "", kind[level], t);
  free (text);
}

static void report (enum ld_plugin_level level, const char *file,
		    const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));

static void
report (enum ld_plugin_level level, const char *file, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vreport (level, file, fmt, ap);
  va_end (ap);
}

/* An error that fails the link, counted.  OOM: out of memory, not an
   input's fault.  */
static void report_error (const char *file, bool oom, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));

static void
report_error (const char *file, bool oom, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vreport (LDPL_ERROR, file, fmt, ap);
  va_end (ap);
  state.errors++;
  state.oom += oom;
}

/* ---- the inputs ----------------------------------------------------- */

/* Every relocatable input with .BTF, in claim order: its own symbols and
   sections (the per-object facts of the fixups), and what its .BTF was,
   to tell its part of the output's .BTF from the parts no claimed input
   accounts for.  */
struct input
{
  struct btfld_object *obj;
  size_t size;			/* of its .BTF */
  uint64_t hash;		/* contents_hash of it */
};
static struct input *inputs;
static size_t ninputs, inputs_cap;

/* One step of contents_hash: word W into H.  */
static inline uint64_t
hash_step (uint64_t h, uint64_t w)
{
  h = (h ^ w) * 0x9e3779b97f4a7c15ull;
  return h ^ (h >> 29);
}

/* contents_hash of N bytes, fed 32 at a time in four independent lanes
   (hash_blocks, N a multiple of 32), then the rest (hash_end): each
   input's .BTF is hashed when claimed and again in the output, and one
   chain of multiplications would wait on each multiplication.  */
struct hasher { uint64_t h[4]; };

static void
hash_init (struct hasher *s, size_t n)
{
  *s = (struct hasher) { { 14695981039346656037ull ^ n, 1, 2, 3 } };
}

static void
hash_blocks (struct hasher *s, const unsigned char *p, size_t n)
{
  uint64_t w;
  for (size_t i = 0; i < n; i += 32)
    for (int l = 0; l < 4; l++)
      {
	memcpy (&w, p + i + 8 * l, 8);
	s->h[l] = hash_step (s->h[l], w);
      }
}

static uint64_t
hash_end (struct hasher *s, const unsigned char *p, size_t n)
{
  uint64_t w, *h = s->h;
  size_t i = 0;
  for (; i + 8 <= n; i += 8)
    {
      memcpy (&w, p + i, 8);
      h[0] = hash_step (h[0], w);
    }
  for (; i < n; i++)
    h[0] = hash_step (h[0], p[i]);
  return hash_step (hash_step (hash_step (h[0], h[1]), h[2]), h[3]);
}

/* A hash of P's N bytes.  */
static uint64_t
contents_hash (const unsigned char *p, size_t n)
{
  struct hasher s;
  size_t blocks = n & ~(size_t) 31;
  hash_init (&s, n);
  hash_blocks (&s, p, blocks);
  return hash_end (&s, p + blocks, n - blocks);
}

/* ---- the merge thread ----------------------------------------------- */

/* Checking and merging the inputs' .BTF is half of the plugin's work
   and needs nothing ld decides: the thread does it in claim order while
   ld goes on linking.  Each input is queued as a job with a copy of its
   .BTF (ld reuses the memory it was read into).  The thread checks the
   inputs claimed before all_symbols_read, for which ld's thread waits;
   one claimed later is checked by ld's thread at once.  */
struct merge_job
{
  struct merge_job *next;
  const struct btfld_object *obj;	/* its facts, in INPUTS */
  void *data;			/* a copy of its .BTF */
  size_t size;
  char *label;			/* its name when the thread checks it */
  char *error;			/* what the check found */
  bool oom;			/* the check ran out of memory */
};

static struct
{
  pthread_mutex_t lock;
  pthread_cond_t wake, idle;
  pthread_t thread;
  bool running;			/* started and not joined (ld's thread) */
  bool off;			/* nothing more is queued (ld's thread) */
  /* Under LOCK.  */
  struct merge_job *head, **tail;
  struct merge_job *bad, **bad_tail;	/* malformed, in claim order */
  bool busy, closing;
  bool prepare;			/* every input is queued: prepare the
				   session once the queue is done */
  char *failed;			/* why the session failed (not an input's
				   fault), or NULL */
  /* The merge thread's until joined.  */
  struct btfld_session *s;
} merge = { .lock = PTHREAD_MUTEX_INITIALIZER,
	    .wake = PTHREAD_COND_INITIALIZER,
	    .idle = PTHREAD_COND_INITIALIZER };

/* Warnings the library gave on the merge thread, reported by ld's
   thread once it has waited for the thread.  */
struct held_warning
{
  struct held_warning *next;
  char text[];
};
static struct held_warning *held_warnings, **held_tail = &held_warnings;

static void
warn_hook (void *ctx, const char *msg)
{
  (void) ctx;
  if (pthread_equal (pthread_self (), ld_thread))
    {
      report (LDPL_WARNING, NULL, "%s", msg);
      return;
    }
  struct held_warning *w = malloc (sizeof *w + strlen (msg) + 1);
  if (!w)
    return;
  w->next = NULL;
  strcpy (w->text, msg);
  pthread_mutex_lock (&merge.lock);
  *held_tail = w;
  held_tail = &w->next;
  pthread_mutex_unlock (&merge.lock);
}

static void
report_held_warnings (void)
{
  pthread_mutex_lock (&merge.lock);
  struct held_warning *w = held_warnings;
  held_warnings = NULL;
  held_tail = &held_warnings;
  pthread_mutex_unlock (&merge.lock);
  while (w)
    {
      struct held_warning *next = w->next;
      report (LDPL_WARNING, NULL, "%s", w->text);
      free (w);
      w = next;
    }
}

static void
job_free (struct merge_job *j)
{
  free (j->data);
  free (j->label);
  free (j->error);
  free (j);
}

/* Check (when J has a label) and merge job J into the session (the
   merge thread); false when J's .BTF is malformed.  After a failure
   nothing more is merged: the link fails.  */
static bool
run_job (struct merge_job *j)
{
  pthread_mutex_lock (&merge.lock);
  bool failed = merge.failed;
  pthread_mutex_unlock (&merge.lock);
  if (failed)
    return true;
  int obj = -1, err = 0;
  if (opt.fixups)
    err = obj = btfld_session_add_object (merge.s, j->obj);
  if (obj >= 0 || !opt.fixups)
    err = j->label ? btfld_session_add_object_input (merge.s, j->data,
						     j->size, obj)
	  : btfld_session_add_checked_input (merge.s, j->data, j->size, obj);
  if (!err)
    return true;
  /* Malformed, or the session failed: the check alone tells.  */
  char *why = strdup (btfld_errmsg ());
  size_t nblobs;
  int bad = j->label && err != -ENOMEM
	    ? btfld_blobs_check (j->data, j->size, NULL, &nblobs) : 0;
  if (bad)
    {
      j->oom = bad == -ENOMEM;
      j->error = strdup (btfld_errmsg ());
    }
  pthread_mutex_lock (&merge.lock);
  merge.failed = why ? why : strdup ("out of memory");
  pthread_mutex_unlock (&merge.lock);
  return !bad;
}

static void *
merge_thread (void *unused)
{
  (void) unused;
  pthread_mutex_lock (&merge.lock);
  for (;;)
    {
      struct merge_job *j = merge.head;
      if (!j && merge.prepare)
	{
	  merge.prepare = false;
	  merge.busy = true;
	  /* On failure the session is as it was: its run does it all.  */
	  if (!merge.failed)
	    {
	      pthread_mutex_unlock (&merge.lock);
	      btfld_session_prepare (merge.s);
	      pthread_mutex_lock (&merge.lock);
	    }
	  continue;
	}
      if (!j)
	{
	  merge.busy = false;
	  pthread_cond_broadcast (&merge.idle);
	  if (merge.closing)
	    break;
	  pthread_cond_wait (&merge.wake, &merge.lock);
	  continue;
	}
      merge.busy = true;
      merge.head = j->next;
      if (!merge.head)
	merge.tail = &merge.head;
      pthread_mutex_unlock (&merge.lock);
      bool good = run_job (j);
      free (j->data);
      j->data = NULL;
      pthread_mutex_lock (&merge.lock);
      if (good)
	job_free (j);
      else
	{
	  j->next = NULL;
	  *merge.bad_tail = j;
	  merge.bad_tail = &j->next;
	}
    }
  pthread_mutex_unlock (&merge.lock);
  return NULL;
}

/* Start the merge thread and its session (ld's thread, at the first
   input with .BTF); false when they cannot be had (reported).  */
static bool
merge_start (void)
{
  if (merge.running)
    return true;
  if (merge.off)
    return false;
  struct btfld_session_opts so = session_opts ();
  merge.tail = &merge.head;
  merge.bad_tail = &merge.bad;
  int err = 0;
  if (!(merge.s = btfld_session_new (&so)))
    err = btfld_errcode ();
  else if ((err = pthread_create (&merge.thread, NULL, merge_thread, NULL)))
    err = btfld_error (-err, "cannot start the merge thread: %s",
		       strerror (err));
  if (err)
    {
      report_error (NULL, err == -ENOMEM, "%s", btfld_errmsg ());
      btfld_session_free (merge.s);
      merge.s = NULL;
      merge.off = true;
      return false;
    }
  merge.running = true;
  return true;
}

/* Queue a copy of the .BTF DATA, SIZE of object OBJ; LABEL: the input's
   name when the thread is to check it.  False when out of memory.  */
static bool
merge_queue (const struct btfld_object *obj, const void *data, size_t size,
	     const char *label)
{
  struct merge_job *j = calloc (1, sizeof *j);
  if (!j || !(j->data = malloc (size ? size : 1))
      || (label && !(j->label = strdup (label))))
    {
      if (j)
	job_free (j);
      return false;
    }
  memcpy (j->data, data, size);
  j->size = size;
  j->obj = obj;
  pthread_mutex_lock (&merge.lock);
  *merge.tail = j;
  merge.tail = &j->next;
  pthread_cond_signal (&merge.wake);
  pthread_mutex_unlock (&merge.lock);
  return true;
}

/* Wait until the merge thread has checked every queued input; report
   the malformed ones, in claim order, and the held warnings.  */
static void
merge_wait_checked (void)
{
  if (!merge.running)
    return;
  pthread_mutex_lock (&merge.lock);
  while (merge.head || merge.busy)
    pthread_cond_wait (&merge.idle, &merge.lock);
  struct merge_job *bad = merge.bad;
  merge.bad = NULL;
  merge.bad_tail = &merge.bad;
  char *failed = merge.failed && !bad ? strdup (merge.failed) : NULL;
  pthread_mutex_unlock (&merge.lock);
  report_held_warnings ();
  if (failed)
    report_error (NULL, strstr (failed, "out of memory") != NULL, "%s",
		  failed);
  free (failed);
  while (bad)
    {
      struct merge_job *next = bad->next;
      if (bad->error)
	report_error (bad->label, bad->oom, ".BTF: %s", bad->error);
      else
	report_error (bad->label, true, "out of memory while checking "
		      "its .BTF");
      job_free (bad);
      bad = next;
    }
}

/* Every input is queued: the thread prepares the session once it has
   merged them.  */
static void
merge_all_queued (void)
{
  if (!merge.running)
    return;
  pthread_mutex_lock (&merge.lock);
  merge.prepare = true;
  pthread_cond_signal (&merge.wake);
  pthread_mutex_unlock (&merge.lock);
}

/* Wait for the merge thread to finish and end it; the session is ld's
   thread's again.  */
static void
merge_join (void)
{
  if (!merge.running)
    return;
  pthread_mutex_lock (&merge.lock);
  merge.closing = true;
  pthread_cond_signal (&merge.wake);
  pthread_mutex_unlock (&merge.lock);
  pthread_join (merge.thread, NULL);
  merge.running = false;
  merge.off = true;
  report_held_warnings ();
}

/* ---- ld's command line ---------------------------------------------- */

/* Count the -plugin options among the N arguments of ARGS (NUL-separated,
   as /proc/self/cmdline), reading @FILE arguments as ld does (their
   arguments separated by white space), DEPTH levels deep.  */
static int count_plugin_opts (const char *args, size_t len, int depth);

static int
count_plugins_in_file (const char *path, int depth)
{
  FILE *f = depth > 0 ? fopen (path, "r") : NULL;
  char *buf = NULL;
  size_t cap = 0, n = 0;
  int c, count = -1;
  if (!f)
    return -1;
  /* Each word NUL-terminated, as in the command line.  */
  for (bool in_word = false; (c = getc (f)) != EOF || in_word;)
    {
      bool space = c == EOF || c == ' ' || c == '\t' || c == '\n'
		   || c == '\r';
      if (space && !in_word)
	continue;
      if (btfld_grow ((void **) &buf, &cap, n + 1, 1))
	goto out;
      buf[n++] = space ? 0 : c;
      in_word = !space;
    }
  count = count_plugin_opts (buf, n, depth - 1);
out:
  fclose (f);
  free (buf);
  return count;
}

static int
count_plugin_opts (const char *args, size_t len, int depth)
{
  int count = 0;
  for (size_t i = 0; i < len; i += strlen (args + i) + 1)
    {
      const char *a = args + i;
      int k;
      if (a[0] == '@' && (k = count_plugins_in_file (a + 1, depth)) >= 0)
	count += k;
      else if (a[0] == '@')
	return -1;
      else
	count += strcmp (a, "-plugin") == 0 || strcmp (a, "--plugin") == 0
		 || strncmp (a, "-plugin=", 8) == 0
		 || strncmp (a, "--plugin=", 9) == 0;
    }
  return count;
}

/* Whether ld loads no plugin but this one.  Another (gcc passes its LTO
   plugin on every link it drives) may have objects reach the output
   whose .BTF no claim_file of ours saw: ld offers an input to the
   plugins in turn until one claims it, and adds the objects LTO compiles
   after all_symbols_read.  Their .BTF joins the session in cleanup,
   which a prepared session cannot take.  False when it cannot be
   told.  */
static bool
only_plugin (void)
{
  FILE *f = fopen ("/proc/self/cmdline", "r");
  char *buf = NULL;
  size_t cap = 0, n = 0, got;
  if (!f)
    return false;
  do
    {
      if (btfld_grow ((void **) &buf, &cap, n + 4096, 1))
	{
	  fclose (f);
	  free (buf);
	  return false;
	}
      got = fread (buf + n, 1, cap - n, f);
      n += got;
    }
  while (got);
  fclose (f);
  int count = count_plugin_opts (buf, n, 4);
  free (buf);
  return count == 1;
}

/* ---- claim_file and all_symbols_read -------------------------------- */

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* "ARCHIVE(MEMBER)" for an archive member, else the file name;
   MEMBER gets the member's name, or "".  */
static char *
input_label (const struct ld_plugin_input_file *f, char *member, size_t n)
{
  *member = 0;
  if (f->offset > 0
      && btfld_ar_member_name (f->fd, f->offset, member, n) == 0)
    {
      char *s = malloc (strlen (f->name) + strlen (member) + 3);
      if (s)
	sprintf (s, "%s(%s)", f->name, member);
      return s;
    }
  *member = 0;
  return strdup (f->name);
}

/* The number of blobs of the .BTF DATA, SIZE as their headers give it
   (a malformed one is the check's to report).  */
static size_t
count_blobs (const unsigned char *p, size_t size)
{
  size_t n = 0, pos = 0;
  while (pos < size)
    if (!p[pos])
      pos++;
    else
      {
	long len = btfld_blob_size (p + pos, size - pos);
	if (len <= 0)
	  break;
	n++;
	pos += len;
      }
  return n;
}

/* Note input E (LABEL; MEMBER: its archive member's name, or NULL) with
   its .BTF DATA, SIZE, and hand it to the merge thread; CHECK: the
   thread checks it.  False when out of memory (reported).  */
static bool
note_input (struct btfld_elf *e, const char *label, const char *member,
	    const void *data, size_t size, bool check)
{
  struct btfld_object *o = NULL;
  int err = btfld_grow ((void **) &inputs, &inputs_cap, ninputs + 1,
			sizeof *inputs);
  if (!err && opt.fixups)
    {
      if (!(o = btfld_object_from_elf (e->elf, label)))
	err = btfld_errcode ();
      else if (member && (err = btfld_object_set_file (o, member)))
	btfld_object_free (o);
    }
  if (!err && !merge_queue (o, data, size, check ? label : NULL))
    {
      btfld_object_free (o);
      err = btfld_error (-ENOMEM, "out of memory while noting the input");
    }
  if (err)
    {
      report_error (label, err == -ENOMEM, "%s", btfld_errmsg ());
      merge.off = true;
      return false;
    }
  inputs[ninputs++] = (struct input) { o, size, contents_hash (data, size) };
  return true;
}

/* What claim_file reads each input into: one buffer for all of them.  */
static struct btfld_read_buf claim_buf;

/* The .BTF of input FILE (E), claimed: checked (by ld's thread once all
   symbols are read, else by the merge thread) and noted.  */
static void
take_btf (const struct ld_plugin_input_file *file, struct btfld_elf *e,
	  const void *data, size_t size)
{
  char member[256];
  char *label = input_label (file, member, sizeof member);
  if (!label)
    {
      report_error (file->name, true, "out of memory while reading the "
		    "file");
      merge.off = true;
      return;
    }
  state.inputs_btf++;
  size_t nblobs;
  int err = 0;
  if (!data)
    err = btfld_errcode () ? btfld_errcode () : -EINVAL;
  else if (symbols_read)
    err = btfld_blobs_check (data, size, NULL, &nblobs);
  if (err)
    report_error (label, err == -ENOMEM, ".BTF: %s", btfld_errmsg ());
  /* GNU ld decompresses only debug sections: it copies a compressed
     .BTF into the output as it is, compression header and all, and
     drops SHF_COMPRESSED (2.40), so the output's .BTF would not be
     BTF.  gold decompresses it.  */
  else if (gnu_ld_version && btfld_elf_section_compressed (e, ".BTF"))
    {
      report_error (label, false, ".BTF: compressed (SHF_COMPRESSED), "
		    "which GNU ld copies into the output still compressed, "
		    "without the flag; decompress it first (btf-objcopy "
		    "--btf-dedup writes it uncompressed)");
      state.compressed++;
    }
  else
    {
      if (opt.verbose)
	report (LDPL_INFO, label, "note: .BTF: %zu blob(s), %zu bytes",
		count_blobs (data, size), size);
      if (merge_start ())
	note_input (e, label, *member ? member : NULL, data, size,
		    !symbols_read);
    }
  free (label);
}

/* Look at input FILE: the .BTF of a relocatable one is ours.  Shared
   objects' BTF is not linked into the output: not ours.  */
static void
look_at_input (const struct ld_plugin_input_file *file)
{
  struct btfld_elf e;
  state.inputs++;
  int err = btfld_elf_open_reusing (&e, file->name, file->fd, file->offset,
				    file->filesize, &claim_buf);
  if (err == -ENOMEM)
    {
      /* Its .BTF, if any, would be in the output unchecked and of no
	 known object.  */
      report_error (file->name, true, "%s", btfld_errmsg ());
      merge.off = true;
      return;
    }
  if (err)
    return;			/* not ELF: not ours to judge */
  GElf_Ehdr eh;
  size_t size = 0;
  const void *data = NULL;
  if (gelf_getehdr (e.elf, &eh) && eh.e_type == ET_REL)
    data = btfld_elf_section (&e, ".BTF", &size);
  if (data || size == (size_t) -1)
    take_btf (file, &e, data, size);
  btfld_elf_close (&e);
}

static enum ld_plugin_status
claim_file (const struct ld_plugin_input_file *file, int *claimed)
{
  double t0 = now_ms ();
  *claimed = 0;
  look_at_input (file);
  state.ms += now_ms () - t0;
  /* Out of memory, the link fails: ld stops at once (an error from
     claim_file is fatal) rather than read the other inputs with the
     address space spent, where binutils' own out-of-memory paths can
     crash (2.40's bfd_check_format_matches frees a hash table it
     failed to make).  */
  if (state.oom)
    {
      report (LDPL_ERROR, NULL, "out of memory while reading the inputs; "
	      "no output written");
      return LDPS_ERR;
    }
  return LDPS_OK;
}

/* Every input is claimed: report the malformed ones, and let the merge
   thread go on with what needs no symbol.  */
static enum ld_plugin_status
all_symbols_read (void)
{
  double t0 = now_ms ();
  symbols_read = true;
  merge_wait_checked ();
  btfld_debug_step ("all symbols read");
  if (state.errors > state.compressed + state.oom)
    report (LDPL_ERROR, NULL, "%u input(s) with malformed .BTF; no output "
	    "written", state.errors - state.compressed - state.oom);
  if (state.oom)
    report (LDPL_ERROR, NULL, "out of memory while reading %u input(s); "
	    "no output written", state.oom);
  if (state.compressed)
    report (LDPL_ERROR, NULL, "%u input(s) with compressed .BTF; no "
	    "output written", state.compressed);
  /* The session can be prepared once no more input can join it.  */
  if (!state.errors && only_plugin ())
    merge_all_queued ();
  state.ms += now_ms () - t0;
  return state.errors ? LDPS_ERR : LDPS_OK;
}

/* ---- cleanup -------------------------------------------------------- */

/* ld ignores the status cleanup returns, and the output is written by
   then: remove it and end the link with status 1, so that a malformed
   .BTF of an LTO object fails it.  Not through LDPL_FATAL: that exits
   from inside ld's exit path, and binutils 2.44's ld_cleanup, entered a
   second time, closes its BFDs twice (double free, abort); 2.40 copes.
   gcc's LTO plugin comes before ours, its cleanup has run.  */
static void
remove_output (const char *why)
{
  report (LDPL_ERROR, output_name, "%s; output removed", why);
  unlink (output_name);
  fflush (NULL);
  _exit (1);
}

/* Count the FUNC and VAR records of the concatenated .BTF DATA.  */
static void
count_funcs_vars (const void *data, size_t size, unsigned *funcs,
		  unsigned *vars)
{
  struct btfld_blobs blobs = { 0 };
  *funcs = *vars = 0;
  if (btfld_blobs_add (&blobs, data, size, NULL) == 0)
    for (size_t b = 0; b < blobs.n; b++)
      for (uint32_t id = btfld_start_id (blobs.v[b]);
	   id < btfld_type_cnt (blobs.v[b]); id++)
	{
	  unsigned k = btfld_kind (btfld_type_by_id (blobs.v[b], id));
	  *funcs += k == BTF_KIND_FUNC;
	  *vars += k == BTF_KIND_VAR;
	}
  btfld_blobs_free (&blobs);
}

/* The output's .BTF, SIZE bytes: in memory (MEM), or read from FD at
   OFF through BUF (READ_CHUNK bytes) when it lies in the file's
   mapping, whose pages, once read, would stay in the link's memory
   until its end.  */
#define READ_CHUNK ((size_t) 1 << 20)
struct btf_source
{
  const unsigned char *mem;
  int fd;
  off_t off;
  size_t size;
  unsigned char *buf;
};

/* N bytes at POS of SRC (N <= READ_CHUNK): where they are, or NULL
   when they cannot be read.  */
static const unsigned char *
source_at (const struct btf_source *src, size_t pos, size_t n)
{
  if (src->mem)
    return src->mem + pos;
  return btfld_read_at (src->fd, src->off + pos, src->buf, n) ? NULL
	 : src->buf;
}

/* Whether IN's .BTF is at POS of SRC.  */
static bool
input_at (const struct input *in, const struct btf_source *src, size_t pos)
{
  struct hasher s;
  const unsigned char *p;
  size_t n = in->size;
  if (n > src->size - pos)
    return false;
  if (src->mem)
    return contents_hash (src->mem + pos, n) == in->hash;
  hash_init (&s, n);
  for (; n >= READ_CHUNK; pos += READ_CHUNK, n -= READ_CHUNK)
    {
      if (!(p = source_at (src, pos, READ_CHUNK)))
	return false;
      hash_blocks (&s, p, READ_CHUNK);
    }
  size_t blocks = n & ~(size_t) 31;
  if (!(p = source_at (src, pos, n)))
    return false;
  hash_blocks (&s, p, blocks);
  return hash_end (&s, p + blocks, n - blocks) == in->hash;
}

/* An error of the part at POS of the output's .BTF: name the blob's
   offset in the section, as a whole section's error does.  */
static int
part_error (int err, size_t pos)
{
  const char *m = btfld_errmsg ();
  size_t k = 0;
  int n = 0;
  if (sscanf (m, "blob at offset %zu: %n", &k, &n) == 1 && n)
    m += n;
  if (pos + k)
    {
      char *copy = strdup (m);
      btfld_error (err, "blob at offset %zu: %s", pos + k, copy ? copy : m);
      free (copy);
    }
  return err;
}

/* Add to S the parts of the output's .BTF DATA, SIZE that no claimed
   input accounts for (the objects LTO compiled), in the output's order,
   of no known object; MAPPED: DATA lies in E's mapping of the file,
   read through its descriptor.  The claimed inputs' parts may come in
   any order (a linker script's).  */
static int
add_unclaimed (struct btfld_session *s, const struct btfld_elf *e,
	       const void *data, size_t size, bool mapped)
{
  const unsigned char *p = data;
  struct btf_source src = { p, -1, 0, size, NULL };
  size_t pos = 0, next = 0;
  int err = 0;
  bool *used = calloc (ninputs + 1, sizeof *used);
  if (!used)
    return btfld_error (-ENOMEM, "out of memory");
  if (mapped && e->fd >= 0 && (src.buf = malloc (READ_CHUNK)))
    src = (struct btf_source) { NULL, e->fd, p - e->image, size, src.buf };
  while (!err && pos < size)
    {
      size_t hit = SIZE_MAX;
      for (size_t k = next; k < ninputs && hit == SIZE_MAX; k++)
	if (!used[k] && input_at (&inputs[k], &src, pos))
	  hit = k;
      for (size_t k = 0; k < next && hit == SIZE_MAX; k++)
	if (!used[k] && input_at (&inputs[k], &src, pos))
	  hit = k;
      if (hit != SIZE_MAX)
	{
	  used[hit] = true;
	  pos += inputs[hit].size;
	  next = hit + 1;
	}
      else if (!p[pos])
	pos++;			/* alignment padding */
      else
	{
	  long len = btfld_blob_size (p + pos, size - pos);
	  if (len <= 0)
	    len = size - pos;	/* the session says what is wrong */
	  if ((err = btfld_session_add_object_input (s, p + pos, len, -1)))
	    part_error (err, pos);
	  pos += len;
	}
    }
  free (src.buf);
  free (used);
  return err;
}

/* Where each input's sections landed, from the output E's symbols.  */
static int
place_objects (struct btfld_elf *e)
{
  struct btfld_object **v;
  if (!opt.fixups || !ninputs)
    return 0;
  if (!(v = malloc (ninputs * sizeof *v)))
    return btfld_error (-ENOMEM, "out of memory");
  for (size_t i = 0; i < ninputs; i++)
    v[i] = inputs[i].obj;
  int err = btfld_objects_place (v, ninputs, e->elf);
  free (v);
  return err;
}

/* -s / --strip-all: only .dynsym's symbols place FUNCs and VARs; say
   what that kept of the output RAW's.  */
static void
warn_stripped (const void *raw, size_t raw_size)
{
  unsigned kf, kv;
  count_funcs_vars (raw, raw_size, &kf, &kv);
  report (LDPL_WARNING, output_name, "no symbol table in the output (-s, "
	  "--strip-all): FUNCs and VARs only for the symbols of .dynsym (%u "
	  "FUNC and %u VAR kept, the inputs' other records dropped): ld "
	  "tells a plugin no symbol values, and the section headers say "
	  "where each output section lies, not where each input section "
	  "landed in it; link without -s and strip the output afterwards "
	  "(strip keeps .BTF) to keep them all", kf, kv);
}

/* Run S on the output E, whose .BTF is DATA, SIZE, and write the result
   into it; on failure the output is removed.  T0: when cleanup began
   (the stats' time).  */
static void
run_session (struct btfld_session *s, struct btfld_elf *e, const void *data,
	     size_t size, double t0)
{
  bool mapped = e->map && (const char *) data >= (const char *) e->map
		&& (const char *) data + size
		   <= (const char *) e->map + e->map_len;
  GElf_Ehdr eh;
  unsigned nf = 0, nv = 0;
  bool stripped = opt.fixups && gelf_getehdr (e->elf, &eh)
		  && eh.e_type != ET_REL && !btfld_elf_has_symtab (e->elf);
  if (stripped)
    count_funcs_vars (data, size, &nf, &nv);
  void *raw = NULL, *braw = NULL;
  size_t raw_size = 0, braw_size = 0;
  if (add_unclaimed (s, e, data, size, mapped)
      || btfld_session_symbols_from_elf (s, e->elf)
      || (opt.kfunc_tags
	  && btfld_session_kfuncs_from_elf (s, e->elf, opt.kfunc_tags))
      || place_objects (e) || btfld_session_run (s)
      || btfld_session_raw (s, opt.layout, &raw, &raw_size, &braw, &braw_size))
    remove_output (btfld_errmsg ());
  if (stripped && (nf || nv))
    warn_stripped (raw, raw_size);
  struct btfld_sec_update u[2] = { { ".BTF", raw, raw_size },
				   { ".BTF.base", braw, braw_size } };
  btfld_debug_step ("output BTF");
  if (btfld_elf_write (e, output_name, u, braw ? 2 : 1))
    remove_output (btfld_errmsg ());
  const struct btfld_stats *st = btfld_session_stats (s);
  if (opt.stats)
    report (LDPL_INFO, output_name, "stats: inputs %u (%u with BTF), blobs "
	    "%u, types %lu -> %lu, bytes %lu -> %lu, %.1f ms", state.inputs,
	    state.inputs_btf, st->blobs, st->types_in, st->types_out,
	    st->bytes_in, st->bytes_out, state.ms + now_ms () - t0);
  free (raw);
  free (braw);
}

/* The link wrote the output: replace its .BTF with the session's S
   (NULL: no claimed input had .BTF).  T0: when cleanup began.  */
static void
rewrite_output (struct btfld_session *s, double t0)
{
  struct btfld_elf e;
  size_t size;
  /* A link that failed (an undefined symbol) leaves an unfinished file
     without an ELF header, which ld removes after this: not ours.  */
  unsigned char magic[SELFMAG];
  FILE *f = fopen (output_name, "rb");
  bool is_elf = f && fread (magic, 1, SELFMAG, f) == SELFMAG
		&& memcmp (magic, ELFMAG, SELFMAG) == 0;
  if (f)
    fclose (f);
  else if (errno != ENOENT)
    {
      /* The output is there (cleanup saw it) with the inputs' .BTF
	 as ld concatenated them: not to be left so.  */
      btfld_error (-errno, "cannot read: %s", strerror (errno));
      remove_output (btfld_errmsg ());
    }
  if (!is_elf)
    return;
  btfld_debug_step ("link done");
  if (btfld_elf_open (&e, output_name, -1, 0, 0))
    remove_output (btfld_errmsg ());
  e.build_id = &build_id;
  e.own_output = true;
  const void *data = btfld_elf_section (&e, ".BTF", &size);
  if (!data)
    {
      if (size == (size_t) -1)
	remove_output (btfld_errmsg ());
      btfld_elf_close (&e);
      return;
    }
  if (merge.failed)
    remove_output (merge.failed);
  struct btfld_session_opts so = session_opts ();
  if (!s && !(s = merge.s = btfld_session_new (&so)))
    remove_output (btfld_errmsg ());
  run_session (s, &e, data, size, t0);
  btfld_elf_close (&e);
  btfld_debug_step ("output written");
}

static enum ld_plugin_status
cleanup (void)
{
  double t0 = now_ms ();
  merge_join ();
  free (claim_buf.p);
  claim_buf = (struct btfld_read_buf) { NULL, 0 };
  /* Nothing was written when the link failed.  */
  if (!state.errors && access (output_name, F_OK) == 0)
    rewrite_output (merge.s, t0);
  btfld_session_free (merge.s);
  merge.s = NULL;
  for (size_t i = 0; i < ninputs; i++)
    btfld_object_free (inputs[i].obj);
  free (inputs);
  inputs = NULL;
  ninputs = inputs_cap = 0;
  return LDPS_OK;
}

/* ---- loading -------------------------------------------------------- */

static int
parse_option (const char *o)
{
  if (strcmp (o, "verbose") == 0)
    opt.verbose = true;
  else if (strcmp (o, "stats") == 0)
    opt.stats = true;
  else if (strcmp (o, "no-fixups") == 0)
    opt.fixups = false;
  else if (strcmp (o, "engine=libbpf") == 0)
    opt.engine = BTFLD_ENGINE_LIBBPF;
  else if (strcmp (o, "engine=btfld") == 0)
    opt.engine = BTFLD_ENGINE_BTFLD;
  else if (strncmp (o, "base=", 5) == 0 && o[5])
    opt.base_path = o + 5;
  else if (strcmp (o, "distill") == 0)
    opt.distill = true;
  else if (strcmp (o, "vars=all") == 0)
    opt.vars = BTFLD_VARS_ALL;
  else if (strcmp (o, "vars=percpu") == 0)
    opt.vars = BTFLD_VARS_PERCPU;
  else if (strcmp (o, "vars=none") == 0)
    opt.vars = BTFLD_VARS_NONE;
  else if (strcmp (o, "kfunc-tags") == 0
	   || strcmp (o, "kfunc-tags=flagged") == 0)
    opt.kfunc_tags = BTFLD_KFUNCS_FLAGGED;
  else if (strcmp (o, "kfunc-tags=all") == 0)
    opt.kfunc_tags = BTFLD_KFUNCS_ALL;
  else if (strcmp (o, "consistent-funcs") == 0
	   || strcmp (o, "consistent-funcs=proto") == 0)
    opt.funcs = BTFLD_FUNCS_PROTO;
  else if (strcmp (o, "consistent-funcs=addr") == 0)
    opt.funcs = BTFLD_FUNCS_ADDR;
  else if (strcmp (o, "layout") == 0)
    opt.layout = true;
  else if (strcmp (o, "version") == 0)
    opt.version = true;
  else if (strcmp (o, "optimized-func") == 0)
    opt.clones |= BTFLD_CLONES_OPTIMIZED_FUNC;
  else if (strcmp (o, "true-signature") == 0)
    opt.clones |= BTFLD_CLONES_TRUE_SIGNATURE;
  else if (strncmp (o, "btf-features=", 13) == 0
	   && btfld_clone_features (o + 13, &opt.clones) == 0)
    ;
  else
    {
      report (LDPL_ERROR, NULL, "unknown plugin option '%s' (known: "
	      "verbose, stats, no-fixups, engine=btfld|libbpf, base=FILE, "
	      "distill, vars=all|percpu|none, kfunc-tags[=flagged|all], "
	      "consistent-funcs[=proto|addr], optimized-func, "
	      "true-signature, btf-features=LIST, layout, version)", o);
      return -1;
    }
  return 0;
}

enum ld_plugin_status
onload (struct ld_plugin_tv *tv)
{
  ld_plugin_register_claim_file reg_claim = NULL;
  ld_plugin_register_all_symbols_read reg_asr = NULL;
  ld_plugin_register_cleanup reg_cleanup = NULL;
  int bad = 0;
  bool had_options = false;
  struct ld_plugin_tv *first = tv;

  for (; tv->tv_tag != LDPT_NULL; tv++)
    switch (tv->tv_tag)
      {
      case LDPT_MESSAGE: message = tv->tv_u.tv_message; break;
      case LDPT_REGISTER_CLAIM_FILE_HOOK:
	reg_claim = tv->tv_u.tv_register_claim_file; break;
      case LDPT_REGISTER_ALL_SYMBOLS_READ_HOOK:
	reg_asr = tv->tv_u.tv_register_all_symbols_read; break;
      case LDPT_REGISTER_CLEANUP_HOOK:
	reg_cleanup = tv->tv_u.tv_register_cleanup; break;
      case LDPT_OUTPUT_NAME: output_name = tv->tv_u.tv_string; break;
      case LDPT_GNU_LD_VERSION: gnu_ld_version = tv->tv_u.tv_val; break;
      case LDPT_OPTION: had_options = true; break;
      default: break;
      }
  /* Once the message hook is known: ld passes the options first.  */
  for (tv = first; tv->tv_tag != LDPT_NULL; tv++)
    if (tv->tv_tag == LDPT_OPTION)
      bad |= parse_option (tv->tv_u.tv_string);
  if (bad)
    return LDPS_ERR;
  /* ld prints LDPL_INFO on stdout, with no prefix, as its own
     informational output.  The link goes on.  */
  if (opt.version)
    {
      if (message)
	message (LDPL_INFO, "btfld.so (btfld) %s", BTFLD_VERSION_STRING);
      else
	printf ("btfld.so (btfld) %s\n", BTFLD_VERSION_STRING);
    }
  if (opt.distill && !opt.base_path)
    {
      report (LDPL_ERROR, NULL, "plugin option distill needs base=FILE");
      return LDPS_ERR;
    }
  if (opt.base_path && !(base_btf = btfld_read_base_file (opt.base_path)))
    {
      report (LDPL_ERROR, NULL, "base: %s", btfld_errmsg ());
      return LDPS_ERR;
    }
  /* BFD's plugin target (ar, nm, ranlib, and ld for inputs no other
     target reads) loads whatever lies in a bfd-plugins directory, with
     claim_file alone: there is no link to take part in, so stay out of
     it quietly rather than fail or print on every run of those tools.  */
  if (!reg_asr && !reg_cleanup && !had_options)
    return LDPS_OK;
  if (!reg_claim || !reg_asr || !reg_cleanup)
    {
      report (LDPL_ERROR, NULL, "the linker lacks the plugin hooks btfld "
	      "needs");
      return LDPS_ERR;
    }
  btfld_build_id_from_self (&build_id);
  ld_thread = pthread_self ();
  btfld_set_warn_hook (warn_hook, NULL);
  if (reg_claim (claim_file) != LDPS_OK || reg_asr (all_symbols_read) != LDPS_OK
      || reg_cleanup (cleanup) != LDPS_OK)
    return LDPS_ERR;
  return LDPS_OK;
}
