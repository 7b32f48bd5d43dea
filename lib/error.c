/* error.c -- the last error message, the warning hook and the
   BTFLD_DEBUG report of each step.  */

#include "btfld-int.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* Per thread: the plugin merges inputs on a thread of its own while ld's
   thread validates the next ones.  Not in __thread variables: in a
   library ld loads with dlopen, glibc allocates those on a thread's first
   use and aborts the process when it cannot (under ulimit -v).  Each
   thread's state is allocated here instead; a thread that cannot have
   one shares OOM_STATE, which says "out of memory" and keeps nothing.  */
struct err_state
{
  char buf[1024];
  int code;
  const char *phase;		/* what the thread is doing, for "out of
				   memory" to say where */
};

static pthread_key_t err_key;
static pthread_once_t err_once = PTHREAD_ONCE_INIT;
static bool err_key_ok;
static struct err_state oom_state;

static void
err_key_init (void)
{
  err_key_ok = pthread_key_create (&err_key, free) == 0;
}

static struct err_state *
state (void)
{
  pthread_once (&err_once, err_key_init);
  if (!err_key_ok)
    return &oom_state;
  struct err_state *st = pthread_getspecific (err_key);
  if (st)
    return st;
  if (!(st = calloc (1, sizeof *st)))
    return &oom_state;
  if (pthread_setspecific (err_key, st))
    {
      free (st);
      return &oom_state;
    }
  return st;
}

const char *
btfld_errmsg (void)
{
  struct err_state *st = state ();
  if (st == &oom_state)
    return "out of memory";
  return st->buf[0] ? st->buf : "unknown error";
}

int
btfld_errcode (void)
{
  struct err_state *st = state ();
  if (st == &oom_state)
    return -ENOMEM;
  return st->code ? st->code : -EINVAL;
}

int
btfld_error (int err, const char *fmt, ...)
{
  struct err_state *st = state ();
  if (st == &oom_state)
    return err;
  va_list ap;
  st->code = err;
  va_start (ap, fmt);
  int len = vsnprintf (st->buf, sizeof st->buf, fmt, ap);
  va_end (ap);
  if (err == -ENOMEM && st->phase && len >= 0
      && (size_t) len < sizeof st->buf)
    snprintf (st->buf + len, sizeof st->buf - len, " while %s", st->phase);
  return err;
}

const char *
btfld_phase (const char *what)
{
  struct err_state *st = state ();
  if (st == &oom_state)
    return NULL;
  const char *was = st->phase;
  st->phase = what;
  return was;
}

int
btfld_error_if_unset (int err)
{
  struct err_state *st = state ();
  if (st == &oom_state || st->buf[0])
    return err;
  /* Every failure but an allocation's says what it was.  */
  return btfld_error (-ENOMEM, "out of memory");
}

void
btfld_error_clear (void)
{
  struct err_state *st = state ();
  if (st == &oom_state)
    return;
  st->buf[0] = '\0';
  st->code = 0;
}

void
btfld_error_prefix (const char *prefix)
{
  struct err_state *st = state ();
  if (st == &oom_state)
    return;
  char tmp[sizeof st->buf];
  size_t len = strlen (prefix);
  if (len + 2 >= sizeof tmp)
    return;
  memcpy (tmp, prefix, len);
  memcpy (tmp + len, ": ", 2);
  size_t el = strnlen (st->buf, sizeof tmp - len - 3);
  memcpy (tmp + len + 2, st->buf, el);
  tmp[len + 2 + el] = '\0';
  memcpy (st->buf, tmp, sizeof st->buf);
}

static void
default_warn (void *ctx, const char *msg)
{
  (void) ctx;
  fprintf (stderr, "btfld: warning: %s\n", msg);
}

static btfld_warn_fn warn_fn = default_warn;
static void *warn_ctx;

void
btfld_set_warn_hook (btfld_warn_fn fn, void *ctx)
{
  warn_fn = fn ? fn : default_warn;
  warn_ctx = ctx;
}

void
btfld_warn (const char *fmt, ...)
{
  char buf[1024];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  warn_fn (warn_ctx, buf);
}

/* With BTFLD_DEBUG set: the time since the last step, the process's
   CPU time, its current and peak RSS, on stderr.  The bench reads these
   lines to tell the phases apart.  */
void
btfld_debug_step (const char *what)
{
  static struct timespec last;
  struct timespec now;
  struct rusage ru;
  long pages = 0, rss = 0;
  if (!getenv ("BTFLD_DEBUG"))
    return;
  clock_gettime (CLOCK_MONOTONIC, &now);
  getrusage (RUSAGE_SELF, &ru);
  FILE *f = fopen ("/proc/self/statm", "r");
  if (f)
    {
      if (fscanf (f, "%ld %ld", &pages, &rss) != 2)
	rss = 0;
      fclose (f);
    }
  double cpu = ru.ru_utime.tv_sec + ru.ru_stime.tv_sec
	       + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
  fprintf (stderr, "btfld: %s: %.1f ms, CPU %.2f s, RSS %ld MB, "
	   "peak %ld MB\n", what,
	   last.tv_sec ? (now.tv_sec - last.tv_sec) * 1e3
	   + (now.tv_nsec - last.tv_nsec) / 1e6 : 0.0, cpu,
	   rss * 4096 / 1048576, ru.ru_maxrss / 1024);
  last = now;
}
