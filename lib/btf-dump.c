/* btf-dump.c -- print types in the raw text format of
   `bpftool btf dump ... format raw`, line for line.  */

#include "btfld-int.h"

#include <inttypes.h>

static const char *
str_or_anon (const struct btfld_btf *btf, uint32_t off)
{
  const char *s;
  if (!off)
    return "(anon)";
  s = btfld_str (btf, off);
  return s ? s : "(invalid)";
}

static const char *
int_enc_str (unsigned enc)
{
  switch (enc)
    {
    case 0: return "(none)";
    case BTF_INT_SIGNED: return "SIGNED";
    case BTF_INT_CHAR: return "CHAR";
    case BTF_INT_BOOL: return "BOOL";
    default: return "UNKN";
    }
}

static const char *
linkage_str (unsigned l)
{
  switch (l)
    {
    case 0: return "static";
    case 1: return "global";
    case 2: return "extern";
    default: return "(unknown)";
    }
}

static void
dump_members (FILE *out, const struct btfld_btf *btf, const struct btf_type *t)
{
  const struct btf_member *m = (const void *) (t + 1);
  for (unsigned i = 0; i < btfld_vlen (t); i++)
    {
      uint32_t off = btfld_kflag (t) ? BTF_MEMBER_BIT_OFFSET (m[i].offset)
				      : m[i].offset;
      uint32_t bsz = btfld_kflag (t) ? BTF_MEMBER_BITFIELD_SIZE (m[i].offset)
				      : 0;
      fprintf (out, "\n\t'%s' type_id=%u bits_offset=%u",
	       str_or_anon (btf, m[i].name_off), m[i].type, off);
      if (bsz)
	fprintf (out, " bitfield_size=%u", bsz);
    }
}

static void
dump_enum (FILE *out, const struct btfld_btf *btf, const struct btf_type *t)
{
  bool sign = btfld_kflag (t);
  fprintf (out, " encoding=%s size=%u vlen=%u", sign ? "SIGNED" : "UNSIGNED",
	   t->size, btfld_vlen (t));
  if (btfld_kind (t) == BTF_KIND_ENUM)
    {
      const struct btf_enum *e = (const void *) (t + 1);
      for (unsigned i = 0; i < btfld_vlen (t); i++)
	if (sign)
	  fprintf (out, "\n\t'%s' val=%d", str_or_anon (btf, e[i].name_off),
		   e[i].val);
	else
	  fprintf (out, "\n\t'%s' val=%u", str_or_anon (btf, e[i].name_off),
		   (uint32_t) e[i].val);
      return;
    }
  const struct btf_enum64 *e = (const void *) (t + 1);
  for (unsigned i = 0; i < btfld_vlen (t); i++)
    {
      uint64_t v = ((uint64_t) e[i].val_hi32 << 32) | e[i].val_lo32;
      if (sign)
	fprintf (out, "\n\t'%s' val=%" PRId64 "LL",
		 str_or_anon (btf, e[i].name_off), (int64_t) v);
      else
	fprintf (out, "\n\t'%s' val=%" PRIu64 "ULL",
		 str_or_anon (btf, e[i].name_off), v);
    }
}

static void
dump_datasec (FILE *out, const struct btfld_btf *btf,
	      const struct btf_type *t)
{
  const struct btf_var_secinfo *v = (const void *) (t + 1);
  fprintf (out, " size=%u vlen=%u", t->size, btfld_vlen (t));
  for (unsigned i = 0; i < btfld_vlen (t); i++)
    {
      const struct btf_type *vt = btfld_type_by_id (btf, v[i].type);
      fprintf (out, "\n\ttype_id=%u offset=%u size=%u", v[i].type,
	       v[i].offset, v[i].size);
      if (vt)
	fprintf (out, " (%s '%s')", btfld_kind_str (btfld_kind (vt)),
		 str_or_anon (btf, vt->name_off));
    }
}

static void
dump_type (FILE *out, const struct btfld_btf *btf, uint32_t id,
	   const struct btf_type *t)
{
  unsigned kind = btfld_kind (t);
  fprintf (out, "[%u] %s '%s'", id, btfld_kind_str (kind),
	   str_or_anon (btf, t->name_off));
  switch (kind)
    {
    case BTF_KIND_INT:
      {
	uint32_t v = *(const uint32_t *) (t + 1);
	fprintf (out, " size=%u bits_offset=%u nr_bits=%u encoding=%s",
		 t->size, BTF_INT_OFFSET (v), BTF_INT_BITS (v),
		 int_enc_str (BTF_INT_ENCODING (v)));
	break;
      }
    case BTF_KIND_PTR: case BTF_KIND_CONST: case BTF_KIND_VOLATILE:
    case BTF_KIND_RESTRICT: case BTF_KIND_TYPEDEF: case BTF_KIND_TYPE_TAG:
      fprintf (out, " type_id=%u", t->type);
      break;
    case BTF_KIND_ARRAY:
      {
	const struct btf_array *a = (const void *) (t + 1);
	fprintf (out, " type_id=%u index_type_id=%u nr_elems=%u", a->type,
		 a->index_type, a->nelems);
	break;
      }
    case BTF_KIND_STRUCT: case BTF_KIND_UNION:
      fprintf (out, " size=%u vlen=%u", t->size, btfld_vlen (t));
      dump_members (out, btf, t);
      break;
    case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
      dump_enum (out, btf, t);
      break;
    case BTF_KIND_FWD:
      fprintf (out, " fwd_kind=%s", btfld_kflag (t) ? "union" : "struct");
      break;
    case BTF_KIND_FUNC:
      fprintf (out, " type_id=%u linkage=%s", t->type,
	       linkage_str (btfld_vlen (t)));
      break;
    case BTF_KIND_FUNC_PROTO:
      {
	const struct btf_param *p = (const void *) (t + 1);
	fprintf (out, " ret_type_id=%u vlen=%u", t->type, btfld_vlen (t));
	for (unsigned i = 0; i < btfld_vlen (t); i++)
	  fprintf (out, "\n\t'%s' type_id=%u", str_or_anon (btf, p[i].name_off),
		   p[i].type);
	break;
      }
    case BTF_KIND_VAR:
      fprintf (out, " type_id=%u, linkage=%s", t->type,
	       linkage_str (((const struct btf_var *) (t + 1))->linkage));
      break;
    case BTF_KIND_DATASEC:
      dump_datasec (out, btf, t);
      break;
    case BTF_KIND_FLOAT:
      fprintf (out, " size=%u", t->size);
      break;
    case BTF_KIND_DECL_TAG:
      fprintf (out, " type_id=%u component_idx=%d", t->type,
	       ((const struct btf_decl_tag *) (t + 1))->component_idx);
      break;
    default:
      break;
    }
  fputc ('\n', out);
}

void
btfld_dump_raw (FILE *out, const struct btfld_btf *btf, uint32_t first,
		uint32_t last)
{
  for (uint32_t id = first; id <= last; id++)
    {
      const struct btf_type *t = btfld_type_by_id (btf, id);
      if (!t)
	break;
      dump_type (out, btf, id, t);
    }
}
