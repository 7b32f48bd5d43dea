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

static struct btfld_btf *
dedup_libbpf (const struct btfld_btf *btf)
{
  struct btf *lbase = NULL, *lb = NULL;
  struct btfld_btf *out = NULL;
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
  uint32_t size;
  const void *raw = btf__raw_data (lb, &size);
  if (raw)
    out = btfld_btf_parse (raw, size, base);
out:
  btf__free (lb);
  btf__free (lbase);
  return out;
}

struct btfld_btf *
btfld_dedup (const struct btfld_btf *btf, enum btfld_engine engine)
{
  switch (engine)
    {
    case BTFLD_ENGINE_LIBBPF:
      return dedup_libbpf (btf);
    default:
      btfld_error (-EINVAL, "unknown dedup engine %d", engine);
      return NULL;
    }
}
