/* btf-core.c -- the BTF object: type records, interned strings, raw
   serialization.  */

#include "btfld-int.h"
#include "str-index.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static const struct btf_type void_type;

/* ---- string index: the offsets of the strings of BTF and its base ---- */

static const char *
str_at (const void *btf, uint32_t off)
{
  return btfld_str (btf, off);
}

/* The index of BTF's own strings, in the slots of a table sized for
   them at once.  A string repeated in the section keeps its first
   offset.  */
static int
strtab_build (struct btfld_btf *btf)
{
  struct btfld_str_index *ix = &btf->str_idx;
  size_t n = 0, min = 1024;
  for (uint32_t o = 0; o < btf->strs_len; o += strlen (btf->strs + o) + 1)
    n++;
  while (min < 2 * (n + 1))
    min *= 2;
  if (btfld_str_index_reserve (ix, min, str_at, btf))
    return -ENOMEM;
  for (uint32_t o = 0; o < btf->strs_len; o += strlen (btf->strs + o) + 1)
    {
      size_t j = btfld_str_index_slot (ix, btf->strs + o, str_at, btf);
      if (ix->slot[j] == BTFLD_STR_INDEX_EMPTY)
	btfld_str_index_put (ix, j, btf->str_start + o);
    }
  return 0;
}

/* Each object indexes its own strings only, on the first
   btfld_add_str (parsing alone stays cheap), and looks a string up in
   its bases' indexes: a base's is built once for all the objects split
   on it (a module's every step makes one).  A base is shared, read
   only, possibly by two threads (the plugin's merge thread and ld's):
   building its index, the one change made to a const object, is done
   under a lock.  */
static pthread_mutex_t strtab_lock = PTHREAD_MUTEX_INITIALIZER;

static int
strtab_ready (const struct btfld_btf *btf)
{
  int err = 0;
  if (__atomic_load_n (&btf->str_idx_built, __ATOMIC_ACQUIRE))
    return 0;
  pthread_mutex_lock (&strtab_lock);
  if (!btf->str_idx_built)
    {
      struct btfld_btf *b = (struct btfld_btf *) btf;
      if (!(err = strtab_build (b)))
	__atomic_store_n (&b->str_idx_built, true, __ATOMIC_RELEASE);
    }
  pthread_mutex_unlock (&strtab_lock);
  return err;
}

/* Arrays of this size or more are backed by huge pages where the
   system gives them on request (transparent huge pages, "madvise").  */
#define HUGE_MIN ((size_t) 4 << 20)

int
btfld_cmp_u32 (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  return x < y ? -1 : x > y;
}

static void *
huge (void *p, size_t n)
{
#ifdef MADV_HUGEPAGE
  if (p && n >= HUGE_MIN)
    {
      uintptr_t page = sysconf (_SC_PAGESIZE);
      uintptr_t a = (uintptr_t) p & ~(page - 1);
      uintptr_t b = ((uintptr_t) p + n + page - 1) & ~(page - 1);
      madvise ((void *) a, b - a, MADV_HUGEPAGE);
    }
#endif
  return p;
}

void *
btfld_huge_malloc (size_t n, size_t elt)
{
  return huge (malloc (n * elt), n * elt);
}

void *
btfld_huge_calloc (size_t n, size_t elt)
{
  return huge (calloc (n, elt), n * elt);
}

/* Blocks this large are mapped apart by glibc's malloc (its largest
   mmap threshold), and its realloc moves them by mremap.  */
#define REMAP_MIN ((size_t) 32 << 20)

/* P, of OLD elements, grown to N.  A large array is copied into a new
   one advised before its first touch: realloc would move the pages it
   has (small ones, touched before any advice, or a heap's) and only the
   rest could be huge, and a pass over small pages takes a page fault
   for each of them where a huge page takes one for hundreds.  From REMAP_MIN
   on, the array has a mapping of its own and realloc moves its pages
   as they are (huge ones when this function made the array), where a
   copy would touch as many fresh pages as the array has: the arrays
   that grow this large (a kernel's merged types) keep doubling, and
   each copy would be larger than the last.  */
