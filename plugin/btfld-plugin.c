/* btfld-plugin.c -- ld plugin: one deduplicated, kernel-valid .BTF per
   link.

   claim_file: never claims; hands the .BTF of every relocatable input
     (archive members included) to the merge thread, which checks and
     merges the inputs in that order while ld links.
   all_symbols_read: waits for the checks and reports what they found,
     so a malformed input fails the link before any output is written
     (ld stops here on failure); inputs claimed after it are checked at
     once.
   With base=FILE the output .BTF is split BTF on FILE's BTF (ids after
   the base's; types the base has are not repeated); with distill, a
   distilled .BTF.base goes beside it (the module case).  With
   kfunc-tags, the FUNCs of the output's .BTF_ids kfunc sets get a
   DECL_TAG 'bpf_kfunc', as btf-objcopy --btf-kfunc-tags gives them.
   cleanup: ld has written and closed the output; its .BTF is the
     concatenation of the inputs' blobs (LTO ones included).  When it is
     exactly the claimed inputs in claim order, the merge thread's result
     is it; otherwise (LTO, a linker script's order) merge it anew.  Fix
     up with the output's own symbols, deduplicate, and replace the
     section atomically.  ld ignores errors from cleanup, so a failure there
     removes the output and says so.  */

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
#include <sys/mman.h>
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
static int linker_output = -1;
/* LDPT_GNU_LD_VERSION: 100 * major + minor of GNU ld (ld.bfd), 0 for
   another linker (gold passes LDPT_GOLD_VERSION instead).  */
static int gnu_ld_version;

static struct
{
  bool verbose, stats, fixups, distill, version;
  enum btfld_engine engine;
  const char *base_path;
  enum btfld_vars vars;
  int kfunc_tags;		/* 0, or an enum btfld_kfunc_sets */
  unsigned clones;		/* enum btfld_clone_funcs flags */
} opt = { false, false, true, false, false, BTFLD_ENGINE_BTFLD, NULL,
	  BTFLD_VARS_ALL, 0, 0 };

/* The base of base=FILE, read at load time so a bad one fails the link
   before anything happens.  */
static struct btfld_btf *base_btf;

static struct
{
  unsigned inputs, inputs_btf, errors, compressed;
  unsigned oom;			/* of ERRORS: out of memory, not the
				   input's fault */
  double ms;			/* ld's thread in claim_file and
				   all_symbols_read: the stats' time,
				   with cleanup's */
} state;
/* all_symbols_read has run: inputs claimed now (LTO's) are checked at
   once.  */
static bool symbols_read;

static void diag (const char *kind, const char *file, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));

/* Every relocatable input with .BTF, in the order ld loaded them: its
   own symbols and sections (the per-object facts of the fixups), and
   what its .BTF was, to find it again in the output's.  */
struct input
{
  struct btfld_object *obj;
  size_t size;			/* of its .BTF */
  uint64_t hash;		/* contents_hash of it */
  unsigned char head[32];	/* its first bytes */
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
   (hash_blocks, N a multiple of 32), then the rest (hash_end): every
   input's .BTF is hashed twice (a kernel's: 325 MB), and one lane's
   chain of multiplications ran at a quarter of the speed.  */
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

/* Memory an input's .BTF is copied into for the merge thread, which
   hands it back once merged: the copies of a kernel's thousands of
   inputs reuse a few buffers' pages, since faulting in a fresh page
   costs more than the copy (malloc gave each copy fresh ones).  */
struct btf_copy
{
  void *p;
  size_t cap;
  bool in_ring;			/* in ahead.ring, not mapped apart */
};

/* A copy's memory is mapped apart, not malloc's: given back, it leaves
   the process (malloc kept it in the heap, 60 MB more at the peak).  */
