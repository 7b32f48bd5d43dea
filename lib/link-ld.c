/* link-ld.c -- BTF linking from inside a linker (and objcopy): the
   session (session.c) on symbols the linker hands over before it has
   assigned addresses, then the addresses filled in place (btfld-ld.h).

   How phase 2 finds its symbols again: the fixups build each DATASEC
   entry from a symbol's value and size.  Phase 1 hands them every
   symbol with its real size and, for a data symbol, a provisional
   value: the units (input sections) of an output section are laid out
   one after the other, apart, in input section order, and a symbol's
   provisional value is its unit's provisional start plus its offset in
   the unit.  Symbols of one unit keep their distances, so the fixups
   see which variables overlap (aliases) exactly as in the linked file,
   and those of different units never overlap.  The provisional places
   of all sections are one range, so that an offset alone names a unit
   and a place in it: phase 2 finds the symbol of each entry by its
   provisional offset and writes the real offset.  */

#include "btfld-int.h"
#include "btfld-ld.h"
#include "btfld-session.h"
#include "elf-btf.h"

#include <elf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct ld_sym
{
  struct btfld_ld_sym s;
  size_t order;			/* insertion order */
};

/* A data symbol's provisional place (see above).  */
struct vplace
{
  uint32_t off;			/* provisional offset */
  uint32_t sym;			/* index in the btfld_ld's SYMS */
};

/* An object's facts: the session's, placed at layout, and the unit of
   each section.  */
struct ld_obj
{
  struct btfld_object *o;
  uint64_t *units;
};

/* A unit's provisional start.  */
struct ubase
{
  uint64_t unit, base;
};

struct btfld_ld
{
  struct btfld_session *session;	/* the inputs, then the stages */
  bool fixups;			/* the session's option */

  char **secs;
  size_t nsecs, secs_cap;
  struct ld_sym *syms;
  size_t nsyms, syms_cap;
  struct vplace *places;	/* data symbols by section and offset */
  size_t nplaces;
  struct ld_obj *objs;
  size_t nobjs, objs_cap;

  void *raw, *braw;		/* the output .BTF and .BTF.base */
  size_t raw_size, braw_size;
  uint32_t start_id;		/* first id of the output .BTF */
  bool laid_out, fixed;
};

#define VAR_REC_SIZE (sizeof (struct btf_type) + sizeof (struct btf_var))

static int
nomem (void)
{
  return btfld_error (-ENOMEM, "out of memory");
}

struct btfld_ld *
btfld_ld_new (const struct btfld_session_opts *opts)
{
  struct btfld_ld *ld = calloc (1, sizeof *ld);
  if (!ld)
    {
      nomem ();
      return NULL;
    }
  if (opts->funcs != BTFLD_FUNCS_ALL || opts->relocate)
    {
      free (ld);
      btfld_error (-EINVAL, "a link keeps every FUNC and relocates "
		   "nothing");
      return NULL;
    }
  ld->fixups = opts->fixups;
  if (!(ld->session = btfld_session_new (opts)))
    {
      free (ld);
      return NULL;
    }
  return ld;
}

void
btfld_ld_free (struct btfld_ld *ld)
{
  if (!ld)
    return;
  btfld_session_free (ld->session);
  for (size_t i = 0; i < ld->nsecs; i++)
    free (ld->secs[i]);
  for (size_t i = 0; i < ld->nsyms; i++)
    free ((char *) ld->syms[i].s.name);
  free (ld->secs);
  free (ld->syms);
  free (ld->places);
  for (size_t i = 0; i < ld->nobjs; i++)
    {
      btfld_object_free (ld->objs[i].o);
      free (ld->objs[i].units);
    }
  free (ld->objs);
  free (ld->raw);
  free (ld->braw);
  free (ld);
}

int
btfld_ld_add_input (struct btfld_ld *ld, const void *data, size_t size)
{
  if (ld->laid_out)
    return btfld_error (-EINVAL, "input added after layout");
  /* Compilers' blobs are standalone; the merge puts them on the base.  */
  return btfld_session_add_input (ld->session, data, size);
}

static char *
dup_name (const char *name)
{
  return strdup (name ? name : "");
}

