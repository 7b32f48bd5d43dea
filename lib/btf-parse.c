/* btf-parse.c -- read one raw BTF blob and validate it completely:
   header, section bounds, every record's kind, size, vlen, string offsets
   and type ids, and reference loops.  Nothing downstream re-checks.  */

#include "btfld-int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The header of the blob at DATA as far as it goes, the kernel's way: a
   header shorter than btfld knows leaves the missing fields zero, the
   bytes of a longer one after the fields known must be zero.  */
static int
read_header (const void *data, size_t avail, struct btf_header_layout *h)
{
  const size_t base = sizeof (struct btf_header);
  memset (h, 0, sizeof *h);
  if (avail < base)
    return btfld_error (-EINVAL, "truncated BTF header (%zu bytes, need %zu)",
			avail, base);
  memcpy (&h->h, data, base);
  if (h->h.magic != BTF_MAGIC)
    {
      if (h->h.magic == __builtin_bswap16 (BTF_MAGIC))
	return btfld_error (-EINVAL, "BTF of the other byte order is not "
			    "supported");
      return btfld_error (-EINVAL, "bad BTF magic 0x%04x", h->h.magic);
    }
  if (h->h.version != BTF_VERSION)
    return btfld_error (-EINVAL, "unsupported BTF version %u",
			h->h.version);
  if (h->h.flags != 0)
    return btfld_error (-EINVAL, "unsupported BTF header flags 0x%x",
			h->h.flags);
  uint32_t len = h->h.hdr_len;
  if (len < base || len > avail)
    return btfld_error (-EINVAL, "bad BTF header length %u", len);
  size_t known = len < sizeof *h ? len : sizeof *h;
  memcpy ((char *) h + base, (const char *) data + base, known - base);
  for (size_t i = known; i < len; i++)
    if (((const unsigned char *) data)[i])
      return btfld_error (-EINVAL, "unsupported BTF header extension "
			  "(byte %zu of %u is not zero)", i, len);
  return 0;
}

/* What a record of each kind holds after struct btf_type: the layout
   section a 7.x encoder writes must agree.  */
static const struct btf_layout kind_layout[NR_BTF_KINDS] = {
  [BTF_KIND_INT] = { 4, 0, 0 },
  [BTF_KIND_ARRAY] = { sizeof (struct btf_array), 0, 0 },
  [BTF_KIND_STRUCT] = { 0, sizeof (struct btf_member), 0 },
  [BTF_KIND_UNION] = { 0, sizeof (struct btf_member), 0 },
  [BTF_KIND_ENUM] = { 0, sizeof (struct btf_enum), 0 },
  [BTF_KIND_FUNC_PROTO] = { 0, sizeof (struct btf_param), 0 },
  [BTF_KIND_VAR] = { sizeof (struct btf_var), 0, 0 },
  [BTF_KIND_DATASEC] = { 0, sizeof (struct btf_var_secinfo), 0 },
  [BTF_KIND_DECL_TAG] = { sizeof (struct btf_decl_tag), 0, 0 },
  [BTF_KIND_ENUM64] = { 0, sizeof (struct btf_enum64), 0 },
};

/* Check the layout section of H (in the blob at DATA) against the kinds
   btfld knows.  Entries past ours (kinds of a newer encoder) are
   allowed; a type of such a kind is refused later, by its id.  */
static int
check_layout (const void *data, const struct btf_header_layout *h)
{
  if (!h->layout_len)
    return 0;
  if (h->layout_off % 4 || h->layout_len % sizeof (struct btf_layout))
    return btfld_error (-EINVAL, "bad BTF layout section (offset %u, "
			"length %u)", h->layout_off, h->layout_len);
  const unsigned char *p = (const unsigned char *) data + h->h.hdr_len
			   + h->layout_off;
  uint32_t n = h->layout_len / sizeof (struct btf_layout);
  for (uint32_t k = 0; k < n && k < NR_BTF_KINDS; k++)
    {
      struct btf_layout l;
      memcpy (&l, p + k * sizeof l, sizeof l);
      if (l.info_sz != kind_layout[k].info_sz
	  || l.elem_sz != kind_layout[k].elem_sz || l.flags)
	return btfld_error (-EINVAL, "BTF layout section: kind %u (%s) has "
			    "info_sz %u, elem_sz %u, flags 0x%x (expected "
			    "%u, %u, 0)", k, btfld_kind_str (k),
			    (unsigned) l.info_sz, (unsigned) l.elem_sz,
			    (unsigned) l.flags,
			    (unsigned) kind_layout[k].info_sz,
			    (unsigned) kind_layout[k].elem_sz);
    }
  return 0;
}