static struct btf_copy
copy_new (size_t size)
{
  struct btf_copy c = { NULL, (size_t) 1 << 20, false };
  /* Rounded up, so that the next inputs fit it too.  */
  while (c.cap < size)
    c.cap *= 2;
  c.p = mmap (NULL, c.cap, PROT_READ | PROT_WRITE,
	      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (c.p == MAP_FAILED)
    c = (struct btf_copy) { NULL, 0, false };
  return c;
}

static void
copy_free (struct btf_copy c)
{
  if (c.p && !c.in_ring)
    munmap (c.p, c.cap);
}

/* At most this many spare copies, of this many bytes in all: the
   thread merges some way behind ld.  */
#define COPIES_KEPT 64
#define COPIES_KEPT_BYTES ((size_t) 64 << 20)

/* The merge thread.  Checking and merging the inputs' .BTF is half of
   the plugin's work and needs nothing ld decides: the inputs are
   checked and merged in claim order while ld goes on linking, into a
   session cleanup uses as it is when the output's .BTF turns out to be
   those inputs in that order.  all_symbols_read waits for the checks
   and reports what they found, so a malformed input still fails the
   link before any output is written.  When the thread runs behind,
   ld's thread checks an input itself (claim_file) and queues it
   checked: the backlog all_symbols_read waits for grows with the number
   of inputs (ld reads a large link's inputs faster per input than a
   small one's), and checking is about a fifth of the thread's work.
   The wait is not left out: what the thread merged beside the rest of
   the link would be memory at ld's peak.  */
struct merge_job
{
  struct merge_job *next;
  const struct btfld_object *obj;
  const void *data;		/* the input's .BTF, a copy in COPY */
  size_t size;
  struct btf_copy copy;
  char *label;			/* the input's name, to report a check */
  char *error;			/* what the check found, for ld's thread */
  bool oom;			/* the check ran out of memory */
};

static struct
{
  pthread_mutex_t lock;
  pthread_cond_t wake, idle;
  pthread_t thread;
  bool running, closing, busy;
  struct merge_job *head, **tail;
  struct merge_job *bad, **bad_tail;	/* checked: malformed */
  struct btfld_session *s;
  size_t merged;		/* inputs merged, in claim order */
  bool failed;			/* a merge failed: cleanup merges anew
				   (and reports what) */
  bool off;			/* ld's thread: nothing more is queued */
  bool prepare;			/* all symbols are read: when the queue is
				   done, prepare the session (the part of
				   its run that needs no symbols) */
  size_t queued_bytes;		/* .BTF queued, not yet merged */
  bool oom;			/* a check ran out of memory */
  struct btf_copy spare[COPIES_KEPT];	/* merged jobs' memory */
  size_t nspare, spare_bytes;
  /* The copies, in claim order: the thread merges the jobs in the
     order they were queued and gives each copy back in that order, so
     one ring of huge pages serves them all (each copy apart faulted
     its pages in, a fault per 4 KB; a kernel's link made hundreds of
     fresh copies while the thread ran behind).  In use: [tail, head),
     or [tail, the end of the last copy) then [0, head) once head has
     wrapped; NCOPIES copies.  */
  char *ring;
  size_t ring_head, ring_tail, ring_ncopies;
} ahead = { .lock = PTHREAD_MUTEX_INITIALIZER,
	    .wake = PTHREAD_COND_INITIALIZER,
	    .idle = PTHREAD_COND_INITIALIZER };

static struct btfld_session_opts session_opts (bool keep_input_pages);

#define RING_BYTES ((size_t) 64 << 20)

/* The thread runs behind when more .BTF than this waits for it: about
   20 ms of its work.  */
#define BEHIND_BYTES ((size_t) 4 << 20)

/* A copy of SIZE bytes from the ring (ahead.lock held); none when the
   ring is full or cannot be allocated, or for a copy larger than a
   quarter of it.  */
static struct btf_copy
ring_take (size_t size)
{
  struct btf_copy c = { NULL, 0, false };
  size = (size + 63) & ~(size_t) 63;
  if (!size || size > RING_BYTES / 4)
    return c;
  if (!ahead.ring && !(ahead.ring = btfld_huge_malloc (RING_BYTES, 1)))
    return c;
  size_t at;
  if (!ahead.ring_ncopies)
    at = 0;			/* head and tail are 0 (ring_give) */
  else if (ahead.ring_head > ahead.ring_tail)
    {
      if (RING_BYTES - ahead.ring_head >= size)
	at = ahead.ring_head;
      else if (ahead.ring_tail > size)
	at = 0;			/* wraps; strictly below tail, so that
				   head never meets it from below */
      else
	return c;
    }
  else if (ahead.ring_tail - ahead.ring_head > size)
    at = ahead.ring_head;
  else
    return c;
  ahead.ring_head = at + size;
  ahead.ring_ncopies++;
  return (struct btf_copy) { ahead.ring + at, size, true };
}

/* Copy C back to the ring (ahead.lock held): the oldest in use.  */
static void
ring_give (struct btf_copy c)
{
  ahead.ring_tail = (size_t) ((char *) c.p - ahead.ring) + c.cap;
  if (!--ahead.ring_ncopies)
    ahead.ring_head = ahead.ring_tail = 0;
}

/* Check (when J->label says so) and merge job J; false when J's .BTF
   is malformed (J->error says how, or is NULL: out of memory).  */
static bool
run_job (struct merge_job *j, bool *failed)
{
  int obj = -1;
  if (!*failed && opt.fixups)
    obj = btfld_session_add_object (ahead.s, j->obj);
  if (!*failed && (!opt.fixups || obj >= 0)
      && (j->label ? btfld_session_add_object_input (ahead.s, j->data,
						     j->size, obj)
	  : btfld_session_add_checked_input (ahead.s, j->data, j->size,
					     obj)) == 0)
    return true;
  size_t nblobs;
  *failed = true;
  int err = j->label ? btfld_blobs_check (j->data, j->size, NULL, &nblobs)
		     : 0;
  if (!err)
    return true;		/* not the input's fault: merged anew */
  /* An input the check could not finish is not malformed, but not
     known good either: the link fails, saying why.  */
  j->oom = err == -ENOMEM;
  if (j->oom)
    {
      pthread_mutex_lock (&ahead.lock);
      ahead.oom = true;
      pthread_mutex_unlock (&ahead.lock);
    }
  j->error = strdup (btfld_errmsg ());
  return false;
}

static void *
merge_thread (void *unused)
{
  (void) unused;
  pthread_mutex_lock (&ahead.lock);
  for (;;)
    {
      struct merge_job *j = ahead.head;
      if (!j && ahead.prepare)
	{
	  /* Once: an input merged after it fails (cleanup merges anew).  */
	  ahead.prepare = false;
	  if (!ahead.failed)
	    {
	      ahead.busy = true;
	      pthread_mutex_unlock (&ahead.lock);
	      /* On failure the session is as it was: cleanup runs it all.  */
	      btfld_session_prepare (ahead.s);
	      pthread_mutex_lock (&ahead.lock);
	    }
	  continue;
	}
      if (!j)
	{
	  ahead.busy = false;
	  pthread_cond_broadcast (&ahead.idle);
	  if (ahead.closing)
	    break;
	  pthread_cond_wait (&ahead.wake, &ahead.lock);
	  continue;
	}
      ahead.busy = true;
      ahead.head = j->next;
      if (!ahead.head)
	ahead.tail = &ahead.head;
      bool failed = ahead.failed;
      size_t size = j->size;
      pthread_mutex_unlock (&ahead.lock);
      bool good = run_job (j, &failed);
      pthread_mutex_lock (&ahead.lock);
      ahead.queued_bytes -= size;
      if (j->copy.in_ring)
	ring_give (j->copy);
      else if (ahead.nspare < COPIES_KEPT
	       && ahead.spare_bytes + j->copy.cap <= COPIES_KEPT_BYTES)
	{
	  ahead.spare[ahead.nspare++] = j->copy;
	  ahead.spare_bytes += j->copy.cap;
	}
      else
	copy_free (j->copy);
      j->copy = (struct btf_copy) { NULL, 0, false };
      ahead.failed |= failed;
      ahead.merged += !failed;
      if (good)
	{
	  free (j->label);
	  free (j);
	}
      else
	{
	  j->next = NULL;
	  *ahead.bad_tail = j;
	  ahead.bad_tail = &j->next;
	}
    }
  pthread_mutex_unlock (&ahead.lock);
  return NULL;
}

/* Whether the merge thread runs (started at the first call).  */
static bool
merge_ahead_ready (void)
{
  if (!ahead.off && !ahead.running)
    {
      struct btfld_session_opts so = session_opts (true);
      ahead.tail = &ahead.head;
      ahead.bad_tail = &ahead.bad;
      if (!(ahead.s = btfld_session_new (&so))
	  || pthread_create (&ahead.thread, NULL, merge_thread, NULL))
	{
	  btfld_session_free (ahead.s);
	  ahead.s = NULL;
	  ahead.off = true;
	}
      else
	ahead.running = true;
    }
  return !ahead.off;
}

/* Free the spare copies (ld's thread, the merge thread idle).  */
static void
free_spare_copies (void)
{
  pthread_mutex_lock (&ahead.lock);
  while (ahead.nspare)
    copy_free (ahead.spare[--ahead.nspare]);
  ahead.spare_bytes = 0;
  if (!ahead.ring_ncopies)
    {
      free (ahead.ring);
      ahead.ring = NULL;
    }
  pthread_mutex_unlock (&ahead.lock);
}

/* Whether the merge thread runs behind (see BEHIND_BYTES).  */
static bool
merge_ahead_behind (void)
{
  pthread_mutex_lock (&ahead.lock);
  bool behind = ahead.queued_bytes > BEHIND_BYTES;
  pthread_mutex_unlock (&ahead.lock);
  return behind;
}

/* A job for a copy of the .BTF DATA, SIZE of input OBJ; LABEL: the
   input's name when the thread is to check it too.  NULL when out of
   memory (then nothing more is queued and cleanup merges everything).  */
static struct merge_job *
merge_job (const struct btfld_object *obj, const void *data, size_t size,
	   const char *label)
{
  struct merge_job *j = calloc (1, sizeof *j);
  struct btf_copy c = { NULL, 0, false };
  if (!j || (label && !(j->label = strdup (label))))
    {
      free (j);
      ahead.off = true;
      return NULL;
    }
  pthread_mutex_lock (&ahead.lock);
  /* The ring only once the thread runs behind: while it keeps up, a few
     spare copies serve, and the ring's address space would be taken
     from ld for nothing (under a memory limit, ld fails sooner).  */
  if (ahead.ring || ahead.queued_bytes > BEHIND_BYTES)
    c = ring_take (size);
  if (!c.p && ahead.nspare)
    {
      c = ahead.spare[--ahead.nspare];
      ahead.spare_bytes -= c.cap;
    }
  pthread_mutex_unlock (&ahead.lock);
  if (c.cap < size)
    {
      copy_free (c);
      c = copy_new (size);
    }
  if (!c.p)
    {
      free (j->label);
      free (j);
      ahead.off = true;
      return NULL;
    }
  j->copy = c;
  j->data = memcpy (c.p, data, size);
  j->size = size;
  j->obj = obj;
  return j;
}

static void
merge_ahead (struct merge_job *j)
{
  pthread_mutex_lock (&ahead.lock);
  *ahead.tail = j;
  ahead.tail = &j->next;
  ahead.queued_bytes += j->size;
  pthread_cond_signal (&ahead.wake);
  pthread_mutex_unlock (&ahead.lock);
}

/* Wait until the merge thread has checked every queued input; report
   the malformed ones, in claim order.  */
static void
merge_ahead_checked (void)
{
  if (!ahead.running)
    return;
  pthread_mutex_lock (&ahead.lock);
  while (ahead.head || ahead.busy)
    pthread_cond_wait (&ahead.idle, &ahead.lock);
  struct merge_job *bad = ahead.bad;
  ahead.bad = NULL;
  ahead.bad_tail = &ahead.bad;
  pthread_mutex_unlock (&ahead.lock);
  while (bad)
    {
      struct merge_job *next = bad->next;
      diag ("error", bad->label, ".BTF: %s",
	    bad->error ? bad->error : "out of memory while checking it");
      state.errors++;
      state.oom += bad->oom || !bad->error;
      free (bad->error);
      free (bad->label);
      free (bad);
      bad = next;
    }
}

/* Wait for the merge thread to finish the queue; its session, when
   every noted input is in it, else NULL (then freed).  */
static struct btfld_session *
merge_ahead_join (void)
{
  struct btfld_session *s = ahead.s;
  if (!ahead.running)
    return NULL;
  pthread_mutex_lock (&ahead.lock);
  ahead.closing = true;
  pthread_cond_signal (&ahead.wake);
  pthread_mutex_unlock (&ahead.lock);
  pthread_join (ahead.thread, NULL);
  ahead.running = false;
  ahead.s = NULL;
  if (ahead.off || ahead.failed || ahead.merged != ninputs)
    {
      btfld_session_free (s);
      s = NULL;
    }
  return s;
}

/* Note input E (LABEL; MEMBER: its archive member's name, or NULL) and
   its .BTF DATA, SIZE; false if it could not be.  */
static bool
note_input (struct btfld_elf *e, const char *label, const char *member,
	    const void *data, size_t size)
{
  /* Grown by doubling: one more each time copied the whole array as
     many times as a kernel has objects.  */
  struct input *n = btfld_grow ((void **) &inputs, &inputs_cap, ninputs + 1,
				sizeof *inputs) ? NULL : inputs;
  struct btfld_object *o = opt.fixups ? btfld_object_from_elf (e->elf, label)
			   : NULL;
  if (o && member && btfld_object_set_file (o, member))
    {
      btfld_object_free (o);
      o = NULL;
    }
  if (!n || (opt.fixups && !o))
    {
      ahead.off = true;		/* the link fails anyway */
      const char *m = n ? btfld_errmsg () : "out of memory while noting "
			  "the input";
      diag ("error", label, "%s", m);
      btfld_object_free (o);
      state.errors++;
      state.oom += strncmp (m, "out of memory", 13) == 0;
      return false;
    }
  n[ninputs].obj = o;
  n[ninputs].size = size;
  n[ninputs].hash = contents_hash (data, size);
  memset (n[ninputs].head, 0, sizeof n[ninputs].head);
  memcpy (n[ninputs].head, data,
	  size < sizeof n->head ? size : sizeof n->head);
  ninputs++;
  return true;
}

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Our diagnostics have a fixed form, "btfld: FILE: error: ...", so
   they go to stderr directly rather than through ld's prefixes.  */
static void
diag (const char *kind, const char *file, const char *fmt, ...)
{
  va_list ap;
  fprintf (stderr, "btfld: ");
  if (file)
    fprintf (stderr, "%s: ", file);
  fprintf (stderr, "%s: ", kind);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
}

static void
warn_hook (void *ctx, const char *msg)
{
  diag ("warning", (const char *) ctx, "%s", msg);
}

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
  else if (strcmp (o, "version") == 0)
    opt.version = true;
  else if (strcmp (o, "optimized-func") == 0)
    opt.clones |= BTFLD_CLONES_OPTIMIZED_FUNC;
  else if (strcmp (o, "true-signature") == 0)
    opt.clones |= BTFLD_CLONES_TRUE_SIGNATURE;
  else
    {
      diag ("error", NULL, "unknown plugin option '%s' (known: verbose, "
	    "stats, no-fixups, engine=btfld|libbpf, base=FILE, distill, "
	    "vars=all|percpu|none, kfunc-tags[=flagged|all], optimized-func, "
	    "true-signature, version)", o);
      return -1;
    }
  return 0;
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

/* Time claim_file took on ld's thread, and the inputs it checked, for
   BTFLD_DEBUG.  */
static double claim_ms;
static size_t claim_checks;

/* Check the .BTF DATA, SIZE of input LABEL now (*NBLOBS: its blobs);
   a malformed one is reported and counted.  */
static bool
check_now (const char *label, const void *data, size_t size,
	   size_t *nblobs)
{
  claim_checks++;
  int err = data ? btfld_blobs_check (data, size, NULL, nblobs) : -EINVAL;
  if (!err)
    return true;
  diag ("error", label, ".BTF: %s", btfld_errmsg ());
  state.errors++;
  state.oom += err == -ENOMEM;
  return false;
}

/* What claim_file reads each input into: touched once, not once per
   input (malloc gave a kernel's 2,700 inputs fresh pages each time).  */
static struct btfld_read_buf claim_buf;

/* Validate the .BTF of a relocatable input FILE, and note it.  Shared
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
      diag ("error", file->name, "%s", btfld_errmsg ());
      state.errors++;
      state.oom++;
      ahead.off = true;
      return;
    }
  if (err)
    return;			/* not ELF: not ours to judge */
  GElf_Ehdr eh;
  size_t size = 0;
  const void *data = NULL;
  struct merge_job *job = NULL;
  if (gelf_getehdr (e.elf, &eh) && eh.e_type == ET_REL)
    data = btfld_elf_section (&e, ".BTF", &size);
  if (data || size == (size_t) -1)
    {
      size_t nblobs = 0;
      char member[256];
      char *label = input_label (file, member, sizeof member);
      if (!label)
	{
	  diag ("error", file->name, "out of memory while reading the "
		"file");
	  state.errors++;
	  state.oom++;
	  ahead.off = true;
	  btfld_elf_close (&e);
	  return;
	}
      /* Until all symbols are read, the merge thread checks it, unless
	 it runs behind.  */
      bool later = data && !symbols_read && !opt.verbose
		   && merge_ahead_ready () && !merge_ahead_behind ();
      state.inputs_btf++;
      bool ok = later || check_now (label, data, size, &nblobs);
      /* GNU ld decompresses only debug sections: it copies a compressed
	 .BTF into the output as it is, compression header and all, and
	 drops SHF_COMPRESSED (2.40), so the output's .BTF would not be
	 BTF.  gold decompresses it.  */
      if (ok && gnu_ld_version
	  && btfld_elf_section_compressed (&e, ".BTF"))
	{
	  diag ("error", label, ".BTF: compressed (SHF_COMPRESSED), which "
		"GNU ld copies into the output still compressed, without "
		"the flag; decompress it first (btf-objcopy --btf-dedup "
		"writes it uncompressed)");
	  state.errors++;
	  state.compressed++;
	}
      else if (ok)
	{
	  if (opt.verbose)
	    diag ("note", label, ".BTF: %zu blob(s), %zu bytes", nblobs,
		  size);
	  bool noted = note_input (&e, label, *member ? member : NULL, data,
				   size);
	  if (noted && merge_ahead_ready ())
	    job = merge_job (inputs[ninputs - 1].obj, data, size,
			     later ? label : NULL);
	  if (noted && later && !job)
	    check_now (label, data, size, &nblobs);
	}
      free (label);
    }
  btfld_elf_close (&e);
  if (job)
    merge_ahead (job);
}

