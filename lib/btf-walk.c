/* btf-walk.c -- the shape of each kind's record: its size, the type ids
   and string offsets it holds.  */

#include "btfld-int.h"

static const char *const kind_names[NR_BTF_KINDS] = {
  [BTF_KIND_UNKN] = "UNKNOWN", [BTF_KIND_INT] = "INT",
  [BTF_KIND_PTR] = "PTR", [BTF_KIND_ARRAY] = "ARRAY",
  [BTF_KIND_STRUCT] = "STRUCT", [BTF_KIND_UNION] = "UNION",
  [BTF_KIND_ENUM] = "ENUM", [BTF_KIND_FWD] = "FWD",
  [BTF_KIND_TYPEDEF] = "TYPEDEF", [BTF_KIND_VOLATILE] = "VOLATILE",
  [BTF_KIND_CONST] = "CONST", [BTF_KIND_RESTRICT] = "RESTRICT",
  [BTF_KIND_FUNC] = "FUNC", [BTF_KIND_FUNC_PROTO] = "FUNC_PROTO",
  [BTF_KIND_VAR] = "VAR", [BTF_KIND_DATASEC] = "DATASEC",
  [BTF_KIND_FLOAT] = "FLOAT", [BTF_KIND_DECL_TAG] = "DECL_TAG",
  [BTF_KIND_TYPE_TAG] = "TYPE_TAG", [BTF_KIND_ENUM64] = "ENUM64",
};

const char *
btfld_kind_str (unsigned kind)
{
  return kind < NR_BTF_KINDS ? kind_names[kind] : "UNKNOWN";
}

size_t
(btfld_type_rec_size) (const struct btf_type *t)
{
  return btfld_type_rec_size_inline (t);
}

int
btfld_visit_ids (struct btf_type *t, btfld_visit_fn fn, void *ctx)
{
  unsigned i, vlen = btfld_vlen (t);
  int r;

  switch (btfld_kind (t))
    {
    case BTF_KIND_PTR: case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE:
    case BTF_KIND_CONST: case BTF_KIND_RESTRICT: case BTF_KIND_FUNC:
    case BTF_KIND_VAR: case BTF_KIND_DECL_TAG: case BTF_KIND_TYPE_TAG:
      return fn (&t->type, ctx);
    case BTF_KIND_ARRAY:
      {
	struct btf_array *a = (struct btf_array *) (t + 1);
	if ((r = fn (&a->type, ctx)))
	  return r;
	return fn (&a->index_type, ctx);
      }
    case BTF_KIND_STRUCT: case BTF_KIND_UNION:
      {
	struct btf_member *m = (struct btf_member *) (t + 1);
	for (i = 0; i < vlen; i++)
	  if ((r = fn (&m[i].type, ctx)))
	    return r;
	return 0;
      }
    case BTF_KIND_FUNC_PROTO:
      {
	struct btf_param *p = (struct btf_param *) (t + 1);
	if ((r = fn (&t->type, ctx)))
	  return r;
	for (i = 0; i < vlen; i++)
	  if ((r = fn (&p[i].type, ctx)))
	    return r;
	return 0;
      }
    case BTF_KIND_DATASEC:
      {
	struct btf_var_secinfo *v = (struct btf_var_secinfo *) (t + 1);
	for (i = 0; i < vlen; i++)
	  if ((r = fn (&v[i].type, ctx)))
	    return r;
	return 0;
      }
    default:
      return 0;
    }
}

int
btfld_visit_strs (struct btf_type *t, btfld_visit_fn fn, void *ctx)
{
  unsigned i, vlen = btfld_vlen (t);
  int r;

  if ((r = fn (&t->name_off, ctx)))
    return r;
  switch (btfld_kind (t))
    {
    case BTF_KIND_STRUCT: case BTF_KIND_UNION:
      {
	struct btf_member *m = (struct btf_member *) (t + 1);
	for (i = 0; i < vlen; i++)
	  if ((r = fn (&m[i].name_off, ctx)))
	    return r;
	return 0;
      }
    case BTF_KIND_ENUM:
      {
	struct btf_enum *e = (struct btf_enum *) (t + 1);
	for (i = 0; i < vlen; i++)
	  if ((r = fn (&e[i].name_off, ctx)))
	    return r;
	return 0;
      }
    case BTF_KIND_ENUM64:
      {
	struct btf_enum64 *e = (struct btf_enum64 *) (t + 1);
	for (i = 0; i < vlen; i++)
	  if ((r = fn (&e[i].name_off, ctx)))
	    return r;
	return 0;
      }
    case BTF_KIND_FUNC_PROTO:
      {
	struct btf_param *p = (struct btf_param *) (t + 1);
	for (i = 0; i < vlen; i++)
	  if ((r = fn (&p[i].name_off, ctx)))
	    return r;
	return 0;
      }
    default:
      return 0;
    }
}

/* The size in bytes of type ID (through typedefs and qualifiers), 0
   when it has none (void, a function, an unsized array, a loop).  */
uint64_t
btfld_type_size (const struct btfld_btf *btf, uint32_t id)
{
  uint64_t mult = 1;
  for (unsigned depth = 0; depth < 64; depth++)
    {
      const struct btf_type *t = btfld_type_by_id (btf, id);
      if (!t || !id)
	return 0;
      switch (btfld_kind (t))
	{
	case BTF_KIND_INT: case BTF_KIND_STRUCT: case BTF_KIND_UNION:
	case BTF_KIND_ENUM: case BTF_KIND_ENUM64: case BTF_KIND_FLOAT:
	  return mult * t->size;
	case BTF_KIND_PTR:
	  return mult * 8;
	case BTF_KIND_ARRAY:
	  {
	    const struct btf_array *a = (const void *) (t + 1);
	    if (!a->nelems)
	      return 0;
	    mult *= a->nelems;
	    id = a->type;
	    break;
	  }
	case BTF_KIND_TYPEDEF: case BTF_KIND_CONST: case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG:
	  id = t->type;
	  break;
	default:
	  return 0;
	}
    }
  return 0;
}
