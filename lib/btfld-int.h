/* btfld-int.h -- internals shared by the library's modules.  */

#ifndef BTFLD_INT_H
#define BTFLD_INT_H

#include "btfld.h"
#include "btfld-session.h"

#include <stdbool.h>
#include <sys/stat.h>

/* Limits.  An object in memory (a link's merged intermediate, which is
   never loaded anywhere) may hold ids up to BTFLD_MAX_ANY_ID, as libbpf
   allows; only an output must satisfy the kernel's limit for a loaded
   BTF, BTFLD_MAX_TYPE_ID (BTF_MAX_TYPE in the kernel), which
   btfld_check_output enforces.  Record offsets are 32-bit: the type
   section of one object is below 4 GiB.  */
#define BTFLD_MAX_TYPE_ID 0x000fffffu
#define BTFLD_MAX_ANY_ID 0x7fffffffu
#define BTFLD_MAX_TYPES_LEN 0xffffffffu
#define BTFLD_MAX_STR_OFF 0x7fffffffu

#ifndef BTF_INFO_ENC
#define BTF_INFO_ENC(kind, kflag, vlen) \
  ((uint32_t) (!!(kflag)) << 31 | (uint32_t) (kind) << 24 | ((vlen) & 0xffff))

#endif

/* An open-addressing index of values that name strings (str-index.h).  */
struct btfld_str_index
{
  uint32_t *slot;		/* BTFLD_STR_INDEX_EMPTY: empty */
  size_t cap, cnt;
};
#define BTFLD_STR_INDEX_EMPTY UINT32_MAX

struct btfld_btf
{
  const struct btfld_btf *base;
  uint32_t start_id;		/* id of our first type */
  uint32_t str_start;		/* offset of our first string */
  uint32_t nr;			/* number of own types */

  char *types;			/* raw records */
  size_t types_len, types_cap;
  uint32_t *offs;		/* record offset per own type */
  size_t offs_cap;

  char *strs;			/* own string section */
  size_t strs_len, strs_cap;

  /* Interning index of the offsets of its own strings (str-index.h),
     built on first use, a base's too (btf-core.c).  */
  struct btfld_str_index str_idx;
  bool str_idx_built;

  /* Created with SRC's string section (btfld_btf_new_sharing_strs):
     records copied from SRC keep their string offsets.  */
  const struct btfld_btf *strs_from;

  /* Every own string is there once and none is also the base's, so that
     equal names have equal offsets: true of objects built by interning
     (btfld_add_str), not of parsed ones, whose producer may repeat a
     string.  */
  bool strs_unique;

  /* TYPES and STRS point into the caller's data (btfld_btf_parse_view):
     read only, never grown nor freed.  */
  bool borrowed;
  /* The memory a borrowed object's data lies in, when the object holds
     it (btfld_read_base_file): unmapped (HOLD_LEN bytes) or freed
     (HOLD_LEN 0) with the object.  */
  void *hold;
  size_t hold_len;
};

/* The library's loops visit millions of types: inside it, the lookups
   of btf-core.c and btf-walk.c are inline, own ids straight from the
   buffer (void and a base's types by the function).  */
static inline uint32_t
btfld_type_cnt_inline (const struct btfld_btf *btf)
{
  return btf->start_id + btf->nr;
}

static inline const struct btf_type *
btfld_type_by_id_inline (const struct btfld_btf *btf, uint32_t id)
{
  if (id - btf->start_id < btf->nr)
    return (const struct btf_type *) (btf->types
				      + btf->offs[id - btf->start_id]);
  return (btfld_type_by_id) (btf, id);
}