/* Whether the merge thread ran out of memory checking an input.  */
static bool
merge_ahead_oom (void)
{
  pthread_mutex_lock (&ahead.lock);
  bool oom = ahead.oom;
  pthread_mutex_unlock (&ahead.lock);
  return oom;
}

static enum ld_plugin_status
claim_file (const struct ld_plugin_input_file *file, int *claimed)
{
  double t0 = now_ms ();
  *claimed = 0;
  look_at_input (file);
  double ms = now_ms () - t0;
  claim_ms += ms;
  state.ms += ms;
  /* Out of memory, the link fails: ld stops at once (an error from
     claim_file is fatal) rather than read the other inputs with the
     address space spent, where binutils' own out-of-memory paths can
     crash (2.40's bfd_check_format_matches frees a hash table it
     failed to make).  */
  if (!state.oom && ahead.running && merge_ahead_oom ())
    merge_ahead_checked ();
  if (state.oom)
    {
      diag ("error", NULL, "out of memory while reading the inputs; no "
	    "output written");
      return LDPS_ERR;
    }
  return LDPS_OK;
}

/* Every input is claimed: report the malformed ones, and let the merge
   thread go on with what needs no symbol.  */
static enum ld_plugin_status
symbols_are_read (void)
{
  double t0 = now_ms ();
  symbols_read = true;
  merge_ahead_checked ();
  free_spare_copies ();
  if (getenv ("BTFLD_DEBUG"))
    {
      pthread_mutex_lock (&ahead.lock);
      fprintf (stderr, "btfld: all symbols read: %zu of %zu inputs merged; "
	       "checked %zu in claim_file; claim_file %.1f ms, waited "
	       "%.1f ms\n", ahead.merged, ninputs, claim_checks, claim_ms,
	       now_ms () - t0);
      pthread_mutex_unlock (&ahead.lock);
      btfld_debug_step ("all symbols read");
    }
  if (state.errors > state.compressed + state.oom)
    diag ("error", NULL, "%u input(s) with malformed .BTF; no output "
	  "written", state.errors - state.compressed - state.oom);
  if (state.oom)
    diag ("error", NULL, "out of memory while reading %u input(s); no "
	  "output written", state.oom);
  if (state.compressed)
    diag ("error", NULL, "%u input(s) with compressed .BTF; no output "
	  "written", state.compressed);
  if (state.errors)
    return LDPS_ERR;
  /* Every input ld offered is queued: the thread can go on with what
     needs no symbol while ld links.  */
  if (ahead.running)
    {
      pthread_mutex_lock (&ahead.lock);
      ahead.prepare = true;
      pthread_cond_signal (&ahead.wake);
      pthread_mutex_unlock (&ahead.lock);
    }
  return LDPS_OK;
}

