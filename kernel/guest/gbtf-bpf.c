/* gbtf-bpf: load and run a BPF program that only loads if the running
   kernel's vmlinux BTF describes a kernel function correctly.

   Runs inside the test guest as a static binary (gcc -static -O2).

   Usage:
     gbtf-bpf kfunc NAME [RETVAL]

   Looks up FUNC NAME in /sys/kernel/btf/vmlinux and loads a
   BPF_PROG_TYPE_SYSCALL program (sleepable, GPL) that calls it as a kfunc
   (BPF_PSEUDO_KFUNC_CALL, imm = that BTF id) with a pointer to 8 zeroed
   bytes on its stack and the length 8, then returns RETVAL (default 42);
   runs it once with BPF_PROG_TEST_RUN.  The verifier accepts the call
   only if the id is in a kfunc set registered for the program type
   (ids that resolve_btfids wrote into vmlinux from the same BTF) and if
   the FUNC_PROTO's parameters fit: for net/bpf/test_run.c's
   bpf_kfunc_call_test_mem_len_pass1 (void *mem, int mem__sz) the
   parameter name matters too; a kfunc whose length parameter lacks the
   __sz suffix (bpf_kfunc_call_test_mem_len_fail1) is rejected.

   Prints
     gbtf-bpf: btf: FUNC 'NAME' id=N proto=P
     gbtf-bpf: load: OK fd=N                  or  REJECTED errno=E (msg)
     gbtf-bpf: log: LINE ...                  (verifier log, on rejection)
     gbtf-bpf: run: retval=R
   Exit status: 0 if the program loaded and ran, 1 if it was rejected or
   did not run, 2 on a usage or BTF error.  */

#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define VMLINUX_BTF "/sys/kernel/btf/vmlinux"

struct hdr
{
  uint16_t magic;
  uint8_t version, flags;
  uint32_t hdr_len, type_off, type_len, str_off, str_len;
};

static unsigned char *
slurp (const char *path, size_t *len)
{
  int fd = open (path, O_RDONLY);
  size_t cap = 1 << 20, n = 0;
  unsigned char *buf = malloc (cap);
  if (fd < 0 || !buf)
    return NULL;
  for (;;)
    {
      if (n == cap && !(buf = realloc (buf, cap *= 2)))
	return NULL;
      ssize_t r = read (fd, buf + n, cap - n);
      if (r < 0 && errno == EINTR)
	continue;
      if (r < 0)
	return NULL;
      if (r == 0)
	break;
      n += r;
    }
  close (fd);
  *len = n;
  return buf;
}

/* Bytes that follow the common record of a type of kind K with VLEN.  */
static long
extra_size (unsigned k, unsigned vlen)
{
  switch (k)
    {
    case 1: case 14: case 17: return 4;		/* INT, VAR, DECL_TAG */
    case 2: case 7: case 8: case 9: case 10: case 11: case 12: case 16:
    case 18: return 0;
    case 3: return 12;				/* ARRAY */
    case 4: case 5: case 15: case 19: return 12L * vlen;
    case 6: case 13: return 8L * vlen;		/* ENUM, FUNC_PROTO */
    default: return -1;
    }
}

/* Id of FUNC NAME in the BTF at P (LEN bytes), 0 if absent, -1 if the
   blob is malformed.  */
static long
find_func (const unsigned char *p, size_t len, const char *name,
	   uint32_t *proto)
{
  struct hdr h;
  if (len < sizeof h)
    return -1;
  memcpy (&h, p, sizeof h);
  if (h.magic != 0xeB9F || (uint64_t) h.hdr_len + h.type_off + h.type_len > len
      || (uint64_t) h.hdr_len + h.str_off + h.str_len > len)
    return -1;
  const unsigned char *t = p + h.hdr_len + h.type_off;
  const unsigned char *end = t + h.type_len;
  const char *strs = (const char *) p + h.hdr_len + h.str_off;
  uint32_t id = 1;
  while (t + 12 <= end)
    {
      uint32_t name_off, info, size_type;
      memcpy (&name_off, t, 4);
      memcpy (&info, t + 4, 4);
      memcpy (&size_type, t + 8, 4);
      unsigned kind = (info >> 24) & 0x1f, vlen = info & 0xffff;
      long extra = extra_size (kind, vlen);
      if (extra < 0 || name_off >= h.str_len)
	return -1;
      if (kind == 12 && strcmp (strs + name_off, name) == 0)
	{
	  *proto = size_type;
	  return id;
	}
      t += 12 + extra;
      id++;
    }
  return t == end ? 0 : -1;
}

