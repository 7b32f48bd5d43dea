/* btf-load: ask the running kernel what it thinks of a BTF blob.

   Runs inside the test guest as a static binary (gcc -static -O2).

   Usage:
     btf-load FILE...               load each FILE with bpf(BPF_BTF_LOAD)
     btf-load --dump [--base BASE] FILE...
                                    print each type of FILE's BTF
     btf-load --info FILE...        print FILE's BTF header summary
     btf-load --call-kfunc MODULE FUNC A B
                                    call kfunc FUNC of MODULE with (A, B)
                                    from a BPF_PROG_TYPE_SYSCALL program
     btf-load --fentry LIST         attach an fentry program to each
                                    function LIST names (one a line)
     btf-load --fentry-args MODULE PREFIX TRIGGER VALUE
                                    read the arguments of MODULE's clones
                                    of PREFIX when VALUE is written to
                                    TRIGGER

   FILE is either raw BTF (starting with the 0xeB9F magic) or an ELF64
   file with a .BTF section; section headers are parsed here, so the
   guest needs no libelf.

   For a load, the verdict is printed as one of
     btf-load: FILE: OK fd=N size=S
     btf-load: FILE: REJECTED errno=E (message)
   followed, on a rejection, by the end of the kernel's verifier log, one
   "btf-load: log: LINE" per line.  A load is first tried without a log
   (so that large valid BTF cannot fail for lack of log space) and retried
   with log level 1 when the kernel refuses it.

   --dump resolves names of split BTF (such as /sys/kernel/btf/MODULE)
   against --base (for instance /sys/kernel/btf/vmlinux) and prints
     btf-dump: FILE: [ID] KIND 'NAME'
   and, for each member of a STRUCT or UNION, the types it refers to
   (through pointers, qualifiers and typedefs), "(base)" marking a type of
   the base BTF:
     btf-member: FILE: STRUCT.MEMBER -> [ID] KIND ['NAME'] -> ... [(base)]
   --call-kfunc finds FUNC in /sys/kernel/btf/MODULE (on
   /sys/kernel/btf/vmlinux) and MODULE's BTF object, loads a sleepable
   BPF_PROG_TYPE_SYSCALL program calling FUNC (A, B), runs it with
   BPF_PROG_RUN and prints
     bpf-kfunc: MODULE FUNC: id=ID loaded
     bpf-kfunc: MODULE FUNC: retval=R
   or, when the kernel refuses the program, "bpf-kfunc: ... REJECTED" and
   the verifier log.
   --fentry finds each function's FUNC in /sys/kernel/btf/vmlinux, loads
   an fentry program (BPF_PROG_TYPE_TRACING, BPF_TRACE_FENTRY, "return
   0") for it, attaches it and detaches it again, and prints one of
     bpf-fentry: NAME: attached
     bpf-fentry: NAME: no FUNC
     bpf-fentry: NAME: load errno=E (MESSAGE)
     bpf-fentry: NAME: attach errno=E (MESSAGE)
   and at the end "bpf-fentry: N attached of M".
   --fentry-args attaches, to every FUNC of /sys/kernel/btf/MODULE named
   PREFIX.SUFFIX (gcc's clones of function PREFIX: true_signature), an
   fentry program that stores the arguments its FUNC_PROTO says the
   function takes in an array map; then it writes VALUE to the file
   TRIGGER (which makes the module call them) and prints, in id order,
     bpf-fentry-args: NAME: A1 A2 ...    (each argument as a signed long)
     bpf-fentry-args: NAME: not called
     bpf-fentry-args: NAME: load errno=E (MESSAGE) | attach errno=E ...
   and at the end "bpf-fentry-args: N read of M".
   --info prints
     btf-info: FILE: magic=0xeb9f version=V flags=F hdr=H types=N type_len=T str_len=S

   Exit status: 0 if every file was accepted (or dumped), 1 if the kernel
   rejected at least one, 2 on a usage, file or format error.  */

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define BTF_MAGIC_LE 0xeB9F

/* BTF kinds, as numbered in the BTF format.  */
enum
{
  K_UNKN, K_INT, K_PTR, K_ARRAY, K_STRUCT, K_UNION, K_ENUM, K_FWD,
  K_TYPEDEF, K_VOLATILE, K_CONST, K_RESTRICT, K_FUNC, K_FUNC_PROTO,
  K_VAR, K_DATASEC, K_FLOAT, K_DECL_TAG, K_TYPE_TAG, K_ENUM64, K_MAX
};

static const char *const kind_names[K_MAX] = {
  "UNKN", "INT", "PTR", "ARRAY", "STRUCT", "UNION", "ENUM", "FWD",
  "TYPEDEF", "VOLATILE", "CONST", "RESTRICT", "FUNC", "FUNC_PROTO",
  "VAR", "DATASEC", "FLOAT", "DECL_TAG", "TYPE_TAG", "ENUM64"
};