/* The same, timed for the stats.  */
static enum ld_plugin_status
all_symbols_read (void)
{
  double t0 = now_ms ();
  enum ld_plugin_status st = symbols_are_read ();
  state.ms += now_ms () - t0;
  return st;
}

/* ld ignores the status cleanup returns, and the output is written by
   then: remove it and end the link with status 1, so that a malformed
   .BTF of an LTO object fails it.  Not through LDPL_FATAL: that exits
   from inside ld's exit path, and binutils 2.44's ld_cleanup, entered a
   second time, closes its BFDs twice (double free, abort); 2.40 copes.
   gcc's LTO plugin comes before ours, its cleanup has run.  */
static void
remove_output (const char *why)
{
  diag ("error", output_name, "%s; output removed", why);
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

/* The per-object facts: where each input's sections landed, found
   from the output's symbols; with ADD, S gets them (the merge thread's
   session has them already).  */
static int
add_objects (struct btfld_session *s, struct btfld_elf *e, bool add)
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
  for (size_t i = 0; !err && add && i < ninputs; i++)
    if (btfld_session_add_object (s, inputs[i].obj) != (int) i)
      err = -EINVAL;
  return err;
}

/* The output's .BTF, SIZE bytes: in memory (MEM), or read from FD at
   OFF through BUF (READ_CHUNK bytes).  A mapped section is read so:
   its page faults cost more than the reads.  */
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