int
btfld_ld_add_object (struct btfld_ld *ld, const char *label,
		     const struct btfld_obj_sym *syms, size_t nsyms,
		     const struct btfld_ld_obj_sec *secs, size_t nsecs)
{
  if (ld->laid_out)
    return btfld_error (-EINVAL, "object added after layout");
  if (ld->nobjs == ld->objs_cap)
    {
      size_t n = ld->objs_cap ? 2 * ld->objs_cap : 64;
      struct ld_obj *v = realloc (ld->objs, n * sizeof *v);
      if (!v)
	return nomem ();
      ld->objs = v;
      ld->objs_cap = n;
    }
  struct btfld_object *o = calloc (1, sizeof *o);
  uint64_t *units = calloc (nsecs ? nsecs : 1, sizeof *units);
  if (!o || !units
      || !(o->syms = calloc (nsyms ? nsyms : 1, sizeof *o->syms))
      || !(o->secs = calloc (nsecs ? nsecs : 1, sizeof *o->secs))
      || !(o->label = dup_name (label)))
    goto nomem;
  for (size_t i = 0; i < nsecs; i++)
    {
      struct btfld_obj_sec *c = &o->secs[o->nsecs];
      if (!(c->name = dup_name (secs[i].name)))
	goto nomem;
      o->nsecs++;
      c->size = secs[i].size;
      c->flags = secs[i].flags;
      /* Placed at layout, when the units' places are known.  */
      if (secs[i].out_name && !(c->out_name = dup_name (secs[i].out_name)))
	goto nomem;
      units[i] = secs[i].unit;
    }
  for (size_t i = 0; i < nsyms; i++)
    {
      struct btfld_obj_sym *y = &o->syms[o->nsyms];
      *y = syms[i];
      /* As btfld_ld_add_symbol: X.lto_priv.N is the static X.  */
      size_t priv = btfld_lto_priv_len (syms[i].name);
      if (priv)
	y->bind = STB_LOCAL;
      if (!(y->name = priv ? strndup (syms[i].name, priv)
			   : dup_name (syms[i].name)))
	goto nomem;
      o->nsyms++;
      if (y->sec >= nsecs && y->sec != BTFLD_OBJ_COMMON
	  && y->sec != BTFLD_OBJ_UNDEF)
	y->sec = BTFLD_OBJ_ABS;
    }
  int id = btfld_session_add_object (ld->session, o);
  if (id < 0)
    {
      btfld_object_free (o);
      free (units);
      return id;
    }
  ld->objs[ld->nobjs].o = o;
  ld->objs[ld->nobjs].units = units;
  ld->nobjs++;
  return id;

nomem:
  btfld_object_free (o);
  free (units);
  return nomem ();
}

int
btfld_ld_add_object_input (struct btfld_ld *ld, const void *data,
			   size_t size, int obj)
{
  if (ld->laid_out)
    return btfld_error (-EINVAL, "input added after layout");
  return btfld_session_add_object_input (ld->session, data, size, obj);
}

unsigned
btfld_ld_inputs (const struct btfld_ld *ld)
{
  return btfld_session_inputs (ld->session);
}

long
btfld_ld_add_section (struct btfld_ld *ld, const char *name)
{
  if (ld->nsecs == ld->secs_cap)
    {
      size_t n = ld->secs_cap ? 2 * ld->secs_cap : 32;
      char **v = realloc (ld->secs, n * sizeof *v);
      if (!v)
	return nomem ();
      ld->secs = v;
      ld->secs_cap = n;
    }
  if (!(ld->secs[ld->nsecs] = strdup (name)))
    return nomem ();
  return (long) ++ld->nsecs;
}

int
btfld_ld_add_symbol (struct btfld_ld *ld, const struct btfld_ld_sym *sym)
{
  if (sym->sec > ld->nsecs)
    return btfld_error (-EINVAL, "symbol '%s': no output section %u",
			sym->name, sym->sec);
  if (ld->nsyms == ld->syms_cap)
    {
      size_t n = ld->syms_cap ? 2 * ld->syms_cap : 256;
      struct ld_sym *v = realloc (ld->syms, n * sizeof *v);
      if (!v)
	return nomem ();
      ld->syms = v;
      ld->syms_cap = n;
    }
  struct ld_sym *y = &ld->syms[ld->nsyms];
  y->s = *sym;
  y->order = ld->nsyms;
  /* As the symbol table reader does (elf-syms.c): X.lto_priv.N is the
     static X.  */
  size_t priv = btfld_lto_priv_len (sym->name);
  if (priv)
    y->s.bind = STB_LOCAL;
  if (!(y->s.name = priv ? strndup (sym->name, priv) : strdup (sym->name)))
    return nomem ();
  ld->nsyms++;
  return 0;
}

/* The symbol kinds the fixups take for variables.  */
static bool
is_data (const struct btfld_ld_sym *s)
{
  return s->sec && (s->type == STT_OBJECT || s->type == STT_TLS
		    || s->type == STT_NOTYPE);
}