struct btf_hdr
{
  uint16_t magic;
  uint8_t version;
  uint8_t flags;
  uint32_t hdr_len;
  uint32_t type_off;
  uint32_t type_len;
  uint32_t str_off;
  uint32_t str_len;
};

struct blob
{
  unsigned char *file;		/* whole file */
  size_t file_size;
  const unsigned char *btf;	/* BTF bytes inside FILE */
  size_t btf_size;
};

/* Parsed view of a BTF blob used by --dump.  */
struct btf_view
{
  struct btf_hdr hdr;
  const unsigned char *types;
  const char *strs;
  uint32_t start_id;		/* first type id of this blob */
  uint32_t start_str;		/* first string offset of this blob */
  uint32_t nr_types;
  uint32_t *offs;		/* offset of each type record in TYPES */
  const struct btf_view *base;
};

static int
read_file (const char *path, struct blob *b)
{
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    {
      fprintf (stderr, "btf-load: %s: %s\n", path, strerror (errno));
      return -1;
    }
  /* Files under /sys report a size of 4096 or the real size; read until
     EOF whatever the reported size.  */
  size_t cap = 1 << 16, len = 0;
  unsigned char *buf = malloc (cap);
  for (;;)
    {
      if (buf == NULL)
	{
	  fprintf (stderr, "btf-load: %s: out of memory\n", path);
	  close (fd);
	  return -1;
	}
      if (len == cap)
	{
	  cap *= 2;
	  buf = realloc (buf, cap);
	  continue;
	}
      ssize_t n = read (fd, buf + len, cap - len);
      if (n < 0)
	{
	  if (errno == EINTR)
	    continue;
	  fprintf (stderr, "btf-load: %s: read: %s\n", path, strerror (errno));
	  free (buf);
	  close (fd);
	  return -1;
	}
      if (n == 0)
	break;
      len += n;
    }
  close (fd);
  b->file = buf;
  b->file_size = len;
  return 0;
}

/* Find the .BTF section of an ELF64 image.  Returns 0 and sets B->btf on
   success, 1 if the file has no .BTF section, -1 on a malformed file.  */
static int
find_elf_btf (const char *path, struct blob *b)
{
  const unsigned char *p = b->file;
  size_t size = b->file_size;
  Elf64_Ehdr eh;

  if (size < sizeof eh)
    goto bad;
  memcpy (&eh, p, sizeof eh);
  if (eh.e_ident[EI_CLASS] != ELFCLASS64)
    {
      fprintf (stderr, "btf-load: %s: only ELF64 files are supported\n", path);
      return -1;
    }
  if (eh.e_ident[EI_DATA] != ELFDATA2LSB)
    {
      fprintf (stderr, "btf-load: %s: only little-endian ELF is supported\n",
	       path);
      return -1;
    }
  if (eh.e_shentsize != sizeof (Elf64_Shdr) || eh.e_shoff == 0)
    goto bad;

  uint64_t shnum = eh.e_shnum;
  uint64_t shstrndx = eh.e_shstrndx;
  Elf64_Shdr sh0;
  if (eh.e_shoff > size || size - eh.e_shoff < sizeof sh0)
    goto bad;
  memcpy (&sh0, p + eh.e_shoff, sizeof sh0);
  if (shnum == 0)
    shnum = sh0.sh_size;	/* extended numbering */
  if (shstrndx == SHN_XINDEX)
    shstrndx = sh0.sh_link;
  if (shnum > (size - eh.e_shoff) / sizeof (Elf64_Shdr) || shstrndx >= shnum)
    goto bad;

  Elf64_Shdr strsh;
  memcpy (&strsh, p + eh.e_shoff + shstrndx * sizeof strsh, sizeof strsh);
  if (strsh.sh_offset > size || strsh.sh_size > size - strsh.sh_offset)
    goto bad;
  const char *shstr = (const char *) p + strsh.sh_offset;

  for (uint64_t i = 1; i < shnum; i++)
    {
      Elf64_Shdr sh;
      memcpy (&sh, p + eh.e_shoff + i * sizeof sh, sizeof sh);
      if (sh.sh_name >= strsh.sh_size)
	continue;
      size_t maxlen = strsh.sh_size - sh.sh_name;
      if (strnlen (shstr + sh.sh_name, maxlen) == maxlen
	  || strcmp (shstr + sh.sh_name, ".BTF") != 0)
	continue;
      if (sh.sh_type == SHT_NOBITS || sh.sh_offset > size
	  || sh.sh_size > size - sh.sh_offset)
	goto bad;
      b->btf = p + sh.sh_offset;
      b->btf_size = sh.sh_size;
      return 0;
    }
  return 1;

bad:
  fprintf (stderr, "btf-load: %s: malformed ELF file\n", path);
  return -1;
}