/* contents_hash of the N bytes at POS of SRC, or false when they
   cannot be read.  */
static bool
source_hash (const struct btf_source *src, size_t pos, size_t n,
	     uint64_t *h)
{
  struct hasher s;
  const unsigned char *p;
  if (src->mem)
    {
      *h = contents_hash (src->mem + pos, n);
      return true;
    }
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
  *h = hash_end (&s, p + blocks, n - blocks);
  return true;
}

static bool
input_at (const struct input *in, const struct btf_source *src, size_t pos)
{
  size_t head = in->size < sizeof in->head ? in->size : sizeof in->head;
  const unsigned char *p;
  uint64_t h;
  return in->size <= src->size - pos && (p = source_at (src, pos, head))
	 && memcmp (p, in->head, head) == 0 && source_hash (src, pos, in->size,
							    &h)
	 && h == in->hash;
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

/* The merged part of the output's .BTF is dropped in steps of at least
   this many bytes: each madvise flushes the TLB, which costs a virtual
   machine dearly.  */
#define RELEASE_STEP ((size_t) 8 << 20)

/* Read up to POS of the output's .BTF P, SIZE (in the file's private
   mapping when MAPPED): drop the clean pages since *RELEASED once a
   step's worth or all of it is read.  */
static void
release_read (const unsigned char *p, size_t size, size_t pos,
	      size_t *released, bool mapped)
{
  if (mapped && (pos - *released >= RELEASE_STEP || pos == size))
    {
      btfld_release_pages (p, *released, pos, true);
      *released = pos;
    }
}

/* The output's .BTF DATA is the inputs' .BTF sections, as ld put them
   one after another (aligned): each part in the session as its input's
   blobs.  A part no noted input has (the objects LTO compiled) is of no
   known object.  */
static int
add_btf (struct btfld_session *s, const void *data, size_t size,
	 bool mapped)
{
  const unsigned char *p = data;
  const struct btf_source src = { p, -1, 0, size, NULL };
  size_t pos = 0, next = 0, released = 0;
  int err = 0;
  bool *used = calloc (ninputs + 1, sizeof *used);
  if (!used)
    return btfld_error (-ENOMEM, "out of memory");
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
	  /* claim_file checked these bytes.  */
	  err = btfld_session_add_checked_input (s, p + pos, inputs[hit].size,
						 opt.fixups ? (int) hit : -1);
	  if (err)
	    part_error (err, pos);
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
      release_read (p, size, pos, &released, mapped);
    }
  free (used);
  return err;
}