static int
by_position (const void *a, const void *b)
{
  const struct ld_sym *x = *(const struct ld_sym *const *) a;
  const struct ld_sym *y = *(const struct ld_sym *const *) b;
  if (x->s.sec != y->s.sec)
    return x->s.sec < y->s.sec ? -1 : 1;
  if (x->s.unit != y->s.unit)
    return x->s.unit < y->s.unit ? -1 : 1;
  if (x->s.value != y->s.value)
    return x->s.value < y->s.value ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

static int
by_name_order (const void *a, const void *b)
{
  const struct btfld_sym *x = a, *y = b;
  int c = strcmp (x->name, y->name);
  if (c)
    return c;
  return x->order < y->order ? -1 : x->order > y->order;
}

static int
by_place (const void *a, const void *b)
{
  const struct vplace *x = a, *y = b;
  return x->off < y->off ? -1 : x->off > y->off;
}

static int
by_unit (const void *a, const void *b)
{
  const struct ubase *x = a, *y = b;
  return x->unit < y->unit ? -1 : x->unit > y->unit;
}

/* Place each object's sections at their units' provisional starts UB
   (N, sorted by unit).  A section whose unit holds no symbol of the
   layout stays unplaced: nothing of it survived that a FUNC or VAR
   could describe.  */
static void
place_objects (struct btfld_ld *ld, const struct ubase *ub, size_t n)
{
  for (size_t j = 0; j < ld->nobjs; j++)
    {
      struct btfld_object *o = ld->objs[j].o;
      for (size_t i = 0; i < o->nsecs; i++)
	{
	  struct ubase key = { ld->objs[j].units[i], 0 };
	  const struct ubase *u = NULL;
	  if (o->secs[i].out_name)
	    u = bsearch (&key, ub, n, sizeof *ub, by_unit);
	  if (!u)
	    {
	      free ((char *) o->secs[i].out_name);
	      o->secs[i].out_name = NULL;
	      continue;
	    }
	  o->secs[i].out_offset = u->base;
	}
    }
}

/* The symbol table the fixups read, symbols at their provisional places,
   in *OUT.  */
static int
make_symtab (struct btfld_ld *ld, struct btfld_symtab **out)
{
  struct btfld_symtab *st = calloc (1, sizeof *st);
  struct ld_sym **data = malloc ((ld->nsyms + 1) * sizeof *data);
  struct ubase *ub = NULL;
  size_t ndata = 0, nub = 0;
  int err;
  if (!st || !data
      || !(st->secs = calloc (ld->nsecs + 1, sizeof *st->secs))
      || !(st->syms = calloc (ld->nsyms + 1, sizeof *st->syms))
      || !(ld->places = malloc ((ld->nsyms + 1) * sizeof *ld->places)))
    {
      err = nomem ();
      goto fail;
    }
  st->e_type = ET_REL;
  st->nsecs = ld->nsecs + 1;
  st->secs[0].name = "";
  for (size_t i = 0; i < ld->nsecs; i++)
    st->secs[i + 1].name = ld->secs[i];

  for (size_t i = 0; i < ld->nsyms; i++)
    if (ld->syms[i].s.sec)
      data[ndata++] = &ld->syms[i];
  for (size_t i = 0; i < ld->nsyms; i++)
    {
      const struct ld_sym *y = &ld->syms[i];
      struct btfld_sym *s = &st->syms[i];
      s->name = y->s.name;
      s->bind = y->s.bind;
      s->type = y->s.type;
      s->shndx = y->s.sec;
      s->value = y->s.value;
      s->size = y->s.size;
      s->order = y->order;
    }
  qsort (data, ndata, sizeof *data, by_position);
  if (!(ub = malloc ((ndata + 1) * sizeof *ub)))
    {
      err = nomem ();
      goto fail;
    }
  /* END: the end of the provisional places so far; a new unit starts
     one byte after it.  */
  uint64_t base = 0, end = 0;
  size_t nplaces = 0;
  for (size_t i = 0; i < ndata; i++)
    {
      const struct ld_sym *p = i ? data[i - 1] : NULL;
      const struct ld_sym *y = data[i];
      if (!p || p->s.sec != y->s.sec || p->s.unit != y->s.unit)
	{
	  if (p)
	    base = end + 1;
	  ub[nub++] = (struct ubase) { y->s.unit, base };
	}
      uint64_t off = base + y->s.value;
      if (off < base || off + y->s.size < off
	  || off + y->s.size > UINT32_MAX)
	{
	  err = btfld_error (-EFBIG, "more than 4 GiB of symbols (in %s)",
			     ld->secs[y->s.sec - 1]);
	  goto fail;
	}
      if (off + y->s.size > end)
	end = off + y->s.size;
      size_t k = (size_t) (y - ld->syms);
      st->syms[k].value = off;
      if (!is_data (&y->s))
	continue;
      ld->places[nplaces].off = (uint32_t) off;
      ld->places[nplaces].sym = (uint32_t) k;
      nplaces++;
    }
  ndata = nplaces;
  qsort (ub, nub, sizeof *ub, by_unit);
  place_objects (ld, ub, nub);
  ld->nplaces = ndata;
  st->nsyms = ld->nsyms;
  qsort (st->syms, st->nsyms, sizeof *st->syms, by_name_order);
  free (data);
  free (ub);
  *out = st;
  return 0;

fail:
  free (data);
  free (ub);
  if (st)
    {
      free (st->secs);
      free (st->syms);
      free (st);
    }
  return err;
}

static void
free_symtab (struct btfld_symtab *st)
{
  /* Names belong to the btfld_ld.  */
  if (st)
    {
      free (st->secs);
      free (st->syms);
      free (st);
    }
}


int
btfld_ld_do_layout (struct btfld_ld *ld, void **btf, size_t *size,
		    void **base, size_t *base_size, struct btfld_stats *stats)
{
  struct btfld_symtab *st = NULL;
  int err;

  if (ld->laid_out)
    return btfld_error (-EINVAL, "layout done twice");
  if (ld->fixups && (err = make_symtab (ld, &st)))
    return err;
  btfld_session_set_symtab (ld->session, st);
  err = btfld_session_run (ld->session);
  if (!err)
    err = btfld_session_raw (ld->session, false, &ld->raw, &ld->raw_size,
			     &ld->braw, &ld->braw_size);
  free_symtab (st);
  if (err)
    return err;
  if (stats)
    {
      const struct btfld_stats *ss = btfld_session_stats (ld->session);
      stats->inputs += ss->inputs;
      stats->blobs += ss->blobs;
      stats->bytes_in += ss->bytes_in;
      stats->types_in += ss->types_in;
      stats->bytes_out = ss->bytes_out;
      stats->types_out = ss->types_out;
    }
  ld->start_id = btfld_start_id (btfld_session_btf (ld->session));
  ld->fixed = ld->fixups;
  ld->laid_out = true;
  *btf = ld->raw;
  *size = ld->raw_size;
  if (base)
    *base = ld->braw;
  if (base_size)
    *base_size = ld->braw_size;
  return 0;
}

/* ---- phase 2 ---- */

static int
by_offset (const void *a, const void *b)
{
  const struct btf_var_secinfo *x = a, *y = b;
  if (x->offset != y->offset)
    return x->offset < y->offset ? -1 : 1;
  return x->type < y->type ? -1 : x->type > y->type;
}

/* Fill one DATASEC in place and sort its entries.  */
static int
fill_datasec (struct btfld_ld *ld, uint32_t id, struct btf_type *t,
	      const struct btfld_ld_layout *l)
{
  struct btf_var_secinfo *v = (void *) (t + 1);
  unsigned n = btfld_vlen (t);
  for (unsigned i = 0; i < n; i++)
    {
      struct vplace key = { v[i].offset, 0 };
      const struct vplace *p = bsearch (&key, ld->places, ld->nplaces,
					sizeof *p, by_place);
      if (!p)
	return btfld_error (-EINVAL, "type [%u] DATASEC: entry %u names no "
			    "symbol of the layout", id, i);
      const struct btfld_ld_sym *s = &ld->syms[p->sym].s;
      if (i == 0)
	t->size = (uint32_t) l->section_size (l->ctx, s->sec);
      v[i].offset = (uint32_t) l->symbol_offset (l->ctx, s->cookie);
    }
  qsort (v, n, sizeof *v, by_offset);
  return 0;
}

/* Renumber the VAR records so that they follow the DATASECs' order (as a
   link of the finished file numbers them): VAR records all have one size,
   so this is a permutation of records and of the references to them.  */
static int
order_vars (struct btf_type **recs, uint32_t nrecs, uint32_t start)
{
  uint32_t *order = malloc ((nrecs ? nrecs : 1) * sizeof *order);
  uint32_t *slots = malloc ((nrecs ? nrecs : 1) * sizeof *slots);
  uint32_t *newid = calloc (nrecs ? nrecs : 1, sizeof *newid);
  unsigned char *tmp = NULL;
  size_t n = 0;
  int err = 0;
  if (!order || !slots || !newid)
    {
      err = nomem ();
      goto out;
    }
  for (uint32_t i = 0; i < nrecs; i++)
    {
      struct btf_type *t = recs[i];
      if (btfld_kind (t) != BTF_KIND_DATASEC)
	continue;
      struct btf_var_secinfo *v = (void *) (t + 1);
      for (unsigned k = 0; k < btfld_vlen (t); k++)
	{
	  uint32_t vid = v[k].type;
	  if (vid < start || vid - start >= nrecs
	      || btfld_kind (recs[vid - start]) != BTF_KIND_VAR)
	    continue;
	  if (newid[vid - start])
	    continue;
	  newid[vid - start] = 1;
	  order[n++] = vid;
	}
    }
  memcpy (slots, order, n * sizeof *slots);
  qsort (slots, n, sizeof *slots, btfld_cmp_u32);
  if (memcmp (slots, order, n * sizeof *slots) == 0)
    goto out;
  if (!(tmp = malloc (n * VAR_REC_SIZE)))
    {
      err = nomem ();
      goto out;
    }
  for (size_t j = 0; j < n; j++)
    {
      memcpy (tmp + j * VAR_REC_SIZE, recs[order[j] - start], VAR_REC_SIZE);
      newid[order[j] - start] = slots[j];
    }
  for (size_t j = 0; j < n; j++)
    memcpy (recs[slots[j] - start], tmp + j * VAR_REC_SIZE, VAR_REC_SIZE);
  for (uint32_t i = 0; i < nrecs; i++)
    {
      struct btf_type *t = recs[i];
      unsigned kind = btfld_kind (t);
      if (kind == BTF_KIND_DATASEC)
	{
	  struct btf_var_secinfo *v = (void *) (t + 1);
	  for (unsigned k = 0; k < btfld_vlen (t); k++)
	    if (v[k].type >= start && v[k].type - start < nrecs
		&& newid[v[k].type - start] > 1)
	      v[k].type = newid[v[k].type - start];
	}
      else if (kind == BTF_KIND_DECL_TAG && t->type >= start
	       && t->type - start < nrecs && newid[t->type - start] > 1)
	t->type = newid[t->type - start];
    }
out:
  free (order);
  free (slots);
  free (newid);
  free (tmp);
  return err;
}

int
btfld_ld_finish (struct btfld_ld *ld, const struct btfld_ld_layout *l)
{
  if (!ld->laid_out)
    return btfld_error (-EINVAL, "finish before layout");
  if (!ld->fixed)
    return 0;			/* gcc's DATASECs are kept as they are */

  struct btf_header *h = ld->raw;
  unsigned char *types = (unsigned char *) ld->raw + h->hdr_len + h->type_off;
  size_t len = h->type_len, off = 0;
  struct btf_type **recs = NULL;
  uint32_t nrecs = 0;
  size_t cap = 0;
  int err = 0;

  while (off < len)
    {
      struct btf_type *t = (void *) (types + off);
      size_t rs = btfld_type_rec_size (t);
      if (!rs || off + rs > len)
	{
	  free (recs);
	  return btfld_error (-EINVAL, "type [%u]: bad record in the laid out "
			      "BTF", ld->start_id + nrecs);
	}
      if ((err = btfld_grow ((void **) &recs, &cap, (size_t) nrecs + 1,
			     sizeof *recs)))
	{
	  free (recs);
	  return err;
	}
      recs[nrecs++] = t;
      off += rs;
    }
  for (uint32_t i = 0; i < nrecs && !err; i++)
    if (btfld_kind (recs[i]) == BTF_KIND_DATASEC)
      err = fill_datasec (ld, ld->start_id + i, recs[i], l);
  if (!err)
    err = order_vars (recs, nrecs, ld->start_id);
  free (recs);
  return err;
}

/* ---- objcopy's conversions ---- */

int
btfld_ld_convert (const void *btf, size_t size,
		  const void *base_section, size_t base_section_size,
		  const struct btfld_btf *base, bool distill,
		  const struct btfld_btf *relocate, enum btfld_engine engine,
		  void **out, size_t *out_size,
		  void **out_base, size_t *out_base_size)
{
  struct btfld_session_opts so = { .engine = engine,
				   .base = relocate ? NULL : base,
				   .distill = !relocate && distill,
				   .relocate = relocate };
  struct btfld_session *s;
  int err;

  *out = *out_base = NULL;
  *out_size = *out_base_size = 0;
  if (!relocate && !distill)
    return btfld_error (-EINVAL, "nothing to do");
  if (!(s = btfld_session_new (&so)))
    return btfld_errcode ();
  if (!(err = btfld_session_add_existing (s, btf, size, base_section,
					  base_section_size))
      && !(err = btfld_session_run (s)))
    err = btfld_session_raw (s, false, out, out_size, out_base,
			     out_base_size);
  btfld_session_free (s);
  return err;
}