static bool
sections_overlap (uint32_t a_off, uint32_t a_len, uint32_t b_off,
		  uint32_t b_len)
{
  return a_len && b_len && (uint64_t) a_off + a_len > b_off
	 && (uint64_t) b_off + b_len > a_off;
}

long
btfld_blob_size (const void *data, size_t avail)
{
  struct btf_header_layout hl;
  if (read_header (data, avail, &hl))
    return -EINVAL;
  const struct btf_header *h = &hl.h;
  uint64_t tend = (uint64_t) h->type_off + h->type_len;
  uint64_t send = (uint64_t) h->str_off + h->str_len;
  uint64_t lend = hl.layout_len ? (uint64_t) hl.layout_off + hl.layout_len
		  : 0;
  uint64_t sec = tend > send ? tend : send;
  uint64_t end = h->hdr_len + (lend > sec ? lend : sec);
  if (end > avail)
    return btfld_error (-EINVAL, "truncated BTF: sections end at %llu, "
			"only %zu bytes present",
			(unsigned long long) end, avail);
  if (h->type_off % 4)
    return btfld_error (-EINVAL, "misaligned BTF type section (offset %u)",
			h->type_off);
  if (tend > h->str_off && send > h->type_off)
    return btfld_error (-EINVAL, "BTF type and string sections overlap");
  if (sections_overlap (hl.layout_off, hl.layout_len, h->type_off,
			h->type_len)
      || sections_overlap (hl.layout_off, hl.layout_len, h->str_off,
			   h->str_len))
    return btfld_error (-EINVAL, "BTF layout section overlaps the type or "
			"string section");
  if (check_layout (data, &hl))
    return -EINVAL;
  return (long) end;
}

static int
check_strs (const char *s, uint32_t len, bool split)
{
  if (len == 0)
    return split ? 0 : btfld_error (-EINVAL, "empty BTF string section");
  if (!split && s[0] != '\0')
    return btfld_error (-EINVAL, "BTF string section does not start with "
			"an empty string");
  if (s[len - 1] != '\0')
    return btfld_error (-EINVAL, "BTF string section is not "
			"NUL-terminated");
  return 0;
}

/* Index the records of the type section.  */
static int
index_types (struct btfld_btf *btf)
{
  size_t off = 0;
  while (off < btf->types_len)
    {
      uint32_t id = btf->start_id + btf->nr;
      const struct btf_type *t = (const void *) (btf->types + off);
      if (btf->types_len - off < sizeof *t)
	return btfld_error (-EINVAL, "type [%u]: truncated record", id);
      size_t sz = btfld_type_rec_size (t);
      if (t->info & BTF_INFO_UNUSED_MASK)
	return btfld_error (-EINVAL, "type [%u]: unsupported info bits 0x%08x",
			    id, t->info & BTF_INFO_UNUSED_MASK);
      if (!sz)
	return btfld_error (-EINVAL, "type [%u]: unknown kind %u", id,
			    btfld_kind (t));
      if (btf->types_len - off < sz)
	return btfld_error (-EINVAL, "type [%u] %s: truncated record (%zu "
			    "bytes, need %zu)", id,
			    btfld_kind_str (btfld_kind (t)),
			    btf->types_len - off, sz);
      if (id > BTFLD_MAX_ANY_ID)
	return btfld_error (-E2BIG, "too many types (more than %u)",
			    BTFLD_MAX_ANY_ID);
      int err = btfld_grow ((void **) &btf->offs, &btf->offs_cap,
			    btf->nr + 1, sizeof *btf->offs);
      if (err)
	return err;
      btf->offs[btf->nr++] = off;
      off += sz;
    }
  return 0;
}

struct check_ctx
{
  const struct btfld_btf *btf;
  uint32_t id;
  const char *what;
};

static int
type_err (const struct check_ctx *c, int err, const char *fmt, const char *a,
	  unsigned long b)
{
  char msg[256];
  snprintf (msg, sizeof msg, fmt, a, b);
  const struct btf_type *t = btfld_type_by_id (c->btf, c->id);
  const char *name = btfld_str (c->btf, t->name_off);
  return btfld_error (err, "type [%u] %s '%s': %s", c->id,
		      btfld_kind_str (btfld_kind (t)),
		      name && *name ? name : "(anon)", msg);
}