/* Read PATH and locate its BTF bytes.  */
static int
load_blob (const char *path, struct blob *b)
{
  memset (b, 0, sizeof *b);
  if (read_file (path, b) != 0)
    return -1;
  if (b->file_size >= 4 && memcmp (b->file, ELFMAG, SELFMAG) == 0)
    {
      int r = find_elf_btf (path, b);
      if (r > 0)
	fprintf (stderr, "btf-load: %s: ELF file has no .BTF section\n", path);
      return r == 0 ? 0 : -1;
    }
  b->btf = b->file;
  b->btf_size = b->file_size;
  return 0;
}

static int
parse_hdr (const char *path, const struct blob *b, struct btf_hdr *h)
{
  if (b->btf_size < sizeof *h)
    {
      fprintf (stderr, "btf-load: %s: too small for a BTF header\n", path);
      return -1;
    }
  memcpy (h, b->btf, sizeof *h);
  if (h->magic != BTF_MAGIC_LE)
    {
      fprintf (stderr, "btf-load: %s: bad BTF magic 0x%04x\n", path,
	       h->magic);
      return -1;
    }
  uint64_t t_end = (uint64_t) h->hdr_len + h->type_off + h->type_len;
  uint64_t s_end = (uint64_t) h->hdr_len + h->str_off + h->str_len;
  if (h->hdr_len < sizeof *h || t_end > b->btf_size || s_end > b->btf_size)
    {
      fprintf (stderr, "btf-load: %s: BTF sections out of bounds\n", path);
      return -1;
    }
  return 0;
}

/* Size of the type record at P (including the kind-specific data).  */
static long
type_rec_size (const unsigned char *p, size_t avail)
{
  uint32_t info;
  if (avail < 12)
    return -1;
  memcpy (&info, p + 4, 4);
  unsigned kind = (info >> 24) & 0x1f;
  unsigned vlen = info & 0xffff;
  long extra;
  switch (kind)
    {
    case K_INT: case K_VAR: case K_DECL_TAG: extra = 4; break;
    case K_ARRAY: extra = 12; break;
    case K_STRUCT: case K_UNION: case K_DATASEC: case K_ENUM64:
      extra = 12L * vlen; break;
    case K_ENUM: case K_FUNC_PROTO: extra = 8L * vlen; break;
    case K_PTR: case K_FWD: case K_TYPEDEF: case K_VOLATILE: case K_CONST:
    case K_RESTRICT: case K_FUNC: case K_FLOAT: case K_TYPE_TAG:
      extra = 0; break;
    default:
      return -1;
    }
  if ((size_t) (12 + extra) > avail)
    return -1;
  return 12 + extra;
}

static int
make_view (const char *path, const struct blob *b, const struct btf_view *base,
	   struct btf_view *v)
{
  memset (v, 0, sizeof *v);
  if (parse_hdr (path, b, &v->hdr) != 0)
    return -1;
  v->types = b->btf + v->hdr.hdr_len + v->hdr.type_off;
  v->strs = (const char *) b->btf + v->hdr.hdr_len + v->hdr.str_off;
  v->base = base;
  v->start_id = base ? base->start_id + base->nr_types : 1;
  v->start_str = base ? base->start_str + base->hdr.str_len : 0;
  size_t off = 0, cap = 0;
  while (off < v->hdr.type_len)
    {
      long n = type_rec_size (v->types + off, v->hdr.type_len - off);
      if (n < 0)
	{
	  fprintf (stderr, "btf-load: %s: bad type record at offset %zu\n",
		   path, off);
	  return -1;
	}
      if (v->nr_types == cap)
	{
	  cap = cap ? 2 * cap : 1024;
	  v->offs = realloc (v->offs, cap * sizeof *v->offs);
	  if (v->offs == NULL)
	    {
	      fprintf (stderr, "btf-load: out of memory\n");
	      exit (2);
	    }
	}
      v->offs[v->nr_types++] = off;
      off += n;
    }
  return 0;
}

/* Type record ID of V or of its bases, NULL if there is none.  */
static const unsigned char *
view_type (const struct btf_view *v, uint32_t id, const struct btf_view **in)
{
  while (v && id < v->start_id)
    v = v->base;
  if (v == NULL || id - v->start_id >= v->nr_types)
    return NULL;
  if (in)
    *in = v;
  return v->types + v->offs[id - v->start_id];
}

static uint32_t
rec_u32 (const unsigned char *rec, size_t off)
{
  uint32_t x;
  memcpy (&x, rec + off, 4);
  return x;
}

static const char *
view_str (const struct btf_view *v, uint32_t off)
{
  while (v && off < v->start_str)
    v = v->base;
  if (v == NULL)
    return "?";
  off -= v->start_str;
  if (off >= v->hdr.str_len)
    return "<bad name>";
  size_t max = v->hdr.str_len - off;
  if (strnlen (v->strs + off, max) == max)
    return "<bad name>";
  return v->strs + off;
}

