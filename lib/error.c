/* error.c -- the last error message, the warning hook and the
   BTFLD_DEBUG report of each step.  */

#include "btfld-int.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* Per thread: the plugin merges inputs on a thread of its own while ld's
   thread validates the next ones.  */
static __thread char errbuf[1024];
/* What the thread is doing, for "out of memory" to say where.  */
static __thread const char *phase;
/* The code of the last error: -ENOMEM tells an allocation's failure
   from what the input is to blame for.  */
static __thread int errcode;

const char *
btfld_errmsg (void)
{
  return errbuf[0] ? errbuf : "unknown error";
}

int
btfld_error (int err, const char *fmt, ...)
{
  va_list ap;
  errcode = err;
  va_start (ap, fmt);
  int len = vsnprintf (errbuf, sizeof errbuf, fmt, ap);
  va_end (ap);
  if (err == -ENOMEM && phase && len >= 0 && (size_t) len < sizeof errbuf)
    snprintf (errbuf + len, sizeof errbuf - len, " while %s", phase);
  return err;
}

const char *
btfld_phase (const char *what)
{
  const char *was = phase;
  phase = what;
  return was;
}

int
btfld_error_if_unset (int err)
{
  if (errbuf[0])
    return err;
  /* Every failure but an allocation's says what it was.  */
  return btfld_error (-ENOMEM, "out of memory");
}

void
btfld_error_clear (void)
{
  errbuf[0] = '\0';
  errcode = 0;
}

int
btfld_errcode (void)
{
  return errbuf[0] ? errcode : 0;
}

void
btfld_error_prefix (const char *prefix)
{
  char tmp[sizeof errbuf];
  size_t len = strlen (prefix);
  if (len + 2 >= sizeof tmp)
    return;
  memcpy (tmp, prefix, len);
  memcpy (tmp + len, ": ", 2);
  size_t el = strnlen (errbuf, sizeof tmp - len - 3);
  memcpy (tmp + len + 2, errbuf, el);
  tmp[len + 2 + el] = '\0';
  memcpy (errbuf, tmp, sizeof errbuf);
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
