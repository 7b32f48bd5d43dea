/* merge.c -- split a concatenated .BTF section into its blobs, merge
   blobs into one object, and filter an object down to a subset.  */

#include "btfld-int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
btfld_blobs_free (struct btfld_blobs *list)
{
  for (size_t i = 0; i < list->n; i++)
    btfld_btf_free (list->v[i]);
  free (list->v);
  memset (list, 0, sizeof *list);
}

/* ld pads between input sections to their alignment; gcc's .BTF is
   byte-aligned but other producers align to 4 or 8.  Skip zero bytes.  */
static size_t
skip_padding (const unsigned char *p, size_t off, size_t size)
{
  while (off < size && p[off] == 0)
    off++;
  return off;
}

/* Parse the blob at OFF of P, naming its offset in errors; with VIEW,
   as btfld_btf_parse_view (a view of P's bytes when they are
   aligned).  */
static struct btfld_btf *
parse_blob_at (const unsigned char *p, size_t off, size_t size,
	       const struct btfld_btf *base, bool checked, bool view,
	       long *lenp)
{
  long len = btfld_blob_size (p + off, size - off);
  struct btfld_btf *b = len < 0 ? NULL
			: view ? btfld_btf_parse_view (p + off, len, base,
						       checked)
			: btfld_btf_parse_checked (p + off, len, base, checked);
  if (!b && off)
    {
      char where[64];
      snprintf (where, sizeof where, "blob at offset %zu", off);
      btfld_error_prefix (where);
    }
  *lenp = len;
  return b;
}

/* Parse and check each blob of DATA (VIEW: as parse_blob_at); LIST,
   when not NULL, receives them, else each is freed once checked.
   *NBLOBS counts them.  */
static int
each_blob (const void *data, size_t size, const struct btfld_btf *base,
	   bool view, struct btfld_blobs *list, size_t *nblobs)
{
  const unsigned char *p = data;
  size_t off = skip_padding (p, 0, size);
  while (off < size)
    {
      long len;
      struct btfld_btf *b = parse_blob_at (p, off, size, base, false, view,
					   &len);
      if (!b)
	return len < 0 ? (int) len : btfld_errcode ();
      int err = list ? btfld_grow ((void **) &list->v, &list->alloc,
				   list->n + 1, sizeof *list->v) : 0;
      if (err)
	{
	  btfld_btf_free (b);
	  return err;
	}
      if (list)
	list->v[list->n++] = b;
      else
	btfld_btf_free (b);
      ++*nblobs;
      off = skip_padding (p, off + len, size);
    }
  return 0;
}

int
btfld_blobs_add (struct btfld_blobs *list, const void *data, size_t size,
		 const struct btfld_btf *base)
{
  size_t n = 0;
  return each_blob (data, size, base, false, list, &n);
}

int
btfld_blobs_check (const void *data, size_t size,
		   const struct btfld_btf *base, size_t *nblobs)
{
  *nblobs = 0;
  return each_blob (data, size, base, true, NULL, nblobs);
}

/* Scratch for append_blob, kept from blob to blob.  */
struct append_scratch
{
  uint32_t *map;		/* IN's ids to OUT's */
  size_t map_cap;
  uint32_t *strmap;		/* for btfld_copy_type_strmap */
  size_t strmap_cap;
};

static int
reserve (uint32_t **v, size_t *cap, size_t n)
{
  if (n <= *cap)
    return 0;
  uint32_t *nv = realloc (*v, n * sizeof *nv);
  if (!nv)
    return btfld_error (-ENOMEM, "out of memory");
  *v = nv;
  *cap = n;
  return 0;
}

/* Append blob IN's own types to OUT (ids after what OUT has).  */
static int
append_blob (struct btfld_btf *out, const struct btfld_btf *in,
	     struct append_scratch *sc)
{
  uint32_t cnt = btfld_type_cnt (in), start = btfld_start_id (in);
  size_t nstr = in->strs_len ? in->strs_len : 1;
  if (reserve (&sc->map, &sc->map_cap, cnt)
      || reserve (&sc->strmap, &sc->strmap_cap, nstr))
    return -ENOMEM;
  uint32_t shift = btfld_type_cnt (out) - start;
  for (uint32_t id = 0; id < cnt; id++)
    sc->map[id] = id < start ? id : id + shift;
  memset (sc->strmap, 0, nstr * sizeof *sc->strmap);
  for (uint32_t id = start; id < cnt; id++)
    if (btfld_copy_type_strmap (out, in, id, sc->map, sc->strmap) < 0)
      return -ENOMEM;
  return 0;
}