void *
btfld_huge_realloc (void *p, size_t old, size_t n, size_t elt)
{
  if (n * elt < HUGE_MIN || !p || old * elt >= REMAP_MIN)
    return huge (realloc (p, n * elt), n * elt);
  void *np = btfld_huge_malloc (n, elt);
  if (np)
    {
      memcpy (np, p, (old < n ? old : n) * elt);
      free (p);
    }
  return np;
}

int
btfld_grow (void **p, size_t *cap, size_t need, size_t elt)
{
  if (need <= *cap)
    return 0;
  size_t ncap = *cap ? *cap : 256;
  while (ncap < need)
    ncap *= 2;
  void *np = btfld_huge_realloc (*p, *cap, ncap, elt);
  if (!np)
    return btfld_error (-ENOMEM, "out of memory");
  *p = np;
  *cap = ncap;
  return 0;
}

long
btfld_add_str (struct btfld_btf *btf, const char *s)
{
  struct btfld_str_index *ix = &btf->str_idx;
  int err;
  for (const struct btfld_btf *b = btf; b; b = b->base)
    {
      if ((err = strtab_ready (b)))
	return err;
      size_t j = btfld_str_index_slot (&b->str_idx, s, str_at, b);
      if (b->str_idx.slot[j] != BTFLD_STR_INDEX_EMPTY)
	return b->str_idx.slot[j];
    }
  if ((err = btfld_str_index_reserve (ix, 1024, str_at, btf)))
    return err;
  size_t j = btfld_str_index_slot (ix, s, str_at, btf);
  size_t len = strlen (s) + 1;
  if ((uint64_t) btf->str_start + btf->strs_len + len > BTFLD_MAX_STR_OFF)
    return btfld_error (-E2BIG, "string section too large");
  if ((err = btfld_grow ((void **) &btf->strs, &btf->strs_cap,
			 btf->strs_len + len, 1)))
    return err;
  uint32_t off = btf->str_start + btf->strs_len;
  memcpy (btf->strs + btf->strs_len, s, len);
  btf->strs_len += len;
  btfld_str_index_put (ix, j, off);
  return off;
}

/* ---- objects ---- */

