/* kfunc sets in .BTF_ids as Linux's btf_ids.h lays them out (before
   resolve_btfids: ids 0, set counts 0, the flags the compiler wrote):
   a set8 symbol whose size covers its 8-byte header and its pairs, one
   __BTF_ID__func__NAME__N symbol per pair {id, flags}.  */

#define SET8_START(name, flags)					\
  asm (".pushsection .BTF_ids,\"a\"\n"				\
       ".local __BTF_ID__set8__" #name "\n"			\
       "__BTF_ID__set8__" #name ":\n"				\
       ".zero 4\n.long " #flags "\n"				\
       ".popsection");
#define ID_FLAGS(func, n, flags)				\
  asm (".pushsection .BTF_ids,\"a\"\n"				\
       ".local __BTF_ID__func__" #func "__" #n "\n"		\
       "__BTF_ID__func__" #func "__" #n ":\n"			\
       ".zero 4\n.long " #flags "\n"				\
       ".popsection");
#define SET8_END(name)						\
  asm (".pushsection .BTF_ids,\"a\"\n"				\
       ".size __BTF_ID__set8__" #name ", .-__BTF_ID__set8__" #name "\n" \
       ".popsection");
/* A BTF_ID_LIST entry, in no set.  */
#define ID(func, n)						\
  asm (".pushsection .BTF_ids,\"a\"\n"				\
       ".local __BTF_ID__func__" #func "__" #n "\n"		\
       "__BTF_ID__func__" #func "__" #n ":\n"			\
       ".zero 4\n"						\
       ".popsection");

/* Linux >= 6.9: BTF_KFUNCS_START flags the set (BTF_SET8_KFUNCS).  */
SET8_START (flagged_set, 1)
ID_FLAGS (kf_add, 1, 0)
ID_FLAGS (kf_fast, 2, (1 << 12) | 4)	/* KF_FASTCALL | KF_RET_NULL */
SET8_END (flagged_set)

ID (not_a_kfunc, 3)

/* Linux 6.0 to 6.8: no flag; kf_add a second time, kf_missing has no
   definition here.  */
SET8_START (plain_set, 0)
ID_FLAGS (kf_plain, 4, 2)
ID_FLAGS (kf_add, 5, 0)
ID_FLAGS (kf_missing, 6, 0)
SET8_END (plain_set)

__attribute__ ((noipa)) int kf_add (int a, int b) { return a + b; }
__attribute__ ((noipa)) long kf_fast (long x) { return x * 3; }
__attribute__ ((noipa)) void kf_plain (int *p) { *p = 1; }
__attribute__ ((noipa)) int not_a_kfunc (void) { return 7; }

int
main (void)
{
  int v = 0;
  kf_plain (&v);
  return kf_add (v, -1) + (int) kf_fast (0) + not_a_kfunc () - 7;
}
