/* btf-distill.c -- distill the base of a split BTF: keep in a new base
   only what identifies the base types the split BTF refers to, and move
   the other referenced base types into the new split BTF.

   The order is fixed so that results can be compared byte for byte: the
   new base lists its types in old base id order; the new split lists the
   old split types, then the moved base types in old base id order.  */

#include "btfld-int.h"
#include "btfld-split.h"

#include <errno.h>
#include <stdlib.h>

/* Where a referenced base type goes.  */
enum dest { UNUSED = 0, TO_BASE, TO_SPLIT, BAD_KIND };

static enum dest
dest_of (const struct btf_type *t)
{
  switch (btfld_kind (t))
    {
    case BTF_KIND_INT: case BTF_KIND_FLOAT: case BTF_KIND_FWD:
    case BTF_KIND_STRUCT: case BTF_KIND_UNION:
    case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
      /* Only a name can be looked up in another base: an anonymous type,
	 even an INT, goes whole into the split BTF.  */
      return t->name_off ? TO_BASE : TO_SPLIT;
    case BTF_KIND_PTR: case BTF_KIND_ARRAY: case BTF_KIND_TYPEDEF:
    case BTF_KIND_CONST: case BTF_KIND_VOLATILE: case BTF_KIND_RESTRICT:
    case BTF_KIND_FUNC_PROTO: case BTF_KIND_TYPE_TAG:
      return TO_SPLIT;
    default:
      return BAD_KIND;
    }
}

struct mark_ctx
{
  const struct btfld_btf *btf;
  uint32_t start;		/* first split id */
  uint8_t *dest;		/* per base id */
  uint32_t *stack;		/* moved types whose references are pending */
  size_t sp;
  uint32_t from;		/* the type being scanned */
};

/* Record a reference to base type *ID; moved types are scanned in turn,
   types kept in the base are not (they lose their references).  */
static int
mark_ref (uint32_t *id, void *p)
{
  struct mark_ctx *c = p;
  if (*id == 0 || *id >= c->start || c->dest[*id] != UNUSED)
    return 0;
  const struct btf_type *t = btfld_type_by_id (c->btf, *id);
  enum dest d = dest_of (t);
  const char *tname = btfld_name (c->btf, *id);
  if (d == TO_BASE && (!tname || !*tname))
    d = TO_SPLIT;		/* a name offset to an empty string */
  if (d == BAD_KIND)
    {
      const char *name = btfld_name (c->btf, *id);
      return btfld_error (-EINVAL, "type [%u] %s '%s': kind not allowed in "
			  "a distilled base (referenced by type [%u])", *id,
			  btfld_kind_str (btfld_kind (t)),
			  *name ? name : "(anon)", c->from);
    }
  c->dest[*id] = d;
  if (d == TO_SPLIT)
    c->stack[c->sp++] = *id;
  return 0;
}

static int
scan (struct mark_ctx *c, uint32_t id)
{
  c->from = id;
  return btfld_visit_ids ((struct btf_type *) btfld_type_by_id (c->btf, id),
			  mark_ref, c);
}

/* Fill DEST for every base type reachable from the split types.  */
static int
mark_used (const struct btfld_btf *split, uint8_t *dest)
{
  uint32_t start = btfld_start_id (split), cnt = btfld_type_cnt (split);
  struct mark_ctx c = { split, start, dest, NULL, 0, 0 };
  int err = 0;
  c.stack = malloc (start * sizeof *c.stack);
  if (!c.stack)
    return btfld_error (-ENOMEM, "out of memory");
  for (uint32_t id = start; id < cnt && !err; id++)
    err = scan (&c, id);
  while (c.sp && !err)
    err = scan (&c, c.stack[--c.sp]);
  free (c.stack);
  return err;
}

/* A split DECL_TAG may name a member of a base STRUCT or UNION whose
   members the parser cannot see (a distilled base's have none), so its
   index is checked here, against the base being distilled: an index past
   that type's members could be relocated onto no base with this one's
   types, the base itself included (a split BTF on a distilled base is
   not distilled again).  */
