/* btfld.h -- public interface of the btfld core library.

   A BTF object (struct btfld_btf) holds types and strings in their raw
   on-disk layout (struct btf_type records, btf-format.h), optionally
   split on a base object: its ids then continue after the base's last id
   and its string offsets after the base's string section.

   Errors: functions returning a pointer return NULL, functions returning
   int return a negative errno value; in both cases btfld_errmsg () says
   what went wrong, naming the type id where there is one, and
   btfld_errcode () gives the errno (after a NULL, the only way to tell
   running out of memory from bad input).  */

#ifndef BTFLD_H
#define BTFLD_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "btf-format.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version is kept in configure.ac alone: the build passes it with -D,
   and make install writes it in place of the placeholder below.  */
#ifndef BTFLD_VERSION_STRING
#define BTFLD_VERSION_STRING "@VERSION@"
#endif

struct btfld_btf;

/* ---- diagnostics ---- */

/* The message of the last failed call.  */
const char *btfld_errmsg (void);
/* Its negative errno (-EINVAL when nothing recorded one).  */
int btfld_errcode (void);
/* Set it (library internal, also used by the front ends).  */
int btfld_error (int err, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
/* Prefix the current message with PREFIX and ": ".  */
void btfld_error_prefix (const char *prefix);

/* Name what this thread is doing (a gerund: "reading the symbols"):
   an "out of memory" message says it.  Returns what it was doing, to
   set back.  */
const char *btfld_phase (const char *what);

/* Warnings go to this hook; the default prints to stderr.  */
typedef void (*btfld_warn_fn) (void *ctx, const char *msg);
void btfld_set_warn_hook (btfld_warn_fn fn, void *ctx);
void btfld_warn (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));

/* With BTFLD_DEBUG set in the environment, report step WHAT on stderr:
   wall time since the last step, CPU time, current and peak RSS.  */
void btfld_debug_step (const char *what);

/* For a front end that rewrites files (btf-objcopy): on SIGINT, SIGTERM
   and SIGHUP, while an output is being put in place, remove the
   temporary file and put back the old bytes of a file being written
   into, then die of the signal.  Signals the caller ignores stay
   ignored.  Process-wide: not for a library inside another program
   (ld's plugin).  0, or a negative errno.  */
int btfld_catch_signals (void);

/* ---- the BTF object ---- */

struct btfld_btf *btfld_btf_new (const struct btfld_btf *base);
void btfld_btf_free (struct btfld_btf *btf);
/* A new object on SRC's base starting with a copy of SRC's strings, so
   that types copied from SRC keep their string offsets (no interning).  */
struct btfld_btf *btfld_btf_new_sharing_strs (const struct btfld_btf *src);
/* Parse and fully validate one raw blob (header, types, strings), split
   on BASE when BASE is not NULL.  */
struct btfld_btf *btfld_btf_parse (const void *data, size_t size,
				   const struct btfld_btf *base);
/* Size of the blob starting at DATA (header + sections), or a negative
   errno when the header is not valid.  */
long btfld_blob_size (const void *data, size_t avail);

/* Number of ids including void and the base's: the largest id + 1.  */
uint32_t btfld_type_cnt (const struct btfld_btf *btf);
/* The first id owned by BTF (1 when it has no base).  */
uint32_t btfld_start_id (const struct btfld_btf *btf);
const struct btfld_btf *btfld_base (const struct btfld_btf *btf);
/* Type record of ID, searching the base too; NULL when out of range.
   Id 0 is the void type (an all-zero record).  */
const struct btf_type *btfld_type_by_id (const struct btfld_btf *btf,
					 uint32_t id);
/* Writable record of one of BTF's own types.  */
struct btf_type *btfld_type_mut (struct btfld_btf *btf, uint32_t id);
/* String at OFF (base strings first); NULL when OFF is out of range.  */
const char *btfld_str (const struct btfld_btf *btf, uint32_t off);
/* Name of type ID, "" when anonymous.  */
const char *btfld_name (const struct btfld_btf *btf, uint32_t id);

/* Intern S, returning its offset (a base string's offset when the base
   has it).  */
long btfld_add_str (struct btfld_btf *btf, const char *s);
/* Append a raw type record of SIZE bytes; its string offsets must be
   valid in BTF.  Returns the new id.  */
long btfld_add_type (struct btfld_btf *btf, const struct btf_type *t,
		     size_t size);
/* Append type ID of SRC, re-interning its strings and rewriting its
   type ids through MAP (indexed by SRC ids; NULL keeps them).  */
long btfld_copy_type (struct btfld_btf *dst, const struct btfld_btf *src,
		      uint32_t id, const uint32_t *map);

/* The same for a record REC of SIZE bytes whose strings are SRC's (a
   rewritten copy of one of SRC's types).  */
long btfld_copy_record (struct btfld_btf *dst, const struct btfld_btf *src,
			const struct btf_type *rec, size_t size,
			const uint32_t *map);

/* Serialize into a malloc'd buffer (header + types + strings), with the
   24-byte header every kernel reads.  */
void *btfld_btf_raw (const struct btfld_btf *btf, size_t *size);
/* The same with kernel 7.x's 32-byte header and a layout section for
   kinds 0 .. BTF_KIND_MAX (between the types and the strings).  Kernels
   before 7.0 refuse such a header.  */
void *btfld_btf_raw_layout (const struct btfld_btf *btf, size_t *size);