/* Whether the output's .BTF DATA, SIZE is the noted inputs in claim
   order and nothing else (alignment padding between them): what the
   merge thread merged.  MAPPED: DATA lies in E's mapping of the
   file, whose descriptor reads it.  */
static bool
in_claim_order (const struct btfld_elf *e, const void *data, size_t size,
		bool mapped)
{
  struct btf_source src = { data, -1, 0, size, NULL };
  size_t pos = 0, k = 0;
  const unsigned char *p;
  bool in_order = true;
  if (mapped && e->fd >= 0 && (src.buf = malloc (READ_CHUNK)))
    {
      src.mem = NULL;
      src.fd = e->fd;
      src.off = (const unsigned char *) data - e->image;
    }
  while (pos < size && in_order)
    {
      if (k < ninputs && input_at (&inputs[k], &src, pos))
	pos += inputs[k++].size;
      else if ((p = source_at (&src, pos, 1)) && !*p)
	pos++;
      else
	in_order = false;
    }
  free (src.buf);
  return in_order && k == ninputs;
}

static struct btfld_session_opts
session_opts (bool keep_input_pages __attribute__ ((unused)))
{
  return (struct btfld_session_opts) {
    .fixups = opt.fixups, .engine = opt.engine, .base = base_btf,
    .distill = opt.distill, .vars = opt.vars, .clones = opt.clones };
}

