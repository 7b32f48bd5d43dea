/* Writes a raw BTF blob holding every kind and every variant the raw
   dump prints differently (kflag bitfields, signed enums, ENUM64, FWD
   union, linkages, tags), built with libbpf's writer.  */

#include <bpf/btf.h>
#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  struct btf *b = btf__new_empty ();
  int i_int, i_uchar, i_bool, i_s, i_fp, i_var, i_u64;
  if (!b || argc != 2)
    return 2;
  i_int = btf__add_int (b, "int", 4, BTF_INT_SIGNED);		/* 1 */
  i_uchar = btf__add_int (b, "unsigned char", 1, 0);		/* 2 */
  i_bool = btf__add_int (b, "_Bool", 1, BTF_INT_BOOL);		/* 3 */
  btf__add_int (b, "char", 1, BTF_INT_CHAR);			/* 4 */
  btf__add_ptr (b, i_int);					/* 5 */
  btf__add_array (b, i_int, i_int, 10);				/* 6 */
  i_s = btf__add_struct (b, "s", 8);				/* 7 */
  btf__add_field (b, "a", i_int, 0, 3);
  btf__add_field (b, "b", i_uchar, 3, 5);
  btf__add_field (b, "", i_int, 32, 0);
  btf__add_union (b, "u", 4);					/* 8 */
  btf__add_field (b, "x", i_int, 0, 0);
  btf__add_field (b, "y", i_bool, 0, 0);
  btf__add_enum (b, "e", 4);					/* 9 */
  btf__add_enum_value (b, "E0", 0);
  btf__add_enum_value (b, "E1", 4294967295LL);
  btf__add_enum (b, "se", 4);					/* 10 */
  btf__add_enum_value (b, "SNEG", -5);
  btf__add_enum_value (b, "SPOS", 7);
  btf__add_fwd (b, "fs", BTF_FWD_STRUCT);			/* 11 */
  btf__add_fwd (b, "fu", BTF_FWD_UNION);			/* 12 */
  btf__add_typedef (b, "td", i_s);				/* 13 */
  btf__add_volatile (b, i_int);					/* 14 */
  btf__add_const (b, i_int);					/* 15 */
  btf__add_restrict (b, 5);					/* 16 */
  i_fp = btf__add_func_proto (b, i_int);			/* 17 */
  btf__add_func_param (b, "p", 5);
  btf__add_func_param (b, "", 0);
  btf__add_func (b, "f_static", BTF_FUNC_STATIC, i_fp);		/* 18 */
  btf__add_func (b, "f_global", BTF_FUNC_GLOBAL, i_fp);		/* 19 */
  btf__add_func (b, "f_extern", BTF_FUNC_EXTERN, i_fp);		/* 20 */
  i_var = btf__add_var (b, "v_global", BTF_VAR_GLOBAL_ALLOCATED, i_int); /* 21 */
  btf__add_var (b, "v_static", BTF_VAR_STATIC, i_int);		/* 22 */
  btf__add_var (b, "v_extern", BTF_VAR_GLOBAL_EXTERN, i_int);	/* 23 */
  btf__add_datasec (b, ".data", 16);				/* 24 */
  btf__add_datasec_var_info (b, i_var, 0, 4);
  btf__add_datasec_var_info (b, 22, 8, 4);
  btf__add_float (b, "double", 8);				/* 25 */
  btf__add_decl_tag (b, "tag_type", i_s, -1);			/* 26 */
  btf__add_decl_tag (b, "tag_member", i_s, 1);			/* 27 */
  btf__add_type_tag (b, "user", i_int);				/* 28 */
  i_u64 = btf__add_enum64 (b, "e64", 8, false);			/* 29 */
  btf__add_enum64_value (b, "BIG", 0xffffffff00000001ULL);
  btf__add_enum64 (b, "se64", 8, true);				/* 30 */
  btf__add_enum64_value (b, "NEG", (unsigned long long) -2LL);
  btf__add_enum64_value (b, "POS", 1ULL << 40);
  btf__add_ptr (b, i_u64);					/* 31 */
  btf__add_struct (b, "", 0);					/* 32 */

  unsigned size;
  const void *raw = btf__raw_data (b, &size);
  FILE *f = fopen (argv[1], "wb");
  if (!raw || !f || fwrite (raw, 1, size, f) != size || fclose (f))
    return 1;
  btf__free (b);
  return 0;
}