int
btfld_merge_section_into (struct btfld_btf *out, const void *data,
			  size_t size, unsigned flags, uint32_t **bo,
			  size_t *bo_cap, unsigned *nblobs)
{
  const unsigned char *p = data;
  struct append_scratch sc = { NULL, 0, NULL, 0 };
  size_t off = skip_padding (p, 0, size);
  bool checked = flags & BTFLD_MERGE_CHECKED;
  while (off < size)
    {
      long len;
      struct btfld_btf *b = parse_blob_at (p, off, size, NULL, checked,
					     true, &len);
      uint32_t before = btfld_type_cnt (out);
      int err = b ? append_blob (out, b, &sc) : btfld_errcode ();
      btfld_btf_free (b);
      size_t need = btfld_type_cnt (out) - btfld_start_id (out);
      if (!err && bo)
	err = btfld_grow ((void **) bo, bo_cap, need, sizeof **bo);
      if (err)
	{
	  free (sc.map);
	  free (sc.strmap);
	  return err;
	}
      for (uint32_t id = before; bo && id < btfld_type_cnt (out); id++)
	(*bo)[id - btfld_start_id (out)] = *nblobs;
      ++*nblobs;
      off = skip_padding (p, off + len, size);
    }
  free (sc.map);
  free (sc.strmap);
  return 0;
}

struct btfld_btf *
btfld_merge_section (const void *data, size_t size,
		     const struct btfld_btf *base, uint32_t **blob_of,
		     unsigned *nblobs)
{
  struct btfld_btf *out = btfld_btf_new (base);
  uint32_t *bo = NULL;
  size_t bo_cap = 0;
  unsigned n = 0;
  if (!out)
    return NULL;
  if (btfld_merge_section_into (out, data, size, 0,
				blob_of ? &bo : NULL,
				&bo_cap, &n))
    {
      free (bo);
      btfld_btf_free (out);
      return NULL;
    }
  if (blob_of)
    *blob_of = bo;
  *nblobs = n;
  return out;
}

struct btfld_btf *
btfld_merge (struct btfld_blobs *blobs, const struct btfld_btf *base)
{
  return btfld_merge_blobs (blobs, base, NULL);
}

struct btfld_btf *
btfld_merge_blobs (struct btfld_blobs *blobs, const struct btfld_btf *base,
		   uint32_t **blob_of)
{
  struct btfld_btf *out = btfld_btf_new (base);
  struct append_scratch sc = { NULL, 0, NULL, 0 };
  uint32_t *bo = NULL;
  size_t total = 0;
  if (!out)
    return NULL;
  for (size_t b = 0; b < blobs->n; b++)
    total += btfld_type_cnt (blobs->v[b]) - btfld_start_id (blobs->v[b]);
  if (blob_of && !(bo = malloc ((total ? total : 1) * sizeof *bo)))
    goto nomem;
  for (size_t b = 0; b < blobs->n; b++)
    {
      uint32_t before = btfld_type_cnt (out);
      if (append_blob (out, blobs->v[b], &sc))
	goto fail;
      for (uint32_t id = before; bo && id < btfld_type_cnt (out); id++)
	bo[id - btfld_start_id (out)] = b;
    }
  free (sc.map);
  free (sc.strmap);
  if (blob_of)
    *blob_of = bo;
  return out;
nomem:
  btfld_error (-ENOMEM, "out of memory");
fail:
  free (sc.map);
  free (sc.strmap);
  free (bo);
  btfld_btf_free (out);
  return NULL;
}

/* btfld_reorder_with, with BTF's strings as they are (SHARE: most of
   the types stay) or with only those of the types kept.  */