/* AHEAD: the merge thread's session, or NULL; freed here.  T0: when
   cleanup began (the stats' time).  */
static void
rewrite_output (struct btfld_session *ahead_s, double t0)
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
      btfld_session_free (ahead_s);
      btfld_error (-errno, "cannot read: %s", strerror (errno));
      return remove_output (btfld_errmsg ());
    }
  if (!is_elf)
    {
      btfld_session_free (ahead_s);
      return;
    }
  btfld_debug_step ("link done");
  if (btfld_elf_open (&e, output_name, -1, 0, 0))
    return remove_output (btfld_errmsg ());
  e.build_id = &build_id;
  e.own_output = true;
  const void *data = btfld_elf_section (&e, ".BTF", &size);
  if (!data)
    {
      btfld_session_free (ahead_s);
      if (size == (size_t) -1)
	remove_output (btfld_errmsg ());
      btfld_elf_close (&e);
      return;
    }
  /* The session: the output's .BTF (the inputs' blobs as ld
     concatenated them), its symbols and, with kfunc-tags, its .BTF_ids
     kfunc sets; we only write the result.  The output's .BTF, when not
     decompressed into a copy, lies in the private mapping of the file,
     which nothing writes: add_btf drops its pages as it goes.  */
  bool mapped = e.map && (const char *) data >= (const char *) e.map
		&& (const char *) data + size
		   <= (const char *) e.map + e.map_len;
  bool merged = ahead_s && in_claim_order (&e, data, size, mapped);
  struct btfld_session_opts so = session_opts (mapped);
  struct btfld_session *s = merged ? ahead_s : btfld_session_new (&so);
  if (!merged)
    btfld_session_free (ahead_s);
  btfld_debug_step (merged ? "merged beside the link" : "merge anew");
  /* -s / --strip-all: only .dynsym's symbols place FUNCs and VARs.  */
  GElf_Ehdr eh;
  unsigned nf = 0, nv = 0;
  bool stripped = opt.fixups && gelf_getehdr (e.elf, &eh)
		  && eh.e_type != ET_REL && !btfld_elf_has_symtab (e.elf);
  if (stripped)
    count_funcs_vars (data, size, &nf, &nv);
  void *raw = NULL, *braw = NULL;
  size_t raw_size = 0, braw_size = 0;
  if (!s || btfld_session_symbols_from_elf (s, e.elf)
      || (opt.kfunc_tags
	  && btfld_session_kfuncs_from_elf (s, e.elf, opt.kfunc_tags))
      || add_objects (s, &e, !merged)
      || (!merged && add_btf (s, data, size, mapped))
      || btfld_session_run (s)
      || btfld_session_raw (s, false, &raw, &raw_size, &braw, &braw_size))
    remove_output (btfld_errmsg ());
  else
    {
      const struct btfld_stats *st = btfld_session_stats (s);
      if (stripped && (nf || nv))
	{
	  unsigned kf, kv;
	  count_funcs_vars (raw, raw_size, &kf, &kv);
	  diag ("warning", output_name, "no symbol table in the output (-s, "
		"--strip-all): FUNCs and VARs only for the symbols of "
		".dynsym (%u FUNC and %u VAR kept, the inputs' other records "
		"dropped): ld tells a plugin no symbol values, and the "
		"section headers say where each output section lies, not "
		"where each input section landed in it; link without -s and "
		"strip the output afterwards (strip keeps .BTF) to keep them "
		"all", kf, kv);
	}
      struct btfld_sec_update u[2] = { { ".BTF", raw, raw_size },
				       { ".BTF.base", braw, braw_size } };
      btfld_debug_step ("output BTF");
      if (btfld_elf_write (&e, output_name, u, braw ? 2 : 1))
	remove_output (btfld_errmsg ());
      else if (opt.stats)
	diag ("stats", output_name, "inputs %u (%u with BTF), blobs %u, "
	      "types %lu -> %lu, bytes %lu -> %lu, %.1f ms", state.inputs,
	      state.inputs_btf, st->blobs, st->types_in, st->types_out,
	      st->bytes_in, st->bytes_out, state.ms + now_ms () - t0);
    }
  free (raw);
  free (braw);
  btfld_session_free (s);
  btfld_elf_close (&e);
  btfld_debug_step ("output written");
}

