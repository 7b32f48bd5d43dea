#define _GNU_SOURCE 1
/* dedup.c -- the deduplication interface and its engines.  The libbpf
   engine round-trips through libbpf's own BTF object.  */

#include "btfld-int.h"

#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>
#include <sys/wait.h>
#include <stdlib.h>
#include <string.h>

/* libbpf 1.1's shared library does not export btf__new_split: split BTF
   goes through an in-memory file instead.  */
static struct btf *
new_split (const void *raw, size_t size, struct btf *base)
{
  char path[64];
  struct btf *lb = NULL;
  int fd = memfd_create ("btfld-split", MFD_CLOEXEC);
  if (fd < 0)
    return NULL;
  if (write (fd, raw, size) == (ssize_t) size)
    {
      snprintf (path, sizeof path, "/proc/self/fd/%d", fd);
      lb = btf__parse_raw_split (path, base);
      if (libbpf_get_error (lb))
	lb = NULL;
    }
  close (fd);
  return lb;
}

static struct btf *
to_libbpf (const struct btfld_btf *b, struct btf *base)
{
  size_t size;
  void *raw = btfld_btf_raw (b, &size);
  if (!raw)
    return NULL;
  struct btf *lb = base ? new_split (raw, size, base) : btf__new (raw, size);
  free (raw);
  if (!lb)
    btfld_error (-EINVAL, "libbpf cannot load the merged BTF: %s",
		 strerror (errno));
  return lb;
}

/* libbpf's dedup on BTF; returns the raw result (malloc'd).  */
static void *
libbpf_dedup_raw (const struct btfld_btf *btf, uint32_t *size)
{
  struct btf *lbase = NULL, *lb = NULL;
  void *res = NULL;
  const struct btfld_btf *base = btfld_base (btf);
  if (base && !(lbase = to_libbpf (base, NULL)))
    return NULL;
  if (!(lb = to_libbpf (btf, lbase)))
    goto out;
  if (btf__dedup (lb, NULL))
    {
      btfld_error (-EINVAL, "libbpf dedup failed: %s", strerror (errno));
      goto out;
    }
  const void *raw = btf__raw_data (lb, size);
  if (raw && (res = malloc (*size)))
    memcpy (res, raw, *size);
out:
  btf__free (lb);
  btf__free (lbase);
  return res;
}

/* libbpf 1.1's dedup crashes on some of gcc 12's BTF (a struct FWD that
   names an enum): run it in a child so a crash is an error, not the
   death of the linker.  The result comes back through a memfd.  */
static struct btfld_btf *
dedup_libbpf (const struct btfld_btf *btf)
{
  int fd = memfd_create ("btfld-libbpf", MFD_CLOEXEC), status;
  if (fd < 0)
    {
      btfld_error (-errno, "memfd_create: %s", strerror (errno));
      return NULL;
    }
  fflush (NULL);
  pid_t pid = fork ();
  if (pid == 0)
    {
      uint32_t size = 0;
      void *raw = libbpf_dedup_raw (btf, &size);
      bool ok = raw && write (fd, raw, size) == (ssize_t) size;
      free (raw);
      _exit (ok ? 0 : 1);
    }
  struct btfld_btf *out = NULL;
  if (pid < 0 || waitpid (pid, &status, 0) != pid)
    btfld_error (-ECHILD, "cannot run the libbpf engine");
  else if (WIFSIGNALED (status))
    btfld_error (-EINVAL, "libbpf dedup crashed (signal %d)",
		 WTERMSIG (status));
  else if (WEXITSTATUS (status))
    btfld_error (-EINVAL, "libbpf dedup failed");
  else
    {
      off_t size = lseek (fd, 0, SEEK_END);
      void *raw = size > 0 ? malloc (size) : NULL;
      if (raw && pread (fd, raw, size, 0) == size)
	out = btfld_btf_parse (raw, size, btfld_base (btf));
      else
	btfld_error (-EIO, "cannot read the libbpf engine's result");
      free (raw);
    }
  close (fd);
  return out;
}

/* The input may hold any number of types (a link's concatenation is
   never loaded); the deduplicated result is what gets written, so it is
   the one held to the kernel's limits.  */
struct btfld_btf *
btfld_dedup (const struct btfld_btf *btf, const uint32_t *blob_of,
	     enum btfld_engine engine)
{
  struct btfld_btf *out;
  switch (engine)
    {
    case BTFLD_ENGINE_BTFLD:
      out = btfld_dedup_engine (btf, blob_of);
      break;
    case BTFLD_ENGINE_LIBBPF:
      out = dedup_libbpf (btf);
      break;
    default:
      btfld_error (-EINVAL, "unknown dedup engine %d", engine);
      return NULL;
    }
  if (out && btfld_check_output (out))
    {
      btfld_btf_free (out);
      return NULL;
    }
  return out;
}