static inline size_t
btfld_type_rec_size_inline (const struct btf_type *t)
{
  size_t base = sizeof (struct btf_type);
  unsigned vlen = btfld_vlen (t);
  switch (btfld_kind (t))
    {
    case BTF_KIND_PTR: case BTF_KIND_FWD: case BTF_KIND_TYPEDEF:
    case BTF_KIND_VOLATILE: case BTF_KIND_CONST: case BTF_KIND_RESTRICT:
    case BTF_KIND_FUNC: case BTF_KIND_FLOAT: case BTF_KIND_TYPE_TAG:
      return base;
    case BTF_KIND_INT:
      return base + sizeof (uint32_t);
    case BTF_KIND_ARRAY:
      return base + sizeof (struct btf_array);
    case BTF_KIND_STRUCT: case BTF_KIND_UNION:
      return base + vlen * sizeof (struct btf_member);
    case BTF_KIND_ENUM:
      return base + vlen * sizeof (struct btf_enum);
    case BTF_KIND_ENUM64:
      return base + vlen * sizeof (struct btf_enum64);
    case BTF_KIND_FUNC_PROTO:
      return base + vlen * sizeof (struct btf_param);
    case BTF_KIND_VAR:
      return base + sizeof (struct btf_var);
    case BTF_KIND_DATASEC:
      return base + vlen * sizeof (struct btf_var_secinfo);
    case BTF_KIND_DECL_TAG:
      return base + sizeof (struct btf_decl_tag);
    default:
      return 0;
    }
}

#define btfld_type_cnt(btf) btfld_type_cnt_inline (btf)
#define btfld_type_by_id(btf, id) btfld_type_by_id_inline (btf, id)
#define btfld_type_rec_size(t) btfld_type_rec_size_inline (t)

/* BTF itself when its strings are unique, else a copy of it (same ids)
   with its strings interned, which *COPY receives (to be freed); NULL
   on failure.  */
const struct btfld_btf *btfld_interned (const struct btfld_btf *btf,
					struct btfld_btf **copy);

/* 0 when BTF (an output) satisfies the kernel's limits, else an error
   naming the count.  */
int btfld_check_output (const struct btfld_btf *btf);

/* Enums the compiler left without enumerators (empty-enums.c): kept,
   dropped or made integers so that bpftool's C dump stays valid C.  An
   enum as the fixups leave it and its uses by the types they keep:  */
struct btfld_empty
{
  const char *what;		/* "ENUM 'name'", "ENUM64 '(anon)'" */
  uint32_t size;
  bool is_signed, named;
  uint32_t by_value, incomplete;	/* uses: by value; as a pointer's
					   target or in a prototype */
  const char *who;		/* the first user (by value if any) */
};
enum btfld_empty_fate { BTFLD_EMPTY_KEEP, BTFLD_EMPTY_DROP, BTFLD_EMPTY_INT };
/* Warnings printed (their texts), each printed once.  */
struct btfld_said { char **v; size_t n; };
enum btfld_empty_fate btfld_empty_fate (struct btfld_said *said,
					const struct btfld_empty *e);
void btfld_said_free (struct btfld_said *s);
/* The INT an enum becomes, added to DST: its id, or a negative error.  */
long btfld_empty_int (struct btfld_btf *dst, uint32_t size, bool is_signed);

/* btfld_copy_type, with STRMAP (one entry per byte of SRC's own
   strings, zero before the first call for SRC) remembering where each
   of SRC's strings went in DST: a string is interned once per blob.  */
long btfld_copy_type_strmap (struct btfld_btf *dst,
			     const struct btfld_btf *src, uint32_t id,
			     const uint32_t *map, uint32_t *strmap);

/* btfld_filter, the result holding only the strings of the types it
   keeps (for a result that is written out).  */
struct btfld_btf *btfld_filter_strs (const struct btfld_btf *btf,
				     const bool *keep, uint32_t **mapp);

/* pahole's consistent_func (func-consistency.c): a copy of the
   deduplicated BTF with one FUNC per name, none for a name whose
   prototypes differ or, with SYMS, whose function symbols lie at
   several addresses (their count in *DROPPED_NAMES), and only the
   strings of the types kept.  */
struct btfld_symtab;
struct btfld_btf *btfld_consistent_funcs (const struct btfld_btf *btf,
					  const struct btfld_symtab *syms,
					  unsigned *dropped_names);