static int
check_str (uint32_t *off, void *p)
{
  struct check_ctx *c = p;
  if (!btfld_str (c->btf, *off))
    {
      /* Report with a raw name: the record's own name may be the bad one.  */
      const struct btf_type *t = btfld_type_by_id (c->btf, c->id);
      return btfld_error (-EINVAL, "type [%u] %s: string offset %u out of "
			  "range", c->id, btfld_kind_str (btfld_kind (t)),
			  *off);
    }
  return 0;
}

static int
check_id (uint32_t *id, void *p)
{
  struct check_ctx *c = p;
  uint32_t cnt = btfld_type_cnt (c->btf);
  if (*id >= cnt)
    return type_err (c, -EINVAL, "%sreferences type id %lu out of range",
		     "", *id);
  /* A VAR is listed by a DATASEC (or tagged); nothing refers to a
     DATASEC or a DECL_TAG: the kernel refuses any other reference, and
     a result that has one (say a DATASEC copied as what a prototype
     returns, still listing dropped VARs as type 0) must not be
     written.  */
  unsigned from = btfld_kind (btfld_type_by_id (c->btf, c->id));
  unsigned to = btfld_kind (btfld_type_by_id (c->btf, *id));
  if (from != BTF_KIND_DATASEC && from != BTF_KIND_DECL_TAG
      && (to == BTF_KIND_VAR || to == BTF_KIND_DATASEC
	  || to == BTF_KIND_DECL_TAG))
    return type_err (c, -EINVAL, "cannot refer to %s [%lu]",
		     btfld_kind_str (to), *id);
  return 0;
}

/* A FUNC_PROTO, or a FUNC (what the kernel does not size either).  */
static bool
is_function (const struct btf_type *t)
{
  return btfld_kind (t) == BTF_KIND_FUNC_PROTO
	 || btfld_kind (t) == BTF_KIND_FUNC;
}

static bool
pow2 (uint32_t v)
{
  return v && !(v & (v - 1));
}

/* Kind-specific rules (a subset of what the kernel enforces, enough that
   every later pass can trust sizes and counts).  */
static int
check_kind (struct check_ctx *c, const struct btf_type *t)
{
  unsigned kind = btfld_kind (t), vlen = btfld_vlen (t);
  switch (kind)
    {
    case BTF_KIND_INT:
      {
	uint32_t v = *(const uint32_t *) (t + 1);
	if (vlen || !pow2 (t->size) || t->size > 16)
	  return type_err (c, -EINVAL, "%sbad size or vlen (size %lu)", "",
			   t->size);
	if (BTF_INT_OFFSET (v) + BTF_INT_BITS (v) > t->size * 8u
	    || (v & 0xf000ff00u))
	  return type_err (c, -EINVAL, "%sbad bit layout 0x%lx", "", v);
	return 0;
      }
    case BTF_KIND_PTR: case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE:
    case BTF_KIND_CONST: case BTF_KIND_RESTRICT: case BTF_KIND_FWD:
    case BTF_KIND_TYPE_TAG: case BTF_KIND_ARRAY: case BTF_KIND_VAR:
    case BTF_KIND_DECL_TAG:
      if (vlen)
	return type_err (c, -EINVAL, "%sbad vlen %lu", "", vlen);
      return 0;
    case BTF_KIND_FUNC:
      if (vlen > BTF_FUNC_EXTERN)
	return type_err (c, -EINVAL, "%sbad linkage %lu", "", vlen);
      return 0;
    case BTF_KIND_FLOAT:
      if (vlen || (t->size != 2 && t->size != 4 && t->size != 8
		   && t->size != 12 && t->size != 16))
	return type_err (c, -EINVAL, "%sbad size %lu", "", t->size);
      return 0;
    case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
      /* gcc >= 14's `enum e;' (the fixups give it a size).  */
      if (kind == BTF_KIND_ENUM && t->size == 0 && vlen == 0)
	return 0;
      if (!pow2 (t->size) || t->size > 8)
	return type_err (c, -EINVAL, "%sbad size %lu", "", t->size);
      return 0;
    default:
      return 0;
    }
}