/* Print the chain of types that member type ID refers to.  */
static void
print_member (const char *path, const struct btf_view *v, const char *sname,
	      const char *mname, uint32_t id)
{
  printf ("btf-member: %s: %s.%s", path, sname, mname);
  for (int steps = 0; steps < 8; steps++)
    {
      const struct btf_view *in = NULL;
      const unsigned char *t = id ? view_type (v, id, &in) : NULL;
      if (id == 0)
	{
	  printf (" -> [0] void");
	  break;
	}
      if (t == NULL)
	{
	  printf (" -> [%u] <bad type id>", id);
	  break;
	}
      unsigned kind = (rec_u32 (t, 4) >> 24) & 0x1f;
      uint32_t name_off = rec_u32 (t, 0);
      printf (" -> [%u] %s", id, kind < K_MAX ? kind_names[kind] : "?");
      if (name_off)
	printf (" '%s'", view_str (v, name_off));
      if (kind != K_PTR && kind != K_CONST && kind != K_VOLATILE
	  && kind != K_RESTRICT && kind != K_TYPEDEF && kind != K_TYPE_TAG)
	{
	  if (in != v)
	    printf (" (base)");
	  break;
	}
      id = rec_u32 (t, 8);
    }
  printf ("\n");
}

static int
do_dump (const char *path, const struct btf_view *v)
{
  for (uint32_t i = 0; i < v->nr_types; i++)
    {
      const unsigned char *t = v->types + v->offs[i];
      uint32_t name_off = rec_u32 (t, 0), info = rec_u32 (t, 4);
      unsigned kind = (info >> 24) & 0x1f;
      printf ("btf-dump: %s: [%u] %s '%s'\n", path, v->start_id + i,
	      kind < K_MAX ? kind_names[kind] : "?", view_str (v, name_off));
      if (kind != K_STRUCT && kind != K_UNION)
	continue;
      const char *sname = name_off ? view_str (v, name_off) : "(anon)";
      for (unsigned m = 0; m < (info & 0xffff); m++)
	{
	  const unsigned char *mem = t + 12 + 12 * m;
	  uint32_t moff = rec_u32 (mem, 0);
	  print_member (path, v, sname, moff ? view_str (v, moff) : "(anon)",
			rec_u32 (mem, 4));
	}
    }
  return 0;
}

/* Print the verifier log, one prefixed line per log line.  The kernel's
   verdict is at the end; a long log is cut to its last LOG_TAIL lines.  */
#define LOG_TAIL 40

static void
print_log (const char *log)
{
  const char *p = log;
  long lines = 0, skip;
  for (const char *q = log; *q; q++)
    if (*q == '\n')
      lines++;
  if (*log && log[strlen (log) - 1] != '\n')
    lines++;
  skip = lines > LOG_TAIL ? lines - LOG_TAIL : 0;
  if (skip)
    printf ("btf-load: log: (%ld earlier lines omitted)\n", skip);
  while (*p)
    {
      const char *nl = strchr (p, '\n');
      int len = nl ? (int) (nl - p) : (int) strlen (p);
      if (skip > 0)
	skip--;
      else if (len > 0)
	printf ("btf-load: log: %.*s\n", len, p);
      p += len + (nl != NULL);
    }
}

/* 524 is the kernel-internal ENOTSUPP, which libc does not name.  */
static const char *
errname (int err)
{
  return err == 524 ? "ENOTSUPP" : strerror (err);
}

static int
btf_load (const void *data, size_t size, char *log, uint32_t log_size,
	  uint32_t level)
{
  union bpf_attr attr;
  memset (&attr, 0, sizeof attr);
  attr.btf = (uint64_t) (uintptr_t) data;
  attr.btf_size = size;
  if (level)
    {
      attr.btf_log_buf = (uint64_t) (uintptr_t) log;
      attr.btf_log_size = log_size;
      attr.btf_log_level = level;
      log[0] = '\0';
    }
  return syscall (__NR_bpf, BPF_BTF_LOAD, &attr, sizeof attr);
}

static int
do_load (const char *path, const struct blob *b)
{
  static char *log;
  const uint32_t log_size = 16u << 20;

  int fd = btf_load (b->btf, b->btf_size, NULL, 0, 0);
  if (fd >= 0)
    {
      printf ("btf-load: %s: OK fd=%d size=%zu\n", path, fd, b->btf_size);
      close (fd);
      return 0;
    }
  int err = errno;
  if (log == NULL && (log = malloc (log_size)) == NULL)
    {
      fprintf (stderr, "btf-load: out of memory\n");
      exit (2);
    }
  fd = btf_load (b->btf, b->btf_size, log, log_size, 1);
  if (fd >= 0)
    {
      /* Accepted on the second try: report it, but say so.  */
      printf ("btf-load: %s: OK fd=%d size=%zu (first attempt: errno=%d)\n",
	      path, fd, b->btf_size, err);
      close (fd);
      return 0;
    }
  err = errno;
  log[log_size - 1] = '\0';
  printf ("btf-load: %s: REJECTED errno=%d (%s)\n", path, err,
	  errname (err));
  print_log (log);
  return 1;
}