static enum ld_plugin_status
cleanup (void)
{
  double t0 = now_ms ();
  struct btfld_session *ahead_s = merge_ahead_join ();
  if (getenv ("BTFLD_DEBUG"))
    fprintf (stderr, "btfld: cleanup: waited %.1f ms for the merge "
	     "thread\n", now_ms () - t0);
  free (claim_buf.p);
  claim_buf = (struct btfld_read_buf) { NULL, 0 };
  free_spare_copies ();
  /* Nothing was written when the link failed.  */
  if (!state.errors && access (output_name, F_OK) == 0)
    rewrite_output (ahead_s, t0);
  else
    btfld_session_free (ahead_s);
  for (size_t i = 0; i < ninputs; i++)
    btfld_object_free (inputs[i].obj);
  free (inputs);
  inputs = NULL;
  ninputs = inputs_cap = 0;
  return LDPS_OK;
}

enum ld_plugin_status
onload (struct ld_plugin_tv *tv)
{
  ld_plugin_register_claim_file reg_claim = NULL;
  ld_plugin_register_all_symbols_read reg_asr = NULL;
  ld_plugin_register_cleanup reg_cleanup = NULL;
  int bad = 0;
  bool had_options = false;

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
      case LDPT_LINKER_OUTPUT: linker_output = tv->tv_u.tv_val; break;
      case LDPT_GNU_LD_VERSION: gnu_ld_version = tv->tv_u.tv_val; break;
      case LDPT_OPTION:
	had_options = true;
	bad |= parse_option (tv->tv_u.tv_string);
	break;
      default: break;
      }
  if (bad)
    return LDPS_ERR;
  /* Through ld's own message hook, as its other informational output: ld
     prints LDPL_INFO on stdout, with no prefix.  The link goes on.  */
  if (opt.version)
    {
      if (message)
	message (LDPL_INFO, "btfld.so (btfld) %s", BTFLD_VERSION_STRING);
      else
	printf ("btfld.so (btfld) %s\n", BTFLD_VERSION_STRING);
    }
  if (opt.distill && !opt.base_path)
    {
      diag ("error", NULL, "plugin option distill needs base=FILE");
      return LDPS_ERR;
    }
  if (opt.base_path && !(base_btf = btfld_read_base_file (opt.base_path)))
    {
      diag ("error", NULL, "base: %s", btfld_errmsg ());
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
      diag ("error", NULL, "the linker lacks the plugin hooks btfld needs");
      return LDPS_ERR;
    }
  btfld_build_id_from_self (&build_id);
  btfld_set_warn_hook (warn_hook, NULL);
  if (reg_claim (claim_file) != LDPS_OK || reg_asr (all_symbols_read) != LDPS_OK
      || reg_cleanup (cleanup) != LDPS_OK)
    return LDPS_ERR;
  return LDPS_OK;
}