/* Type ids T refers to that must be resolved before T itself: all but a
   pointer's target, which is how legal cycles are broken.  */
static bool
edge_counts (const struct btf_type *t)
{
  return btfld_kind (t) != BTF_KIND_PTR;
}

/* Children of T that must be resolved before T (see edge_counts),
   appended to the edge buffer.  */
struct push_ctx { uint32_t *buf; size_t len; };

static int
push_child (uint32_t *id, void *p)
{
  struct push_ctx *c = p;
  c->buf[c->len++] = *id;
  return 0;
}

struct frame { uint32_t node; size_t pos, end; };

/* Iterative DFS over the non-pointer references of our own types, each
   node's children listed once (O(edges)).  */
static int
check_loops (const struct btfld_btf *btf)
{
  uint32_t n = btf->nr, start = btf->start_id;
  size_t maxedges = btf->types_len / 4 + 1;	/* a reference is a word */
  int err = 0;
  uint8_t *state = calloc (n ? n : 1, 1);	/* 0 new, 1 open, 2 done */
  struct frame *stack = malloc ((n ? n : 1) * sizeof *stack);
  struct push_ctx edges = { malloc (maxedges * sizeof (uint32_t)), 0 };
  if (!state || !stack || !edges.buf)
    {
      err = btfld_error (-ENOMEM, "out of memory");
      goto out;
    }
  for (uint32_t root = 0; root < n && !err; root++)
    {
      if (state[root])
	continue;
      size_t sp = 0;
      uint32_t cur = root;
      for (;;)
	{
	  /* Open CUR: list its children.  */
	  struct btf_type *t = (void *) (btf->types + btf->offs[cur]);
	  size_t first = edges.len;
	  if (edge_counts (t))
	    btfld_visit_ids (t, push_child, &edges);
	  state[cur] = 1;
	  stack[sp++] = (struct frame) { cur, first, edges.len };
	  cur = UINT32_MAX;
	  while (sp && cur == UINT32_MAX)
	    {
	      struct frame *f = &stack[sp - 1];
	      if (f->pos == f->end)
		{
		  /* Done: its children's slots go back to the parent.  */
		  state[f->node] = 2;
		  sp--;
		  edges.len = sp ? stack[sp - 1].end : 0;
		  continue;
		}
	      uint32_t id = edges.buf[f->pos++];
	      if (id < start)
		continue;
	      uint32_t nx = id - start;
	      if (state[nx] == 1)
		{
		  struct check_ctx c = { btf, id, NULL };
		  err = type_err (&c, -ELOOP, "%sreference loop through type "
				  "[%lu]", "", f->node + start);
		  goto out;
		}
	      if (state[nx] == 0)
		cur = nx;
	    }
	  if (cur == UINT32_MAX)
	    break;
	}
      edges.len = 0;
    }
out:
  free (state);
  free (stack);
  free (edges.buf);
  return err;
}

