/* split-test.h -- shared by the split BTF test driver's sources.  */

#ifndef SPLIT_TEST_H
#define SPLIT_TEST_H

#include "btfld-split.h"
#include <bpf/btf.h>

/* Our object for libbpf's B (split on BASE when not NULL); exits on
   failure.  */
struct btfld_btf *conv (const struct btf *b, const struct btfld_btf *base);
/* libbpf's object for ours (standalone only).  */
struct btf *to_libbpf (const struct btfld_btf *btf);
/* Print "WHAT: ENAME: message" (without ENAME when ERR is 0) on
   stderr; returns 1.  */
int report (const char *what, int err);
/* Dump types FIRST..last of BTF into a malloc'd string.  */
char *dump_str (const struct btfld_btf *btf, uint32_t first);
void die (const char *what);
/* "== TITLE", then types FIRST..last of BTF.  */
void dump (const char *title, const struct btfld_btf *btf, uint32_t first);
/* The selftests' flow: show SPLIT, distill, show the distilled split,
   relocate onto RELOC_BASE, show the result.  Returns 1 on failure.  */
int distill_relocate (const struct btfld_btf *split,
		      const struct btfld_btf *reloc_base);
/* The same on libbpf's B2 (split on B1), relocating onto B5 (or B1 when
   NULL); frees the libbpf objects.  */
int run_flow (struct btf *b1, struct btf *b2, struct btf *b5);

int run_case (const char *name);
int run_elf (const char *name, const char *in, const char *out);

int run_random (int argc, char **argv);
int run_gcc_base (const char *path);
/* Check that R (relocated from a distillation of S onto S's base, or a
   renumbering of it by BMAP) is type-for-type equivalent to S.  */
int check_equiv (const struct btfld_btf *s, const struct btfld_btf *r,
		 const uint32_t *bmap);
/* Distill S twice, relocate onto S's base and onto a shuffled copy of
   it, check both results; prints one summary line (with type counts
   when COUNTS).  */
int differential (const char *label, const struct btfld_btf *s,
		  unsigned seed, bool counts);

#endif