static long
sys_bpf (int cmd, union bpf_attr *attr)
{
  return syscall (__NR_bpf, cmd, attr, sizeof *attr);
}

/* An fd of the kernel BTF object named NAME, -1 if there is none.  */
static int
kernel_btf_fd (const char *name)
{
  union bpf_attr attr;
  uint32_t id = 0;
  for (;;)
    {
      memset (&attr, 0, sizeof attr);
      attr.start_id = id;
      if (sys_bpf (BPF_BTF_GET_NEXT_ID, &attr) != 0)
	return -1;
      id = attr.next_id;
      memset (&attr, 0, sizeof attr);
      attr.btf_id = id;
      int fd = sys_bpf (BPF_BTF_GET_FD_BY_ID, &attr);
      if (fd < 0)
	continue;
      char obj_name[64] = "";
      struct bpf_btf_info info;
      memset (&info, 0, sizeof info);
      info.name = (uint64_t) (uintptr_t) obj_name;
      info.name_len = sizeof obj_name;
      memset (&attr, 0, sizeof attr);
      attr.info.bpf_fd = fd;
      attr.info.info_len = sizeof info;
      attr.info.info = (uint64_t) (uintptr_t) &info;
      if (sys_bpf (BPF_OBJ_GET_INFO_BY_FD, &attr) == 0
	  && strcmp (obj_name, name) == 0)
	return fd;
      close (fd);
    }
}

/* Id of the FUNC named NAME in V (not in its bases), 0 if none.  */
static uint32_t
find_func (const struct btf_view *v, const char *name)
{
  for (uint32_t i = 0; i < v->nr_types; i++)
    {
      const unsigned char *t = v->types + v->offs[i];
      if (((rec_u32 (t, 4) >> 24) & 0x1f) == K_FUNC
	  && strcmp (view_str (v, rec_u32 (t, 0)), name) == 0)
	return v->start_id + i;
    }
  return 0;
}

/* Load a program: a sleepable BPF_PROG_TYPE_SYSCALL one, or with
   FENTRY_ID an fentry program for the FUNC of that id in vmlinux's BTF
   (BTF_FD 0) or in the module BTF object BTF_FD.  */
static int
prog_load (const struct bpf_insn *insns, uint32_t cnt, const int *fd_array,
	   int btf_fd, uint32_t fentry_id, char *log, uint32_t log_size)
{
  union bpf_attr attr;
  memset (&attr, 0, sizeof attr);
  if (fentry_id)
    {
      attr.prog_type = BPF_PROG_TYPE_TRACING;
      attr.expected_attach_type = BPF_TRACE_FENTRY;
      attr.attach_btf_id = fentry_id;
      attr.attach_btf_obj_fd = btf_fd;
    }
  else
    {
      attr.prog_type = BPF_PROG_TYPE_SYSCALL;
      attr.prog_flags = BPF_F_SLEEPABLE;
    }
  attr.insns = (uint64_t) (uintptr_t) insns;
  attr.insn_cnt = cnt;
  attr.license = (uint64_t) (uintptr_t) "GPL";
  attr.fd_array = (uint64_t) (uintptr_t) fd_array;
  if (log)
    {
      attr.log_buf = (uint64_t) (uintptr_t) log;
      attr.log_size = log_size;
      attr.log_level = 1;
      log[0] = '\0';
    }
  return sys_bpf (BPF_PROG_LOAD, &attr);
}

/* Views of vmlinux's BTF (VB, VV) and of MODULE's on it (MB, MV), read
   from /sys/kernel/btf; MPATH gets the module's path.  */
static int
module_view (const char *module, char *mpath, size_t mpath_size,
	     struct blob *vb, struct btf_view *vv, struct blob *mb,
	     struct btf_view *mv)
{
  snprintf (mpath, mpath_size, "/sys/kernel/btf/%s", module);
  if (load_blob ("/sys/kernel/btf/vmlinux", vb) != 0
      || make_view ("/sys/kernel/btf/vmlinux", vb, NULL, vv) != 0
      || load_blob (mpath, mb) != 0 || make_view (mpath, mb, vv, mv) != 0)
    return 2;
  return 0;
}