static int
check_tags (const struct btfld_btf *split)
{
  uint32_t start = btfld_start_id (split), cnt = btfld_type_cnt (split);
  for (uint32_t id = start; id < cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (split, id);
      if (btfld_kind (t) != BTF_KIND_DECL_TAG || t->type == 0
	  || t->type >= start)
	continue;
      int32_t idx = ((const struct btf_decl_tag *) (t + 1))->component_idx;
      const struct btf_type *b = btfld_type_by_id (split, t->type);
      unsigned kind = btfld_kind (b), vlen = btfld_vlen (b);
      if (idx < 0 || (kind != BTF_KIND_STRUCT && kind != BTF_KIND_UNION)
	  || (uint32_t) idx < vlen)
	continue;
      const char *name = btfld_name (split, t->type);
      return btfld_error (-EINVAL, "type [%u] DECL_TAG: component index %d "
			  "past the %u members of base type [%u] %s '%s'",
			  id, idx, vlen, t->type, btfld_kind_str (kind),
			  *name ? name : "(anon)");
    }
  return 0;
}

/* Append the distilled form of base type ID of SRC to BASE.  */
static long
add_distilled (struct btfld_btf *base, const struct btfld_btf *src,
	       uint32_t id)
{
  const struct btf_type *t = btfld_type_by_id (src, id);
  unsigned kind = btfld_kind (t);
  if (kind == BTF_KIND_INT || kind == BTF_KIND_FLOAT || kind == BTF_KIND_FWD)
    return btfld_copy_type (base, src, id, NULL);
  /* Enums lose their values and signedness: a sized ENUM stands for an
     ENUM or ENUM64 of that size.  */
  if (kind == BTF_KIND_ENUM64)
    kind = BTF_KIND_ENUM;
  long name = btfld_add_str (base, btfld_name (src, id));
  if (name < 0)
    return name;
  struct btf_type rec = {
    .name_off = name, .info = BTF_INFO_ENC (kind, 0, 0), .size = t->size
  };
  return btfld_add_type (base, &rec, sizeof rec);
}

/* Build the new base and split from DEST; MAP is indexed by old ids.  */
static int
build (const struct btfld_btf *split, const uint8_t *dest, uint32_t *map,
       struct btfld_btf **new_base, struct btfld_btf **new_split)
{
  uint32_t start = btfld_start_id (split), cnt = btfld_type_cnt (split);
  struct btfld_btf *nb = btfld_btf_new (NULL), *ns = NULL;
  long r = nb ? 0 : -ENOMEM;
  for (uint32_t id = 1; id < start && r >= 0; id++)
    if (dest[id] == TO_BASE && (r = add_distilled (nb, split, id)) >= 0)
      map[id] = r;
  if (r < 0 || !(ns = btfld_btf_new (nb)))
    goto fail;
  uint32_t next = btfld_start_id (ns);
  for (uint32_t id = start; id < cnt; id++)
    map[id] = next++;
  for (uint32_t id = 1; id < start; id++)
    if (dest[id] == TO_SPLIT)
      map[id] = next++;
  for (uint32_t id = start; id < cnt && r >= 0; id++)
    r = btfld_copy_type (ns, split, id, map);
  for (uint32_t id = 1; id < start && r >= 0; id++)
    if (dest[id] == TO_SPLIT)
      r = btfld_copy_type (ns, split, id, map);
  if (r < 0)
    goto fail;
  *new_base = nb;
  *new_split = ns;
  return 0;
fail:
  btfld_btf_free (ns);
  btfld_btf_free (nb);
  return r < 0 ? (int) r : -ENOMEM;
}

int
btfld_distill_base (const struct btfld_btf *split, struct btfld_btf **new_base,
		    struct btfld_btf **new_split)
{
  if (!split || !new_base || !new_split)
    return btfld_error (-EINVAL, "distill: argument missing");
  if (!btfld_base (split))
    return btfld_error (-EINVAL, "BTF to distill has no base");
  uint32_t start = btfld_start_id (split), cnt = btfld_type_cnt (split);
  uint8_t *dest = calloc (start, 1);
  uint32_t *map = calloc (cnt, sizeof *map);
  int err;
  if (!dest || !map)
    err = btfld_error (-ENOMEM, "out of memory");
  else if (!(err = mark_used (split, dest))
	   && !(err = check_tags (split)))
    err = build (split, dest, map, new_base, new_split);
  free (dest);
  free (map);
  return err;
}