/* The kfuncs of an ELF file's .BTF_ids sets (kfuncs.c).  */
struct btfld_kfuncs;
struct btfld_kfuncs *btfld_kfuncs_from_elf (struct Elf *elf,
					    enum btfld_kfunc_sets which);
void btfld_kfuncs_free (struct btfld_kfuncs *k);
/* Append the DECL_TAGs to BTF (its own FUNCs).  */
int btfld_kfuncs_tag (struct btfld_btf *btf, const struct btfld_kfuncs *k);

/* btfld_btf_parse; with CHECKED, DATA is bytes btfld_btf_parse (or
   btfld_blobs_add) has accepted on the same base before: only their
   header, strings and type records are checked, not the types again.  */
struct btfld_btf *btfld_btf_parse_checked (const void *data, size_t size,
					   const struct btfld_btf *base,
					   bool checked);

/* btfld_reorder_with on BTF's own buffers, when ORDER's first N ids are
   increasing and no record COPY makes (of SIZE bytes, as SIZE tells;
   NULL: the record's own size) reaches past the next one kept.  The
   NTAIL ids after them get the ids that follow in *MAPP (references to
   them are rewritten) but are not copied: the caller appends them, in
   that order, having saved their records before.  Returns 1 when BTF
   was rewritten (*MAPP as for btfld_filter), 0 when it cannot be done
   (BTF untouched), negative on failure (BTF unusable).  */
typedef size_t (*btfld_size_fn) (void *ctx, const struct btfld_btf *src,
				 uint32_t id);
int btfld_reorder_in_place (struct btfld_btf *btf, const uint32_t *order,
			    size_t n, size_t ntail, uint32_t **mapp,
			    btfld_copy_fn copy, btfld_size_fn size,
			    void *ctx);

/* btfld_btf_parse_checked without a copy when DATA's type records are
   aligned: the result reads DATA, which must outlive it, and must not
   be changed.  */
struct btfld_btf *btfld_btf_parse_view (const void *data, size_t size,
					const struct btfld_btf *base,
					bool checked);

/* Flags of btfld_merge_section_into: the data was accepted before (as
   btfld_btf_parse_checked's CHECKED).  */
#define BTFLD_MERGE_CHECKED 1u

/* Append the blobs of the concatenated section DATA to OUT (FLAGS as
   above); *BO (of *BO_CAP entries, grown as needed) receives the blob
   index of each new type, counting from *NBLOBS, which is advanced.  */
int btfld_merge_section_into (struct btfld_btf *out, const void *data,
			      size_t size, unsigned flags, uint32_t **bo,
			      size_t *bo_cap, unsigned *nblobs);

uint32_t *btfld_remap_blob_of (uint32_t start, uint32_t n,
			       const struct btfld_btf *after,
			       const uint32_t *map, const uint32_t *blob_of);

/* Per-object facts for the fixups (btfld-session.h): the objects, and
   the object of each blob (-1: none; its FUNCs and VARs are matched
   with the output's symbols by name).  */
struct btfld_object;
struct btfld_objfacts
{
  const struct btfld_object *const *objs;
  size_t nobjs;
  const int *blob_obj;
  unsigned nblobs;
  unsigned clones;		/* enum btfld_clone_funcs flags */
  /* A linked file's .btfld.clones, its units' records for the blobs of
     no object (btfld_session_unit_clones), or NULL.  */
  const char *unit_clones;
  size_t unit_clones_size;
};

/* malloc, calloc and realloc of an array of N elements of ELT bytes
   that is large and written densely: backed by huge pages where the
   system allows (a page fault per huge page, not per small one: the
   faults are most of what fresh memory costs).  The realloc is given
   the OLD number of elements, for it copies.  */
void *btfld_huge_malloc (size_t n, size_t elt);
void *btfld_huge_calloc (size_t n, size_t elt);
void *btfld_huge_realloc (void *p, size_t old, size_t n, size_t elt);
/* *P (*CAP elements of ELT bytes) grown by doubling to NEED at least:
   0, or an error (reported) with *P as it was.  */