static int
do_call_kfunc (const char *module, const char *func, int a, int b)
{
  char mpath[256];
  struct blob vb, mb;
  struct btf_view vv, mv;
  if (module_view (module, mpath, sizeof mpath, &vb, &vv, &mb, &mv) != 0)
    return 2;
  uint32_t id = find_func (&mv, func);
  if (id == 0)
    {
      printf ("bpf-kfunc: %s %s: no FUNC '%s' in %s\n", module, func, func,
	      mpath);
      return 1;
    }
  int btf_fd = kernel_btf_fd (module);
  if (btf_fd < 0)
    {
      printf ("bpf-kfunc: %s %s: no BTF object named '%s'\n", module, func,
	      module);
      return 1;
    }
  /* r1 = A; r2 = B; r0 = FUNC (r1, r2); exit.  The call's offset is the
     index of the module's BTF fd in fd_array.  */
  struct bpf_insn insns[4];
  memset (insns, 0, sizeof insns);
  insns[0].code = BPF_ALU64 | BPF_MOV | BPF_K;
  insns[0].dst_reg = BPF_REG_1;
  insns[0].imm = a;
  insns[1].code = BPF_ALU64 | BPF_MOV | BPF_K;
  insns[1].dst_reg = BPF_REG_2;
  insns[1].imm = b;
  insns[2].code = BPF_JMP | BPF_CALL;
  insns[2].src_reg = BPF_PSEUDO_KFUNC_CALL;
  insns[2].off = 1;
  insns[2].imm = id;
  insns[3].code = BPF_JMP | BPF_EXIT;
  int fd_array[2] = { -1, btf_fd };

  int prog = prog_load (insns, 4, fd_array, 0, 0, NULL, 0);
  if (prog < 0)
    {
      static char log[1 << 16];
      int err = errno;
      prog = prog_load (insns, 4, fd_array, 0, 0, log, sizeof log);
      if (prog < 0)
	{
	  printf ("bpf-kfunc: %s %s: id=%u REJECTED errno=%d (%s)\n", module,
		  func, id, err, errname (err));
	  log[sizeof log - 1] = '\0';
	  print_log (log);
	  return 1;
	}
    }
  printf ("bpf-kfunc: %s %s: id=%u loaded\n", module, func, id);

  union bpf_attr attr;
  memset (&attr, 0, sizeof attr);
  attr.test.prog_fd = prog;
  if (sys_bpf (BPF_PROG_TEST_RUN, &attr) != 0)
    {
      printf ("bpf-kfunc: %s %s: BPF_PROG_RUN failed: errno=%d (%s)\n",
	      module, func, errno, strerror (errno));
      return 1;
    }
  printf ("bpf-kfunc: %s %s: retval=%d\n", module, func,
	  (int) attr.test.retval);
  close (prog);
  close (btf_fd);
  return 0;
}

static int
do_fentry (const char *list)
{
  struct blob vb;
  struct btf_view vv;
  FILE *f = fopen (list, "r");
  if (!f)
    {
      printf ("bpf-fentry: %s: %s\n", list, strerror (errno));
      return 2;
    }
  if (load_blob ("/sys/kernel/btf/vmlinux", &vb) != 0
      || make_view ("/sys/kernel/btf/vmlinux", &vb, NULL, &vv) != 0)
    return 2;
  /* r0 = 0; exit.  */
  struct bpf_insn insns[2];
  memset (insns, 0, sizeof insns);
  insns[0].code = BPF_ALU64 | BPF_MOV | BPF_K;
  insns[0].dst_reg = BPF_REG_0;
  insns[1].code = BPF_JMP | BPF_EXIT;
  char name[512];
  unsigned total = 0, attached = 0;
  while (fgets (name, sizeof name, f))
    {
      name[strcspn (name, "\n")] = '\0';
      if (!name[0])
	continue;
      total++;
      uint32_t id = find_func (&vv, name);
      if (!id)
	{
	  printf ("bpf-fentry: %s: no FUNC\n", name);
	  continue;
	}
      int prog = prog_load (insns, 2, NULL, 0, id, NULL, 0);
      if (prog < 0)
	{
	  printf ("bpf-fentry: %s: load errno=%d (%s)\n", name, errno,
		  errname (errno));
	  continue;
	}
      union bpf_attr attr;
      memset (&attr, 0, sizeof attr);
      attr.raw_tracepoint.prog_fd = prog;
      int link = sys_bpf (BPF_RAW_TRACEPOINT_OPEN, &attr);
      if (link < 0)
	printf ("bpf-fentry: %s: attach errno=%d (%s)\n", name, errno,
		errname (errno));
      else
	{
	  printf ("bpf-fentry: %s: attached\n", name);
	  attached++;
	  close (link);
	}
      close (prog);
    }
  fclose (f);
  printf ("bpf-fentry: %u attached of %u\n", attached, total);
  return 0;
}

/* The number of parameters of FUNC ID's FUNC_PROTO in V, -1 if none.  */
static int
func_nargs (const struct btf_view *v, uint32_t id)
{
  const struct btf_view *in;
  const unsigned char *t = view_type (v, id, &in);
  if (!t)
    return -1;
  t = view_type (v, rec_u32 (t, 8), &in);
  if (!t || ((rec_u32 (t, 4) >> 24) & 0x1f) != K_FUNC_PROTO)
    return -1;
  return rec_u32 (t, 4) & 0xffff;
}

