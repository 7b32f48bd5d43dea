/* error.c -- the last error message and the warning hook.  */

#include "btfld-int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static char errbuf[1024];

const char *
btfld_errmsg (void)
{
  return errbuf[0] ? errbuf : "unknown error";
}

int
btfld_error (int err, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (errbuf, sizeof errbuf, fmt, ap);
  va_end (ap);
  return err;
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