static long
sys_bpf (int cmd, union bpf_attr *attr)
{
  return syscall (__NR_bpf, cmd, attr, sizeof *attr);
}

static struct bpf_insn
insn (uint8_t code, uint8_t dst, uint8_t src, int16_t off, int32_t imm)
{
  struct bpf_insn i = { .code = code, .dst_reg = dst, .src_reg = src,
			.off = off, .imm = imm };
  return i;
}

int
main (int argc, char **argv)
{
  if (argc < 3 || argc > 4 || strcmp (argv[1], "kfunc") != 0)
    {
      fprintf (stderr, "usage: gbtf-bpf kfunc NAME [RETVAL]\n");
      return 2;
    }
  const char *name = argv[2];
  int retval = argc == 4 ? atoi (argv[3]) : 42;
  size_t len;
  unsigned char *btf = slurp (VMLINUX_BTF, &len);
  if (!btf)
    {
      printf ("gbtf-bpf: %s: %s\n", VMLINUX_BTF, strerror (errno));
      return 2;
    }
  uint32_t proto = 0;
  long id = find_func (btf, len, name, &proto);
  if (id <= 0)
    {
      printf ("gbtf-bpf: btf: %s\n", id < 0 ? "malformed vmlinux BTF"
	      : "no such FUNC");
      return 2;
    }
  printf ("gbtf-bpf: btf: FUNC '%s' id=%ld proto=%u\n", name, id, proto);

  struct bpf_insn prog[] = {
    insn (BPF_ST | BPF_MEM | BPF_DW, BPF_REG_10, 0, -8, 0),
    insn (BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_1, BPF_REG_10, 0, 0),
    insn (BPF_ALU64 | BPF_ADD | BPF_K, BPF_REG_1, 0, 0, -8),
    insn (BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_2, 0, 0, 8),
    insn (BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_KFUNC_CALL, 0, (int32_t) id),
    insn (BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_0, 0, 0, retval),
    insn (BPF_JMP | BPF_EXIT, 0, 0, 0, 0),
  };
  static char log[1 << 16];
  union bpf_attr a;
  memset (&a, 0, sizeof a);
  a.prog_type = BPF_PROG_TYPE_SYSCALL;
  a.prog_flags = BPF_F_SLEEPABLE;
  a.insns = (uintptr_t) prog;
  a.insn_cnt = sizeof prog / sizeof prog[0];
  a.license = (uintptr_t) "GPL";
  a.log_buf = (uintptr_t) log;
  a.log_size = sizeof log;
  a.log_level = 1;
  int fd = sys_bpf (BPF_PROG_LOAD, &a);
  if (fd < 0)
    {
      int e = errno;
      printf ("gbtf-bpf: load: REJECTED errno=%d (%s)\n", e, strerror (e));
      for (char *l = strtok (log, "\n"); l; l = strtok (NULL, "\n"))
	printf ("gbtf-bpf: log: %s\n", l);
      return 1;
    }
  printf ("gbtf-bpf: load: OK fd=%d\n", fd);

  memset (&a, 0, sizeof a);
  a.test.prog_fd = fd;
  if (sys_bpf (BPF_PROG_TEST_RUN, &a) < 0)
    {
      printf ("gbtf-bpf: run: failed errno=%d (%s)\n", errno,
	      strerror (errno));
      return 1;
    }
  printf ("gbtf-bpf: run: retval=%u\n", a.test.retval);
  return a.test.retval == (uint32_t) retval ? 0 : 1;
}