static struct btfld_btf *
reorder (const struct btfld_btf *btf, const uint32_t *order, size_t n,
	 uint32_t **mapp, btfld_copy_fn copy, void *ctx, bool share)
{
  uint32_t cnt = btfld_type_cnt (btf), start = btfld_start_id (btf);
  uint32_t *map = calloc (cnt, sizeof *map);
  struct btfld_btf *out = !map ? NULL
			  : share ? btfld_btf_new_sharing_strs (btf)
			  : btfld_btf_new (btf->base);
  if (!out)
    {
      free (map);
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  for (uint32_t id = 0; id < start; id++)
    map[id] = id;
  for (size_t i = 0; i < n; i++)
    map[order[i]] = start + i;
  for (size_t i = 0; i < n; i++)
    if ((copy ? copy (ctx, out, btf, order[i], map)
	      : btfld_copy_type (out, btf, order[i], map)) < 0)
      {
	btfld_btf_free (out);
	free (map);
	return NULL;
      }
  if (mapp)
    *mapp = map;
  else
    free (map);
  return out;
}

struct btfld_btf *
btfld_reorder_with (const struct btfld_btf *btf, const uint32_t *order,
		    size_t n, uint32_t **mapp, btfld_copy_fn copy, void *ctx)
{
  return reorder (btf, order, n, mapp, copy, ctx, true);
}

/* The size of the record COPY makes of ID: SIZE's answer, or the
   record's own size when there is no SIZE.  */
static size_t
new_rec_size (const struct btfld_btf *btf, uint32_t id, btfld_size_fn size,
	      void *ctx)
{
  return size ? size (ctx, btf, id)
	      : btfld_type_rec_size (btfld_type_by_id (btf, id));
}

int
btfld_reorder_in_place (struct btfld_btf *btf, const uint32_t *order,
			size_t n, size_t ntail, uint32_t **mapp,
			btfld_copy_fn copy, btfld_size_fn size, void *ctx)
{
  uint32_t cnt = btfld_type_cnt (btf), start = btfld_start_id (btf);
  /* Record I is written at W, below or at where it is read; it must end
     before the next record still to be read begins.  */
  size_t w = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (i && order[i] <= order[i - 1])
	return 0;
      size_t next = i + 1 < n ? btf->offs[order[i + 1] - start]
			      : btf->types_len;
      w += new_rec_size (btf, order[i], size, ctx);
      if (w > next)
	return 0;
    }
  uint32_t *map = calloc (cnt, sizeof *map);
  if (!map)
    return btfld_error (-ENOMEM, "out of memory");
  for (uint32_t id = 0; id < start; id++)
    map[id] = id;
  for (size_t i = 0; i < n + ntail; i++)
    map[order[i]] = start + i;
  /* SRC sees the old records (the buffers are shared, and never
     reallocated, as nothing grows); BTF is rewritten from the start.
     Strings stay where they are: with SRC as BTF's string source, the
     copies keep their offsets.  */
  struct btfld_btf src = *btf;
  const struct btfld_btf *strs_from = btf->strs_from;
  btf->types_len = 0;
  btf->nr = 0;
  btf->strs_from = &src;
  int err = 0;
  for (size_t i = 0; i < n && !err; i++)
    {
      long id = copy ? copy (ctx, btf, &src, order[i], map)
		     : btfld_copy_type (btf, &src, order[i], map);
      err = id < 0 ? (int) id : 0;
      /* COPY may have added a string.  */
      src.strs = btf->strs;
      src.strs_len = btf->strs_len;
      src.strs_cap = btf->strs_cap;
      src.str_idx = btf->str_idx;
      src.str_idx_built = btf->str_idx_built;
    }
  btf->strs_from = strs_from;
  if (err)
    {
      free (map);
      return err;
    }
  if (mapp)
    *mapp = map;
  else
    free (map);
  return 1;
}

struct btfld_btf *
btfld_reorder (const struct btfld_btf *btf, const uint32_t *order, size_t n,
	       uint32_t **mapp)
{
  return btfld_reorder_with (btf, order, n, mapp, NULL, NULL);
}

static struct btfld_btf *
filter (const struct btfld_btf *btf, const bool *keep, uint32_t **mapp,
	bool share)
{
  uint32_t cnt = btfld_type_cnt (btf), start = btfld_start_id (btf);
  uint32_t *order = malloc ((cnt - start + 1) * sizeof *order);
  size_t n = 0;
  if (!order)
    {
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  for (uint32_t id = start; id < cnt; id++)
    if (keep[id])
      order[n++] = id;
  struct btfld_btf *out = reorder (btf, order, n, mapp, NULL, NULL, share);
  free (order);
  return out;
}

struct btfld_btf *
btfld_filter (const struct btfld_btf *btf, const bool *keep, uint32_t **mapp)
{
  return filter (btf, keep, mapp, true);
}

struct btfld_btf *
btfld_filter_strs (const struct btfld_btf *btf, const bool *keep,
		   uint32_t **mapp)
{
  return filter (btf, keep, mapp, false);
}