/* ---- walking a record ---- */

static inline unsigned btfld_kind (const struct btf_type *t)
{ return BTF_INFO_KIND (t->info); }
static inline unsigned btfld_vlen (const struct btf_type *t)
{ return BTF_INFO_VLEN (t->info); }
static inline bool btfld_kflag (const struct btf_type *t)
{ return BTF_INFO_KFLAG (t->info); }

const char *btfld_kind_str (unsigned kind);
/* Bytes the record of T occupies, 0 for an unknown kind.  */
size_t btfld_type_rec_size (const struct btf_type *t);
/* The size in bytes of type ID (through typedefs and qualifiers), 0 when
   it has none (void, a function, an unsized array, a loop).  */
uint64_t btfld_type_size (const struct btfld_btf *btf, uint32_t id);
typedef int (*btfld_visit_fn) (uint32_t *field, void *ctx);
/* Call FN on every type id field of T (stopping at a non-zero return).  */
int btfld_visit_ids (struct btf_type *t, btfld_visit_fn fn, void *ctx);
/* Call FN on every string offset field of T.  */
int btfld_visit_strs (struct btf_type *t, btfld_visit_fn fn, void *ctx);

/* ---- dump in bpftool's raw format ---- */

#include <stdio.h>
/* Print types FIRST..LAST (inclusive, ids of BTF or its base).  */
void btfld_dump_raw (FILE *out, const struct btfld_btf *btf,
		     uint32_t first, uint32_t last);

/* ---- merging, fixups and dedup ---- */

/* Symbol information of the linked output, used by the gcc fixups.  */
struct btfld_symtab;

struct btfld_stats
{
  unsigned inputs, blobs;
  unsigned long types_in, types_out;
  unsigned long bytes_in, bytes_out;
};

enum btfld_engine { BTFLD_ENGINE_BTFLD = 0, BTFLD_ENGINE_LIBBPF };

/* Which variables get a VAR: all defined ones, only the kernel's per-CPU
   ones (.data..percpu, as pahole does for vmlinux), or none.  */
enum btfld_vars { BTFLD_VARS_ALL = 0, BTFLD_VARS_PERCPU, BTFLD_VARS_NONE };

/* Append the blobs found in DATA (a concatenation of .BTF sections, with
   possible zero padding between them) to LIST.  */
struct btfld_blobs
{
  struct btfld_btf **v;
  size_t n, alloc;
};
int btfld_blobs_add (struct btfld_blobs *list, const void *data, size_t size,
		     const struct btfld_btf *base);
/* Check every blob of DATA as btfld_blobs_add does, keeping none;
   *NBLOBS receives their number.  */
int btfld_blobs_check (const void *data, size_t size,
		       const struct btfld_btf *base, size_t *nblobs);
void btfld_blobs_free (struct btfld_blobs *list);

/* Merge BLOBS into one object (ids renumbered in blob order).  When
   BLOB_OF is not NULL it receives the blob index of each own type
   (indexed by id - start id).  */
struct btfld_btf *btfld_merge (struct btfld_blobs *blobs,
			       const struct btfld_btf *base);
struct btfld_btf *btfld_merge_blobs (struct btfld_blobs *blobs,
				     const struct btfld_btf *base,
				     uint32_t **blob_of);
/* The same straight from a concatenated .BTF section: each blob is
   parsed, appended and freed in turn, so the blobs never all exist in
   memory at once.  *NBLOBS receives their number.  */
struct btfld_btf *btfld_merge_section (const void *data, size_t size,
				       const struct btfld_btf *base,
				       uint32_t **blob_of, unsigned *nblobs);
/* Deduplicate; returns a new object.  BLOB_OF (optional, as from
   btfld_merge_blobs) lets a FWD of a name whose definitions conflict
   resolve to its own object's definition, when that object has exactly
   one.  */
struct btfld_btf *btfld_dedup (const struct btfld_btf *btf,
			       const uint32_t *blob_of,
			       enum btfld_engine engine);
/* btfld's own engine (dedup-engine.c).  */
struct btfld_btf *btfld_dedup_engine (const struct btfld_btf *btf,
				      const uint32_t *blob_of);
/* Keep only the types for which KEEP[id] is true (ids of BTF's own
   range); references to dropped types must not remain.  Returns a new
   object with ids renumbered in order; *MAPP (if not NULL) receives the
   old id -> new id map (0 for dropped), indexed by all ids.  */
struct btfld_btf *btfld_filter (const struct btfld_btf *btf, const bool *keep,
				uint32_t **mapp);

/* Copy the N types ORDER lists (own ids, each once) in that order; the
   rest is dropped.  *MAPP as for btfld_filter.  */
struct btfld_btf *btfld_reorder (const struct btfld_btf *btf,
				 const uint32_t *order, size_t n,
				 uint32_t **mapp);

/* The same, copying each type with COPY (which appends ID of SRC to DST,
   possibly rewritten, and returns the new id).  */
typedef long (*btfld_copy_fn) (void *ctx, struct btfld_btf *dst,
			       const struct btfld_btf *src, uint32_t id,
			       const uint32_t *map);
struct btfld_btf *btfld_reorder_with (const struct btfld_btf *btf,
				      const uint32_t *order, size_t n,
				      uint32_t **mapp, btfld_copy_fn copy,
				      void *ctx);

#ifdef __cplusplus
}
#endif

#include "btfld-split.h"

#endif /* BTFLD_H */