int btfld_grow (void **p, size_t *cap, size_t need, size_t elt);

/* qsort/bsearch order of uint32_t values.  */
int btfld_cmp_u32 (const void *a, const void *b);

/* The hash of a string for the library's hash tables (FNV-1a):
   inline, for interning hashes every name of every input.  */
static inline uint32_t
btfld_str_hash (const char *s)
{
  uint32_t h = 2166136261u;
  for (; *s; s++)
    h = (h ^ (unsigned char) *s) * 16777619u;
  return h;
}

/* Bit ID of the bitmap MAP (NULL: none set), and setting it.  */
static inline bool
btfld_bit (const uint64_t *map, uint32_t id)
{
  return map && (map[id / 64] >> (id % 64) & 1);
}

static inline void
btfld_set_bit (uint64_t *map, uint32_t id)
{
  map[id / 64] |= (uint64_t) 1 << (id % 64);
}

/* What the dedup engine found on one BTF (its classes, what each
   declaration stands for, which names conflict), kept to deduplicate a
   BTF the fixups make from it later without refining the whole graph
   again: the plugin finds it while ld links, before the symbols the
   fixups need exist.  */
struct btfld_dedup_seed;
struct btfld_dedup_seed *btfld_dedup_seed_new (const struct btfld_btf *btf,
					       const uint32_t *blob_of);
void btfld_dedup_seed_free (struct btfld_dedup_seed *sd);
/* btfld_dedup_engine of BTF, made by the fixups from the seed's BTF
   (every change but FUNC and VAR linkage, dropped types and the added
   VARs and DATASECs done before the seed was found); INV: for each own
   id of BTF, the seed BTF's id it comes from, or 0.  The result is the
   same as without the seed: where the seed does not fit, the engine
   starts over.  */
struct btfld_btf *btfld_dedup_engine_seeded (const struct btfld_btf *btf,
					     const uint32_t *blob_of,
					     const struct btfld_dedup_seed *sd,
					     const uint32_t *inv);

struct btfld_traits;
struct btfld_btf *btfld_fixup_merged (struct btfld_btf **merged,
				      const struct btfld_symtab *syms,
				      enum btfld_vars vars,
				      const struct btfld_objfacts *of,
				      const struct btfld_traits *tr,
				      const uint64_t *made_fwd,
				      uint32_t **blob_of, uint32_t **mapp,
				      bool *made_int);

/* The last message, unless none was set since btfld_error_clear: then
   "out of memory" (every other failure says what it was); returns
   -ENOMEM then, else ERR.  */
int btfld_error_if_unset (int err);
void btfld_error_clear (void);

/* An output being written (out-file.c): its bytes go to a temporary
   file FD (named TMP), then replace TARGET (the output's path, a
   symbolic link resolved) so that it is never other than its old bytes
   or its new ones.  */
struct btfld_out
{
  int fd;
  char *tmp, *target;
  bool exists;			/* the output existed: ST is it */
  struct stat st;
};
/* Make OUT's temporary file for OUT_PATH: in the directory of the file
   it will replace, or in $TMPDIR for a device.  */
int btfld_out_create (struct btfld_out *out, const char *out_path);
/* Put OUT in place and release it: renamed over its target (new, or a
   regular file with one link, given the file's owner, mode and
   extended attributes), written into it behind a backup (several hard
   links, or what a rename cannot keep), or written to a device; a FIFO
   or socket is refused.  IN_ST: the input's, whose mode a new output
   gets.  OWN: the target is a fresh output of ours (a link's), renamed
   over without a sync.  */
int btfld_out_install (struct btfld_out *out, const struct stat *in_st,
		       bool own);
/* Release OUT, its temporary file removed.  */
void btfld_out_discard (struct btfld_out *out);
/* LEN bytes of BUF written to FD at OFF, whatever the short writes:
   0, or the -errno of the write that failed.  */
int btfld_pwrite_all (int fd, const void *buf, size_t len, off_t off);

#endif