/* Kinds whose references must be of one kind.  */
static int
check_targets (struct check_ctx *c, const struct btf_type *t)
{
  unsigned kind = btfld_kind (t);
  if (kind == BTF_KIND_FUNC)
    {
      const struct btf_type *p = btfld_type_by_id (c->btf, t->type);
      if (btfld_kind (p) != BTF_KIND_FUNC_PROTO)
	return type_err (c, -EINVAL, "%sprototype [%lu] is not a FUNC_PROTO",
			 "", t->type);
    }
  else if (kind == BTF_KIND_DATASEC)
    {
      const struct btf_var_secinfo *v = (const void *) (t + 1);
      for (unsigned i = 0; i < btfld_vlen (t); i++)
	{
	  const struct btf_type *p = btfld_type_by_id (c->btf, v[i].type);
	  if (btfld_kind (p) != BTF_KIND_VAR && btfld_kind (p) != BTF_KIND_FUNC)
	    return type_err (c, -EINVAL, "%sentry [%lu] is not a VAR", "",
			     v[i].type);
	}
    }
  else if (kind == BTF_KIND_DECL_TAG)
    {
      /* The kernel's rules: a tag is on a STRUCT, UNION, VAR, FUNC or
	 TYPEDEF (never on void), a component index only on a member of
	 a STRUCT or UNION or a parameter of a FUNC.  */
      const struct btf_type *p = btfld_type_by_id (c->btf, t->type);
      unsigned pk = btfld_kind (p);
      int32_t idx = ((const struct btf_decl_tag *) (t + 1))->component_idx;
      if (!t->type || (pk != BTF_KIND_STRUCT && pk != BTF_KIND_UNION
		       && pk != BTF_KIND_VAR && pk != BTF_KIND_FUNC
		       && pk != BTF_KIND_TYPEDEF))
	return type_err (c, -EINVAL, "%stagged type [%lu] is not a STRUCT, "
			 "UNION, VAR, FUNC or TYPEDEF", "", t->type);
      if (idx != -1)
	{
	  /* A FUNC's prototype is checked with the FUNC.  */
	  const struct btf_type *q = pk == BTF_KIND_FUNC
				     ? btfld_type_by_id (c->btf, p->type) : p;
	  /* A distilled base's STRUCT or UNION has no members (its name
	     and size are all relocation needs): an index into one is
	     checked when the split BTF is relocated (btfld_relocate).  */
	  if ((pk == BTF_KIND_STRUCT || pk == BTF_KIND_UNION)
	      && t->type < c->btf->start_id && btfld_vlen (q) == 0 && idx >= 0)
	    return 0;
	  if ((pk != BTF_KIND_STRUCT && pk != BTF_KIND_UNION
	       && pk != BTF_KIND_FUNC)
	      || !q || idx < 0 || (uint32_t) idx >= btfld_vlen (q))
	    {
	      char buf[16];
	      snprintf (buf, sizeof buf, "%d", (int) idx);
	      return type_err (c, -EINVAL, "bad component index %s", buf, 0);
	    }
	}
    }
  return 0;
}

/* T through its typedefs and modifiers (no loop: checked before).  */
static const struct btf_type *
skip_mods (const struct btfld_btf *btf, const struct btf_type *t)
{
  while (t)
    switch (btfld_kind (t))
      {
      case BTF_KIND_TYPEDEF: case BTF_KIND_CONST: case BTF_KIND_VOLATILE:
      case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG:
	t = btfld_type_by_id (btf, t->type);
	break;
      default:
	return t;
      }
  return t;
}

/* A member or an array element of a forward-declared or a function
   type, an array indexed by a forward-declared type: C has none (they
   have no size), the kernel refuses them, and they let dedup resolve a
   forward into a loop (struct s { struct s m; }).  */
static int
check_incomplete (const struct btfld_btf *btf)
{
  for (uint32_t i = 0; i < btf->nr; i++)
    {
      const struct btf_type *t = (const void *) (btf->types + btf->offs[i]);
      struct check_ctx c = { btf, btf->start_id + i, NULL };
      unsigned k = btfld_kind (t);
      if (k == BTF_KIND_STRUCT || k == BTF_KIND_UNION)
	{
	  const struct btf_member *m = (const void *) (t + 1);
	  for (unsigned j = 0; j < btfld_vlen (t); j++)
	    {
	      const struct btf_type *mt
		= skip_mods (btf, btfld_type_by_id (btf, m[j].type));
	      if (mt && btfld_kind (mt) == BTF_KIND_FWD)
		return type_err (&c, -EINVAL, "%smember %lu is of a "
				 "forward-declared type", "", j);
	      /* Nor of a function type or a function (a pointer to one,
		 yes): its prototype's parameters would be part of the
		 struct.  */
	      if (mt && is_function (mt))
		return type_err (&c, -EINVAL, "%smember %lu is of a "
				 "function type", "", j);
	    }
	}
      else if (k == BTF_KIND_ARRAY)
	{
	  const struct btf_array *a = (const void *) (t + 1);
	  const struct btf_type *et
	    = skip_mods (btf, btfld_type_by_id (btf, a->type));
	  const struct btf_type *it
	    = skip_mods (btf, btfld_type_by_id (btf, a->index_type));
	  if (et && btfld_kind (et) == BTF_KIND_FWD)
	    return type_err (&c, -EINVAL, "%selement type is "
			     "forward-declared", "", 0);
	  if (et && is_function (et))
	    return type_err (&c, -EINVAL, "%selement type is a function "
			     "type", "", 0);
	  /* The index type is an INT (the kernel's rule; gcc 12 gives an
	     array of unknown size none, 0, which the fixups fill in).  */
	  if (it && btfld_kind (it) == BTF_KIND_FWD)
	    return type_err (&c, -EINVAL, "%sindex type is "
			     "forward-declared", "", 0);
	}
    }
  return 0;
}