struct btfld_btf *
btfld_btf_new (const struct btfld_btf *base)
{
  struct btfld_btf *btf = calloc (1, sizeof *btf);
  if (!btf)
    {
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  btf->base = base;
  btf->start_id = base ? btfld_type_cnt (base) : 1;
  btf->str_start = base ? base->str_start + base->strs_len : 0;
  if (!base)
    {
      /* A standalone object starts with the empty string.  */
      btf->strs = calloc (1, 256);
      if (!btf->strs)
	{
	  free (btf);
	  btfld_error (-ENOMEM, "out of memory");
	  return NULL;
	}
      btf->strs_cap = 256;
      btf->strs_len = 1;
    }
  btf->strs_unique = true;
  return btf;
}

struct btfld_btf *
btfld_btf_new_sharing_strs (const struct btfld_btf *src)
{
  struct btfld_btf *btf = btfld_btf_new (src->base);
  if (!btf)
    return NULL;
  char *strs = realloc (btf->strs, src->strs_len ? src->strs_len : 1);
  uint32_t *idx = src->str_idx_built
		  ? malloc (src->str_idx.cap * sizeof *idx) : NULL;
  if (!strs || (src->str_idx_built && !idx))
    {
      free (idx);
      btf->strs = strs ? strs : btf->strs;
      btfld_btf_free (btf);
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  memcpy (strs, src->strs, src->strs_len);
  btf->strs = strs;
  btf->strs_len = btf->strs_cap = src->strs_len;
  if (idx)
    {
      memcpy (idx, src->str_idx.slot, src->str_idx.cap * sizeof *idx);
      btf->str_idx = (struct btfld_str_index) { idx, src->str_idx.cap,
						src->str_idx.cnt };
      btf->str_idx_built = true;
    }
  btf->strs_from = src;
  btf->strs_unique = src->strs_unique;
  return btf;
}

const struct btfld_btf *
btfld_interned (const struct btfld_btf *btf, struct btfld_btf **copy)
{
  *copy = NULL;
  if (btf->strs_unique)
    return btf;
  struct btfld_btf *c = btfld_btf_new (btf->base);
  if (!c)
    return NULL;
  for (uint32_t id = btfld_start_id (btf); id < btfld_type_cnt (btf); id++)
    if (btfld_copy_type (c, btf, id, NULL) < 0)
      {
	btfld_btf_free (c);
	return NULL;
      }
  *copy = c;
  return c;
}

void
btfld_btf_free (struct btfld_btf *btf)
{
  if (!btf)
    return;
  if (!btf->borrowed)
    {
      free (btf->types);
      free (btf->strs);
    }
  free (btf->offs);
  btfld_str_index_free (&btf->str_idx);
  if (btf->hold_len)
    munmap (btf->hold, btf->hold_len);
  else
    free (btf->hold);
  free (btf);
}

uint32_t
(btfld_type_cnt) (const struct btfld_btf *btf)
{
  return btf->start_id + btf->nr;
}

uint32_t
btfld_start_id (const struct btfld_btf *btf)
{
  return btf->start_id;
}

const struct btfld_btf *
btfld_base (const struct btfld_btf *btf)
{
  return btf->base;
}

const struct btf_type *
(btfld_type_by_id) (const struct btfld_btf *btf, uint32_t id)
{
  if (id == 0)
    return &void_type;
  while (btf && id < btf->start_id)
    btf = btf->base;
  if (!btf || id >= btfld_type_cnt (btf))
    return NULL;
  return (const struct btf_type *) (btf->types + btf->offs[id - btf->start_id]);
}

struct btf_type *
btfld_type_mut (struct btfld_btf *btf, uint32_t id)
{
  if (id < btf->start_id || id >= btfld_type_cnt (btf))
    return NULL;
  return (struct btf_type *) (btf->types + btf->offs[id - btf->start_id]);
}

const char *
btfld_str (const struct btfld_btf *btf, uint32_t off)
{
  while (btf && off < btf->str_start)
    btf = btf->base;
  if (!btf || off - btf->str_start >= btf->strs_len)
    return NULL;
  return btf->strs + (off - btf->str_start);
}

const char *
btfld_name (const struct btfld_btf *btf, uint32_t id)
{
  const struct btf_type *t = btfld_type_by_id (btf, id);
  const char *s = t ? btfld_str (btf, t->name_off) : NULL;
  return s ? s : "";
}

/* Room for one more record of SIZE bytes in BTF: the id and record
   offset limits of an object in memory (not the output's).  */
static int
check_room (const struct btfld_btf *btf, size_t size)
{
  if (btfld_type_cnt (btf) > BTFLD_MAX_ANY_ID)
    return btfld_error (-E2BIG, "too many types (more than %u)",
			BTFLD_MAX_ANY_ID);
  if (btf->types_len + size > BTFLD_MAX_TYPES_LEN)
    return btfld_error (-E2BIG, "type section too large (more than %u "
			"bytes)", BTFLD_MAX_TYPES_LEN);
  return 0;
}

int
btfld_check_output (const struct btfld_btf *btf)
{
  uint32_t last = btfld_type_cnt (btf) - 1;
  if (last > BTFLD_MAX_TYPE_ID)
    return btfld_error (-E2BIG, "too many types in the output: %u, the "
			"BTF limit is %u", last, BTFLD_MAX_TYPE_ID);
  return 0;
}

long
btfld_add_type (struct btfld_btf *btf, const struct btf_type *t, size_t size)
{
  int err;
  if ((err = check_room (btf, size)))
    return err;
  if ((err = btfld_grow ((void **) &btf->types, &btf->types_cap,
			 btf->types_len + size, 1))
      || (err = btfld_grow ((void **) &btf->offs, &btf->offs_cap,
			    btf->nr + 1, sizeof *btf->offs)))
    return err;
  memcpy (btf->types + btf->types_len, t, size);
  btf->offs[btf->nr++] = btf->types_len;
  btf->types_len += size;
  return btf->start_id + btf->nr - 1;
}

struct copy_ctx
{
  struct btfld_btf *dst;
  const struct btfld_btf *src;
  const uint32_t *map;
  uint32_t *strmap;		/* or NULL: see btfld_copy_type_strmap */
  int err;
};

static int
copy_str (uint32_t *off, void *p)
{
  struct copy_ctx *c = p;
  uint32_t own = *off - c->src->str_start;
  bool cached = c->strmap && *off >= c->src->str_start
		&& own < c->src->strs_len;
  if (cached && (c->strmap[own] || !*off))
    {
      *off = c->strmap[own];
      return 0;
    }
  const char *s = btfld_str (c->src, *off);
  long n = s ? btfld_add_str (c->dst, s) : -EINVAL;
  if (n < 0)
    return c->err = (int) n;
  if (cached)
    c->strmap[own] = n;
  *off = n;
  return 0;
}

static int
copy_id (uint32_t *id, void *p)
{
  struct copy_ctx *c = p;
  *id = c->map[*id];
  return 0;
}

/* Append record REC (SIZE bytes, strings of SRC) to DST, rewritten in
   place in DST's buffer: no temporary per type.  */
static long
copy_record (struct btfld_btf *dst, const struct btfld_btf *src,
	     const struct btf_type *rec, size_t size, const uint32_t *map,
	     uint32_t *strmap)
{
  int err;
  if ((err = check_room (dst, size)))
    return err;
  if ((err = btfld_grow ((void **) &dst->types, &dst->types_cap,
			 dst->types_len + size, 1))
      || (err = btfld_grow ((void **) &dst->offs, &dst->offs_cap,
			    dst->nr + 1, sizeof *dst->offs)))
    return err;
  struct btf_type *t = (struct btf_type *) (dst->types + dst->types_len);
  memmove (t, rec, size);
  struct copy_ctx c = { dst, src, map, strmap, 0 };
  /* Interning may grow the string buffer, never the type buffer; with
     SRC's own strings nothing needs interning.  */
  if (src != dst->strs_from && btfld_visit_strs (t, copy_str, &c))
    return c.err;
  if (map)
    btfld_visit_ids (t, copy_id, &c);
  dst->offs[dst->nr++] = dst->types_len;
  dst->types_len += size;
  return dst->start_id + dst->nr - 1;
}

long
btfld_copy_record (struct btfld_btf *dst, const struct btfld_btf *src,
		   const struct btf_type *rec, size_t size, const uint32_t *map)
{
  return copy_record (dst, src, rec, size, map, NULL);
}

long
btfld_copy_type (struct btfld_btf *dst, const struct btfld_btf *src,
		 uint32_t id, const uint32_t *map)
{
  const struct btf_type *t = btfld_type_by_id (src, id);
  return copy_record (dst, src, t, btfld_type_rec_size (t), map, NULL);
}

long
btfld_copy_type_strmap (struct btfld_btf *dst, const struct btfld_btf *src,
			uint32_t id, const uint32_t *map, uint32_t *strmap)
{
  const struct btf_type *t = btfld_type_by_id (src, id);
  return copy_record (dst, src, t, btfld_type_rec_size (t), map, strmap);
}

void *
btfld_btf_raw (const struct btfld_btf *btf, size_t *size)
{
  struct btf_header hdr = {
    .magic = BTF_MAGIC, .version = BTF_VERSION,
    .hdr_len = sizeof hdr,
    .type_off = 0, .type_len = btf->types_len,
    .str_off = btf->types_len, .str_len = btf->strs_len,
  };
  size_t total = sizeof hdr + btf->types_len + btf->strs_len;
  char *buf = malloc (total);
  if (!buf)
    {
      btfld_error (-ENOMEM, "out of memory");
      return NULL;
    }
  memcpy (buf, &hdr, sizeof hdr);
  if (btf->types_len)
    memcpy (buf + sizeof hdr, btf->types, btf->types_len);
  if (btf->strs_len)
    memcpy (buf + sizeof hdr + btf->types_len, btf->strs, btf->strs_len);
  *size = total;
  return buf;
}