static void
emit (struct bpf_insn *p, uint8_t code, uint8_t dst, uint8_t src, int16_t off,
      int32_t imm)
{
  memset (p, 0, sizeof *p);
  p->code = code;
  p->dst_reg = dst;
  p->src_reg = src;
  p->off = off;
  p->imm = imm;
}

enum { ARGS_MAX = 7, ARGS_SLOTS = ARGS_MAX + 1, CLONES_MAX = 16 };

/* An fentry program that stores its function's NARGS arguments and a 1
   (called) in slot SLOT of array map MAP_FD.  Returns its length.  */
static uint32_t
args_prog (struct bpf_insn *p, int map_fd, uint32_t slot, int nargs)
{
  uint32_t n = 0;
  emit (&p[n++], BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_6, BPF_REG_1, 0, 0);
  emit (&p[n++], BPF_ST | BPF_MEM | BPF_W, BPF_REG_10, 0, -4, slot);
  emit (&p[n++], BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_2, BPF_REG_10, 0, 0);
  emit (&p[n++], BPF_ALU64 | BPF_ADD | BPF_K, BPF_REG_2, 0, 0, -4);
  emit (&p[n++], BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_FD, 0,
	map_fd);
  emit (&p[n++], 0, 0, 0, 0, 0);
  emit (&p[n++], BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_map_lookup_elem);
  emit (&p[n++], BPF_JMP | BPF_JEQ | BPF_K, BPF_REG_0, 0, 2 * nargs + 1, 0);
  for (int i = 0; i < nargs; i++)
    {
      emit (&p[n++], BPF_LDX | BPF_MEM | BPF_DW, BPF_REG_3, BPF_REG_6, 8 * i,
	    0);
      emit (&p[n++], BPF_STX | BPF_MEM | BPF_DW, BPF_REG_0, BPF_REG_3, 8 * i,
	    0);
    }
  emit (&p[n++], BPF_ST | BPF_MEM | BPF_DW, BPF_REG_0, 0, 8 * ARGS_MAX, 1);
  emit (&p[n++], BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_0, 0, 0, 0);
  emit (&p[n++], BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
  return n;
}

static int
do_fentry_args (const char *module, const char *prefix, const char *trigger,
		const char *value)
{
  char mpath[256];
  struct blob vb, mb;
  struct btf_view vv, mv;
  if (module_view (module, mpath, sizeof mpath, &vb, &vv, &mb, &mv) != 0)
    return 2;
  int btf_fd = kernel_btf_fd (module);
  if (btf_fd < 0)
    {
      printf ("bpf-fentry-args: no BTF object named '%s'\n", module);
      return 1;
    }
  union bpf_attr attr;
  memset (&attr, 0, sizeof attr);
  attr.map_type = BPF_MAP_TYPE_ARRAY;
  attr.key_size = 4;
  attr.value_size = 8 * ARGS_SLOTS;
  attr.max_entries = CLONES_MAX;
  int map_fd = sys_bpf (BPF_MAP_CREATE, &attr);
  if (map_fd < 0)
    {
      printf ("bpf-fentry-args: map: errno=%d (%s)\n", errno,
	      errname (errno));
      return 1;
    }

  size_t plen = strlen (prefix);
  const char *names[CLONES_MAX];
  int nargs[CLONES_MAX], links[CLONES_MAX];
  uint32_t total = 0;
  for (uint32_t i = 0; i < mv.nr_types && total < CLONES_MAX; i++)
    {
      const unsigned char *t = mv.types + mv.offs[i];
      const char *name = view_str (&mv, rec_u32 (t, 0));
      if (((rec_u32 (t, 4) >> 24) & 0x1f) != K_FUNC
	  || strncmp (name, prefix, plen) != 0 || name[plen] != '.')
	continue;
      uint32_t slot = total++;
      names[slot] = name;
      links[slot] = -1;
      nargs[slot] = func_nargs (&mv, mv.start_id + i);
      if (nargs[slot] < 0 || nargs[slot] > ARGS_MAX)
	{
	  printf ("bpf-fentry-args: %s: %d arguments\n", name, nargs[slot]);
	  continue;
	}
      struct bpf_insn insns[8 + 2 * ARGS_MAX + 3];
      uint32_t n = args_prog (insns, map_fd, slot, nargs[slot]);
      int prog = prog_load (insns, n, NULL, btf_fd, mv.start_id + i, NULL, 0);
      if (prog < 0)
	{
	  static char log[1 << 16];
	  int err = errno;
	  prog_load (insns, n, NULL, btf_fd, mv.start_id + i, log, sizeof log);
	  printf ("bpf-fentry-args: %s: load errno=%d (%s)\n", name, err,
		  errname (err));
	  log[sizeof log - 1] = '\0';
	  print_log (log);
	  continue;
	}
      memset (&attr, 0, sizeof attr);
      attr.raw_tracepoint.prog_fd = prog;
      links[slot] = sys_bpf (BPF_RAW_TRACEPOINT_OPEN, &attr);
      if (links[slot] < 0)
	printf ("bpf-fentry-args: %s: attach errno=%d (%s)\n", name, errno,
		errname (errno));
    }

  int fd = open (trigger, O_WRONLY);
  if (fd < 0 || write (fd, value, strlen (value)) != (ssize_t) strlen (value))
    {
      printf ("bpf-fentry-args: %s: %s\n", trigger, strerror (errno));
      return 1;
    }
  close (fd);

  uint32_t nread = 0;
  for (uint32_t slot = 0; slot < total; slot++)
    {
      if (links[slot] < 0)
	continue;
      int64_t val[ARGS_SLOTS];
      memset (&attr, 0, sizeof attr);
      attr.map_fd = map_fd;
      attr.key = (uint64_t) (uintptr_t) &slot;
      attr.value = (uint64_t) (uintptr_t) val;
      if (sys_bpf (BPF_MAP_LOOKUP_ELEM, &attr) != 0)
	{
	  printf ("bpf-fentry-args: %s: lookup errno=%d\n", names[slot], errno);
	  continue;
	}
      if (!val[ARGS_MAX])
	{
	  printf ("bpf-fentry-args: %s: not called\n", names[slot]);
	  continue;
	}
      printf ("bpf-fentry-args: %s:", names[slot]);
      for (int a = 0; a < nargs[slot]; a++)
	printf (" %lld", (long long) val[a]);
      nread++;
      printf ("\n");
      close (links[slot]);
    }
  printf ("bpf-fentry-args: %u read of %u\n", nread, total);
  return 0;
}

static void
usage (void)
{
  fprintf (stderr,
	   "usage: btf-load FILE...\n"
	   "       btf-load --dump [--base BASE] FILE...\n"
	   "       btf-load --info FILE...\n"
	   "       btf-load --call-kfunc MODULE FUNC A B\n"
	   "       btf-load --fentry LIST\n"
	   "       btf-load --fentry-args MODULE PREFIX TRIGGER VALUE\n");
  exit (2);
}

int
main (int argc, char **argv)
{
  enum { LOAD, DUMP, INFO } mode = LOAD;
  const char *base_path = NULL;
  int i = 1, status = 0;

  setvbuf (stdout, NULL, _IOLBF, 0);
  for (; i < argc && argv[i][0] == '-'; i++)
    {
      if (strcmp (argv[i], "--dump") == 0)
	mode = DUMP;
      else if (strcmp (argv[i], "--info") == 0)
	mode = INFO;
      else if (strcmp (argv[i], "--base") == 0 && i + 1 < argc)
	base_path = argv[++i];
      else if (strcmp (argv[i], "--call-kfunc") == 0 && i == 1 && argc == 6)
	return do_call_kfunc (argv[2], argv[3], atoi (argv[4]),
			      atoi (argv[5]));
      else if (strcmp (argv[i], "--fentry") == 0 && i == 1 && argc == 3)
	return do_fentry (argv[2]);
      else if (strcmp (argv[i], "--fentry-args") == 0 && i == 1 && argc == 6)
	return do_fentry_args (argv[2], argv[3], argv[4], argv[5]);
      else if (strcmp (argv[i], "--") == 0)
	{
	  i++;
	  break;
	}
      else
	usage ();
    }
  if (i == argc)
    usage ();

  struct blob base_blob;
  struct btf_view base_view, *basep = NULL;
  if (base_path)
    {
      if (load_blob (base_path, &base_blob) != 0
	  || make_view (base_path, &base_blob, NULL, &base_view) != 0)
	return 2;
      basep = &base_view;
    }

  for (; i < argc; i++)
    {
      const char *path = argv[i];
      struct blob b;
      if (load_blob (path, &b) != 0)
	{
	  printf ("btf-load: %s: ERROR (cannot read BTF)\n", path);
	  status = 2;
	  continue;
	}
      if (mode == LOAD)
	{
	  if (do_load (path, &b) != 0 && status == 0)
	    status = 1;
	}
      else
	{
	  struct btf_view v;
	  if (make_view (path, &b, mode == DUMP ? basep : NULL, &v) != 0)
	    {
	      printf ("btf-load: %s: ERROR (malformed BTF)\n", path);
	      status = 2;
	    }
	  else if (mode == DUMP)
	    do_dump (path, &v);
	  else
	    printf ("btf-info: %s: magic=0x%04x version=%u flags=%u hdr=%u "
		    "types=%u type_len=%u str_len=%u\n", path, v.hdr.magic,
		    v.hdr.version, v.hdr.flags, v.hdr.hdr_len, v.nr_types,
		    v.hdr.type_len, v.hdr.str_len);
	}
      free (b.file);
    }
  return status;
}