static int
check_types (struct btfld_btf *btf)
{
  int err;
  for (uint32_t i = 0; i < btf->nr; i++)
    {
      struct btf_type *t = (void *) (btf->types + btf->offs[i]);
      struct check_ctx c = { btf, btf->start_id + i, NULL };
      if ((err = btfld_visit_strs (t, check_str, &c))
	  || (err = check_kind (&c, t))
	  || (err = btfld_visit_ids (t, check_id, &c))
	  || (err = check_targets (&c, t)))
	return err;
    }
  return (err = check_loops (btf)) ? err : check_incomplete (btf);
}

struct btfld_btf *
btfld_btf_parse (const void *data, size_t size, const struct btfld_btf *base)
{
  return btfld_btf_parse_checked (data, size, base, false);
}

static struct btfld_btf *
parse (const void *data, size_t size, const struct btfld_btf *base,
       bool checked, bool view)
{
  long blob = btfld_blob_size (data, size);
  if (blob < 0)
    return NULL;
  struct btf_header h;
  memcpy (&h, data, sizeof h);
  const char *p = (const char *) data + h.hdr_len;
  if (check_strs (p + h.str_off, h.str_len, base != NULL))
    return NULL;

  struct btfld_btf *btf = btfld_btf_new (base);
  if (!btf)
    return NULL;
  if (view && (uintptr_t) (p + h.type_off) % 4 == 0)
    {
      free (btf->strs);
      btf->borrowed = true;
      btf->types = (char *) p + h.type_off;
      btf->strs = (char *) p + h.str_off;
    }
  else
    {
      btf->types = malloc (h.type_len ? h.type_len : 1);
      btf->strs = realloc (btf->strs, h.str_len ? h.str_len : 1);
      if (!btf->types || !btf->strs)
	{
	  btfld_error (-ENOMEM, "out of memory");
	  goto fail;
	}
      memcpy (btf->types, p + h.type_off, h.type_len);
      memcpy (btf->strs, p + h.str_off, h.str_len);
    }
  btf->types_len = btf->types_cap = h.type_len;
  btf->strs_len = btf->strs_cap = h.str_len;
  btf->strs_unique = false;
  if (btf->str_start + (uint64_t) h.str_len > BTFLD_MAX_STR_OFF)
    {
      btfld_error (-E2BIG, "BTF string section too large");
      goto fail;
    }
  if (index_types (btf) || (!checked && check_types (btf)))
    goto fail;
  return btf;
fail:
  btfld_btf_free (btf);
  return NULL;
}

struct btfld_btf *
btfld_btf_parse_checked (const void *data, size_t size,
			 const struct btfld_btf *base, bool checked)
{
  return parse (data, size, base, checked, false);
}

struct btfld_btf *
btfld_btf_parse_view (const void *data, size_t size,
		      const struct btfld_btf *base, bool checked)
{
  return parse (data, size, base, checked, true);
}

void *
btfld_btf_raw_layout (const struct btfld_btf *btf, size_t *size)
{
  /* Types, layout, strings: libbpf 1.7 wants the strings last.  */
  struct btf_layout lay[NR_BTF_KINDS];
  memcpy (lay, kind_layout, sizeof lay);
  struct btf_header_layout hdr = {
    .h = { .magic = BTF_MAGIC, .version = BTF_VERSION,
	   .hdr_len = sizeof hdr,
	   .type_off = 0, .type_len = btf->types_len,
	   .str_off = btf->types_len + sizeof lay, .str_len = btf->strs_len },
    .layout_off = btf->types_len, .layout_len = sizeof lay,
  };
  size_t total = sizeof hdr + btf->types_len + sizeof lay + btf->strs_len;
  if (total > UINT32_MAX)
    {
      btfld_error (-E2BIG, "BTF too large");
      return NULL;
    }
  char *buf = malloc (total);
  if (!buf)
    {
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  char *p = buf;
  memcpy (p, &hdr, sizeof hdr);
  p += sizeof hdr;
  if (btf->types_len)
    memcpy (p, btf->types, btf->types_len);
  p += btf->types_len;
  memcpy (p, lay, sizeof lay);
  p += sizeof lay;
  if (btf->strs_len)
    memcpy (p, btf->strs, btf->strs_len);
  *size = total;
  return buf;
}
